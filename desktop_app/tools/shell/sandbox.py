"""Where execute_shell's commands run: bubblewrap (Linux), sandbox-exec (macOS), or no sandbox."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

SANDBOX_ENV = "TRAVEL_ASSISTANT_SANDBOX"  # "off" forces "no sandbox" (tests, troubleshooting)
SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION", re.I)
SAFE_ENV = ("LANG", "LC_ALL", "LC_CTYPE", "TZ")


def clean_env(home: str) -> dict[str, str]:
    """A minimal environment: no keys, tokens or the user's variables reach the command."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "TERM": "dumb", "LANG": "C.UTF-8"}
    for name in SAFE_ENV:
        value = os.environ.get(name)
        if value and not SECRET_NAME.search(name):
            env[name] = value
    return env


@dataclass(frozen=True)
class Sandbox:
    """How commands are confined: bubblewrap (Linux), sandbox-exec (macOS) or nothing."""

    name: str
    available: bool
    detail: str = ""

    def wrap(self, argv: Sequence[str], workspace: Path) -> list[str]:
        return list(argv)


def _bwrap_system_binds() -> list[str]:
    """System folders read-only; merged-/usr symlinks kept as symlinks."""
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        path = Path(top)
        if path.is_symlink():
            args += ["--symlink", os.readlink(top), top]
        elif path.is_dir():
            args += ["--ro-bind", top, top]
    for etc in ("ld.so.cache", "localtime", "alternatives", "nsswitch.conf", "passwd", "group"):
        args += ["--ro-bind-try", f"/etc/{etc}", f"/etc/{etc}"]
    return args


@dataclass(frozen=True)
class Bubblewrap(Sandbox):
    """Linux: empty home, read-only system, the workspace the only writable place, no network."""

    binary: str = "bwrap"
    user_ns: bool = True  # off for setuid bwrap on systems without unprivileged user namespaces

    def wrap(self, argv: Sequence[str], workspace: Path) -> list[str]:
        home = str(Path.home())
        ws = str(workspace)
        return [
            self.binary,
            *_bwrap_system_binds(),
            "--proc", "/proc",
            "--dev", "/dev",
            "--tmpfs", "/tmp",
            "--tmpfs", "/home",
            "--tmpfs", "/root",
            "--tmpfs", "/run",
            "--dir", home,
            "--bind", ws, ws,
            "--chdir", ws,
            "--unshare-all",
            *(["--unshare-user"] if self.user_ns else []),
            "--hostname", "sandbox",
            "--cap-drop", "ALL",
            "--die-with-parent",
            "--new-session",
            "--clearenv",
            *[x for k, v in clean_env(home).items() for x in ("--setenv", k, v)],
            "--",
            *argv,
        ]  # fmt: skip


def _seatbelt_profile(workspace: Path) -> str:
    """macOS: read system folders, read-write only the workspace, no network."""
    ws = json.dumps(str(workspace.resolve()))
    return f"""(version 1)
(deny default)
(allow process-exec process-fork signal sysctl-read mach-lookup)
(allow file-read-metadata)
(allow file-read* (subpath "/usr") (subpath "/bin") (subpath "/sbin") (subpath "/System")
  (subpath "/Library/Apple") (subpath "/private/etc") (subpath "/private/var/db/timezone")
  (subpath "/dev") (subpath {ws}))
(allow file-write* (subpath {ws}) (literal "/dev/null"))
(deny network*)
"""


@dataclass(frozen=True)
class Seatbelt(Sandbox):
    """macOS sandbox-exec with a deny-by-default profile."""

    binary: str = "/usr/bin/sandbox-exec"

    def wrap(self, argv: Sequence[str], workspace: Path) -> list[str]:
        return [self.binary, "-p", _seatbelt_profile(workspace), "--", *argv]


SANDBOXED = (
    "commands run in a {} sandbox: system folders read-only, the workspace the only writable "
    "folder, an empty home folder, no network"
)
NO_SANDBOX = Sandbox(
    "none",
    False,
    "no OS sandbox is available on this system: commands run with your own permissions, so "
    "every command needs your confirmation",
)


def _probe(sandbox: Sandbox) -> Sandbox:
    """Run `true` once in the sandbox; a sandbox that cannot run it is not available."""
    with tempfile.TemporaryDirectory(prefix="ta-sandbox-probe-") as tmp:
        try:
            done = subprocess.run(
                sandbox.wrap(["true"], Path(os.path.realpath(tmp))),
                capture_output=True,
                timeout=10,
                env=clean_env(str(Path.home())),
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            return Sandbox("none", False, f"{sandbox.name} failed to start ({exc}); " + NO_SANDBOX.detail)
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        return Sandbox("none", False, f"{sandbox.name} does not work here ({why[0]}); " + NO_SANDBOX.detail)
    return sandbox


@lru_cache(maxsize=1)
def _detected() -> Sandbox:
    if sys.platform.startswith("linux"):
        binary = shutil.which("bwrap")
        if binary is None:
            return Sandbox("none", False, "bubblewrap (bwrap) is not installed; " + NO_SANDBOX.detail)
        wanted = Bubblewrap("bubblewrap", True, SANDBOXED.format("bubblewrap"), binary)
        full = _probe(wanted)
        fallback = full if full.available else _probe(replace(wanted, user_ns=False))
        return fallback if fallback.available else full
    if sys.platform == "darwin" and Path(Seatbelt.binary).exists():
        return _probe(Seatbelt("sandbox-exec", True, SANDBOXED.format("macOS sandbox-exec")))
    return NO_SANDBOX


def detect_sandbox() -> Sandbox:
    """The sandbox commands run in (probed once per process); `TRAVEL_ASSISTANT_SANDBOX=off`."""
    if os.environ.get(SANDBOX_ENV, "").lower() in ("off", "none", "0", "false"):
        return Sandbox("none", False, f"the sandbox is switched off ({SANDBOX_ENV}); " + NO_SANDBOX.detail)
    return _detected()
