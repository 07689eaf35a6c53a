"""`mcp gallery [--json]` and `mcp add NAME [--yes]` (CONTRACT.md): vetted travel connectors."""

from __future__ import annotations

import shlex
import shutil
import sys

from desktop_app import jsonsafe
from desktop_app.commands.flags import fail, read_hidden, say
from desktop_app.errors import UsageError
from desktop_app.mcp.client.launch import missing_message
from desktop_app.mcp.setup.config import McpConfigError, app_config_path, server_name_problem
from desktop_app.mcp.setup.gallery import (
    Connector,
    GalleryError,
    NameTakenError,
    add_connector,
    configured_names,
    find_connector,
    load_gallery,
)
from desktop_app.mcp.trust import secret_refs
from desktop_app.store.secrets import SecretsError, keyring_secret
from desktop_app.visible import for_terminal


def gallery_command(as_json: bool) -> int:
    try:
        gallery = load_gallery()
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        print(jsonsafe.dumps([c.listing() for c in gallery], indent=2))
        return 0
    try:
        added = configured_names()
    except McpConfigError:
        added = set()
    for c in gallery:
        mark = "  [added]" if c.name in added else ""
        key = f"  needs a key ({c.key.env})" if c.key else ""
        say(f"{c.name:<11} {c.title} — {c.covers}{key}{mark}\n            {c.what}")
    print("\nAdd one with `travel-assistant mcp add NAME` (it shows what it runs and what it sends first).")
    return 0


def add_command(name: str, yes: bool, as_name: str = "") -> int:
    try:
        connector = find_connector(name)
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    if as_name and server_name_problem(as_name):
        raise UsageError(f"--name: {server_name_problem(as_name)}")
    _describe(connector)
    if not yes and not _confirm("Add it? [y/N] "):
        print("nothing was added")
        return 1
    path, server = app_config_path(), as_name or connector.name
    try:
        try:
            added = add_connector(connector, name=server)
        except NameTakenError as exc:
            if yes or not _confirm(for_terminal(f"{exc}: replace your entry with this one? [y/N] ")):
                say(_taken_line(connector, exc), err=True)
                return 1
            added = add_connector(connector, name=server, replace=True)
    except (OSError, McpConfigError) as exc:
        return fail(f"could not write {path}: {exc}")
    say(f"added {server!r} to {path}" if added else f"{server!r} is already in {path} as is")
    _key_step(connector, server)
    if shutil.which("npx") is None:
        say(f"note: {missing_message('npx')}", err=True)
    return 0


def _describe(c: Connector) -> None:
    say(f"{c.title} ({c.package} {c.version}, {c.licence}, {c.homepage})")
    say(f"  what it does:   {c.what}")
    say(f"  data from:      {c.data_from}")
    say(f"  leaves the machine: {c.sends}")
    say(f"  limits:         {c.limits}")
    say(f"  it runs:        {shlex.join(c.argv)}")
    if c.key:
        say(f"  key:            {c.key.env}, kept in the keyring as {c.key.keyring!r} (get one: {c.key.where})")
    print("  Its tools are pinned on first connect; changed definitions are held back for review.")


def _taken_line(c: Connector, exc: NameTakenError) -> str:
    """One line: nothing was changed, and the command that adds it under a free name."""
    other = f"travel-assistant mcp add {c.name} --name {exc.free or 'NEW-NAME'}"
    return f"travel-assistant: {exc}; nothing was changed: add it under another name with `{other}`"


def _confirm(question: str) -> bool:
    if not sys.stdin.isatty():
        raise UsageError("add asks before it writes anything: run it on a terminal, or pass --yes")
    return input(question).strip().lower() in ("y", "yes")


def _key_step(c: Connector, server: str) -> None:
    """A hidden prompt on a terminal, one line from stdin in a script; the key goes to the keyring only,
    kept for the server it was added as (`--name`), and allowed to go to the program that entry runs."""
    if c.key is None:
        return
    try:
        if keyring_secret(secret_refs.scoped(server, c.key.keyring)):
            say(f"the key {c.key.keyring!r} is already in the keyring")
            return
        key = read_hidden(f"{c.key.env} (input hidden; Enter to skip): ")
        if key.strip():
            secret_refs.store_for(c.server(server), c.key.keyring, key.strip())
            say(f"stored the key in the keyring as {c.key.keyring!r} for {server!r}")
            return
    except SecretsError as exc:
        fail(str(exc))
    again = f"`travel-assistant mcp secret set {server} {c.key.keyring}`"
    say(f"no key stored: {server} will fail until {c.key.keyring!r} is stored for it ({again})")
