"""The provider-neutral engine: messages, events, approval and the run loop (no Qt)."""
