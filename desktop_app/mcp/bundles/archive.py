"""Opening an MCP bundle's zip without trusting it: every name, type and size is checked first.

Plain relative paths, regular files, names unique also ignoring case, size and ratio limits against
zip bombs; extraction counts the bytes it writes, whatever the headers claim."""

from __future__ import annotations

import os
import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MAX_ENTRIES = 5_000
MAX_TOTAL = 200 * 1024 * 1024  # unpacked
MAX_RATIO = 100  # an entry over 1 MiB may be at most this many times larger than its compressed bytes
RATIO_FLOOR = 1024 * 1024
MAX_MANIFEST = 1024 * 1024
_DRIVE = re.compile(r"^[A-Za-z]:")
_CHUNK = 64 * 1024


class BundleError(Exception):
    """The bundle cannot be installed: one line that says why (nothing was written)."""


@dataclass(frozen=True)
class Entry:
    """One checked member of the zip: its safe relative path, and whether it may be executed."""

    info: zipfile.ZipInfo
    path: PurePosixPath
    is_dir: bool
    executable: bool


def _unix_mode(info: zipfile.ZipInfo) -> int:
    return (info.external_attr >> 16) & 0xFFFF if info.create_system == 3 else 0


def _checked_path(name: str) -> PurePosixPath:
    shown = repr(name[:80])
    if not name or "\x00" in name:
        raise BundleError(f"the bundle has an entry with an empty or NUL name: {shown}")
    if "\\" in name:
        raise BundleError(f"the bundle has an entry with a backslash in its name: {shown}")
    if name.startswith("/") or _DRIVE.match(name):
        raise BundleError(f"the bundle has an entry with an absolute path: {shown}")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise BundleError(f"the bundle has an entry that points outside its folder: {shown}")
    if not parts:
        raise BundleError(f"the bundle has an entry with no name: {shown}")
    return PurePosixPath(*parts)


def _entry(info: zipfile.ZipInfo) -> Entry:
    path = _checked_path(info.filename)
    mode = _unix_mode(info)
    kind = stat.S_IFMT(mode)
    if kind == stat.S_IFLNK:
        raise BundleError(f"the bundle has a symbolic link ({str(path)[:80]!r}): refused")
    is_dir = info.is_dir() or kind == stat.S_IFDIR
    if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
        raise BundleError(f"the bundle has an entry that is not a file or a folder ({str(path)[:80]!r})")
    if info.flag_bits & 0x1:
        raise BundleError(f"the bundle has an encrypted entry ({str(path)[:80]!r})")
    if not is_dir and info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise BundleError(f"the bundle looks like a zip bomb: {str(path)[:80]!r} unpacks {info.file_size:,} bytes")
    return Entry(info, path, is_dir, bool(mode & 0o111) and not is_dir)


def read_entries(archive: zipfile.ZipFile) -> list[Entry]:
    """Every member, checked; BundleError for the first that is not safe to unpack."""
    infos = archive.infolist()
    if len(infos) > MAX_ENTRIES:
        raise BundleError(f"the bundle has {len(infos):,} entries (at most {MAX_ENTRIES:,})")
    entries = [_entry(info) for info in infos]
    total = sum(e.info.file_size for e in entries)
    if total > MAX_TOTAL:
        raise BundleError(f"the bundle unpacks to {total:,} bytes (at most {MAX_TOTAL // (1024 * 1024)} MB)")
    seen: dict[str, Entry] = {}
    for entry in entries:
        key = str(entry.path).casefold()
        if key in seen:
            raise BundleError(f"the bundle has two entries named {str(entry.path)[:80]!r}")
        seen[key] = entry
    files = {str(e.path).casefold() for e in entries if not e.is_dir}
    for entry in entries:  # "a" as a file and "a/b" would make "a" both
        for parent in entry.path.parents:
            if str(parent) != "." and str(parent).casefold() in files:
                raise BundleError(f"the bundle uses {str(parent)[:80]!r} as both a file and a folder")
    return entries


def open_bundle(path: Path) -> tuple[zipfile.ZipFile, list[Entry]]:
    """The open zip and its checked entries (the caller closes the zip)."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise BundleError(f"cannot read {path}: {exc.strerror or exc}") from None
    if size > MAX_TOTAL:
        raise BundleError(f"{path.name} is {size:,} bytes (at most {MAX_TOTAL // (1024 * 1024)} MB)")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise BundleError(f"{path.name} is not an MCP bundle (not a zip file: {exc})") from None
    try:
        return archive, read_entries(archive)
    except BundleError:
        archive.close()
        raise


def read_member(archive: zipfile.ZipFile, entry: Entry, limit: int) -> bytes:
    """One member's bytes, at most `limit` (a header that lies about its size changes nothing)."""
    if entry.info.file_size > limit:
        raise BundleError(f"{entry.path} is larger than {limit:,} bytes")
    try:
        with archive.open(entry.info) as fh:
            data = fh.read(limit + 1)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise BundleError(f"{entry.path} cannot be read from the bundle: {exc}") from None
    if len(data) > limit:
        raise BundleError(f"{entry.path} is larger than {limit:,} bytes")
    return data


def extract(archive: zipfile.ZipFile, entries: list[Entry], into: Path) -> None:
    """Unpack the checked entries into the (new, empty) folder `into`; no file outside it is touched."""
    root = into.resolve()
    written = 0
    for entry in entries:
        target = root.joinpath(*entry.path.parts)
        if root not in target.parents:  # _checked_path already makes this impossible
            raise BundleError(f"{entry.path} would be written outside the bundle's folder")
        if entry.is_dir:
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            with archive.open(entry.info) as src, open(target, "xb") as dst:
                while chunk := src.read(_CHUNK):
                    written += len(chunk)
                    if written > MAX_TOTAL:
                        raise BundleError(f"the bundle unpacks to more than {MAX_TOTAL // (1024 * 1024)} MB")
                    dst.write(chunk)
        except (zipfile.BadZipFile, ValueError, NotImplementedError) as exc:
            raise BundleError(f"{entry.path} cannot be unpacked: {exc}") from None
        os.chmod(target, 0o755 if entry.executable else 0o644)
