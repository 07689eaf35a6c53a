"""Tools the model may call, and the registry that validates and runs them (no Qt)."""
