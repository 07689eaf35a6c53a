"""The inspector dock: a run folded into turns and tool calls, shown as timeline, sequence and JSON."""
