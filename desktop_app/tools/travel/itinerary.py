"""`save_itinerary`: the model's Markdown into the user's documents, safely and atomically."""

from __future__ import annotations

import errno
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from desktop_app import paths
from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import error_result, shown

MAX_MARKDOWN_CHARS = 1_000_000
MAX_NAME_BYTES = 150  # leaves room for "-999.md" under every filesystem's 255-byte limit
MAX_COPIES = 999
DEFAULT_NAME = "itinerary"
# Names Windows reserves whatever the extension (CON.md is still the console).
_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{dev}{n}" for dev in ("COM", "LPT") for n in (*"0123456789", "¹", "²", "³")
}
_FORBIDDEN = re.compile(r'[/\\:*?"<>|]')


def _visible(title: str) -> str:
    """Control, format and separator characters (NUL, newlines, RTL overrides) become spaces."""
    text = unicodedata.normalize("NFC", title)
    return "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text)


def _truncate_bytes(text: str, limit: int) -> str:
    """Cut at a character boundary so the UTF-8 encoding fits `limit` bytes."""
    encoded = text.encode("utf-8")
    if len(encoded) <= limit:
        return text
    return encoded[:limit].decode("utf-8", errors="ignore")


def safe_file_stem(title: str) -> str:
    """A file name (without .md) that cannot leave the folder or mean a device on any OS."""
    name = _FORBIDDEN.sub("-", _visible(str(title)))
    name = re.sub(r"\.{2,}", ".", " ".join(name.split()))
    if name.lower().endswith(".md"):
        name = name[:-3]
    name = _truncate_bytes(name, MAX_NAME_BYTES).strip(" .-")
    if not name:
        return DEFAULT_NAME
    if name.split(".")[0].strip().upper() in _RESERVED:
        name = f"_{name}"  # Windows reads CON.anything as the device: change the part before "."
    return name


def _write_temp(folder: Path, data: bytes) -> Path:
    """The whole content in a hidden temporary file in the target folder, flushed to disk."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".itinerary-", suffix=".tmp")
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o644)  # mkstemp makes 0600; a saved document is an ordinary file
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _publish(tmp: Path, target: Path) -> bool:
    """Give the finished file its name only if that name is free (False: taken)."""
    try:
        os.link(tmp, target)  # atomic and never replaces an existing file
        return True
    except FileExistsError:
        return False
    except (OSError, NotImplementedError) as exc:
        if isinstance(exc, OSError) and exc.errno not in _NO_LINK:
            raise
    try:  # a filesystem without hard links: reserve the name exclusively, then move onto it
        os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except FileExistsError:
        return False
    os.replace(tmp, target)
    return True


# What link() says on filesystems without hard links (FAT, some network and FUSE mounts, Windows).
_NO_LINK = {
    errno.EINVAL,
    errno.EPERM,
    errno.ENOTSUP,
    errno.EOPNOTSUPP,
    errno.EXDEV,
    errno.EMLINK,
    errno.ENOSYS,
}


def save_markdown(folder: Path, title: str, markdown: str) -> Path:
    """Write `markdown` as `<safe title>.md` in `folder`; -2, -3 ... rather than overwrite."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = safe_file_stem(title)
    data = markdown.encode("utf-8")
    tmp = _write_temp(folder, data if data.endswith(b"\n") else data + b"\n")
    try:
        for n in range(1, MAX_COPIES + 1):
            name = f"{stem}.md" if n == 1 else f"{stem}-{n}.md"
            if os.path.basename(name) != name or os.sep in name or "/" in name:
                raise ValueError(f"refusing to write outside {folder}")  # safe_file_stem's promise
            target = folder / name
            if _publish(tmp, target):
                paths.fsync_dir(folder)
                return target
        raise FileExistsError(errno.EEXIST, f"{MAX_COPIES} files named {stem!r} already exist")
    finally:
        tmp.unlink(missing_ok=True)


def describe_os_error(exc: OSError, folder: Path) -> str:
    """One clear line for the ways a save fails."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"磁盘已满，行程未保存 / disk full: the itinerary was not saved to {folder}"
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM):
        return f"没有写入权限 / permission denied: cannot write to {folder}"
    if exc.errno == errno.EROFS:
        return f"只读文件系统 / read-only filesystem: cannot write to {folder}"
    if isinstance(exc, FileExistsError | NotADirectoryError) and not folder.is_dir():
        return f"保存位置不是文件夹 / {folder} exists but is not a folder"
    return f"行程未保存 / could not save the itinerary to {folder}: {exc.strerror or exc}"


@tool(risk="write")
def save_itinerary(title: str, markdown: str) -> dict[str, Any] | ToolOutput:
    """把行程保存为 Markdown 文件，放在用户“文档”下的 Travel Assistant 文件夹里（需要用户确认）。
    Save an itinerary as a Markdown file in the user's Documents/Travel Assistant folder
    (asks the user first; never overwrites: a new name gets -2, -3 ...). Returns the path.

    Args:
        title: 行程标题，用作文件名 (itinerary title, used as the file name)
        markdown: 行程内容，Markdown 格式 (the itinerary in Markdown)
    """
    if not markdown.strip():
        return error_result("行程内容为空 / the itinerary (markdown) is empty; nothing was saved")
    if len(markdown) > MAX_MARKDOWN_CHARS:
        return error_result(
            f"行程内容过长 / the itinerary is too long ({len(markdown):,} characters; "
            f"the limit is {MAX_MARKDOWN_CHARS:,}); nothing was saved"
        )
    folder = paths.documents_dir()
    try:
        path = save_markdown(folder, title, markdown)
    except OSError as exc:
        return error_result(describe_os_error(exc, folder))
    return {
        "path": str(path),
        "file_name": path.name,
        "folder": str(folder),
        "title": shown(title, 200),
        "bytes": path.stat().st_size,
        "message": f"行程已保存到 {path} / itinerary saved to {path}",
    }
