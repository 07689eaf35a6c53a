"""The `execute_shell` tool: policy (what may run), sandbox (where), run (how, and the ToolDef)."""
