"""A message too long for the transcript: the head it shows, and a viewer for all of it.

Laying out megabytes of Markdown in a label froze the window (2 MB: 16 s), so a bubble shows
HEAD_CHARS characters and "Show all" opens a plain-text viewer (long lines shown in pieces; Copy
and Save give the text exactly)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from desktop_app.ui.i18n import tr

LINE_CHARS = 4_000  # the viewer's longest line (one 10 MB line takes Qt 8 s to lay out)


def viewer_lines(text: str) -> str:
    """The text with any line longer than LINE_CHARS broken into pieces (at a space if near)."""
    if max(map(len, text.split("\n"))) <= LINE_CHARS:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        while len(line) > LINE_CHARS:
            space = line.rfind(" ", LINE_CHARS // 2, LINE_CHARS)
            at = space + 1 if space > 0 else LINE_CHARS
            out.append(line[:at])
            line = line[at:]
        out.append(line)
    return "\n".join(out)


class FullTextDialog(QDialog):
    """All of a message as plain text, with Copy and Save to file."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fullText")
        self.setWindowTitle(tr("The whole message"))
        self.text = text
        layout = QVBoxLayout(self)
        about = QLabel(tr("%1 characters, as plain text.").replace("%1", f"{len(text):,}"), self)
        layout.addWidget(about)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        self.view.setUndoRedoEnabled(False)
        self.view.setPlainText(viewer_lines(text))
        layout.addWidget(self.view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = buttons.addButton(tr("Copy all"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        save = buttons.addButton(tr("Save to file…"), QDialogButtonBox.ButtonRole.ActionRole)
        save.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def copy(self) -> None:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.text)

    def save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("Save the message"), "message.md", tr("Text (*.md *.txt)"))
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> None:
        from pathlib import Path

        Path(path).write_text(self.text, encoding="utf-8")
