"""The trip a conversation plans: a typed model folded from tool results, and its exports (no Qt)."""
