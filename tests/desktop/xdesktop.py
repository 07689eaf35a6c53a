"""A real X desktop for acceptance tests: Xvfb + openbox, the installed app as a subprocess,
driven only through the X server with xdotool, checked through the CLI, files and screenshots."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
TOOLS = ("xdotool",)
SERVER_TOOLS = ("Xvfb", "openbox")
KEY_DELAY_MS = 12  # xdotool's pause between keys: a fast typist, not an instant paste
WINDOW_TIMEOUT_S = 30.0


class WaitTimeoutError(AssertionError):
    """A polled condition did not hold in time."""


def wait_for(what: str, probe: Callable[[], T | None], timeout: float = 20.0, every: float = 0.05) -> T:
    """Poll `probe` until it returns something truthy; fail with `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise WaitTimeoutError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


def missing_tools(own_server: bool) -> list[str]:
    """The binaries this suite needs that are not on the PATH."""
    needed = TOOLS + (SERVER_TOOLS if own_server else ())
    return [name for name in needed if shutil.which(name) is None]


@dataclass
class XServer:
    """Xvfb on a display number it picks itself (-displayfd), with openbox managing windows."""

    display: str = ""
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, size: str = "1920x1080x24") -> XServer:
        read, write = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        self.procs.append(xvfb)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        self._start_wm()
        return self

    def _start_wm(self) -> None:
        """openbox, waited for through its --startup hook (it runs once the WM manages the screen)."""
        marker = Path(tempfile.mkdtemp(prefix="openbox-")) / "ready"
        env = {**os.environ, "DISPLAY": self.display}
        self.procs.append(
            subprocess.Popen(
                ["openbox", "--startup", f"touch {marker}"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for("openbox to manage the screen", marker.exists, timeout=20)

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        self.procs.clear()


class Desktop:
    """What a person does at the screen: type, press keys, look; on one X display."""

    def __init__(self, display: str, shots: Path) -> None:
        self.display = display
        self.shots = shots
        self.env = {**os.environ, "DISPLAY": display}

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30, check=False)
        return done.stdout.strip()

    def windows(self, title: str, pid: int | None = None) -> list[str]:
        """Visible windows titled `title` (a regex), the window manager's " — Travel Assistant" allowed."""
        args = ["search", "--all", "--onlyvisible"]  # every condition must hold (xdotool: any)
        if pid is not None:
            args += ["--pid", str(pid)]
        return [w for w in self.xdotool(*args, "--name", f"^({title})( — Travel Assistant)?$").split() if w]

    def wait_window(self, title: str, pid: int | None = None, timeout: float = WINDOW_TIMEOUT_S) -> str:
        return wait_for(f"a window titled {title!r}", lambda: (self.windows(title, pid) or [None])[0], timeout)  # type: ignore[list-item]

    def wait_gone(self, title: str, pid: int | None = None, timeout: float = 20.0) -> None:
        wait_for(f"the window {title!r} to close", lambda: not self.windows(title, pid), timeout)

    def active(self) -> str:
        return self.xdotool("getactivewindow")

    def wait_active(self, window: str, timeout: float = 10.0) -> None:
        """Until the window manager has given this window the keyboard (its title bar lights up)."""
        wait_for(f"window {window} to be active", lambda: self.active() == window, timeout)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", str(KEY_DELAY_MS), "--", text)

    def key(self, *keys: str) -> None:
        self.xdotool("key", "--delay", str(KEY_DELAY_MS), *keys)

    def geometry(self, window: str) -> dict[str, int]:
        out = self.xdotool("getwindowgeometry", "--shell", window)
        return {k: int(v) for k, v in (line.split("=", 1) for line in out.splitlines()) if k != "SCREEN"}

    def click(self, window: str, x: int, y: int) -> None:
        """A left click at (x, y) inside the window, in its own coordinates."""
        self.xdotool("mousemove", "--window", window, str(x), str(y), "click", "1")

    def screenshot(self, name: str) -> Path:
        """The whole screen as a PNG (what a person saw), kept for the report."""
        self.shots.mkdir(parents=True, exist_ok=True)
        path = self.shots / f"{name}.png"
        if shutil.which("import"):
            cmd = ["import", "-window", "root", str(path)]
        else:
            cmd = ["sh", "-c", f"xwd -root -silent | convert xwd:- {path}"]
        subprocess.run(cmd, env=self.env, check=True, timeout=30, capture_output=True)
        return path


def app_command() -> list[str]:
    """The installed console script beside this interpreter (the venv's), else `python -m`."""
    script = Path(sys.executable).with_name("travel-assistant")
    return [str(script)] if script.exists() else [sys.executable, "-m", "desktop_app"]


class App:
    """One `travel-assistant` process with its own home; the CLI reads what it kept."""

    def __init__(self, desktop: Desktop, home: Path, extra_env: dict[str, str] | None = None) -> None:
        self.desktop = desktop
        self.home = home
        self.env = {
            **desktop.env,
            "TRAVEL_ASSISTANT_HOME": str(home),
            "QT_QPA_PLATFORM": "xcb",
            "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
            "LANG": "C.UTF-8",
            "LANGUAGE": "",
            "LC_ALL": "C.UTF-8",
            **(extra_env or {}),
        }
        for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "TRAVEL_ASSISTANT_BENCH"):
            if var not in (extra_env or {}):
                self.env.pop(var, None)
        self.procs: list[subprocess.Popen[bytes]] = []
        self.logs: list[Path] = []

    def launch(self, *args: str) -> subprocess.Popen[bytes]:
        log = self.home.parent / f"app-{len(self.procs)}.log"
        self.home.mkdir(parents=True, exist_ok=True)
        with log.open("wb") as out:
            proc = subprocess.Popen([*app_command(), "gui", *args], env=self.env, stdout=out, stderr=out)
        self.procs.append(proc)
        self.logs.append(log)
        return proc

    def open(self, *args: str, title: str = "Travel Assistant") -> tuple[subprocess.Popen[bytes], str]:
        """Launch and wait until the window manager gave the new window the keyboard."""
        proc = self.launch(*args)
        window = self.desktop.wait_window(title, proc.pid)
        self.desktop.wait_active(window)
        return proc, window

    def cli(self, *args: str) -> Any:
        done = subprocess.run(
            [*app_command(), *args], env=self.env, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, f"{args}: {done.stderr}"
        return json.loads(done.stdout) if "--json" in args else done.stdout

    def conversations(self) -> list[dict[str, Any]]:
        return list(self.cli("history", "list", "--json"))

    def messages(self, conversation_id: str) -> list[dict[str, Any]]:
        shown = self.cli("history", "show", conversation_id, "--json")
        return list(shown["messages"] if isinstance(shown, dict) else shown)

    def wait_exit(self, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> int:
        return proc.wait(timeout)

    def output(self) -> str:
        return "\n".join(log.read_text(errors="replace") for log in self.logs if log.exists())

    def stop(self) -> None:
        """End what is still running (a test that failed half-way)."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(5)
