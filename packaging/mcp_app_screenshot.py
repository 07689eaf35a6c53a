"""A screenshot of an MCP App in the window: the official basic-vanillajs example's view under the
answer, after the person pressed its "Get Server Time" (approved in the usual dialog), and the
inspector listing the view's JSON-RPC traffic. Also prints what the first view cost.

Usage: xvfb-run -a -s "-screen 0 1600x1000x24" python packaging/mcp_app_screenshot.py OUT.png [en|zh_CN]
Needs the `apps` extra and `.cache/npm` from .ci/run. As root, Chromium's own sandbox refuses to
start: set QTWEBENGINE_DISABLE_SANDBOX=1 (the view's isolation does not depend on it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from shot_home import run_in_fresh_home

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SERVER = ROOT / ".cache" / "npm" / "node_modules" / ".bin" / "mcp-server-basic-vanillajs"


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of one process (Linux /proc), MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def webengine_children_mb() -> float:
    """QtWebEngineProcess children of this process (Chromium's renderer, GPU and utility processes)."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                status = (proc / "status").read_text()
                cmd = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if b"QtWebEngineProcess" in cmd and f"PPid:\t{os.getpid()}" in status:
                total += rss_mb(proc.name)
    return total


async def shoot(out: Path) -> int:
    from PySide6.QtGui import QGuiApplication

    from desktop_app.app import build_window
    from desktop_app.core.messages import AssistantMessage, ToolCall
    from desktop_app.llm.fake import FakeModel
    from desktop_app.mcp.setup.config import ServerConfig, save_servers
    from desktop_app.ui.qt_async import next_emission
    from tests.gui.conftest import scripted_factory

    save_servers([ServerConfig(name="basic", command=str(SERVER), args=("--stdio",))])
    window = build_window(argparse.Namespace(), QGuiApplication.instance())  # type: ignore[arg-type]
    model = FakeModel(
        [
            AssistantMessage("", tool_calls=(ToolCall("c1", "basic__get-time", {}),)),
            AssistantMessage("The server's clock is in the view below: press the button for a fresh reading."),
        ]
    )
    window.session._factory = scripted_factory(model)  # a scripted model: the picture is always the same
    window.resize(1500, 940)
    window.show()
    if not window.painted:
        await next_emission(window.firstPainted)
    while window.mcp.statuses.get("basic") is None or window.mcp.statuses["basic"].state != "ready":
        await next_emission(window.mcp.statusChanged)
    before = rss_mb()
    shown = next_emission(window.approver.dialogShown)
    window.conversation.send("What time is it on the server?")
    await shown
    opened = next_emission(window.apps.opened)
    started = time.perf_counter()
    assert window.approver.dialog is not None
    window.approver.dialog.allow_once.click()
    await opened
    log = window.apps.log
    while "→ ui/notifications/tool-result" not in log.lines("c1"):
        await next_emission(log.added)
    ready_s = time.perf_counter() - started
    await asyncio.sleep(1.0)
    print(f"first view: {ready_s:.2f} s from approval to handshake and result (WebEngine loaded on the way)")
    print(
        f"memory: window {before:.0f} MB -> {rss_mb():.0f} MB, + WebEngine processes {webengine_children_mb():.0f} MB"
    )
    print(f"peak RSS of the window process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    panel = window.apps.panels["c1"]
    view: Any = panel.view
    frames = view.web_page.mainFrame().children()
    shown = next_emission(window.approver.dialogShown)
    frames[0].runJavaScript("document.getElementById('get-time-btn').click()", 0)
    await shown
    assert window.approver.dialog is not None
    window.approver.dialog.allow_once.click()
    while "→ result #1" not in log.lines("c1"):
        await next_emission(log.added)
    inspector = window.dock.inspector()
    inspector.select_call("c1")
    inspector.call_details.app_traffic.list.setCurrentRow(0)
    await asyncio.sleep(1.5)
    window.grab().save(str(out), "PNG")
    print(out)
    window.close()
    return 0


def main() -> int:
    out = Path(sys.argv[1])
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    out.parent.mkdir(parents=True, exist_ok=True)
    return run_in_fresh_home("mcp-app-shot-", {"language": language}, lambda: shoot(out))


if __name__ == "__main__":
    raise SystemExit(main())
