"""What servers are configured: `mcp.json` read and written, and the gallery of vetted connectors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.mcp import face

if TYPE_CHECKING:
    from desktop_app.mcp.setup.config import DEFAULT_CALL_TIMEOUT as DEFAULT_CALL_TIMEOUT
    from desktop_app.mcp.setup.config import McpConfigError as McpConfigError
    from desktop_app.mcp.setup.config import ServerConfig as ServerConfig
    from desktop_app.mcp.setup.config import app_config_path as app_config_path
    from desktop_app.mcp.setup.config import load_servers as load_servers
    from desktop_app.mcp.setup.config import parse_server as parse_server
    from desktop_app.mcp.setup.config import read_config_file as read_config_file
    from desktop_app.mcp.setup.config import save_servers as save_servers
    from desktop_app.mcp.setup.gallery import Connector as Connector
    from desktop_app.mcp.setup.gallery import GalleryError as GalleryError
    from desktop_app.mcp.setup.gallery import NameTakenError as NameTakenError
    from desktop_app.mcp.setup.gallery import add_connector as add_connector
    from desktop_app.mcp.setup.gallery import load_gallery as load_gallery
    from desktop_app.mcp.setup.gallery import name_to_add as name_to_add

FACE, __getattr__ = face(
    __name__,
    {
        "config": (
            "DEFAULT_CALL_TIMEOUT",
            "McpConfigError",
            "ServerConfig",
            "app_config_path",
            "load_servers",
            "parse_server",
            "read_config_file",
            "save_servers",
        ),
        "gallery": ("Connector", "GalleryError", "NameTakenError", "add_connector", "load_gallery", "name_to_add"),
    },
)
__all__ = list(FACE)
