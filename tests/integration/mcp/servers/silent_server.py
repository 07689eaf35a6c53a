"""A stdio "MCP server" that reads every request and never answers (not even `initialize`)."""

import sys

for _line in sys.stdin:
    pass
