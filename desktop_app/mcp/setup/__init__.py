"""What servers are configured: `mcp.json` read and written, and the gallery of vetted connectors."""

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
