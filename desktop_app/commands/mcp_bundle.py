"""`mcp install FILE.mcpb [--yes]` and `mcp uninstall NAME [--yes]` (CONTRACT.md): MCP bundles."""

from __future__ import annotations

import sys
from pathlib import Path

from desktop_app.commands.flags import fail, read_hidden, say
from desktop_app.errors import UsageError
from desktop_app.mcp.bundle_manifest import Value
from desktop_app.mcp.bundles import (
    Bundle,
    BundleError,
    NameTakenError,
    UserOption,
    install,
    read_bundle,
    secret_like,
    uninstall,
)
from desktop_app.mcp.config import McpConfigError, app_config_path
from desktop_app.store.secrets import SecretsError
from desktop_app.visible import for_terminal, one_line


def _terminal() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def _confirm(question: str, verb: str) -> bool:
    if not _terminal():
        raise UsageError(f"{verb} asks before it changes anything: run it on a terminal, or pass --yes")
    return input(for_terminal(question)).strip().lower() in ("y", "yes", "是")


GUTTER = "│"  # starts every fact line; a value shows it as <U+2502>, so even a wrapped value cannot fake a label


def describe(bundle: Bundle) -> None:
    say(f"MCP bundle {one_line(bundle.path.name)} (manifest {bundle.manifest.manifest_version})")
    for label, value in bundle.facts():
        say(f"  {GUTTER} {label + ':':<13} {value.replace(GUTTER, '<U+2502>')}")
    say("  Its tools are pinned on first connect; changed definitions are held back for review.")


def _read_value(option: UserOption, hidden: bool = False) -> str:
    """A hidden prompt (sensitive, or kept in the keyring) or input() on a terminal; one line of stdin in a script."""
    title = one_line(option.title)
    if option.sensitive or hidden or not _terminal():
        skip = "" if option.required else "; Enter to skip"
        return read_hidden(f"{title} (input hidden{skip}): ").strip()
    default = "" if option.default is None else f" [{one_line(str(option.default))}]"
    return input(f"{title}{default}: ").strip()


def _keep_in_keyring(bundle: Bundle, target: Path) -> frozenset[str]:
    """Options named like secrets but not marked sensitive: the keyring when it can hold them (asked on a
    terminal, the default in a script); otherwise said plainly that they are written to `target`."""
    keep = set()
    for option, able in secret_like(bundle):
        what = (
            f"{one_line(option.title)!r} ({one_line(option.key)}) looks like a secret, "
            "though the bundle does not mark it sensitive"
        )
        if not able:
            say(f"note: {what}; the bundle puts it in its command line, so it is written in plain text to {target}")
        elif not _terminal():
            say(f"note: {what}: it is kept in the keyring, not written to {target}")
            keep.add(option.key)
        elif _yes_by_default(f"{what}. Keep it in the keyring instead of writing it to {target}? [Y/n] "):
            keep.add(option.key)
    return frozenset(keep)


def _yes_by_default(question: str) -> bool:
    return input(question).strip().lower() not in ("n", "no", "否")


def _values(bundle: Bundle, hidden: frozenset[str]) -> dict[str, Value]:
    values: dict[str, Value] = {}
    for option in bundle.manifest.asked():
        value = _read_value(option, option.key in hidden)
        if value:
            values[option.key] = [value] if option.multiple else value
    return values


def install_command(file: str, yes: bool) -> int:
    path = Path(file).expanduser()
    if path.suffix.lower() not in (".mcpb", ".dxt"):
        raise UsageError(f"{file}: an MCP bundle is a .mcpb (or .dxt) file")
    try:
        bundle = read_bundle(path)
    except BundleError as exc:
        return fail(f"{path.name}: {exc}")
    describe(bundle)
    if not yes and not _confirm("Install it? [y/N] ", "install"):
        say("nothing was installed")
        return 1
    target = app_config_path()
    keep = _keep_in_keyring(bundle, target)
    values = _values(bundle, keep)
    try:
        try:
            done = install(bundle, values, keep=keep)
        except NameTakenError as exc:
            question = f"{exc}: replace your entry with this bundle? [y/N] "
            if yes or not _confirm(question, "install"):
                return fail(f"{exc}; nothing was changed: rename or remove your entry first")
            done = install(bundle, values, replace=True, keep=keep)
    except (BundleError, McpConfigError, SecretsError, OSError) as exc:
        return fail(f"nothing was installed: {exc}")
    name = bundle.manifest.name
    line = f"installed {name!r} in {bundle.folder}" + (f"; added it to {target}" if done.changed else "")
    say(line)
    for ref in (v for v in done.server.env.values() if isinstance(v, dict)):
        say(f"kept {ref['keyring']!r} in the keyring for {name!r}")
    return 0


def uninstall_command(name: str, yes: bool) -> int:
    question = f"Remove the MCP bundle {name!r}: its files, its entry and its keys? [y/N] "
    if not yes and not _confirm(question, "uninstall"):
        say("nothing was removed")
        return 1
    try:
        removed = uninstall(name)
    except (BundleError, McpConfigError, OSError) as exc:
        return fail(str(exc))
    parts = ["its files" if removed.folder else "", "its mcp.json entry" if removed.entry else ""]
    parts.append(f"{len(removed.secrets)} keyring secret(s)" if removed.secrets else "")
    say(f"removed {name!r}: " + (", ".join(p for p in parts if p) or "nothing was left"))
    if removed.kept_entry:
        say(f"note: the server {name!r} in mcp.json is not this bundle's (yours?), so it was kept", err=True)
    return 0
