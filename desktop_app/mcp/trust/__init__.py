"""What the user has trusted: pinned tool definitions and the secrets allowed to reach a server."""

from desktop_app.mcp.trust.pins import PendingChange, approved_text, pretty_definition
from desktop_app.mcp.trust.secret_refs import SecretSend, allow, pending, store_for

__all__ = ["PendingChange", "SecretSend", "allow", "approved_text", "pending", "pretty_definition", "store_for"]
