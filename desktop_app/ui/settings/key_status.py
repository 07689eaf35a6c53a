"""Where a provider's key is kept, in words; shared by the Settings dialog and its shell & web tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.store.secrets import SecretsError, key_status, keyring_usable, remember_for_session, set_key
from desktop_app.ui.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QLineEdit


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
    (never a file); `status` then says where it is kept. Nothing is stored without a provider."""
    key = field.text().strip()
    field.clear()
    if not key or not provider:
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
