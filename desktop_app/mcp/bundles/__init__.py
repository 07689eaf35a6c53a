"""MCP bundles (`.mcpb`, `.dxt`): read, checked, installed, replaced and removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.mcp import face

if TYPE_CHECKING:
    from desktop_app.mcp.bundles.installer import Bundle as Bundle
    from desktop_app.mcp.bundles.installer import BundleError as BundleError
    from desktop_app.mcp.bundles.installer import Installed as Installed
    from desktop_app.mcp.bundles.installer import NameTakenError as NameTakenError
    from desktop_app.mcp.bundles.installer import Replacement as Replacement
    from desktop_app.mcp.bundles.installer import UserOption as UserOption
    from desktop_app.mcp.bundles.installer import install as install
    from desktop_app.mcp.bundles.installer import read_bundle as read_bundle
    from desktop_app.mcp.bundles.installer import replacement as replacement
    from desktop_app.mcp.bundles.installer import secret_like as secret_like
    from desktop_app.mcp.bundles.manifest import Value as Value

FACE, __getattr__ = face(
    __name__,
    {
        "installer": (
            "Bundle",
            "BundleError",
            "Installed",
            "NameTakenError",
            "Replacement",
            "UserOption",
            "install",
            "read_bundle",
            "replacement",
            "secret_like",
        ),
        "manifest": ("Value",),
    },
)
__all__ = list(FACE)
