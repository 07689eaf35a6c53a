"""The settings dialog and its shell page."""
