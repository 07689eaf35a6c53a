"""MCP (no Qt), in rooms: `client` connects servers and calls them, `setup` reads and writes what is
configured, `trust` keeps pins and allowed secrets, `auth` signs in, `apps` serves `ui://` views,
`bundles` installs `.mcpb` files, `server` is the app's own server. Each room's `__init__` is its face:
the window imports from a face only (tests/unit/test_layering.py holds the rooms' table)."""
