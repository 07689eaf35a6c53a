"""Screenshots of the window's MCP parts: settings page, editor, log, changed tool, form, sampling.

Usage: xvfb-run -s "-screen 0 1600x1000x24" python packaging/mcp_screenshots.py OUT_DIR [en|zh_CN]
Uses the toy MCP servers of tests/integration/mcp/servers (a development checkout).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TOY = ROOT / "tests" / "integration" / "mcp" / "servers" / "toy_server.py"


def servers(version: str) -> list[Any]:
    from desktop_app.mcp.setup.config import ServerConfig

    return [
        ServerConfig("trips", command=sys.executable, args=(str(TOY), "mutable"), env={"TOY_VERSION": version}),
        ServerConfig("files", command="npx-not-installed", args=("-y", "@modelcontextprotocol/server-filesystem")),
        ServerConfig("remote", url="https://mcp.example.com/mcp", headers={"Authorization": {"keyring": "remote"}}),
    ]


async def until(mcp: Any, test: Any) -> None:
    from desktop_app.ui.qt_async import next_emission

    while not test():
        await next_emission(mcp.statusChanged)


async def shoot(out: Path, language: str) -> int:
    from PySide6.QtGui import QGuiApplication

    from desktop_app.app import build_window
    from desktop_app.mcp.client.interact import SamplingRequest
    from desktop_app.mcp.setup.config import save_servers
    from desktop_app.ui.mcp.dialogs import ElicitationDialog, SamplingDialog
    from desktop_app.ui.mcp.settings import McpSettings
    from desktop_app.ui.qt_async import next_emission

    save_servers(servers("v1"))
    window = build_window(argparse.Namespace(), QGuiApplication.instance())  # type: ignore[arg-type]
    window.resize(1400, 860)
    window.show()
    if not window.painted:
        await next_emission(window.firstPainted)
    mcp = window.mcp
    await until(mcp, lambda: {s.state for s in mcp.statuses.values()} >= {"ready", "failed"})

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0.05)

    def grab(name: str, widget: Any = None) -> None:
        pixmap = widget.grab() if widget is not None else window.grab()  # no stale screen behind it
        pixmap.save(str(out / f"{name}.png"), "PNG")
        print(out / f"{name}.png")

    changed = servers("v2")
    pending = next_emission(mcp.pendingChanged)
    save_servers(changed)
    mcp.update(changed)
    await pending
    await until(mcp, lambda: bool(mcp.pending))
    await settle()
    grab("mcp-01-notice")
    settings = window.open_settings()
    settings.tabs.setCurrentIndex(settings.tabs.count() - 1)
    settings.resize(900, 560)
    page = settings.findChild(McpSettings, "mcpSettings")
    assert page is not None
    page.list.setCurrentRow(1)
    await settle()
    grab("mcp-02-settings", settings)
    page.list.setCurrentRow(0)
    editor = page.edit()
    assert editor is not None
    await settle()
    grab("mcp-03-editor", editor)
    editor.reject()
    log = page.show_log()
    assert log is not None
    await settle()
    grab("mcp-04-log", log)
    log.close()
    settings.reject()
    review = window.mcp_actions.review_changes()
    await settle()
    grab("mcp-05-changed-tool", review)
    review.reject()
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Guest name"},
            "nights": {"type": "integer", "minimum": 1},
            "breakfast": {"type": "boolean", "default": True},
            "room": {"type": "string", "enum": ["single", "double"]},
        },
        "required": ["name", "nights"],
    }
    form = ElicitationDialog("trips", "Book a hotel in Sanya: who and how long?", schema, window)
    form.show()
    await settle()
    grab("mcp-06-elicitation", form)
    form.close()
    request = SamplingRequest(
        server="trips",
        messages=(("user", "Summarize this trip report in one line: three sunny days in Sanya..."),),
        system_prompt="Summarize in one line.",
        max_tokens=50,
    )
    sampling = SamplingDialog(request, window.setup.sampling_model_name(), window)
    sampling.show()
    await settle()
    grab("mcp-07-sampling", sampling)
    sampling.close()
    window.close()
    return 0


def main() -> int:
    out = Path(sys.argv[1])
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="mcp-shots-"))
    os.environ["TRAVEL_ASSISTANT_HOME"] = str(home)
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")
    from desktop_app.app import make_app
    from desktop_app.ui.qt_async import run

    make_app()
    return run(lambda: shoot(out, language))


if __name__ == "__main__":
    raise SystemExit(main())
