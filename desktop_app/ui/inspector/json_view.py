"""JSON shown two ways: a collapsible tree (model/view) and pretty raw text with syntax colour."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetrics,
    QGuiApplication,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desktop_app import jsonsafe
from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.layout import bold, hbox, tint
from desktop_app.ui.palette import colours
from desktop_app.ui.text import make_visible, plain_tip

MAX_DECODE_DEPTH = 6
MAX_DECODE_CHARS = 2_000_000
NO_VALUE = object()  # a pane with nothing to show
CELL_PAD = 12  # px beside a cell's text: the delegate's margins, with room to spare

AnyIndex = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()  # the invisible root, as a default argument


def try_decode(text: str) -> Any:
    """The JSON object or array inside a string, or NO_VALUE when it holds none."""
    stripped = text.strip()
    if len(stripped) < 2 or len(stripped) > MAX_DECODE_CHARS or stripped[0] not in "[{":
        return NO_VALUE
    try:
        value = jsonsafe.loads(stripped)  # model text: ValueError, not RecursionError, when too deep
    except ValueError:
        return NO_VALUE
    return value if isinstance(value, dict | list) else NO_VALUE


def decode_nested(value: Any, depth: int = 0) -> Any:
    """The value with every string that holds a JSON object or array replaced by its parse."""
    if depth > MAX_DECODE_DEPTH:
        return value
    if isinstance(value, str):
        inner = try_decode(value)
        return value if inner is NO_VALUE else decode_nested(inner, depth + 1)
    if isinstance(value, dict):
        return {k: decode_nested(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_nested(v, depth + 1) for v in value]
    return value


_COLOUR_OF = {  # a node's kind (shown translated in the Type column) -> its colour in the raw text
    marked("string"): "string",
    marked("number"): "number",
    marked("boolean"): "literal",
    marked("null"): "literal",
    marked("object"): "punct",
    marked("array"): "punct",
    marked("json-string"): "key",
}


class RowDelegate(QStyledItemDelegate):
    """Rows tall enough for mixed Latin and CJK text (the fallback font sits lower)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._floors: dict[str, int] = {}  # font key -> row height: views ask once per row and column

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        size = super().sizeHint(option, index)
        key = option.font.key()
        if key not in self._floors:
            self._floors[key] = QFontMetrics(option.font).boundingRect("国_gÅ").height() + 8
        size.setHeight(max(size.height(), self._floors[key]))
        return size


# -- tree ----------------------------------------------------------------------------------
@dataclass
class JsonNode:
    """One key/value of the tree; ids index the model's node list (no raw pointers)."""

    key: str
    value: Any
    kind: str
    parent: int
    row: int
    depth: int
    children: list[int] = field(default_factory=list)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "string"


def _summary(node: JsonNode) -> str:
    """The value column: scalars as JSON, containers as a count."""
    if node.kind == "object":
        return f"{{{len(node.value)}}}"
    if node.kind == "array":
        return f"[{len(node.value)}]"
    if node.kind == "json-string":
        return tr("JSON in a string ({n} chars)").format(n=len(node.value))
    if node.kind == "string":
        text = str(node.value)
        return text if len(text) <= 300 else text[:300] + "…"
    return json.dumps(node.value)


class ColumnsModel(QAbstractItemModel):
    """A model whose columns are COLUMNS, shown translated in the header (JSON tree, timeline)."""

    COLUMNS: tuple[str, ...] = ()

    def columnCount(self, parent: AnyIndex = ROOT) -> int:
        return len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return tr(self.COLUMNS[section])
        return None

    def retranslate(self) -> None:
        """The language changed: the views ask again for the header and every row (words are translated)."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.COLUMNS) - 1)
        self.layoutAboutToBeChanged.emit()
        self.layoutChanged.emit()


class JsonTreeModel(ColumnsModel):
    """A JSON value as a tree: Key / Value / Type; strings holding JSON open into their parse."""

    COLUMNS = (marked("Key"), marked("Value"), marked("Type"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._nodes: list[JsonNode] = []
        self._roots: list[int] = []
        self._decode = True

    def set_value(self, value: Any, *, decode: bool = True) -> None:
        """Rebuild from a value (NO_VALUE for empty)."""
        self.beginResetModel()
        self._nodes = []
        self._roots = []
        self._decode = decode
        if value is not NO_VALUE:
            self._roots = (
                self._children_of(value, -1) if _kind(value) in ("object", "array") else [self._add("", value, -1, 0)]
            )
        self.endResetModel()

    def node(self, index: AnyIndex) -> JsonNode | None:
        """The node behind an index (None for the invisible root)."""
        return self._nodes[index.internalId()] if index.isValid() else None

    def nodes(self, deepest: int) -> list[JsonNode]:
        """Every node at most `deepest` levels down (0: the top level)."""
        return [node for node in self._nodes if node.depth <= deepest]

    def child_nodes(self, node: JsonNode) -> list[JsonNode]:
        return [self._nodes[child] for child in node.children]

    def _children_of(self, value: Any, parent: int, depth: int = 0) -> list[int]:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return [self._add(str(k), v, parent, row, depth) for row, (k, v) in enumerate(items)]

    def _add(self, key: str, value: Any, parent: int, row: int, depth: int = 0) -> int:
        kind = _kind(value)
        inner = try_decode(value) if self._decode and kind == "string" else NO_VALUE
        node = JsonNode(key, value, "json-string" if inner is not NO_VALUE else kind, parent, row, depth)
        self._nodes.append(node)
        node_id = len(self._nodes) - 1
        container: Any = inner if inner is not NO_VALUE else value
        if isinstance(container, dict | list) and depth < 64:
            node.children = self._children_of(container, node_id, depth + 1)
        return node_id

    def _child_ids(self, parent: AnyIndex) -> list[int]:
        node = self.node(parent)
        return self._roots if node is None else node.children

    # -- QAbstractItemModel ----------------------------------------------------------------
    def index(self, row: int, column: int, parent: AnyIndex = ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        return self.createIndex(row, column, self._child_ids(parent)[row])

    def parent(self, index: AnyIndex = ROOT) -> QModelIndex:  # type: ignore[override]
        node = self.node(index)
        if node is None or node.parent < 0:
            return QModelIndex()
        return self.createIndex(self._nodes[node.parent].row, 0, node.parent)

    def rowCount(self, parent: AnyIndex = ROOT) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._child_ids(parent))

    def data(self, index: AnyIndex, role: int = 0) -> Any:
        node = self.node(index)
        if node is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:  # hidden and bidi characters shown as ⟨U+202E⟩, as everywhere
            column = index.column()
            return tr(node.kind) if column == 2 else make_visible(str(node.key) if column == 0 else _summary(node))
        if role == Qt.ItemDataRole.ToolTipRole and node.kind in ("string", "json-string"):
            return plain_tip(make_visible(str(node.value)[:2000]))
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 1:
            return QColor(_palette_colours()[_COLOUR_OF.get(node.kind, "punct")])
        return None


# -- raw text ------------------------------------------------------------------------------
_TOKEN = re.compile(
    r'(?P<str>"(?:[^"\\]|\\.)*")(?P<colon>\s*:)?'
    r"|(?P<num>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"|(?P<lit>\btrue\b|\bfalse\b|\bnull\b)"
)


def _palette_colours() -> dict[str, str]:
    """The JSON colours of the scheme painted now (ui/palette.py)."""
    c = colours()
    return {
        "key": c.json_key,
        "string": c.json_string,
        "number": c.json_number,
        "literal": c.json_literal,
        "punct": c.json_punct,
    }


class JsonHighlighter(QSyntaxHighlighter):
    """Colours keys, strings, numbers and literals of pretty-printed JSON, one line at a time."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        self.recolour()

    def recolour(self) -> None:
        """Formats for the scheme painted now; the window calls it (and rehighlights) on a switch."""
        for name, colour in _palette_colours().items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(colour))
            if name == "key":
                fmt.setFontWeight(QFont.Weight.DemiBold)
            self._formats[name] = fmt

    def highlightBlock(self, text: str) -> None:
        for match in _TOKEN.finditer(text):
            if match.group("str") is not None:
                kind = "key" if match.group("colon") else "string"
                self.setFormat(match.start("str"), len(match.group("str")), self._formats[kind])
            else:
                kind = "number" if match.group("num") is not None else "literal"
                self.setFormat(match.start(), len(match.group()), self._formats[kind])


# -- the pane ------------------------------------------------------------------------------
class JsonPane(QWidget):
    """A titled JSON viewer: Tree / Raw switch, nested-JSON decoding toggle and a Copy button."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        """`title` in English (a `marked` string or a name): the pane translates it, again after a switch."""
        super().__init__(parent)
        self.value: Any = NO_VALUE  # what is shown (NO_VALUE: nothing)
        self._exact: str | None = None
        self._title = title
        self.title = QLabel(self)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        bold(self.title)
        self.tree_button = self._mode_button()
        self.raw_button = self._mode_button()
        self.decode_box = QCheckBox(self)
        self.decode_box.setChecked(True)
        self.copy_button = QToolButton(self)
        self.model = JsonTreeModel(self)
        self.tree = QTreeView(self)
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setItemDelegate(RowDelegate(self.tree))
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.raw = QPlainTextEdit(self)
        self.raw.setReadOnly(True)
        self.raw.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)  # at the widget's size
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.raw.setFont(font)
        self.highlighter = JsonHighlighter(self.raw.document())
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.tree)
        self.stack.addWidget(self.raw)
        self._layout()
        self._group = QButtonGroup(self)  # exclusive: Tree or Raw
        self._group.addButton(self.tree_button)
        self._group.addButton(self.raw_button)
        self.tree_button.setChecked(True)
        self.raw_button.toggled.connect(self.stack.setCurrentIndex)  # checked: page 1 (raw), else page 0 (tree)
        self.decode_box.toggled.connect(self._refresh)
        self.tree.expanded.connect(self._widen_keys)
        self.copy_button.clicked.connect(self.copy)
        self.retranslate()

    def retranslate(self) -> None:
        """Every label in the current language (after a switch, the header and type names too)."""
        title = tr(self._title)
        self.title.setText(title)
        self.tree_button.setText(tr("Tree"))
        self.raw_button.setText(tr("Raw"))
        for button in (self.tree_button, self.raw_button):
            button.setAccessibleDescription(tr("How the JSON below is shown"))
        self.decode_box.setText(tr("Decode nested JSON"))
        self.decode_box.setToolTip(tr("Show strings that hold JSON as parsed JSON"))
        self.copy_button.setText(tr("Copy"))
        self.copy_button.setToolTip(tr("Copy the raw JSON to the clipboard"))
        self.tree.setAccessibleName(tr("{title} as a tree").format(title=title))
        self.raw.setAccessibleName(tr("{title} as raw JSON").format(title=title))
        self.copy_button.setAccessibleName(tr("Copy {title}").format(title=title))
        self.model.retranslate()

    def _mode_button(self) -> QToolButton:
        button = QToolButton(self)
        button.setCheckable(True)
        button.setAutoRaise(True)
        return button

    def _layout(self) -> None:
        bar = hbox(self.title, self.tree_button, self.raw_button, self.decode_box, self.copy_button, grow=None)
        bar.insertStretch(3, 1)  # the mode buttons by the title, the rest at the right
        bar.setSpacing(4)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addLayout(bar)
        box.addWidget(self.stack, 1)

    # -- content ---------------------------------------------------------------------------
    def set_value(self, value: Any, *, exact_text: str | None = None) -> None:
        """Show a JSON value; `exact_text` is the string as exchanged, shown when not decoding."""
        self.value = value
        self._exact = exact_text
        self._refresh()

    def set_json_text(self, text: str) -> None:
        """Show a string that should hold JSON (a tool result): parsed when it parses."""
        try:
            value: Any = jsonsafe.loads(text)
        except ValueError:
            value = text
        self.set_value(value, exact_text=text)

    def clear_value(self) -> None:
        self.set_value(NO_VALUE)

    def set_mode(self, raw: bool) -> None:
        """Tree (False) or raw text (True)."""
        (self.raw_button if raw else self.tree_button).setChecked(True)

    def is_raw(self) -> bool:
        return self.raw_button.isChecked()

    def mark_key(self, key: str) -> int:
        """Highlight the raw lines holding `"key":` (the seed's point of difference); count."""
        needle = f'"{key}":'
        found = []
        block = self.raw.document().begin()
        while block.isValid():
            if block.text().lstrip().startswith(needle):
                found.append(QTextCursor(block))
            block = block.next()
        return tint(self.raw, found, colours().find_bg, whole=True)

    def raw_text(self) -> str:
        """What the raw view shows (and Copy copies)."""
        if self.value is NO_VALUE:
            return ""
        if self._exact is not None and (not self.decode_box.isChecked() or not isinstance(self.value, dict | list)):
            return self._exact  # not JSON (or not decoding): exactly what was exchanged
        return jsonsafe.indented(decode_nested(self.value) if self.decode_box.isChecked() else self.value)

    def _refresh(self) -> None:
        decode = self.decode_box.isChecked()
        shown = self._exact if not decode and self._exact is not None else self.value
        self.model.set_value(shown, decode=decode)
        depth = 1 if self.model.rowCount() < 50 else 0
        self.tree.expandToDepth(depth)
        self._fit_columns(self.model.nodes(depth + 1))
        self.raw.setExtraSelections([])
        self.raw.setPlainText(make_visible(self.raw_text()))  # shown revealed; Copy copies the exact text

    def _fit_columns(self, shown: list[JsonNode]) -> None:
        """Key and Type as wide as what they show, measured here: ResizeToContents asks the
        delegate for every row at each layout (~8 ms when a 100-row result first shows)."""
        metrics = self.tree.fontMetrics()
        kinds = [tr(kind) for kind in _COLOUR_OF] + [tr(self.model.COLUMNS[2])]  # every type name, and the header
        self.tree.header().resizeSection(2, max(map(metrics.horizontalAdvance, kinds)) + CELL_PAD)
        self.tree.header().resizeSection(0, self._key_width(shown, tr(self.model.COLUMNS[0])))

    def _widen_keys(self, index: QModelIndex) -> None:
        """A node opened: the Key column grows to its children's keys (it never shrinks under the reader)."""
        node = self.model.node(index)
        if node is not None:
            width = self._key_width(self.model.child_nodes(node), "")
            self.tree.header().resizeSection(0, max(width, self.tree.header().sectionSize(0)))

    def _key_width(self, nodes: list[JsonNode], header: str) -> int:
        metrics, step = self.tree.fontMetrics(), self.tree.indentation()
        widths = [step * (node.depth + 1) + metrics.horizontalAdvance(make_visible(node.key)) for node in nodes]
        return max([metrics.horizontalAdvance(header), *widths]) + CELL_PAD

    def copy(self) -> None:
        """Put the raw JSON on the clipboard."""
        QGuiApplication.clipboard().setText(self.raw_text())
