"""MCP (no Qt), in rooms: `client` connects servers and calls them, `setup` reads and writes what is
configured, `trust` keeps pins and allowed secrets, `auth` signs in, `apps` serves `ui://` views,
`bundles` installs `.mcpb` files, `server` is the app's own server. Each room's `__init__` is its face:
the window imports from a face only (tests/unit/test_layering.py holds the rooms' table)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def face(room: str, modules: dict[str, tuple[str, ...]]) -> tuple[dict[str, str], Callable[[str], Any]]:
    """A room's face (name -> module) and its module `__getattr__`: each name imported from its module
    when first asked for, so the window's first paint loads none of them."""
    names = {name: module for module, listed in modules.items() for name in listed}

    def getattr_(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {room!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{room}.{names[name]}"), name)

    return names, getattr_
