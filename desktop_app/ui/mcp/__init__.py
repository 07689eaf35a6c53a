"""The window's MCP side: the manager on the engine loop, server dialogs and the settings page."""
