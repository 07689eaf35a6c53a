"""MCP bundles (`.mcpb`, `.dxt`): read, checked, installed, replaced and removed."""

from desktop_app.mcp.bundles.installer import (
    Bundle,
    BundleError,
    Installed,
    NameTakenError,
    Replacement,
    UserOption,
    install,
    read_bundle,
    replacement,
    secret_like,
)
from desktop_app.mcp.bundles.manifest import Value

__all__ = [
    "Bundle",
    "BundleError",
    "Installed",
    "NameTakenError",
    "Replacement",
    "UserOption",
    "Value",
    "install",
    "read_bundle",
    "replacement",
    "secret_like",
]
