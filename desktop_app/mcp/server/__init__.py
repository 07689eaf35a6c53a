"""The app's own MCP server (`travel-assistant mcp-server`): its tools for other clients."""
