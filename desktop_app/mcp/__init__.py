"""MCP client, definition pinning and the travel tools served over MCP (no Qt)."""
