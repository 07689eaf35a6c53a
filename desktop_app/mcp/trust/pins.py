"""Tool-definition pinning (trust on first use, changes held back); hidden characters revealed."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop_app import jsonsafe
from desktop_app.paths import config_dir
from desktop_app.store.atomic import write_json_atomic
from desktop_app.visible import hidden_kind, is_plain, reveal

_POISONING = (
    (re.compile(r"<\s*/?\s*(important|system|instructions?)\s*>"), "an <IMPORTANT>/<SYSTEM>-style block"),
    (
        re.compile(r"\b(do not|don't|dont|never)\s+(tell|inform|mention|reveal|disclose|notify)\b"),
        'an instruction to hide something from the user ("do not tell the user")',
    ),
    (
        re.compile(
            r"\b(ignore|disregard|forget)\s+(all\s+)?(the\s+|your\s+)?(previous|prior|above|earlier|preceding)\b"
        ),
        'an instruction to override the model\'s instructions ("ignore previous instructions")',
    ),
    (
        re.compile(r"(不要|别|勿|切勿|不得|不可|不能)\s*(告诉|告知|透露|提及|提到|通知|让用户知道)"),
        "an instruction to hide something from the user (不要告诉用户)",
    ),
    (
        re.compile(r"(忽略|无视|忘记|忘掉)\s*(之前|以上|上面|先前|前面|此前|所有|全部)"),
        "an instruction to override the model's instructions (忽略之前的指令)",
    ),
)


def poisoning_warnings(text: str) -> list[str]:
    """Classic tool-poisoning phrases (English and Chinese), matched with hidden characters removed."""
    if not text:
        return []
    kept = "\n\t\r"  # CR too: CRLF line ends are ordinary here
    plain = text if is_plain(text, kept) else "".join(ch for ch in text if hidden_kind(ch, kept) is None)
    if not plain.isascii():
        plain = unicodedata.normalize("NFKC", plain)
    plain = " ".join(plain.replace("\u2019", "'").casefold().split())
    return [f"looks like tool poisoning: {label}" for pattern, label in _POISONING if pattern.search(plain)]


def reveal_tree(node: Any, where: str = "") -> tuple[Any, list[str]]:
    """Every string and key inside `node` revealed; a warning names where each problem sits."""
    found: list[str] = []
    return _walk(node, where, found), found


def _walk(node: Any, where: str, found: list[str]) -> Any:
    if isinstance(node, str):
        return _reveal_at(node, where, found)
    if isinstance(node, list):
        return [_walk(v, f"{where}[{i}]", found) for i, v in enumerate(node)]
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            shown, _ = reveal(str(key))
            path = f"{where}.{shown}" if where else shown
            _reveal_at(str(key), f"{path} (the name itself)", found)
            out[shown] = _walk(value, path, found)
        return out
    return node


def _reveal_at(text: str, where: str, found: list[str]) -> str:
    shown, warns = reveal(text)
    found.extend(f"{where or 'text'}: {w}" for w in warns + poisoning_warnings(text))
    return shown


MAX_WARNINGS = 12


def reveal_definition(definition: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A tool definition with every string and key revealed, and its warnings (deduplicated, capped)."""
    found: list[str] = []
    shown: dict[str, Any] = {}
    for key, value in definition.items():
        label = _LABELS.get(key, key)
        _reveal_at(str(key), f"{label} (the name itself)", found)
        shown[key] = _walk(value, label, found)
    return shown, capped(found)


def tool_warnings(definition: dict[str, Any]) -> list[str]:
    """Warnings about hidden characters or poisoning anywhere in a tool definition a model would read."""
    return reveal_definition(definition)[1]


def text_warnings(text: str, where: str) -> list[str]:
    """The same for one text, e.g. a server's `instructions`."""
    return capped(reveal_tree(text, where)[1])


def capped(warnings: list[str]) -> list[str]:
    """Each warning once; a flood from a hostile server is cut to MAX_WARNINGS lines."""
    unique = list(dict.fromkeys(warnings))
    if len(unique) <= MAX_WARNINGS:
        return unique
    return [*unique[:MAX_WARNINGS], f"… and {len(unique) - MAX_WARNINGS} more warnings"]


_LABELS = {"inputSchema": "input schema", "input_schema": "input schema", "outputSchema": "output schema"}


# What a pin covers: every field of a listed tool that changes what it does or what is shown of it.
# The first four were all that pins recorded before PIN_FIELDS; the others are present only when the
# server sends them, so a tool without them hashes as it always did.
CORE_FIELDS = ("name", "description", "input_schema", "annotations")
PIN_FIELDS = 2  # stamped on each pin that covers all of them (a pin without it was written by older code)
# fields an older pin never vouched for that change what the tool does or opens (an App view, who may
# call it, how it runs): a tool with any of them is shown once before its old pin counts again
UNVOUCHED = ("meta", "execution")


def pinned_definition(wire: dict[str, Any]) -> dict[str, Any]:
    """What is pinned of a listed tool (its JSON as the server sent it): name, title, description, the
    input and output schemas, annotations, `_meta` (an App view, its visibility, …) and `execution`."""
    definition: dict[str, Any] = {
        "name": wire.get("name"),
        "description": wire.get("description") or "",
        "input_schema": wire.get("inputSchema") or {},
        "annotations": wire.get("annotations") or {},
    }
    extra = {"title": "title", "output_schema": "outputSchema", "meta": "_meta", "execution": "execution"}
    for key, wire_key in extra.items():
        if wire.get(wire_key) not in (None, "", {}):
            definition[key] = wire[wire_key]
    return definition


def definition_hash(definition: dict[str, Any]) -> str:
    """A stable hash of a pinned definition (canonical JSON)."""
    import hashlib  # here: its OpenSSL digests are ~2 MB resident, and most windows run no MCP server

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
    pins_lost: bool = False  # held because the pin file could not be read, not because it changed
    upgrade: bool = False  # its pin, written by an older version, never covered its `_meta` or `execution`

    @property
    def reason(self) -> str:
        """What the model (and `tools call`) is told while the tool is held back."""
        if self.pins_lost and self.old is None:
            why = f"tool {self.name!r} of MCP server {self.server!r}: the saved tool pins could not be read"
        elif self.upgrade:
            why = (
                f"tool {self.name!r} of MCP server {self.server!r} was approved by an earlier version of this app, "
                "which did not record its _meta (an App view, who may call it) or its execution mode"
            )
        else:
            what = "is new on" if self.old is None else "changed its definition on"
            why = f"tool {self.name!r} {what} MCP server {self.server!r} since you approved that server's tools"
        return (
            f"{why}, so it is held back until you re-approve it "
            f"(`travel-assistant tools trust {self.name}` or Settings → MCP)"
        )


PINS_VERSION = 1


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _is_pin(pin: Any) -> bool:
    return isinstance(pin, dict) and isinstance(pin.get("hash"), str) and isinstance(pin.get("definition"), dict)


def pins_problem(data: Any) -> str:
    """Why parsed pins are not a store this app wrote ("" when they are): wrong shapes fail closed."""
    if not isinstance(data, dict):
        return "is not a JSON object"
    if data.get("version") != PINS_VERSION:
        return f"has no version {PINS_VERSION} field (not a pin file this app wrote)"
    servers = data.get("servers")
    if not isinstance(servers, dict):
        return 'has no "servers" object'
    for name, entry in servers.items():
        tools = entry.get("tools") if isinstance(entry, dict) else None
        if not isinstance(tools, dict):
            return f"has a damaged entry for server {name!r}"
        if not all(_is_pin(pin) for pin in tools.values()):
            return f"has a damaged pin on server {name!r}"
    return ""


class TrustStore:
    """Pins in `mcp-trust.json`: per server and tool, the hash and text the user accepted.

    Only a missing file is a first run. A file that cannot be read or is not one we wrote is moved
    aside and every server is treated as known with no pins: all its tools are held back.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (config_dir() / "mcp-trust.json")
        self._pending: dict[str, PendingChange] = {}
        self._lost: dict[str, str] | None = None  # set once this run found the pins damaged
        self.notice = ""  # one line for the user when that happened

    def _load(self) -> dict[str, Any]:
        try:  # jsonsafe's size and depth policy: too large or too deep is damaged, fail closed
            text = jsonsafe.read_text(self.path)
        except FileNotFoundError:
            return self._fresh()
        except (OSError, ValueError) as exc:
            return self._quarantine(f"cannot be read ({getattr(exc, 'strerror', None) or exc})")
        if not text.strip():
            return self._quarantine("is empty")
        try:
            data = jsonsafe.loads(text)
        except ValueError as exc:
            return self._quarantine(f"is not valid JSON ({' '.join(str(exc).split())[:80]})")
        problem = pins_problem(data)
        return self._quarantine(problem) if problem else data

    def _fresh(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": PINS_VERSION, "servers": {}}
        if self._lost is not None:  # moved aside earlier in this run but the new file was not written
            data["pins_lost"] = dict(self._lost)
        return data

    def _quarantine(self, problem: str) -> dict[str, Any]:
        """Move the bad file aside, say so once, and fail closed: every server counts as pinned."""
        bad = self._bad_name()
        try:
            os.replace(self.path, bad)
            where = f"moved to {bad.name}"
        except OSError as exc:
            where = f"and could not be moved aside ({exc.strerror or exc})"
        self._lost = {"at": _stamp(), "moved_to": str(bad)}
        self.notice = (
            f"MCP tool pins {self.path} {problem}; {where}. Every MCP tool is held back until you "
            f"trust it again (`travel-assistant tools trust NAME` or Settings → MCP → Review)"
        )
        data = self._fresh()
        # self._lost keeps this run closed; the next run finds no file and the moved one
        with contextlib.suppress(OSError):
            self._save(data)
        return data

    def _bad_name(self) -> Path:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        bad = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        n = 2
        while bad.exists():
            bad = self.path.with_name(f"{self.path.name}.bad-{stamp}-{n}")
            n += 1
        return bad

    def _save(self, data: dict[str, Any]) -> None:
        write_json_atomic(self.path, data, sort_keys=True)

    def pinned(self, server: str) -> dict[str, dict[str, Any]]:
        """The pinned tools of one server (empty for a server never seen)."""
        tools = self._load()["servers"].get(server, {}).get("tools", {})
        return tools if isinstance(tools, dict) else {}

    def review(
        self, server: str, definitions: dict[str, dict[str, Any]], qualified: dict[str, str]
    ) -> dict[str, PendingChange]:
        """Pin everything on first sight; on a known server return the changed or new tools."""
        data = self._load()
        lost = "pins_lost" in data
        entry = data["servers"].get(server)
        if entry is None and not lost:  # first sight: everything pinned, so nothing below is held
            stamp = _stamp()
            entry = data["servers"][server] = {
                "first_seen": stamp,
                "tools": {n: self._pin_entry(d, stamp) for n, d in definitions.items()},
            }
            self._save(data)
        pins = (entry or {}).get("tools", {})
        held: dict[str, PendingChange] = {}
        stamped = False
        for tool, definition in definitions.items():
            old = pins.get(tool)
            verdict = _against_pin(old, definition)
            if verdict in ("same", "adopt"):
                if old is not None and old.get("fields") != PIN_FIELDS:  # an older pin: it covers every field now
                    pins[tool] = {**self._pin_entry(definition, _stamp()), "approved_at": old.get("approved_at")}
                    stamped = True
                continue
            name = qualified[tool]
            held[name] = PendingChange(
                name,
                server,
                tool,
                old.get("definition") if old else None,
                definition,
                tuple(tool_warnings(definition)),
                pins_lost=lost,
                upgrade=verdict == "upgrade",
            )
        if stamped:
            self._save(data)
        self._forget_server(server)
        self._pending.update(held)
        return held

    def _forget_server(self, server: str) -> None:
        self._pending = {k: v for k, v in self._pending.items() if v.server != server}

    @staticmethod
    def _pin_entry(definition: dict[str, Any], stamp: str) -> dict[str, Any]:
        return {
            "hash": definition_hash(definition),
            "definition": definition,
            "approved_at": stamp,
            "fields": PIN_FIELDS,
        }

    def forget(self, server: str) -> None:
        """Drop a server's pins (a bundle replaced by another publisher's): its tools count as new again."""
        data = self._load()
        if data["servers"].pop(server, None) is not None:
            self._save(data)
        self._forget_server(server)

    def pending_changes(self) -> list[PendingChange]:
        """Tools held back until the user approves them, in a stable order."""
        return sorted(self._pending.values(), key=lambda p: p.name)

    def approve(self, name: str) -> PendingChange:
        """Pin the new definition of a held-back tool (the user has seen old and new)."""
        change = self._pending.get(name)
        if change is None:
            raise KeyError(name)
        data = self._load()
        stamp = _stamp()
        server = data["servers"].setdefault(change.server, {"first_seen": stamp, "tools": {}})
        server.setdefault("tools", {})[change.tool] = self._pin_entry(change.new, stamp)
        self._save(data)
        del self._pending[name]
        return change


def _against_pin(old: dict[str, Any] | None, definition: dict[str, Any]) -> str:
    """same / changed; an older pin still true to what it covered: adopt (as on first sight) or upgrade (shown once)."""
    if old is None:
        return "changed"
    if old.get("hash") == definition_hash(definition):
        return "same"
    if old.get("fields") == PIN_FIELDS:
        return "changed"
    core = {key: definition.get(key) for key in CORE_FIELDS}
    if old.get("hash") != definition_hash(core):
        return "changed"
    return "upgrade" if any(key in definition for key in UNVOUCHED) else "adopt"


def pretty_definition(definition: dict[str, Any] | None) -> str:
    """A definition as the user reads it: hidden characters made visible, schema indented."""
    if definition is None:
        return "(no earlier definition: this tool is new on the server)"
    shown, _ = reveal_tree(definition)
    lines = [f"name: {shown.get('name', '')}", "description:", str(shown.get("description") or "(none)")]
    schema = shown.get("input_schema") or {}
    lines += ["input schema:", jsonsafe.indented(schema, sort_keys=True)]
    if shown.get("annotations"):
        annotations = json.dumps(shown["annotations"], ensure_ascii=False, sort_keys=True)
        lines += [f"annotations: {annotations}"]
    if shown.get("title"):
        lines.insert(1, f"title: {shown['title']}")
    for key, label in (("output_schema", "output schema"), ("meta", "_meta"), ("execution", "execution")):
        if key in shown:
            lines += [f"{label}:", json.dumps(shown[key], ensure_ascii=False, indent=2, sort_keys=True)]
    return "\n".join(lines)


def approved_text(change: PendingChange) -> str:
    """The "approved before" side: the old definition, or why there is none to show."""
    if change.old is None and change.pins_lost:
        return "(unknown: the saved tool pins could not be read, so nothing counts as approved)"
    if change.upgrade:
        return pretty_definition(change.old) + (
            "\n(approved by an earlier version of this app, which did not record title, output schema, "
            "_meta or execution: review them once)"
        )
    return pretty_definition(change.old)


def render_change(change: PendingChange) -> str:
    """Old and new, then a unified diff: what `tools trust` shows before pinning."""
    import difflib

    old, new = approved_text(change), pretty_definition(change.new)
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
