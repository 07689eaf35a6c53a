"""Settings → MCP servers → Add from gallery…: the vetted travel connectors, each with what it
does, what leaves the machine and the exact command, added without editing a file."""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.mcp.client import missing_message
from desktop_app.mcp.setup import Connector, GalleryError, load_gallery
from desktop_app.mcp.trust import store_for
from desktop_app.store.secrets import SecretsError
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label, read_only_text


def details_text(c: Connector) -> str:
    """Everything the user should know before adding it (plain text: the file is ours, but still)."""
    lines = [
        f"{c.title} — {c.package} {c.version} ({c.licence})",
        "",
        tr("What it does: %1").replace("%1", c.what),
        tr("Data from: %1").replace("%1", c.data_from),
        tr("What leaves this computer: %1").replace("%1", c.sends),
        tr("Limits: %1").replace("%1", c.limits),
        tr("Homepage: %1").replace("%1", c.homepage),
        "",
        tr("It runs: %1").replace("%1", shlex.join(c.argv)),
    ]
    if c.key is not None:
        needs = tr("Needs a key (%1), kept in the keyring only; get one at %2").replace("%1", c.key.env)
        lines.append(needs.replace("%2", c.key.where))
    lines.append(tr("Its tools are pinned on first connect; changed definitions are held back for your review."))
    return "\n".join(lines)


class GalleryDialog(QDialog):
    """Pick a connector, read what it sends, (give its key,) Add: `chosen` carries it."""

    chosen = Signal(object)  # the Connector to add (its key, if any, is already in the keyring)

    def __init__(
        self, configured: set[str], parent: QWidget | None = None, name_for: Callable[[Connector], str] | None = None
    ) -> None:
        super().__init__(parent)
        self.name_for = name_for or (lambda c: c.name)  # the server name it will be added as
        self.chosen_name = ""
        self.setObjectName("galleryDialog")
        self.setWindowTitle(tr("Add a travel connector"))
        self.resize(820, 460)
        try:
            self.connectors = load_gallery()
            problem = ""
        except GalleryError as exc:
            self.connectors, problem = [], str(exc)
        self.list = QListWidget(self)
        self.list.setObjectName("connectors")
        self.list.setAccessibleName(tr("Connectors"))
        for c in self.connectors:
            added = tr(" (added)") if c.name in configured else ""
            item = QListWidgetItem(f"{c.title} · {c.covers}{added}", self.list)
            item.setData(Qt.ItemDataRole.UserRole, c.name)
        self.details = read_only_text(self, "connectorDetails", mono=False)
        self.key = QLineEdit(self)
        self.key.setObjectName("connectorKey")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.note = plain_label(problem or ("" if shutil.which("npx") else missing_message("npx")), self, error=True)
        self.add_button = QPushButton(tr("Add"), self)
        self.add_button.setObjectName("addConnector")
        self.add_button.setEnabled(False)
        cancel = QPushButton(tr("Cancel"), self)
        right = QVBoxLayout()
        right.addWidget(self.details, 1)
        right.addWidget(self.key)
        split = QHBoxLayout()
        split.addWidget(self.list, 2)
        split.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(split, 1)
        layout.addLayout(hbox(self.note, self.add_button, cancel))
        self.key.hide()
        self.list.currentRowChanged.connect(self._show)
        self.add_button.clicked.connect(self._add)
        cancel.clicked.connect(self.reject)

    def current(self) -> Connector | None:
        row = self.list.currentRow()
        return self.connectors[row] if 0 <= row < len(self.connectors) else None

    def _show(self, _row: int) -> None:
        c = self.current()
        self.add_button.setEnabled(c is not None)
        self.details.setPlainText(details_text(c) if c else "")
        self.key.setVisible(c is not None and c.key is not None)
        if c is not None and c.key is not None:
            self.key.clear()
            self.key.setPlaceholderText(tr("%1 (optional now; kept in the keyring)").replace("%1", c.key.env))

    def _add(self) -> None:
        c = self.current()
        if c is None:
            return
        self.chosen_name = self.name_for(c)
        if c.key is not None and self.key.text().strip():
            try:
                store_for(c.server(self.chosen_name), c.key.keyring, self.key.text().strip())
            except SecretsError as exc:
                self.note.setText(str(exc))
                return
        self.chosen.emit(c)
        self.accept()
