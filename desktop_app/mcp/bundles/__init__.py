"""MCP bundles (`.mcpb`, `.dxt`): read, checked, installed, replaced and removed."""

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
