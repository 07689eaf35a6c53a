"""Layout and widget helpers the panes and dialogs share: a row of widgets, a bold heading, a plain
label, a read-only text box, a button that leaves Enter to the dialog, a drop-down of choices, marks in a text."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QSplitter, QWidget

from desktop_app.ui.palette import colours

if TYPE_CHECKING:
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QComboBox, QTextEdit


def hbox(*widgets: QWidget, grow: int | None = 0) -> QHBoxLayout:
    """`widgets` side by side; the one at index `grow` takes the spare width (None: none does)."""
    row = QHBoxLayout()
    for i, widget in enumerate(widgets):
        row.addWidget(widget, 1 if i == grow else 0)
    return row


def splitter(*parts: QWidget, stretch: tuple[int, ...] = (), across: bool = False) -> QSplitter:
    """`parts` one above the other (`across`: side by side), each taking its `stretch` share of a resize."""
    split = QSplitter(QtCore.Qt.Orientation.Horizontal if across else QtCore.Qt.Orientation.Vertical)
    for part in parts:
        split.addWidget(part)
    for index, factor in enumerate(stretch):
        split.setStretchFactor(index, factor)
    return split


def bold(label: QLabel, scale: float = 1.0) -> QLabel:
    """`label` set in bold, `scale` times its point size (a heading)."""
    font = label.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def fixed_font(widget: QWidget) -> None:
    """The system's fixed-width font: commands, definitions, requests and logs keep their columns."""
    widget.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))


def plain_label(
    text: str, parent: QWidget | None, name: str = "", error: bool = False, selectable: bool = False
) -> QLabel:
    """A wrapped label for text from a model, a tool, a server or a file (`error`: in the error colour)."""
    label = QLabel(text, parent)
    label.setTextFormat(QtCore.Qt.TextFormat.PlainText)  # untrusted text: never rich text (Qt's namespace on use)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    if error:
        label.setStyleSheet(f"color: {colours().error};")
    if selectable:
        label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def read_only_text(parent: QWidget, name: str, text: str = "", *, mono: bool = True) -> QPlainTextEdit:
    """A read-only box, by default in the fixed-width font (`fixed_font`)."""
    view = QPlainTextEdit(text, parent)
    view.setObjectName(name)
    view.setReadOnly(True)
    if mono:
        fixed_font(view)
    return view


def button(text: str, name: str, parent: QWidget, clicked: Callable[[], object] | None = None) -> QPushButton:
    """A push button that is never the dialog's automatic default: Enter keeps its own meaning."""
    made = QPushButton(text, parent)
    made.setObjectName(name)
    made.setAutoDefault(False)
    if clicked is not None:
        made.clicked.connect(clicked)
    return made


def choice_box(parent: QWidget, name: str, items: Iterable[tuple[str, object]], current: object = None) -> QComboBox:
    """A drop-down of (label, value) items, on the one whose value is `current` (else the first)."""
    from PySide6.QtWidgets import QComboBox  # not a type the first paint needs

    box = QComboBox(parent)
    box.setObjectName(name)
    for label, value in items:
        box.addItem(label, value)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


def tint(view: QPlainTextEdit | QTextEdit, cursors: Iterable[QTextCursor], colour: str, whole: bool = False) -> int:
    """Mark `cursors` in `view` on `colour` (`whole`: their lines across the box), in place of the
    marks before; how many."""
    from PySide6.QtGui import QColor, QTextCharFormat, QTextFormat
    from PySide6.QtWidgets import QTextEdit

    fmt = QTextCharFormat()
    fmt.setBackground(QColor(colour))
    if whole:
        fmt.setProperty(QTextFormat.Property.FullWidthSelection, True)
    selections = []
    for cursor in cursors:
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor
        selection.format = fmt
        selections.append(selection)
    view.setExtraSelections(selections)
    return len(selections)
