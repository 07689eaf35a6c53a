"""Tool-definition pinning (trust on first use, changes held back); hidden characters revealed."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop_app.paths import config_dir
from desktop_app.visible import for_terminal, hidden_kind, is_plain


def _hidden_kind(ch: str) -> str | None:
    """Which warning a character belongs to (CR is kept: CRLF line ends are ordinary here)."""
    return hidden_kind(ch, "\n\t\r")


_KIND_TEXT = {
    "tag": "Unicode tag characters (U+E0000 block), invisible text a model can read",
    "bidi": "bidirectional control characters that reorder what is shown",
    "invisible": "invisible (zero-width or variation-selector) characters",
    "control": "control or unassigned characters",
}


def reveal(text: str) -> tuple[str, list[str]]:
    """Text with hidden characters shown as ⟦U+XXXX⟧ (tag runs decoded), and warnings about them."""
    if is_plain(text, "\n\t\r"):
        return text, []  # the common case, decided in C
    out: list[str] = []
    counts: dict[str, int] = {}
    tags: list[int] = []

    def flush_tags() -> None:
        if tags:
            decoded = "".join(chr(c - 0xE0000) if 0x20 <= c - 0xE0000 < 0x7F else "?" for c in tags)
            out.append(f"⟦hidden tag text: {decoded!r}⟧")
            tags.clear()

    for ch in text:
        kind = _hidden_kind(ch)
        if kind == "tag":
            tags.append(ord(ch))
        else:
            flush_tags()
            out.append(f"⟦U+{ord(ch):04X}⟧" if kind else ch)
        if kind:
            counts[kind] = counts.get(kind, 0) + 1
    flush_tags()
    warnings = [f"{n} {_KIND_TEXT[k]}" for k, n in counts.items()]
    return "".join(out), warnings


def reveal_schema(schema: Any) -> tuple[Any, list[str]]:
    """The same for every `description` / `title` string inside a JSON Schema."""
    found: list[str] = []

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            fixed = {}
            for key, value in node.items():
                if key in ("description", "title") and isinstance(value, str):
                    value, warns = reveal(value)
                    found.extend(warns)
                    fixed[key] = value
                else:
                    fixed[key] = walk(value)
            return fixed
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(schema), found


def definition_warnings(definition: dict[str, Any]) -> list[str]:
    """Warnings about hidden characters anywhere a model would read them."""
    _, in_description = reveal(str(definition.get("description") or ""))
    _, in_schema = reveal_schema(definition.get("input_schema") or {})
    found = [f"description: {w}" for w in in_description]
    return found + [f"input schema: {w}" for w in in_schema]


def definition_hash(definition: dict[str, Any]) -> str:
    """A stable hash of name, description, input schema and annotations."""
    canonical = json.dumps(definition, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class PendingChange:
    """A tool held back: its definition differs from its pin, or it is new on a known server."""

    name: str  # the qualified tool name the model would see
    server: str
    tool: str  # the server's own name for it
    old: dict[str, Any] | None  # None: a new tool on a server the user already trusted
    new: dict[str, Any]
    warnings: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """What the model (and `tools call`) is told while the tool is held back."""
        what = "is new on" if self.old is None else "changed its definition on"
        return (
            f"tool {self.name!r} {what} MCP server {self.server!r} since you approved "
            f"that server's tools, so it is held back until you re-approve it "
            f"(`travel-assistant tools trust {self.name}` or Settings → MCP)"
        )


class TrustStore:
    """Pins in `mcp-trust.json`: per server and tool, the hash and text the user accepted."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (config_dir() / "mcp-trust.json")
        self._pending: dict[str, PendingChange] = {}

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"version": 1, "servers": {}}
        if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
            return {"version": 1, "servers": {}}
        return data

    def _save(self, data: dict[str, Any]) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".mcp-trust-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, indent=2, sort_keys=True)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def pinned(self, server: str) -> dict[str, dict[str, Any]]:
        """The pinned tools of one server (empty for a server never seen)."""
        tools = self._load()["servers"].get(server, {}).get("tools", {})
        return tools if isinstance(tools, dict) else {}

    def review(
        self, server: str, definitions: dict[str, dict[str, Any]], qualified: dict[str, str]
    ) -> dict[str, PendingChange]:
        """Pin everything on first sight; on a known server return the changed or new tools."""
        data = self._load()
        entry = data["servers"].get(server)
        if entry is None:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            data["servers"][server] = {
                "first_seen": stamp,
                "tools": {n: self._pin_entry(d, stamp) for n, d in definitions.items()},
            }
            self._save(data)
            self._forget_server(server)
            return {}
        pins = entry.get("tools", {})
        held: dict[str, PendingChange] = {}
        for tool, definition in definitions.items():
            old = pins.get(tool)
            if old is not None and old.get("hash") == definition_hash(definition):
                continue
            name = qualified[tool]
            held[name] = PendingChange(
                name,
                server,
                tool,
                old.get("definition") if old else None,
                definition,
                tuple(definition_warnings(definition)),
            )
        self._forget_server(server)
        self._pending.update(held)
        return held

    def _forget_server(self, server: str) -> None:
        self._pending = {k: v for k, v in self._pending.items() if v.server != server}

    @staticmethod
    def _pin_entry(definition: dict[str, Any], stamp: str) -> dict[str, Any]:
        return {"hash": definition_hash(definition), "definition": definition, "approved_at": stamp}

    def pending_changes(self) -> list[PendingChange]:
        """Tools held back until the user approves them, in a stable order."""
        return sorted(self._pending.values(), key=lambda p: p.name)

    def approve(self, name: str) -> PendingChange:
        """Pin the new definition of a held-back tool (the user has seen old and new)."""
        change = self._pending.get(name)
        if change is None:
            raise KeyError(name)
        data = self._load()
        server = data["servers"].setdefault(change.server, {"tools": {}})
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        server.setdefault("tools", {})[change.tool] = self._pin_entry(change.new, stamp)
        self._save(data)
        del self._pending[name]
        return change


def pretty_definition(definition: dict[str, Any] | None) -> str:
    """A definition as the user reads it: hidden characters made visible, schema indented."""
    if definition is None:
        return "(no earlier definition: this tool is new on the server)"
    description, _ = reveal(str(definition.get("description") or ""))
    schema, _ = reveal_schema(definition.get("input_schema") or {})
    lines = [f"name: {definition.get('name', '')}", "description:", description or "(none)"]
    lines += ["input schema:", json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True)]
    if definition.get("annotations"):
        annotations = json.dumps(definition["annotations"], ensure_ascii=False, sort_keys=True)
        lines += [f"annotations: {annotations}"]
    return "\n".join(lines)


def render_change(change: PendingChange) -> str:
    """Old and new, then a unified diff: what `tools trust` shows before pinning."""
    old, new = pretty_definition(change.old), pretty_definition(change.new)
    diff = difflib.unified_diff(old.splitlines(), new.splitlines(), "approved", "now offered", lineterm="")
    parts = [
        f"{change.name} (MCP server {change.server!r}, tool {change.tool!r})",
        "--- approved before ---",
        old,
        "--- offered now ---",
        new,
        "--- difference ---",
        "\n".join(diff) if change.old is not None else "(new tool)",
    ]
    if change.warnings:
        parts.append("warnings: " + "; ".join(change.warnings))
    return "\n".join(parts)


async def trust_command(name: str, mcp_config: str = "") -> int:
    """`travel-assistant tools trust NAME`: show old vs new for a held-back tool, then pin it."""
    from desktop_app.mcp.client import McpManager, servers_for_name

    servers = servers_for_name(name, mcp_config)
    manager = McpManager(servers)
    manager.start()
    try:
        await manager.wait_ready()
        pending = [p for p in manager.pending_changes() if name in (p.name, p.server)]
        if not pending:
            return _nothing_to_trust(manager, name)
        for change in pending:
            print(for_terminal(render_change(change)))
            manager.approve(change.name)
            print(for_terminal(f"trusted: {change.name} is pinned to the definition shown above\n"))
        return 0
    finally:
        await manager.aclose()


def _nothing_to_trust(manager: Any, name: str) -> int:
    """Explain why there was nothing to approve (already trusted, unknown, or the server failed)."""
    for status in manager.statuses():
        if status.state == "failed":
            print(
                for_terminal(f"travel-assistant: MCP server {status.name!r} failed: {status.reason}"), file=sys.stderr
            )
            return 1
    known = [t.name for t in manager.tools()]
    if name in known or any(t.startswith(name + "__") for t in known):
        print(for_terminal(f"{name}: nothing to approve; the definition matches the one you trusted"))
        return 0
    shown = ", ".join(sorted(known)) or "(none)"
    print(for_terminal(f"travel-assistant: no MCP tool named {name!r}; tools: {shown}"), file=sys.stderr)
    return 1
