"""Finding a server's program the way the user's shell would, and the small environment it gets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

# What to install when a well-known launcher is missing.
_HINTS = {
    "npx": "install Node.js (https://nodejs.org), which provides npx",
    "node": "install Node.js (https://nodejs.org)",
    "npm": "install Node.js (https://nodejs.org), which provides npm",
    "uvx": "install uv (https://docs.astral.sh/uv/), which provides uvx",
    "uv": "install uv (https://docs.astral.sh/uv/)",
    **dict.fromkeys(("python", "python3"), "install Python 3 (https://www.python.org)"),
    "docker": "install Docker (https://docs.docker.com/get-docker/)",
    "bunx": "install Bun (https://bun.sh), which provides bunx",
    "deno": "install Deno (https://deno.com)",
    "pipx": "install pipx (https://pipx.pypa.io)",
}
# Environment variables a server gets from us besides its own `env` (never our API keys).
PASSED_ENV = ("HOME", "LANG", "LC_ALL", "TMPDIR")
if sys.platform == "win32":
    PASSED_ENV += ("APPDATA", "LOCALAPPDATA", "USERPROFILE", "SYSTEMROOT", "TEMP", "PATHEXT")


class CommandNotFoundError(Exception):
    """The program of a stdio server is nowhere to be found; the message says what to install."""


# System-wide places (Homebrew on both Macs, MacPorts, snaps) a GUI session's PATH may lack.
SYSTEM_DIRS = (
    "/usr/local/bin",
    "/opt/homebrew/bin",
    "/opt/homebrew/sbin",
    "/opt/local/bin",
    "/snap/bin",
    "/usr/bin",
    "/bin",
)


def common_dirs() -> list[str]:
    """Where package managers put programs that a double-clicked app's PATH often lacks."""
    home = Path.home()
    found = [
        os.path.dirname(sys.executable),  # programs installed next to the app's own Python
        str(home / ".local" / "bin"),
        str(home / ".npm-global" / "bin"),
        str(home / ".volta" / "bin"),
        str(home / ".bun" / "bin"),
        str(home / ".deno" / "bin"),
        str(home / ".cargo" / "bin"),
        str(home / ".local" / "share" / "pnpm"),
        str(home / "Library" / "pnpm"),
        str(home / ".asdf" / "shims"),
        str(home / ".local" / "share" / "mise" / "shims"),
        *SYSTEM_DIRS,
    ]
    import glob

    # nvm / fnm: newest Node first (sorted by version-ish name, descending).
    for pattern in (
        str(home / ".nvm" / "versions" / "node" / "*" / "bin"),
        str(home / ".local" / "share" / "fnm" / "node-versions" / "*" / "installation" / "bin"),
        str(home / ".fnm" / "node-versions" / "*" / "installation" / "bin"),
    ):
        found.extend(sorted(glob.glob(pattern), key=_version_key, reverse=True))
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA", "")
        found += [os.path.join(appdata, "npm"), r"C:\Program Files\nodejs"]
    return found


def _version_key(path: str) -> tuple[int, ...]:
    parts = Path(path).parts
    name = next((p for p in parts if p.lstrip("v")[:1].isdigit()), "0")
    return tuple(int(x) for x in name.lstrip("v").split(".") if x.isdigit())


@lru_cache(maxsize=1)
def login_shell_path() -> tuple[str, ...]:
    """The PATH the user's login shell sets up (asked once per process; empty when unavailable)."""
    shell = os.environ.get("SHELL") or ("/bin/zsh" if sys.platform == "darwin" else "/bin/bash")
    if sys.platform == "win32" or not os.path.exists(shell):
        return ()
    marker = "__TRAVEL_ASSISTANT_PATH__"
    try:
        done = subprocess.run(
            [shell, "-l", "-c", f'printf "{marker}%s{marker}" "$PATH"'],
            capture_output=True,
            text=True,
            timeout=5,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return ()
    pieces = done.stdout.split(marker)
    return tuple(p for p in pieces[1].split(os.pathsep) if p) if len(pieces) >= 3 else ()


def search_path(login_shell: bool = True) -> list[str]:
    """Our PATH, then the login shell's, then the common install places (existing, no repeats)."""
    own = os.environ.get("PATH", "").split(os.pathsep)
    shell = login_shell_path() if login_shell else ()
    return [d for d in dict.fromkeys([*own, *shell, *common_dirs()]) if d and os.path.isdir(d)]


def resolve_command(command: str, cwd: str = "") -> tuple[str, list[str]]:
    """The program's full path and the PATH to give it; raises CommandNotFoundError saying what to do."""
    expanded = os.path.expanduser(command)
    if os.sep in expanded or (os.altsep and os.altsep in expanded):
        full = expanded if os.path.isabs(expanded) else os.path.join(cwd or os.getcwd(), expanded)
        if os.path.isfile(full) and os.access(full, os.X_OK):
            return full, search_path()
        raise CommandNotFoundError(f"`{command}` not found or not executable (looked for {full})")
    own = shutil.which(expanded)
    # Found on our own PATH: no need to ask the login shell (it can take a second).
    dirs = search_path(login_shell=own is None)
    found = own or shutil.which(expanded, path=os.pathsep.join(dirs))
    if found:
        first = os.path.dirname(found)
        return found, [first, *[d for d in dirs if d != first]]
    raise CommandNotFoundError(missing_message(command))


def missing_message(command: str) -> str:
    """`npx` not found: install Node.js ... (and where we looked)."""
    base = Path(command).name.lower().removesuffix(".exe").removesuffix(".cmd")
    hint = _HINTS.get(base, f"install the program that provides `{command}`")
    return (
        f'`{command}` not found: {hint}, or put its full path in "command" '
        "(searched this app's PATH, your login shell's PATH and the usual install places "
        "such as ~/.local/bin, /usr/local/bin, ~/.npm-global/bin, /opt/homebrew/bin and nvm)"
    )


def child_environment(path_dirs: list[str], extra: dict[str, str]) -> dict[str, str]:
    """PATH, HOME, LANG (and a few OS basics) plus the server's own `env`: none of our keys."""
    env = {k: os.environ[k] for k in PASSED_ENV if os.environ.get(k)}
    env["PATH"] = os.pathsep.join(path_dirs)
    env.update(extra)
    return env
