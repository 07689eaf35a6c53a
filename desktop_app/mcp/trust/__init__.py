"""What the user has trusted: pinned tool definitions and the secrets allowed to reach a server."""

from desktop_app.mcp.trust.pins import PendingChange as PendingChange
from desktop_app.mcp.trust.pins import approved_text as approved_text
from desktop_app.mcp.trust.pins import pretty_definition as pretty_definition
from desktop_app.mcp.trust.secret_refs import SecretSend as SecretSend
from desktop_app.mcp.trust.secret_refs import allow as allow
from desktop_app.mcp.trust.secret_refs import pending as pending
from desktop_app.mcp.trust.secret_refs import store_for as store_for
