"""File → Install MCP bundle… (or a `.mcpb` dropped on the window): the same facts as
`mcp install`, a field for each `user_config` option (sensitive ones hidden), then Install.

Nothing blocks: the file dialog and this dialog are opened with `open()`, never `exec()`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.mcp.bundles import (
    Bundle,
    BundleError,
    Installed,
    NameTakenError,
    Replacement,
    UserOption,
    Value,
    install,
    read_bundle,
    replacement,
    secret_like,
)
from desktop_app.mcp.setup import McpConfigError, app_config_path
from desktop_app.store.secrets import SecretsError
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label, read_only_text
from desktop_app.ui.text import make_visible, plain_tip
from desktop_app.visible import one_line

SUFFIXES = (".mcpb", ".dxt")


def facts_text(bundle: Bundle, replacing: Replacement | None = None) -> str:
    """The facts `mcp install` prints, one a line, with translated labels."""
    labels = {
        "name": tr("Name"),
        "description": tr("Description"),
        "version": tr("Version"),
        "author": tr("Author"),
        "server": tr("Server"),
        "it runs": tr("It runs"),
        "environment": tr("Environment"),
        "it asks": tr("It asks for"),
        "files": tr("Files"),
    }
    lines = [f"{labels.get(label, label)}: {value}" for label, value in bundle.facts()]
    if replacing is not None:
        lines += replacement_lines(replacing)
    lines.append(tr("Its tools are pinned on first connect; changed definitions are held back for your review."))
    return make_visible("\n".join(lines))  # hidden or bidi characters in a manifest are shown, not obeyed


def replacement_lines(replacing: Replacement) -> list[str]:
    """The installed bundle this one replaces: both publishers and versions, and what changes (one line each)."""
    old = one_line(f"{replacing.name} {replacing.old_version} ({replacing.old_publisher or '?'})")
    new = one_line(f"{replacing.new_version} ({replacing.new_publisher})")
    lines = [tr("Replaces: the installed %1").replace("%1", old), tr("With: %1").replace("%1", new)]
    if replacing.same_publisher:
        lines.append(tr("Publisher: the same; tool trust and allowances are kept"))
    else:
        lines.append(tr("Publisher: ANOTHER one; the installed bundle's tool trust, allowances and secrets go"))
    return lines + [tr("Changed: %1").replace("%1", one_line(change)) for change in replacing.changes]


def bundle_path(urls: list[QUrl]) -> Path | None:
    """The first local `.mcpb` / `.dxt` file among dropped URLs."""
    for url in urls:
        if url.isLocalFile() and url.toLocalFile().lower().endswith(SUFFIXES):
            return Path(url.toLocalFile())
    return None


class BundleDialog(QDialog):
    """What the bundle is and runs, its options, Install / Cancel; `installed` carries the server's name."""

    installed = Signal(object)  # Installed

    def __init__(self, bundle: Bundle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bundle = bundle
        self.setObjectName("bundleDialog")
        self.setWindowTitle(tr("Install MCP bundle"))
        self.resize(760, 480)
        try:
            self.replacing = replacement(bundle)
        except McpConfigError:
            self.replacing = None  # Install says why mcp.json cannot be edited
        self.details = read_only_text(self, "bundleDetails", facts_text(bundle, self.replacing), mono=False)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # each line begins with our label
        self.fields: dict[str, QLineEdit | QCheckBox] = {}
        form = QFormLayout()
        for option in bundle.manifest.options:
            field = self._field(option)
            field.setToolTip(plain_tip(make_visible(option.description)))
            self.fields[option.key] = field
            form.addRow(plain_label(one_line(option.title) + (" *" if option.required else ""), self), field)
        self.keep = self._secret_rows(form)
        self.note = plain_label("", self, "bundleNote", error=True)
        self.install_button = QPushButton(tr("Install"), self)
        self.install_button.setObjectName("installBundle")
        cancel = QPushButton(tr("Cancel"), self)
        self.replace_box = self._replace_box()
        layout = QVBoxLayout(self)
        layout.addWidget(self.details, 1)
        layout.addLayout(form)
        if self.replace_box is not None:
            layout.addWidget(self.replace_box)
        layout.addLayout(hbox(self.note, self.install_button, cancel))
        self.install_button.clicked.connect(self._install)
        cancel.clicked.connect(self.reject)

    def _replace_box(self) -> QCheckBox | None:
        """Replacing an installed bundle is asked for explicitly: Install waits until this is ticked."""
        if self.replacing is None:
            return None
        box = QCheckBox(tr("Replace the installed bundle %1").replace("%1", self.replacing.name), self)
        box.setObjectName("replaceBundle")
        self.install_button.setEnabled(False)
        box.toggled.connect(self.install_button.setEnabled)
        return box

    def _secret_rows(self, form: QFormLayout) -> dict[str, QCheckBox]:
        """Under each option named like a secret (not marked sensitive): keep it in the keyring, or where it goes."""
        keep: dict[str, QCheckBox] = {}
        for option, able in secret_like(self.bundle):
            title = one_line(option.title)
            field = self.fields[option.key]
            if isinstance(field, QLineEdit):
                field.setEchoMode(QLineEdit.EchoMode.Password)  # typed like the secret it looks like
            if not able:
                plain = tr("%1 looks like a secret, but the bundle runs it in its command line: plain text in %2.")
                where = plain.replace("%1", title).replace("%2", str(app_config_path()))
                form.addRow(plain_label(where, self, "plainSecret", error=True))
                continue
            box = keep[option.key] = QCheckBox(tr("Keep %1 in the keyring, not in mcp.json").replace("%1", title), self)
            box.setObjectName(f"keep_{option.key}")
            box.setToolTip(tr("It looks like a secret, though the bundle does not mark it sensitive."))
            box.setChecked(True)
            form.addRow("", box)
        return keep

    def _field(self, option: UserOption) -> QLineEdit | QCheckBox:
        if option.type == "boolean":
            box = QCheckBox(self)
            box.setChecked(option.default is True)
            return box
        edit = QLineEdit(self)
        edit.setObjectName(f"option_{option.key}")
        edit.setAccessibleName(option.title)
        if option.sensitive:
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setPlaceholderText(tr("kept in the keyring only"))
        elif option.default is not None:
            default = option.default
            edit.setText(", ".join(default) if isinstance(default, list) else str(default))
        return edit

    def values(self) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for option in self.bundle.manifest.options:
            field = self.fields[option.key]
            if isinstance(field, QCheckBox):
                out[option.key] = field.isChecked()
                continue
            text = field.text().strip()
            if text:
                out[option.key] = [p.strip() for p in text.split(",") if p.strip()] if option.multiple else text
        return out

    def _install(self) -> None:
        try:
            keep = frozenset(k for k, box in self.keep.items() if box.isChecked())
            replace = self.replace_box is not None and self.replace_box.isChecked()
            done = install(self.bundle, self.values(), keep=keep, replace_bundle=replace)
        except NameTakenError as exc:
            self.note.setText(tr("%1: nothing was changed; rename or remove your entry first.").replace("%1", str(exc)))
            return
        except (BundleError, McpConfigError, SecretsError, OSError) as exc:
            self.note.setText(tr("Nothing was installed: %1").replace("%1", one_line(str(exc))))
            return
        self.installed.emit(done)
        self.accept()


def choose_bundle_file(parent: QWidget, chosen: Callable[[Path], object]) -> QFileDialog:
    """A non-modal file dialog for `.mcpb` / `.dxt` files; `chosen` gets the path."""
    dialog = QFileDialog(parent, tr("Install MCP bundle"))
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setNameFilters([tr("MCP bundles (*.mcpb *.dxt)")])
    dialog.fileSelected.connect(lambda path: chosen(Path(path)))
    dialog.open()
    return dialog


def open_bundle_dialog(path: Path, parent: QWidget, installed: Callable[[Installed], object]) -> QDialog:
    """The confirmation dialog for the bundle at `path`, or a box saying why it cannot be installed."""
    try:
        bundle = read_bundle(path)
    except BundleError as exc:
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Install MCP bundle"), f"{path.name}: {exc}", parent=parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setModal(False)
        box.open()
        return box
    dialog = BundleDialog(bundle, parent)
    dialog.installed.connect(installed)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
