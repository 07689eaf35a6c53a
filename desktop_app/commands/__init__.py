"""The CLI's command handlers, one module per command group; cli.py only parses and dispatches."""
