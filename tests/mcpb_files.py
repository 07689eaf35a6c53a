"""Small `.mcpb` files for tests: a manifest, a server file, and whatever hostile entries a test wants."""

from __future__ import annotations

import json
import stat
import zipfile
from pathlib import Path
from typing import Any

TOY = Path(__file__).resolve().parent / "integration" / "mcp" / "servers" / "toy_server.py"


def manifest(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "manifest_version": "0.3",
        "name": "toybundle",
        "version": "1.2.0",
        "description": "A toy MCP server in a bundle",
        "author": {"name": "Toy Author"},
        "server": {
            "type": "python",
            "entry_point": "server/toy_server.py",
            "mcp_config": {
                "command": "python3",
                "args": ["${__dirname}/server/toy_server.py", "basic"],
                "env": {"TOY_KEY": "${user_config.api_key}", "TOY_UNITS": "${user_config.units}"},
            },
        },
        "user_config": {
            "api_key": {"type": "string", "title": "API key", "sensitive": True, "required": True},
            "units": {"type": "string", "title": "Units", "default": "metric"},
        },
    }
    data.update(changes)
    return data


def make_bundle(
    path: Path, data: dict[str, Any] | None = None, extra: list[tuple[str, bytes]] | None = None, *, raw: str = ""
) -> Path:
    """A bundle at `path` with manifest `data` (or `raw` text), the toy server and `extra` entries."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("manifest.json", raw or json.dumps(manifest() if data is None else data))
        zf.writestr("server/toy_server.py", TOY.read_bytes())
        for name, content in extra or []:
            zf.writestr(name, content)
    return path


def add_symlink(path: Path, name: str, target: str) -> None:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(path, "a") as zf:
        zf.writestr(info, target)
