"""Smoke test of the built bundle and .deb, run by .ci/run after `python packaging/build.py`.

The bundled executable runs with no Python and no virtual environment on the PATH
(`PATH=/usr/bin:/bin`, a fresh HOME): first start, the seed's question offline, the tools, the
MCP server, the window offscreen; then the .deb's listing and control fields. A check whose
feature is not in this source tree yet is reported as SKIP with the reason, never as a pass.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "travel-assistant"
EXE = BUNDLE / ("travel-assistant.exe" if sys.platform == "win32" else "travel-assistant")
LINUX = sys.platform.startswith("linux")
SEED_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
SEED_TOOLS = ["get_weather", "get_flight_price", "get_hotel_price"]
DEB_LIMIT = 80e6
EXCLUDED_QT = (
    "libQt6Quick",
    "libQt6Qml",
    "libQt6WebEngine",
    "libQt6Pdf",
    "libQt63D",
    "libQt6Multimedia",
)

results: list[tuple[str, str, str]] = []


class SmokeTestError(Exception):
    """A smoke check that did not hold."""


def check(name: str, needs: str = "", linux_only: bool = False) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Registers a check; `needs` is a source file whose absence makes it a SKIP."""

    def wrap(fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            if needs and not (ROOT / needs).exists():
                results.append(("SKIP", name, f"{needs} is not in this tree yet"))
                return
            if linux_only and not (LINUX and DEB_CHECKS):
                results.append(("SKIP", name, "Linux .deb checks are off on this platform / run"))
                return
            try:
                fn()
                results.append(("ok", name, ""))
            except (SmokeTestError, subprocess.TimeoutExpired, OSError, ValueError, KeyError) as exc:
                results.append(("FAIL", name, str(exc)))

        CHECKS.append(run)
        return fn

    return wrap


CHECKS: list[Callable[[], None]] = []


def bare_env(**extra: str) -> dict[str, str]:
    """No venv, no Python on the PATH, a brand-new HOME: a machine that never saw the app."""
    home = tempfile.mkdtemp(prefix="ta-home-")
    if sys.platform == "win32":
        root = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env = {k: os.environ[k] for k in ("SYSTEMROOT", "WINDIR", "TEMP", "TMP") if k in os.environ}
        env.update(PATH=rf"{root}\System32;{root}", USERPROFILE=home)
        env.update(APPDATA=rf"{home}\AppData\Roaming", LOCALAPPDATA=rf"{home}\AppData\Local")
    else:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    env.update(extra)
    return env


def run(args: list[str], env: dict[str, str] | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    """The bundled executable with `args`; output captured as text."""
    return subprocess.run([str(EXE), *args], env=env or bare_env(), capture_output=True, text=True, timeout=120, **kw)  # type: ignore[call-overload,no-any-return]


def expect(cond: bool, message: str) -> None:
    if not cond:
        raise SmokeTestError(message)


def seed_run(env: dict[str, str]) -> None:
    """The seed's question offline gives the three tool calls, all answered, and a final text."""
    out = run(["ask", "--provider", "offline", "--json", SEED_QUESTION], env)
    expect(out.returncode == 0, f"exit {out.returncode}: {out.stderr.strip()[:300]}")
    expect(out.stderr.strip() == "", f"stderr on first start: {out.stderr.strip()[:300]}")
    events = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    calls = [e["name"] for e in events if e["type"] == "tool_call"]
    expect(
        sorted(calls) == sorted(SEED_TOOLS),
        f"tool calls {calls}, want {SEED_TOOLS} (is the offline planner still a placeholder?)",
    )
    results_ = [e for e in events if e["type"] == "tool_result"]
    expect(all(not r["is_error"] for r in results_), f"tool errors: {results_}")
    call_ids = {e["id"] for e in events if e["type"] == "tool_call"}
    expect({r["id"] for r in results_} == call_ids, "tool_result ids do not pair with call ids")
    finals = [e for e in events if e["type"] == "final"]
    expect(len(finals) == 1 and finals[0]["text"].strip() != "", "no final answer")


@check("--version without Python on the PATH")
def _version() -> None:
    out = run(["--version"])
    expect(out.returncode == 0 and out.stdout.startswith("travel-assistant "), out.stderr)
    lines = run(["--version", "--verbose"]).stdout.splitlines()
    named = [line.split()[0] for line in lines[1:]]
    expect(named == ["Python", "PySide6", "openai", "anthropic", "mcp"], f"--version --verbose: {lines}")
    missing = ("Qt not available", "not installed", "(version unknown)")  # desktop_app/versions.py's fallbacks
    expect(not any(m in line for m in missing for line in lines), f"--version --verbose: {lines}")


@check("first start, fresh HOME: seed question offline gives the three tool calls")
def _seed_fresh_home() -> None:
    env = bare_env()
    seed_run(env)
    if LINUX:
        settings = Path(env["HOME"]) / ".config" / "travel-assistant"
        expect(settings.is_dir(), f"no config folder made under {settings}")


@check("first start, empty TRAVEL_ASSISTANT_HOME: same run")
def _seed_app_home() -> None:
    home = tempfile.mkdtemp(prefix="ta-app-")
    seed_run(bare_env(TRAVEL_ASSISTANT_HOME=home))


@check("tools --json lists the built-in travel tools; tools call runs one")
def _tools() -> None:
    out = run(["tools", "--json"])
    expect(out.returncode == 0, out.stderr.strip())
    names = {t["name"] for t in json.loads(out.stdout)}
    expect(set(SEED_TOOLS) <= names, f"tools: {sorted(names)}")
    call = run(["tools", "call", "get_weather", "--args", json.dumps({"city": "三亚"})])
    expect(call.returncode == 0 and json.loads(call.stdout)["is_error"] is False, call.stdout)


@check("a bundled skill loads (its SKILL.md read by the bundled yaml) and runs", needs="desktop_app/tools/skills.py")
def _skill() -> None:
    skill = ["--skill", "search_and_summarize"]
    out = run(["ask", "--provider", "offline", "--json", "--no-save", *skill, "三亚旅游攻略"])
    expect(out.returncode == 0, f"exit {out.returncode}: {out.stderr.strip()[:300]}")
    finals = [e for e in map(json.loads, out.stdout.splitlines()) if e["type"] == "final"]
    expect(len(finals) == 1 and finals[0]["text"].strip() != "", "no final answer with the skill")


@check("history keeps the saved run", needs="desktop_app/store/history.py")
def _history() -> None:
    env = bare_env()
    ask = run(["ask", "--provider", "offline", "hi"], env)
    expect(ask.returncode == 0, ask.stderr.strip())
    out = run(["history", "list", "--json"], env)
    expect(out.returncode == 0 and len(json.loads(out.stdout)) == 1, out.stdout + out.stderr)


@check("keys status answers (with or without a Secret Service)", needs="desktop_app/store/secrets.py")
def _keys() -> None:
    out = run(["keys", "status"])
    expect(out.returncode in (0, 1), f"exit {out.returncode}")
    expect("Traceback" not in out.stderr and "unexpected error" not in out.stderr, out.stderr)


def mcp_exchange(messages: list[dict[str, object]], last_id: int = 2) -> list[dict[str, object]]:
    """Sends JSON-RPC lines to `mcp-server` on stdin and returns the replies with an id, closing
    stdin only after the reply to `last_id` (as a client does: a server may drop requests still
    in flight when its input ends, which made this check flaky on a loaded machine)."""
    proc = subprocess.Popen(
        [str(EXE), "mcp-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env=bare_env(), text=True,
    )  # fmt: skip
    timer = threading.Timer(60, proc.kill)  # a server that never answers fails the check, not the run
    timer.start()
    replies: list[dict[str, object]] = []
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        proc.stdin.flush()
        for line in proc.stdout:
            reply = json.loads(line) if line.startswith("{") else {}
            if "id" in reply:
                replies.append(reply)
            if reply.get("id") == last_id:
                break
        proc.stdin.close()
        proc.wait(timeout=30)
    finally:
        timer.cancel()
        proc.kill()
    return replies


@check("mcp-server answers initialize and tools/list over stdio", needs="desktop_app/mcp/server/serve.py")
def _mcp() -> None:
    init = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "smoke", "version": "0"},
    }
    replies = mcp_exchange(
        [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ]
    )
    listing = next((r for r in replies if r["id"] == 2), None)
    expect(listing is not None, f"no tools/list reply: {replies}")
    names = {t["name"] for t in listing["result"]["tools"]}  # type: ignore[index]
    expect(set(SEED_TOOLS) <= names, f"MCP tools: {sorted(names)}")


@check(
    "gui --prompt --screenshot --exit-when-done writes a PNG (offscreen)",
    needs="desktop_app/app.py",
)
def _gui() -> None:
    shot = Path(tempfile.mkdtemp(prefix="ta-shot-")) / "window.png"
    args = ["gui", "--provider", "offline", "--prompt", SEED_QUESTION]
    out = run(
        [*args, "--screenshot", str(shot), "--exit-when-done"],
        bare_env(QT_QPA_PLATFORM="offscreen"),
    )
    expect(out.returncode == 0, f"exit {out.returncode}: {out.stderr.strip()[:400]}")
    expect(shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "no PNG written")
    expect("ui_max_stall_ms=" in out.stdout, f"no ui_max_stall_ms line: {out.stdout[:200]}")


@check(
    "gui on a real X server (Xvfb): Qt's xcb plugin loads with the system's xcb libraries", needs="desktop_app/app.py"
)
def _gui_xcb() -> None:
    if not LINUX or not shutil.which("xvfb-run"):
        raise SmokeTestError("needs Linux with xvfb-run (apt install xvfb xauth)")
    shot = Path(tempfile.mkdtemp(prefix="ta-xshot-")) / "window.png"
    env = bare_env()
    inner = (
        'exec env -i PATH="$TA_PATH" HOME="$TA_HOME" LANG=C.UTF-8 DISPLAY="$DISPLAY" '
        'XAUTHORITY="$XAUTHORITY" QT_DEBUG_PLUGINS=1 "$0" "$@"'
    )
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", inner, str(EXE)]
    cmd += ["gui", "--provider", "offline", "--screenshot", str(shot), "--exit-when-done"]
    outer = {**os.environ, "TA_PATH": env["PATH"], "TA_HOME": env["HOME"]}
    out = subprocess.run(cmd, env=outer, capture_output=True, text=True, timeout=180)
    expect(out.returncode == 0, f"exit {out.returncode}: {out.stderr.strip()[-400:]}")
    expect("libqxcb.so" in out.stderr and "loaded library" in out.stderr.lower(), "xcb plugin not loaded")
    expect(shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "no PNG written")


@check("--install-desktop-entry from the bundle points Exec at the bundle", linux_only=True)
def _user_entry() -> None:
    data = tempfile.mkdtemp(prefix="ta-xdg-")
    out = run(["--install-desktop-entry"], bare_env(XDG_DATA_HOME=data))
    expect(out.returncode == 0, out.stderr)
    entry = (Path(data) / "applications" / "travel-assistant.desktop").read_text(encoding="utf-8")
    expect(f"Exec={EXE}\n" in entry, f"Exec line wrong: {entry}")
    run(["--uninstall-desktop-entry"], bare_env(XDG_DATA_HOME=data))
    expect(not any(p.is_file() for p in Path(data).rglob("*")), "uninstall left files")


@check("bundle carries every resource file and none of the excluded Qt modules")
def _bundle_contents() -> None:
    source = ROOT / "resources"
    carried = BUNDLE / "_internal" / "resources"
    missing = [
        str(p.relative_to(source))
        for p in source.rglob("*")
        if p.is_file()
        and p.relative_to(source).parts[0] != "screenshots"  # the README's pictures stay out
        and not (carried / p.relative_to(source)).is_file()
    ]
    expect(not missing, f"resources missing from the bundle: {missing[:10]}")
    qt_names = [p.name.removeprefix("lib") for p in BUNDLE.rglob("*Qt6*")]
    extra = [n for n in qt_names if n.startswith(tuple(q.removeprefix("lib") for q in EXCLUDED_QT))]
    expect(not extra, f"Qt modules the app does not use were bundled: {extra}")


# ---------------------------------------------------------------- the .deb


def deb_path() -> Path:
    debs = sorted((ROOT / "dist").glob("travel-assistant_*.deb"))
    if not debs:
        raise SmokeTestError("no dist/travel-assistant_*.deb: run python packaging/build.py")
    return debs[-1]


def deb_listing(deb: Path) -> dict[str, str]:
    """Path in the package -> symlink target ('' for files and folders)."""
    lines = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True)
    entries = {}
    for line in lines.stdout.splitlines():
        name = line.split(None, 5)[5]
        target = name.split(" -> ", 1)[1] if " -> " in name else ""
        entries[name.split(" -> ", 1)[0].lstrip(".")] = target
    return entries


def deb_file(deb: Path, member: str) -> str:
    tar = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], capture_output=True, check=True)
    out = subprocess.run(["tar", "-xO", f".{member}"], input=tar.stdout, capture_output=True, check=True)
    return out.stdout.decode("utf-8")


@check("deb: the desktop entry's Exec and Icon point at files the package installs", linux_only=True)
def _deb_entry() -> None:
    deb = deb_path()
    files = deb_listing(deb)
    text = deb_file(deb, "/usr/share/applications/travel-assistant.desktop")
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    launcher = "/usr/bin/" + fields["Exec"].split()[0]
    expect(launcher in files, f"Exec {fields['Exec']!r}: {launcher} not in the package")
    target = files[launcher] or launcher
    expect(target in files and not files[target], f"{launcher} -> {target}, not a packaged file")
    icon = fields["Icon"]
    for size in ("16x16", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512"):
        png = f"/usr/share/icons/hicolor/{size}/apps/{icon}.png"
        expect(png in files, f"{png} missing")
    expect(f"/usr/share/icons/hicolor/scalable/apps/{icon}.svg" in files, "scalable icon missing")
    expect(fields["StartupWMClass"] == "travel-assistant", "StartupWMClass")
    expect(fields.get("Name[zh_CN]") == "旅行助手", "Name[zh_CN]")
    if shutil.which("desktop-file-validate"):
        path = Path(tempfile.mkdtemp()) / "travel-assistant.desktop"
        path.write_text(text, encoding="utf-8")
        valid = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        expect(valid.returncode == 0, valid.stdout + valid.stderr)


@check("deb: control names the Qt system libraries, a CJK font and bubblewrap; under 80 MB", linux_only=True)
def _deb_control() -> None:
    deb = deb_path()
    info = subprocess.run(["dpkg-deb", "-I", str(deb)], capture_output=True, text=True, check=True)
    for needed in ("libxcb-cursor0", "libxkbcommon-x11-0", "libegl1", "libgl1", "fonts-noto-cjk"):
        expect(needed in info.stdout, f"Depends lacks {needed}")
    expect("Recommends: bubblewrap" in info.stdout, "Recommends: bubblewrap missing")
    expect(deb.stat().st_size < DEB_LIMIT, f".deb is {deb.stat().st_size / 1e6:.1f} MB")


@check("deb: apt can resolve every dependency (simulated install)", linux_only=True)
def _deb_apt() -> None:
    if not shutil.which("apt-get") or os.geteuid() != 0:
        raise SmokeTestError("needs apt-get as root (CI runs as root)")
    out = subprocess.run(["apt-get", "install", "-s", "-qq", str(deb_path())], capture_output=True, text=True)
    expect(out.returncode == 0, out.stdout[-400:] + out.stderr[-400:])


DEB_CHECKS = True


def main(argv: list[str] | None = None) -> int:
    """Runs every check; exit 1 if any failed (SKIPs are listed, with their reason)."""
    global EXE, DEB_CHECKS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--exe", type=Path, default=EXE, help="the executable to test")
    parser.add_argument("--no-deb", action="store_true", help="skip the .deb checks")
    args = parser.parse_args(argv)
    EXE, DEB_CHECKS = args.exe.resolve(), not args.no_deb
    if not EXE.is_file():
        print(f"smoke: {EXE} missing: run python packaging/build.py first", file=sys.stderr)
        return 1
    for fn in CHECKS:
        fn()
    for status, name, why in results:
        print(f"smoke: {status:<4} {name}" + (f"\n         {why}" if why else ""))
    failed = sum(1 for r in results if r[0] == "FAIL")
    print(f"smoke: {len(results) - failed} of {len(results)} passed or skipped, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
