"""The built-in offline travel planner: a ChatModel made of rules over the travel data (no Qt)."""
