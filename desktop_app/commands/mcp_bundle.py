"""`mcp install FILE.mcpb [--yes] [--replace]` and `mcp uninstall NAME [--yes]` (CONTRACT.md): MCP bundles."""

from __future__ import annotations

import sys
from pathlib import Path

from desktop_app.commands.flags import fail, read_hidden, say
from desktop_app.errors import UsageError
from desktop_app.mcp.bundles.installer import (
    Bundle,
    BundleError,
    Installed,
    NameTakenError,
    Replacement,
    UserOption,
    install,
    read_bundle,
    replacement,
    secret_like,
    uninstall,
)
from desktop_app.mcp.bundles.manifest import Value
from desktop_app.mcp.setup.config import McpConfigError, app_config_path
from desktop_app.store.secrets import SecretsError
from desktop_app.visible import for_terminal, one_line


def _terminal() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def _confirm(question: str, verb: str) -> bool:
    if not _terminal():
        raise UsageError(f"{verb} asks before it changes anything: run it on a terminal, or pass --yes")
    return input(for_terminal(question)).strip().lower() in ("y", "yes", "是")


GUTTER = "│"  # starts every fact line; a value shows it as <U+2502>, so even a wrapped value cannot fake a label


def describe(bundle: Bundle, replacing: Replacement | None = None) -> None:
    say(f"MCP bundle {one_line(bundle.path.name)} (manifest {bundle.manifest.manifest_version})")
    _fact_lines(bundle.facts() + (replacing.facts() if replacing is not None else []))
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
    asked = bundle.manifest.asked()
    for option, able in (pair for pair in secret_like(bundle) if pair[0] in asked):
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


def _fact_lines(facts: list[tuple[str, str]]) -> None:
    for label, value in facts:
        say(f"  {GUTTER} {label + ':':<13} {value.replace(GUTTER, '<U+2502>')}")


def install_command(file: str, yes: bool, replace: bool = False) -> int:
    path = Path(file).expanduser()
    if path.suffix.lower() not in (".mcpb", ".dxt"):
        raise UsageError(f"{file}: an MCP bundle is a .mcpb (or .dxt) file")
    try:
        bundle = read_bundle(path)
        replacing = replacement(bundle)
    except (BundleError, McpConfigError) as exc:
        return fail(f"{one_line(path.name)}: {exc}")
    describe(bundle, replacing)
    if replacing is not None and not replace:
        return fail(f"{replacing.refusal()}; nothing was changed")
    if not yes and not _confirm("Replace it? [y/N] " if replacing else "Install it? [y/N] ", "install"):
        say("nothing was installed")
        return 1
    target = app_config_path()
    keep = _keep_in_keyring(bundle, target)
    done = _install(bundle, _values(bundle, keep), keep, yes, replace)
    if isinstance(done, int):
        return done
    name = bundle.manifest.name
    say(f"installed {name!r} in {bundle.folder}" + (f"; added it to {target}" if done.changed else ""))
    for ref in (v for v in done.server.env.values() if isinstance(v, dict)):
        say(f"kept {ref['keyring']!r} in the keyring for {name!r}")
    if done.trust_dropped:
        say("another publisher's bundle: the old one's tool trust, always-allow and secrets were not kept")
    return 0


def _install(
    bundle: Bundle, values: dict[str, Value], keep: frozenset[str], yes: bool, replace: bool
) -> Installed | int:
    """The install itself, asking on a terminal before a server of the user's is replaced; an exit code on failure."""
    try:
        try:
            return install(bundle, values, keep=keep, replace_bundle=replace)
        except NameTakenError as exc:
            question = f"{exc}: replace your entry with this bundle? [y/N] "
            if yes or not _confirm(question, "install"):
                return fail(f"{exc}; nothing was changed: rename or remove your entry first")
            return install(bundle, values, replace=True, keep=keep, replace_bundle=replace)
    except (BundleError, McpConfigError, SecretsError, OSError) as exc:
        return fail(f"nothing was installed: {one_line(str(exc))}")  # a manifest's title may be in it


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
