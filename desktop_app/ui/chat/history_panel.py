"""The conversation list: search, open, rename in place, delete after a confirmation."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QLineEdit, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox
from desktop_app.ui.text import plain_tip

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from desktop_app.store.history import ConversationInfo, HistoryStore

log = logging.getLogger(__name__)
FORK_MARK = "↳ "  # a conversation forked from another at a tool call (its tooltip names the original)
ID_ROLE = 0x0100  # Qt.ItemDataRole.UserRole, as the int the API takes (no Qt namespace at import)


class HistoryPanel(QWidget):
    """Lists saved conversations newest first; emits what the user picked."""

    opened = Signal(str)  # a conversation id to show
    newRequested = Signal()  # start a fresh conversation
    deleted = Signal(str)  # a conversation id that is gone
    problem = Signal(str)  # a one-line error for the status bar

    def __init__(self, store: HistoryStore | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPanel")
        self.store = store
        self._filling = False
        self._listed = False  # the first refresh() turns the horizontal scroll bar off
        self._items: dict[str, QListWidgetItem] = {}  # conversation id -> its row, as listed
        self.confirm: QMessageBox | None = None
        self.export_dialog: QWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("newConversation")
        layout.addWidget(self.new_button)
        self.search = QLineEdit(self)
        self.search.setObjectName("search")
        self.search.setClearButtonEnabled(True)
        layout.addWidget(self.search)
        self.list = QListWidget(self)
        self.list.setObjectName("conversations")
        self.list.setUniformItemSizes(True)  # one line each: laid out without measuring 2,000 titles
        self._row_height = 0  # tall enough for Chinese, whichever title comes first (uniform sizes use it)
        layout.addWidget(self.list, 1)  # long titles elide (Qt's default)
        self.rename_button = QPushButton(self)
        self.delete_button = QPushButton(self)
        self.export_button = QPushButton(self)
        layout.addLayout(hbox(self.rename_button, self.delete_button, self.export_button, grow=None))
        self.retranslate()  # the texts and accessible names
        self.new_button.clicked.connect(self.newRequested)
        self.search.textChanged.connect(self.refresh)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        self.list.itemChanged.connect(self._renamed)
        self.rename_button.clicked.connect(self.rename_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.export_button.clicked.connect(self.export_selected)

    def retranslate(self) -> None:
        """Labels in the current language (the window calls this after a switch)."""
        self.new_button.setText(tr("New conversation"))
        self.search.setPlaceholderText(tr("Search conversations"))
        self.search.setAccessibleName(tr("Search conversations"))
        self.list.setAccessibleName(tr("Conversations"))
        self.rename_button.setText(tr("Rename"))
        self.delete_button.setText(tr("Delete"))
        self.export_button.setText(tr("Export"))

    def refresh(self, *_args: Any) -> None:
        """Reload the list (after a run, a rename, a delete, or a search edit)."""
        if self.store is None:
            return
        if not self._listed:  # once, after the first paint (the list is empty until then)
            self._listed = True
            self.list.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        current = self.selected_id()
        self._filling = True
        self.list.clear()
        try:
            infos = self.store.list(search=self.search.text().strip())
        except Exception as exc:  # a broken database must not close the window
            log.exception("history list failed")
            self.problem.emit(tr("Could not read the history: %1").replace("%1", str(exc)))
            infos = []
        titles = {info.id: info.title for info in infos}
        self._items = {}
        for info in infos:
            item = self._item(info, titles.get(info.forked_from or "", info.forked_from or ""))
            self.list.addItem(item)
            if info.id == current:
                self.list.setCurrentItem(item)
        self._filling = False

    def _item(self, info: ConversationInfo, original: str) -> QListWidgetItem:
        """One conversation's row: its title (marked when forked), a tooltip with when and what."""
        title = info.title or tr("(untitled)")
        item = QListWidgetItem(FORK_MARK + title if info.forked_from else title)
        item.setData(ID_ROLE, info.id)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(info.updated_at)))
        tip = f"{when} · {info.provider}/{info.model} · {info.message_count}"
        if info.forked_from:
            tip = tr("Fork of “%1”").replace("%1", original) + "\n" + tip
        item.setToolTip(plain_tip(tip))
        item.setFlags(item.flags() | QtCore.Qt.ItemFlag.ItemIsEditable)
        if not self._row_height:
            self._row_height = self.list.fontMetrics().boundingRect("国_gÅ").height() + 4
        item.setSizeHint(QSize(1, self._row_height))
        self._items[info.id] = item
        return item

    def show_current(self, conversation_id: str) -> None:
        """A run started or ended in this conversation: its row alone is rewritten, on top and
        selected (re-listing every conversation took ~30 ms at 2,000, at each run's start and end)."""
        if self.store is None or not self._listed or self.search.text().strip():
            self.refresh()  # a search may now match it, or not: the full listing decides
            self.select(conversation_id)
            return
        try:
            info = self.store.info(conversation_id)
        except KeyError:
            return  # nothing saved for it (yet)
        except Exception:  # noqa: BLE001 - the full listing reports a broken database
            self.refresh()
            return
        if not info.message_count:
            return  # listed once its first message is saved
        self._filling = True
        if (row := self._row_of(conversation_id)) >= 0:
            self.list.takeItem(row)
        original = self.list.item(self._row_of(info.forked_from)) if info.forked_from else None
        item = self._item(info, original.text().removeprefix(FORK_MARK) if original else info.forked_from or "")
        self.list.insertItem(0, item)
        self.list.setCurrentItem(item)
        self._filling = False

    def _row_of(self, conversation_id: str) -> int:
        item = self._items.get(conversation_id)
        return self.list.row(item) if item is not None else -1

    def select(self, conversation_id: str) -> None:
        if (row := self._row_of(conversation_id)) >= 0:
            self.list.setCurrentRow(row)

    def selected_id(self) -> str:
        item = self.list.currentItem()
        return str(item.data(ID_ROLE)) if item is not None else ""

    def _activated(self, item: QListWidgetItem) -> None:
        self.opened.emit(str(item.data(ID_ROLE)))

    def rename_selected(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def _renamed(self, item: QListWidgetItem) -> None:
        if self._filling or self.store is None:
            return
        title = item.text().removeprefix(FORK_MARK).strip()
        if title:
            self.store.rename(str(item.data(ID_ROLE)), title[:120])
        self.refresh()

    def delete_selected(self) -> None:
        """Ask first (a non-blocking message box); delete on Yes."""
        from PySide6.QtWidgets import QMessageBox  # dialogs load when used, not before the first paint

        item = self.list.currentItem()
        if item is None or self.store is None:
            return
        conversation_id, title = str(item.data(ID_ROLE)), item.text()
        box = QMessageBox(
            QMessageBox.Icon.Question,
            tr("Delete conversation"),
            tr("Delete “%1” and all its messages?").replace("%1", title),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.finished.connect(lambda result: self._confirmed(box, result, conversation_id))
        self.confirm = box
        box.open()

    def _confirmed(self, box: QMessageBox, result: int, conversation_id: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.confirm = None
        box.deleteLater()
        if result != QMessageBox.StandardButton.Yes.value or self.store is None:
            return
        self.store.delete(conversation_id)
        self.refresh()
        self.deleted.emit(conversation_id)

    def export_selected(self) -> None:
        """The Export button: Markdown, JSON or a Python script, as the save dialog's filter says."""
        conversation_id = self.selected_id()
        if conversation_id and self.store is not None:
            filters = {  # name filter -> export format
                tr("Markdown (*.md)"): "md",
                tr("JSON (*.json)"): "json",
                tr("Python, OpenAI SDK (*.py)"): "python-openai",
                tr("Python, Anthropic SDK (*.py)"): "python-anthropic",
            }
            self._ask_export(conversation_id, tr("Export conversation"), filters, "conversation.md")

    def export_python(self, conversation_id: str, fmt: str) -> None:
        """File → Export → as Python (OpenAI / Anthropic): a save dialog for the script."""
        if not conversation_id or self.store is None:
            self.problem.emit(tr("Open or start a conversation to export it."))
            return
        name = f"conversation_{fmt.removeprefix('python-')}.py"
        self._ask_export(conversation_id, tr("Export conversation as Python"), {tr("Python (*.py)"): fmt}, name, "py")

    def _ask_export(
        self, conversation_id: str, title: str, filters: dict[str, str], name: str, suffix: str = ""
    ) -> None:
        """A save dialog opened with open() (never exec); the file is written in the chosen filter's format."""
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, title)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilters(list(filters))
        dialog.setDefaultSuffix(suffix)
        dialog.selectFile(name)
        dialog.fileSelected.connect(
            lambda path: self._export(conversation_id, path, filters[dialog.selectedNameFilter()])
        )
        self.export_dialog = dialog
        dialog.open()

    def _export(self, conversation_id: str, path: str, fmt: str) -> None:
        assert self.store is not None
        try:
            if fmt.startswith("python-"):
                from desktop_app.runtime import export_script

                text = export_script(self.store, conversation_id, fmt)
            else:
                text = self.store.export(conversation_id, "json" if fmt == "json" else "md")
            Path(path).write_text(text, encoding="utf-8")
        except (OSError, KeyError, ValueError) as exc:
            self.problem.emit(tr("Could not export: %1").replace("%1", str(exc)))
