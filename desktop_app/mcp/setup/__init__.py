"""What servers are configured: `mcp.json` read and written, and the gallery of vetted connectors."""

from desktop_app.mcp.setup.config import (
    DEFAULT_CALL_TIMEOUT,
    McpConfigError,
    ServerConfig,
    app_config_path,
    load_servers,
    parse_server,
    read_config_file,
    save_servers,
)
from desktop_app.mcp.setup.gallery import (
    Connector,
    GalleryError,
    NameTakenError,
    add_connector,
    load_gallery,
    name_to_add,
)

__all__ = [
    "DEFAULT_CALL_TIMEOUT",
    "Connector",
    "GalleryError",
    "McpConfigError",
    "NameTakenError",
    "ServerConfig",
    "add_connector",
    "app_config_path",
    "load_gallery",
    "load_servers",
    "name_to_add",
    "parse_server",
    "read_config_file",
    "save_servers",
]
