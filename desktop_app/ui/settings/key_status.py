"""Where a provider's key is kept, in words; shared by the Settings dialog and its shell & web tab."""

from __future__ import annotations

from desktop_app.store.secrets import SecretsError, key_status, keyring_usable, remember_for_session, set_key
from desktop_app.ui.i18n import tr


def key_status_text(provider: str) -> str:
    """`stored` / `not stored` (never the key itself)."""
    try:
        status = key_status(provider)
    except SecretsError as exc:  # an unknown provider; keyring failures already read as "not set"
        return str(exc)
    if not status.configured:
        return tr("not stored") + f" ({status.detail})"
    where = {
        "keyring": tr("stored in the keyring"),
        "env": tr("from the environment variable"),
        "session": tr("kept in memory for this session"),
    }
    return where.get(status.source, tr("stored"))


def store_key(provider: str, key: str) -> str:
    """Into the keyring, else this session's memory (never a file); "" when stored, else the line to show."""
    try:
        usable, _backend = keyring_usable()
        if usable:
            set_key(provider, key)
            return ""
        remember_for_session(provider, key)
    except SecretsError as exc:
        return tr("Could not store the key: %1").replace("%1", str(exc))
    return tr("No usable system keyring: the key is kept in memory until you quit.")
