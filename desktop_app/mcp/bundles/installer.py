"""MCP bundles (`.mcpb`, formerly `.dxt`): installed into the app's data folder and its `mcp.json`.

Sensitive values go to the keyring for that server (the entry says `{"keyring": KEY}`), the entry
is added by editing the file's text (comments kept), and a server of the user's under that name is
never replaced unasked (NameTakenError, as `mcp add`)."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from desktop_app import jsonsafe
from desktop_app.mcp.bundles.archive import MAX_MANIFEST, BundleError, extract, open_bundle, read_member
from desktop_app.mcp.bundles.manifest import Manifest, UserOption, Value, parse_manifest
from desktop_app.mcp.setup.config import ServerConfig, app_config_path, read_config_file
from desktop_app.mcp.setup.config_edit import edit_file, with_server, without_server
from desktop_app.mcp.setup.gallery import NameTakenError, already_there
from desktop_app.mcp.trust import secret_refs
from desktop_app.paths import data_dir
from desktop_app.store.atomic import write_atomic
from desktop_app.store.secrets import SecretsError
from desktop_app.visible import one_line

__all__ = [
    "Bundle",
    "BundleError",
    "NameTakenError",
    "UserOption",
    "install",
    "read_bundle",
    "secret_like",
    "uninstall",
]


def bundles_dir() -> Path:
    return data_dir() / "bundles"


def bundle_folder(name: str) -> Path:
    return bundles_dir() / name


@dataclass(frozen=True)
class Bundle:
    """A checked bundle file: its manifest and where it would be installed."""

    path: Path
    manifest: Manifest
    files: int
    unpacked_bytes: int

    @property
    def folder(self) -> Path:
        return bundle_folder(self.manifest.name)

    def command_line(self) -> list[str]:
        return self.manifest.command_line(self.folder)

    def facts(self) -> list[tuple[str, str]]:
        """What the user is shown before installing, each value one line (no manifest text can forge a line)."""
        return [(label, one_line(value)) for label, value in self._facts()]

    def _facts(self) -> list[tuple[str, str]]:
        import shlex

        m = self.manifest
        out = [
            ("name", m.name),
            ("version", m.version),
            ("author", m.publisher),
            ("server", f"{m.server_type}, installed in {self.folder}"),
            ("it runs", shlex.join(self.command_line())),
        ]
        if m.description:
            out.insert(1, ("description", m.description))
        out += [("environment", f"{key}={value}") for key, value in m.env.items()]
        for option in m.options:
            what = "hidden, kept in the keyring" if option.sensitive else option.type
            if option.looks_secret:
                what += ", looks like a secret"
            need = "required" if option.required else "optional"
            default = "" if option.default is None or option.sensitive else f", default {option.default}"
            out.append(("it asks", f"{option.title} ({option.key}: {what}, {need}{default})"))
        out.append(("files", f"{self.files} ({self.unpacked_bytes:,} bytes unpacked)"))
        return out


def secret_like(bundle: Bundle) -> list[tuple[UserOption, bool]]:
    """Options that look like secrets though not marked sensitive, and whether the keyring can hold each."""
    return [(o, bundle.manifest.keyring_able(o.key)) for o in bundle.manifest.options if o.looks_secret]


def read_bundle(path: Path) -> Bundle:
    """The bundle at `path`, checked (zip and manifest); nothing is written."""
    archive, entries = open_bundle(path)
    with archive:
        by_name = {str(e.path): e for e in entries}
        manifest_entry = by_name.get("manifest.json")
        if manifest_entry is None or manifest_entry.is_dir:
            raise BundleError(f"{path.name} is not an MCP bundle: it has no manifest.json")
        raw = read_member(archive, manifest_entry, MAX_MANIFEST)
        try:
            data = jsonsafe.loads(raw.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise BundleError(f"manifest.json is not valid JSON: {str(exc)[:200]}") from None
        manifest = parse_manifest(data)
        entry_point = manifest.entry_point.strip("/")
        if entry_point and entry_point.removeprefix("./") not in by_name:
            raise BundleError(f"manifest.json: server.entry_point {entry_point[:80]!r} is not in the bundle")
        files = [e for e in entries if not e.is_dir]
        return Bundle(path, manifest, len(files), sum(e.info.file_size for e in files))


@dataclass(frozen=True)
class Installed:
    server: ServerConfig
    changed: bool  # False: the very same entry was already in mcp.json
    trust_dropped: bool = False  # it replaced another publisher's bundle: pins, allowances and secrets went


@dataclass(frozen=True)
class Replacement:
    """The installed bundle an install would replace: who published each, and what changes."""

    name: str
    old_version: str
    old_publisher: str  # "" when the installed manifest cannot be read: counted as another publisher
    new_version: str
    new_publisher: str
    changes: tuple[str, ...]  # "- it runs: …" / "+ it runs: …"

    @property
    def same_publisher(self) -> bool:
        return bool(self.old_publisher) and self.old_publisher == self.new_publisher

    def facts(self) -> list[tuple[str, str]]:
        """What the user is shown before replacing (each value one line)."""
        old = f"{self.old_version} by {self.old_publisher or 'an unknown publisher'}"
        kept = (
            "the same publisher: tool trust, always-allow and secret allowances are kept"
            if self.same_publisher
            else "ANOTHER publisher: the installed bundle's tool trust, always-allow and secrets are not kept"
        )
        out = [
            ("replaces", f"the installed {self.name} {old}"),
            ("with", f"{self.new_version} by {self.new_publisher}"),
            ("publisher", kept),
        ]
        out += [("changed", change) for change in self.changes or ("nothing else",)]
        return [(label, one_line(value)) for label, value in out]

    def refusal(self) -> str:
        return (
            f"the MCP bundle {self.name!r} {one_line(self.old_version)!r} by {one_line(self.old_publisher or '?')!r} "
            f"is installed; this file is {one_line(self.new_version)!r} by {one_line(self.new_publisher)!r}: "
            "replacing it needs --replace"
        )


class ReplaceNeededError(BundleError):
    """A bundle of that name is installed and the user did not ask to replace it."""

    def __init__(self, replacement: Replacement) -> None:
        super().__init__(replacement.refusal())
        self.replacement = replacement


def installed_bundle(name: str) -> Bundle | None:
    """The installed bundle `name` as its folder holds it (None when there is none or it cannot be read)."""
    folder = bundle_folder(name)
    try:
        data = jsonsafe.loads((folder / "manifest.json").read_text(encoding="utf-8")[:MAX_MANIFEST])
        manifest = parse_manifest(data)
        files = [p for p in folder.rglob("*") if p.is_file()]
        return Bundle(folder / "manifest.json", manifest, len(files), sum(p.stat().st_size for p in files))
    except (OSError, ValueError, UnicodeDecodeError, BundleError):
        return None


def replacement(bundle: Bundle, config: Path | None = None) -> Replacement | None:
    """What installing `bundle` would replace: an installed bundle of its name (its folder or its entry)."""
    name = bundle.manifest.name
    entry = next((s for s in read_config_file(config or app_config_path(), missing_ok=True) if s.name == name), None)
    if not bundle_folder(name).exists() and not (entry is not None and _is_ours(entry, name)):
        return None
    old = installed_bundle(name)
    before = old.facts() if old is not None else []
    after = bundle.facts()
    changes = [f"- {label}: {value}" for label, value in before if (label, value) not in after]
    changes += [f"+ {label}: {value}" for label, value in after if (label, value) not in before]
    return Replacement(
        name,
        old.manifest.version if old is not None else "?",
        old.manifest.publisher if old is not None else "",
        bundle.manifest.version,
        bundle.manifest.publisher,
        tuple(changes),
    )


def _is_ours(server: ServerConfig, name: str) -> bool:
    """An entry a bundle installed: it runs in that bundle's folder."""
    return bool(server.cwd) and Path(server.cwd) == bundle_folder(name)


def _unpack(bundle: Bundle) -> Path | None:
    """Unpack into a new folder, then swap it in; returns the previous folder (moved aside) if any."""
    base = bundles_dir()
    base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=base, prefix=f".new-{bundle.manifest.name}-"))
    try:
        archive, entries = open_bundle(bundle.path)
        with archive:
            extract(archive, entries, tmp)
        old: Path | None = None
        if bundle.folder.exists() or bundle.folder.is_symlink():
            old = Path(tempfile.mkdtemp(dir=base, prefix=f".old-{bundle.manifest.name}-")) / "x"
            bundle.folder.rename(old)
        tmp.rename(bundle.folder)
        return old
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _restore(bundle: Bundle, old: Path | None) -> None:
    shutil.rmtree(bundle.folder, ignore_errors=True)
    if old is not None:
        with contextlib.suppress(OSError):
            old.rename(bundle.folder)
        shutil.rmtree(old.parent, ignore_errors=True)


def install(
    bundle: Bundle,
    values: dict[str, Value],
    config: Path | None = None,
    *,
    replace: bool = False,
    replace_bundle: bool = False,
    keep: frozenset[str] = frozenset(),
) -> Installed:
    """Unpack, keep its secrets in the keyring and add its entry; on any failure nothing is left changed.

    Raises BundleError (a value or the bundle; ReplaceNeededError: a bundle of that name is installed and
    `replace_bundle` is not set), NameTakenError (the user's own server has the name), McpConfigError
    (mcp.json cannot be read or edited safely), SecretsError (no usable keyring).
    """
    target = config or app_config_path()
    replacing = replacement(bundle, target)
    if replacing is not None and not replace_bundle:
        raise ReplaceNeededError(replacing)
    server, secrets = bundle.manifest.server(bundle.folder, values, keep)
    entry = _entry(target, server.name)
    theirs = entry is not None and not _is_ours(entry, server.name)  # the user's own server (replace=True)
    foreign = theirs or (replacing is not None and not replacing.same_publisher)
    old_secrets = _secret_names(server.name, entry) if foreign and not theirs else set()  # the user's stay
    same = already_there(target, server, lambda user_server: replace or _is_ours(user_server, server.name))
    new = edit_file(target, lambda text: text if same else with_server(text, server.name, server.to_json()))
    old = _unpack(bundle)
    stored: list[str] = []
    try:
        for key, value in secrets.items():
            secret_refs.store_for(server, key, value)
            stored.append(key)
        if not same:
            write_atomic(target, new)
    except BaseException:
        for key in stored:
            with contextlib.suppress(SecretsError):
                secret_refs.delete_for(server.name, key)
        _restore(bundle, old)
        raise
    if old is not None:
        shutil.rmtree(old.parent, ignore_errors=True)
    if foreign:  # another publisher's code under the old name: nothing the user granted the old one carries over
        _forget_trust(server.name, old_secrets - set(secrets))
        for send in secret_refs.sends(server):
            if send.secret in secrets:
                secret_refs.allow(send)  # the values the user just gave, for this launch
    return Installed(server, not same, foreign)


def _entry(config: Path, name: str) -> ServerConfig | None:
    return next((s for s in read_config_file(config, missing_ok=True) if s.name == name), None)


def _forget_trust(name: str, secrets: set[str]) -> None:
    """A bundle's standing grants gone: its keyring secrets, their allowances, its tool pins, its always-allow."""
    from desktop_app.mcp.trust.pins import TrustStore
    from desktop_app.store.settings import Settings

    for secret in sorted(secrets):
        with contextlib.suppress(SecretsError):
            secret_refs.delete_for(name, secret)
    secret_refs.forget_server(name)
    TrustStore().forget(name)
    settings = Settings.load(report=lambda _line: None)  # a damaged file was said at start-up
    kept = [n for n in settings.auto_approve if not n.startswith(f"{name}__")]
    if kept != settings.auto_approve:
        settings.auto_approve = kept
        settings.save()


@dataclass(frozen=True)
class Removed:
    folder: bool
    entry: bool
    secrets: tuple[str, ...]
    kept_entry: bool  # an entry of that name that is not the bundle's (the user's own) was left alone


def installed_names() -> list[str]:
    base = bundles_dir()
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))


def _secret_names(name: str, entry: ServerConfig | None) -> set[str]:
    """The keyring names the bundle may have stored: its entry's references and its manifest's sensitive keys."""
    names = {s.secret for s in secret_refs.sends(entry)} if entry is not None else set()
    with contextlib.suppress(OSError, ValueError, BundleError):
        data = jsonsafe.loads((bundle_folder(name) / "manifest.json").read_text(encoding="utf-8")[:MAX_MANIFEST])
        names |= {o.key for o in parse_manifest(data).options if o.sensitive}
    return {n for n in names if not secret_refs.ref_problem(n)}


def uninstall(name: str, config: Path | None = None) -> Removed:
    """Remove bundle `name`: its folder, `mcp.json` entry, keyring entries and allowances; BundleError
    when no bundle has that name (a server of the user's is never removed here)."""
    target = config or app_config_path()
    folder = bundle_folder(name)
    entry = _entry(target, name)
    ours = entry is not None and _is_ours(entry, name)
    if not folder.is_dir() and not ours:
        installed = ", ".join(installed_names()) or "none"
        raise BundleError(f"no MCP bundle named {name!r} is installed (installed: {installed})")
    kept = entry is not None and not ours  # the user's own server of that name: its secrets stay too
    secrets = set() if kept else _secret_names(name, entry)
    if ours:
        write_atomic(target, edit_file(target, lambda text: without_server(text, name)))
    removed = []
    for secret in sorted(secrets):
        with contextlib.suppress(SecretsError):
            if secret_refs.delete_for(name, secret):
                removed.append(secret)
    if not kept:  # a later bundle of that name, from anyone, starts with no trust
        _forget_trust(name, set())
    had_folder = folder.is_dir()
    if had_folder:
        aside = Path(tempfile.mkdtemp(dir=bundles_dir(), prefix=f".gone-{name}-")) / "x"
        folder.rename(aside)
        shutil.rmtree(aside.parent, ignore_errors=True)
    return Removed(had_folder, ours, tuple(removed), kept)
