"""Chat model adapters behind one protocol (no Qt)."""
