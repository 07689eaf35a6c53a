"""The freedesktop menu entry and icons, so a pip-installed app can be double-clicked (no Qt)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from desktop_app.paths import resources_dir

APP_ID = "travel-assistant"
# The window calls QGuiApplication.setDesktopFileName(APP_ID): same name, so docks group it.
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
MARKER = "# Written by travel-assistant --install-desktop-entry"
# Characters that force quoting of an Exec argument (Desktop Entry Spec, "The Exec key").
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def desktop_entry_text(exec_line: str, marker: str = "") -> str:
    """The entry the .deb and the per-user install share; `exec_line` is already quoted."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Travel Assistant",
        "Name[zh_CN]=旅行助手",
        "GenericName=Travel Planner",
        "GenericName[zh_CN]=旅行规划",
        "Comment=Plan a trip with an AI agent that shows every tool call it makes",
        "Comment[zh_CN]=和 AI 旅行助手一起规划行程，每一次工具调用都看得见",
        f"Exec={exec_line}",
        f"Icon={APP_ID}",
        "Terminal=false",
        # "Travel" is not a registered category: the spec wants the X- prefix for it.
        "Categories=Utility;X-Travel;",
        "Keywords=travel;trip;flight;hotel;weather;AI;agent;LLM;",
        "Keywords[zh_CN]=旅行;旅游;机票;酒店;天气;智能体;",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",
    ]
    return (marker + "\n" if marker else "") + "\n".join(lines) + "\n"


def quote_exec_arg(arg: str) -> str:
    """One Exec argument, quoted and escaped per the Desktop Entry Spec (then as a string value)."""
    if arg and not (_RESERVED & set(arg)) and "%" not in arg and "=" not in arg:
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg).replace("%", "%%")
    # The whole value is then a desktop "string": each backslash is written twice.
    return '"' + inner.replace("\\", "\\\\") + '"'


def current_command() -> list[str]:
    """The absolute command that starts this very installation of the app."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if not argv0 or argv0.endswith(("__main__.py", ".py")) or argv0 == "-c":
        return [os.path.abspath(sys.executable), "-m", "desktop_app"]
    found = shutil.which(argv0) if os.sep not in argv0 else argv0
    return [os.path.abspath(found or argv0)]


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset, empty or relative (basedir spec)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def planned_files(root: Path) -> dict[Path, Path | None]:
    """Every file install writes under `root`, with its source icon (None for the entry)."""
    icons = resources_dir() / "icons"
    hicolor = root / "icons" / "hicolor"
    files: dict[Path, Path | None] = {root / "applications" / f"{APP_ID}.desktop": None}
    for size in ICON_SIZES:
        target = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        files[target] = icons / f"{APP_ID}-{size}.png"
    files[hicolor / "scalable" / "apps" / f"{APP_ID}.svg"] = icons / f"{APP_ID}.svg"
    return files


def install_files(root: Path) -> list[Path]:
    """Writes the entry (Exec = this executable) and the icons; returns what it wrote."""
    exec_line = " ".join(quote_exec_arg(a) for a in current_command())
    written = []
    for target, source in planned_files(root).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is None:
            target.write_text(desktop_entry_text(exec_line, MARKER), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
        written.append(target)
    return written


def uninstall_files(root: Path) -> list[Path]:
    """Removes exactly the files install writes; an entry without our marker is left alone."""
    removed = []
    for target, source in planned_files(root).items():
        if not target.is_file():
            continue
        if source is None and MARKER not in target.read_text(encoding="utf-8", errors="replace"):
            print(f"travel-assistant: left {target} alone: it was not written by this app")
            continue
        target.unlink()
        removed.append(target)
    return removed


def install_or_uninstall(install: bool) -> int:
    """`--install-desktop-entry` / `--uninstall-desktop-entry`: 0 done, 1 failed, 2 unsupported."""
    if sys.platform == "win32" or sys.platform == "darwin":
        print(
            "travel-assistant: desktop entries are a Linux desktop feature; on Windows and macOS use the installer",
            file=sys.stderr,
        )
        return 2
    root = data_home()
    try:
        files = install_files(root) if install else uninstall_files(root)
    except OSError as exc:
        print(f"travel-assistant: could not update {root}: {exc}", file=sys.stderr)
        return 1
    verb = "wrote" if install else "removed"
    for path in files:
        print(f"{verb} {path}")
    if not files:
        print(f"nothing to remove under {root}")
    return 0
