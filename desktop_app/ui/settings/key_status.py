"""Where a provider's key is kept, in words; shared by the Settings dialog and its shell & web tab."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QPushButton

from desktop_app.store.secrets import SecretsError, key_status, keyring_usable, remember_for_session, set_key
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label


def key_status_text(provider: str) -> str:
    """`Key for openai: stored` / `Key for openai: not stored (…)` (never the key itself)."""
    try:
        status = key_status(provider)
    except SecretsError as exc:  # an unknown provider; keyring failures already read as "not set"
        where = str(exc)
    else:
        where = tr("not stored") + f" ({status.detail})"
        if status.configured:
            where = {
                "keyring": tr("stored in the keyring"),
                "env": tr("from the environment variable"),
                "session": tr("kept in memory for this session"),
            }.get(status.source, tr("stored"))
    return tr("Key for %1: %2").replace("%1", provider).replace("%2", where)


def store_key(field: QLineEdit, provider: str, status: QLabel) -> None:
    """The key pasted in `field` (emptied at once) into the keyring, else this session's memory
    (never a file); `status` then says where it is kept. Nothing is stored without a provider (the
    offline demo has none)."""
    key = field.text().strip()
    field.clear()
    if not key or provider in ("", "offline"):
        return
    try:
        usable, _backend = keyring_usable()
        if usable:
            set_key(provider, key)
            status.setText(key_status_text(provider))
            return
        remember_for_session(provider, key)
    except SecretsError as exc:
        status.setText(tr("Could not store the key: %1").replace("%1", str(exc)))
        return
    status.setText(tr("No usable system keyring: the key is kept in memory until you quit."))


def key_row(
    form: QFormLayout, label: str, names: tuple[str, str, str], provider: Callable[[], str]
) -> tuple[QLineEdit, QPushButton, QLabel]:
    """A password field beside Store key, and under them the line saying where the key is kept;
    Store key stores the field's key for `provider()` (`names`: the three widgets' object names)."""
    parent = form.parentWidget()
    field = QLineEdit(parent)
    field.setObjectName(names[0])
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setPlaceholderText(tr("paste a key to store it in the system keyring"))
    store = QPushButton(tr("Store key"), parent)
    store.setObjectName(names[1])
    status = plain_label("", parent, names[2])
    form.addRow(label, hbox(field, store))
    form.addRow("", status)
    store.clicked.connect(lambda: store_key(field, provider(), status))
    return field, store, status
