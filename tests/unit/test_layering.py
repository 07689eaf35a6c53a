"""The house rules of ARCHITECTURE.md, checked over every import: who may import whom, no cycles, small modules."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "desktop_app"
QT_ALLOWED = ("ui", "app")
MAX_LINES = 500

# Which part of desktop_app may import which (a part is a subpackage or a top-level module;
# "desktop_app" is the package's own __init__, the version). A part may always import itself
# and LEAVES. Every part found in desktop_app needs a row: a new one is a decision, made here.
# jsonsafe and visible handle untrusted text (parsed or shown) for every part
LEAVES = frozenset({"desktop_app", "errors", "paths", "jsonsafe", "visible", "clock", "core"})
ENGINE = frozenset({"agent", "llm", "tools"})  # the loop, the model protocol, the tool registry (on core)
ALLOWED: dict[str, frozenset[str]] = {
    "desktop_app": frozenset(),
    "errors": frozenset(),
    "paths": frozenset(),
    "clock": frozenset(),  # the one "today" (pinned by tests): nothing reads the machine's date elsewhere
    "core": frozenset(),  # the engine's floor: neutral messages, the event union, provider records
    "jsonsafe": frozenset({"visible"}),  # strict, depth-limited JSON for everything read or written
    "visible": frozenset(),  # hidden and control characters made visible (terminal, window, MCP review)
    "desktop_entry": frozenset(),
    "versions": frozenset({"ui"}),  # `--version --verbose` asks ui.qt_info for Qt's version (Qt only there)
    "engine_thread": frozenset(),  # threads and queues only: knows neither the engine nor Qt
    "engine_side": ENGINE | {"engine_thread", "runtime", "store"},  # what the window asks of the engine, done there
    # a one-way chain over core: llm <- tools <- agent (issue 24: no arrow runs back up)
    "agent": ENGINE,  # the loop asks a ChatModel (llm.base) and runs ToolDefs (tools.registry)
    "llm": frozenset(),  # the protocol, the adapters and the fake: core's neutral messages in, wire out
    # travel language and data (places, when, seasons, party, stay, money): below tools and planner (issue 41)
    "travel": frozenset(),
    "tools": frozenset({"llm", "travel"}),  # the registry turns tools into llm.base ToolSpecs
    "trips": frozenset({"tools", "store", "travel"}),  # the trip model folded from tool results (tools: places
    # for time zones), saved in the history database; its exports (.ics, Markdown); the PDF is ui/trip_pdf
    "planner": frozenset({"llm", "tools", "trips", "travel"}),  # a ChatModel that reads the travel data (tools.travel);
    # trips: its cost block counts with the trip's own cost lines (one total on every surface)
    "store": frozenset(),  # history stores core's neutral messages
    "mcp": frozenset({"llm", "tools", "store"}),  # sampling asks a ChatModel; servers' tools become ToolDefs
    "runtime": ENGINE | {"planner", "mcp", "store", "trips", "travel"},  # the one place that wires a run
    "commands": ENGINE | {"mcp", "store", "runtime", "trips"},  # every CLI command: add_arguments + run
    "cli": frozenset({"commands", "mcp", "desktop_entry", "app", "versions"}),  # the table of commands
    # trips: the Trip pane shows and exports one; engine_side: the Approver and the run it hands the engine
    "ui": ENGINE | {"engine_thread", "engine_side", "mcp", "store", "runtime", "trips"},
    "app": frozenset({"ui", "store", "commands"}),  # `gui --conversation ID` resolves the id as `ask` does
    "__main__": frozenset({"cli"}),
}
# MCP's rooms (issue 43): which room may import which; a room may always import itself. Outside
# mcp/, the window (ui, app) imports a room's face (`desktop_app.mcp.client`), never a module in it.
MCP_ROOMS: dict[str, frozenset[str]] = {
    "setup": frozenset(),  # mcp.json read and written, the connector gallery
    "trust": frozenset({"setup"}),  # pins and allowed secrets, per configured server
    "auth": frozenset({"setup"}),  # OAuth sign-in for a configured server
    "apps": frozenset(),  # a tool's ui:// view and its host protocol
    "client": frozenset({"setup", "trust", "auth", "apps"}),  # connections, the manager, calls
    "bundles": frozenset({"setup", "trust"}),  # .mcpb files installed as configured servers
    "server": frozenset(),  # the app's own MCP server
}
FACE_ONLY = ("ui", "app")
# No exceptions: the last unwanted edge (mcp -> runtime: mcp-server is now handed its tools) and
# the last long module (mcp/client.py, now connection / manager / tools / sdk / person) are gone.


# ---------------------------------------------------------------- reading the imports


def _import_module_arg(node: ast.Call) -> str | None:
    """`importlib.import_module("x")` with a literal name: a dependency all the same."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name != "import_module" or not node.args:
        return None
    first = node.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


class ImportWalker(ast.NodeVisitor):
    """Every import of one module: top level, inside functions, under TYPE_CHECKING, or dynamic."""

    def __init__(self, known: frozenset[str]) -> None:
        self.known = known
        self.found: list[str] = []

    def visit_Import(self, node: ast.Import) -> None:
        self.found.extend(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:  # relative: reported as is, so the table test names it
            self.found.append("." * node.level + (node.module or ""))
            return
        module = node.module or ""
        for alias in node.names:  # `from desktop_app.planner import writer` imports a module
            full = f"{module}.{alias.name}"
            self.found.append(full if full in self.known else module)

    def visit_Call(self, node: ast.Call) -> None:
        name = _import_module_arg(node)
        if name is not None:
            self.found.append(name)
        self.generic_visit(node)


def imports_of(source: str, known: frozenset[str] = frozenset()) -> list[str]:
    """The dotted names a module's source imports, once each, in order (TYPE_CHECKING blocks too)."""
    walker = ImportWalker(known)
    walker.visit(ast.parse(source))
    return list(dict.fromkeys(walker.found))


def module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, package): p for p in sorted(package.rglob("*.py"))}


@cache
def imports(package: Path = PACKAGE) -> dict[str, list[str]]:
    """Each module of the package -> every name it imports."""
    known = frozenset(modules(package))
    return {name: imports_of(path.read_text(encoding="utf-8"), known) for name, path in modules(package).items()}


def part(module: str) -> str:
    """The row of ALLOWED a module belongs to: `desktop_app.llm.openai` -> `llm`."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else pieces[0]


# ---------------------------------------------------------------- the checks


def breaches(found: dict[str, list[str]]) -> list[str]:
    """Imports between parts that ALLOWED does not list."""
    out = []
    for source, names in found.items():
        mine = part(source)
        for name in names:
            if name.startswith("."):
                out.append(f"{source} -> {name} (relative import)")
            elif name.split(".")[0] == "desktop_app" and not _allowed(mine, part(name)):
                out.append(f"{source} -> {name} ({mine} may not import {part(name)})")
    return out


def _allowed(mine: str, theirs: str) -> bool:
    ok = ALLOWED.get(mine, frozenset()) | LEAVES | {mine}
    return theirs in ok


def graph(found: dict[str, list[str]]) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (itself left out)."""
    return {src: {n for n in names if n in found and n != src} for src, names in found.items()}


def _reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(edges.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(edges.get(node, ()))
    return seen


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles, each as its sorted modules (a DFS from every module: they are few)."""
    reach = {node: _reachable(edges, node) for node in edges}
    groups = {
        tuple(sorted(other for other in reach[node] if node in reach.get(other, set())))
        for node in edges
        if node in reach[node]
    }
    return sorted(list(group) for group in groups)


def too_long(paths: dict[str, Path], limit: int = MAX_LINES) -> dict[str, int]:
    counts = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in paths.items()}
    return {name: n for name, n in counts.items() if n > limit}


# ---------------------------------------------------------------- the house


def test_package_has_files() -> None:
    assert len(modules()) > 10


def test_qt_only_in_ui_and_app() -> None:
    found = [m for m, names in imports().items() if any(n.split(".")[0] == "PySide6" for n in names)]
    assert found and [m for m in found if part(m) not in QT_ALLOWED] == []


def test_qasync_only_in_qt_async() -> None:
    found = [m for m, names in imports().items() if "qasync" in {n.split(".")[0] for n in names}]
    assert found == ["desktop_app.ui.qt_async"]


def test_every_part_has_a_row_in_the_table() -> None:
    assert {part(m) for m in modules()} - set(ALLOWED) == set()


def test_imports_follow_the_table() -> None:
    assert breaches(imports()) == []


def test_no_import_cycles() -> None:
    found = cycles(graph(imports()))
    assert found == []


def test_no_module_over_500_lines() -> None:
    assert too_long(modules()) == {}


# ---------------------------------------------------------------- the detectors can fail


def test_walker_sees_local_type_checking_and_dynamic_imports() -> None:
    source = (
        "import os\nfrom typing import TYPE_CHECKING\nfrom desktop_app.planner import writer, Thing\n"
        "if TYPE_CHECKING:\n    from desktop_app.store.settings import Settings\n"
        "def f():\n    from PySide6.QtCore import QObject\n    import importlib\n"
        "    return importlib.import_module('desktop_app.store.secrets')\n"
        "from . import sibling\nfrom desktop_app.planner import Other\n"
    )
    found = imports_of(source, frozenset({"desktop_app.planner.writer"}))
    assert found == [
        "os",
        "typing",
        "desktop_app.planner.writer",
        "desktop_app.planner",
        "desktop_app.store.settings",
        "PySide6.QtCore",
        "importlib",
        "desktop_app.store.secrets",
        ".",
    ]


def test_table_check_catches_a_breach() -> None:
    found = {
        "desktop_app.llm.openai": ["desktop_app.core.messages", "desktop_app.tools.registry"],
        "desktop_app.agent.loop": ["desktop_app.ui.session", "desktop_app.paths", "json"],
        "desktop_app.tools.web": ["desktop_app.store.secrets", ".sibling"],
    }
    assert breaches(found) == [
        "desktop_app.llm.openai -> desktop_app.tools.registry (llm may not import tools)",
        "desktop_app.agent.loop -> desktop_app.ui.session (agent may not import ui)",
        "desktop_app.tools.web -> desktop_app.store.secrets (tools may not import store)",
        "desktop_app.tools.web -> .sibling (relative import)",
    ]


def test_cycle_finder_on_synthetic_graphs() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a", "f"}, "f": {"e"}}
    assert cycles(edges) == [["a", "b", "c"], ["e", "f"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    found = {"desktop_app.x": ["desktop_app.y", "os"], "desktop_app.y": ["desktop_app.x"]}
    assert cycles(graph(found)) == [["desktop_app.x", "desktop_app.y"]]


def test_size_check_catches_a_long_module(tmp_path: Path) -> None:
    long, short = tmp_path / "long.py", tmp_path / "short.py"
    long.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    short.write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    assert too_long({"long": long, "short": short}) == {"long": MAX_LINES + 1}


def room(module: str) -> str:
    """The MCP room a module belongs to (`desktop_app.mcp.client.manager` -> `client`), else ""."""
    pieces = module.split(".")
    return pieces[2] if len(pieces) > 2 and pieces[1] == "mcp" else ""


def room_breaches(found: dict[str, list[str]]) -> list[str]:
    """Imports between MCP rooms that MCP_ROOMS does not list, and the window past a room's face."""
    out = []
    for source, names in found.items():
        for name in (n for n in names if room(n)):
            mine, theirs = room(source), room(name)
            if mine and theirs != mine and theirs not in MCP_ROOMS.get(mine, frozenset()):
                out.append(f"{source} -> {name} ({mine} may not import {theirs})")
            if part(source) in FACE_ONLY and name.count(".") > 2:
                out.append(f"{source} -> {name} (the window uses desktop_app.mcp.{theirs}, the room's face)")
    return out


def test_mcp_is_rooms_with_a_row_each() -> None:
    top = {p.stem for p in (PACKAGE / "mcp").glob("*.py")} - {"__init__"}
    assert top == set(), f"modules outside a room: {sorted(top)}"
    rooms = {p.name for p in (PACKAGE / "mcp").iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(MCP_ROOMS), sorted(rooms ^ set(MCP_ROOMS))


def test_rooms_follow_their_table_and_the_window_uses_faces() -> None:
    assert room_breaches(imports()) == []


def test_room_checks_see_a_breach() -> None:
    found = {
        "desktop_app.mcp.setup.config": ["desktop_app.mcp.client.manager"],
        "desktop_app.ui.x": ["desktop_app.mcp.client.manager", "desktop_app.mcp.client"],
    }
    assert room_breaches(found) == [
        "desktop_app.mcp.setup.config -> desktop_app.mcp.client.manager (setup may not import client)",
        "desktop_app.ui.x -> desktop_app.mcp.client.manager (the window uses desktop_app.mcp.client, the room's face)",
    ]


def test_every_face_name_exists() -> None:
    """A face lists each name once, from a module of its room that has it."""
    import importlib
    import inspect

    for name in MCP_ROOMS:
        face = importlib.import_module(f"desktop_app.mcp.{name}")
        for attr in [n for n, v in vars(face).items() if not n.startswith("_") and not inspect.ismodule(v)]:
            assert getattr(face, attr) is not None, f"desktop_app.mcp.{name}.{attr}"
