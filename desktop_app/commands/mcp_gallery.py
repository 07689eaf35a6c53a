"""`mcp gallery [--json]` and `mcp add NAME [--yes]` (CONTRACT.md): vetted travel connectors."""

from __future__ import annotations

import getpass
import json
import shlex
import shutil
import sys

from desktop_app.errors import UsageError
from desktop_app.mcp import secret_refs
from desktop_app.mcp.config import McpConfigError, app_config_path
from desktop_app.mcp.gallery import (
    Connector,
    GalleryError,
    add_connector,
    configured_names,
    find_connector,
    load_gallery,
)
from desktop_app.mcp.launch import missing_message
from desktop_app.store.secrets import SecretsError, keyring_secret
from desktop_app.visible import for_terminal


def gallery_command(as_json: bool) -> int:
    try:
        gallery = load_gallery()
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        print(json.dumps([c.listing() for c in gallery], ensure_ascii=False, indent=2))
        return 0
    added = _configured()
    for c in gallery:
        mark = "  [added]" if c.name in added else ""
        key = f"  needs a key ({c.key.env})" if c.key else ""
        print(for_terminal(f"{c.name:<11} {c.title} — {c.covers}{key}{mark}\n            {c.what}"))
    print("\nAdd one with `travel-assistant mcp add NAME` (it shows what it runs and what it sends first).")
    return 0


def _configured() -> set[str]:
    try:
        return configured_names()
    except McpConfigError:
        return set()


def add_command(name: str, yes: bool) -> int:
    try:
        connector = find_connector(name)
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    _describe(connector)
    if not yes and not _confirm():
        print("nothing was added")
        return 1
    try:
        path = add_connector(connector)
    except (OSError, McpConfigError) as exc:
        print(for_terminal(f"travel-assistant: could not write {app_config_path()}: {exc}"), file=sys.stderr)
        return 1
    print(for_terminal(f"added {connector.name!r} to {path}"))
    _key_step(connector)
    if shutil.which("npx") is None:
        print(for_terminal(f"note: {missing_message('npx')}"), file=sys.stderr)
    return 0


def _describe(c: Connector) -> None:
    print(for_terminal(f"{c.title} ({c.package} {c.version}, {c.licence}, {c.homepage})"))
    print(for_terminal(f"  what it does:   {c.what}"))
    print(for_terminal(f"  data from:      {c.data_from}"))
    print(for_terminal(f"  leaves the machine: {c.sends}"))
    print(for_terminal(f"  limits:         {c.limits}"))
    print(for_terminal(f"  it runs:        {shlex.join(c.argv)}"))
    if c.key:
        print(
            for_terminal(
                f"  key:            {c.key.env}, kept in the keyring as {c.key.keyring!r} (get one: {c.key.where})"
            )
        )
    print("  Its tools are pinned on first connect; changed definitions are held back for review.")


def _confirm() -> bool:
    if not sys.stdin.isatty():
        raise UsageError("add asks before it writes anything: run it on a terminal, or pass --yes")
    return input("Add it? [y/N] ").strip().lower() in ("y", "yes")


def _key_step(c: Connector) -> None:
    """A hidden prompt on a terminal, one line from stdin in a script; the key goes to the keyring only."""
    if c.key is None:
        return
    try:
        if keyring_secret(secret_refs.scoped(c.name, c.key.keyring)):
            print(for_terminal(f"the key {c.key.keyring!r} is already in the keyring"))
            return
        key = (
            getpass.getpass(f"{c.key.env} (input hidden; Enter to skip): ")
            if sys.stdin.isatty()
            else sys.stdin.readline()
        )
        if key.strip():
            secret_refs.store_for(c.server(), c.key.keyring, key.strip())
            print(for_terminal(f"stored the key in the keyring as {c.key.keyring!r} for {c.name!r}"))
            return
    except SecretsError as exc:
        print(for_terminal(f"travel-assistant: {exc}"), file=sys.stderr)
    again = f"run `mcp add {c.name}` again"
    print(for_terminal(f"no key stored: {c.name} will fail until {c.key.keyring!r} is in the keyring ({again})"))
