"""Where a provider's key is kept, in words; shared by the Settings dialog and its shell & web tab."""

from __future__ import annotations

from typing import Any

from desktop_app.ui.i18n import tr


def secrets_module() -> Any | None:
    """The keyring module of the app, or None when this build lacks it."""
    try:
        from desktop_app.store import secrets
    except ImportError:
        return None
    return secrets


def key_status_text(provider: str) -> str:
    """`stored` / `not stored` (never the key itself)."""
    secrets = secrets_module()
    if secrets is None:
        return tr("key storage is not available")
    try:
        status = secrets.key_status(provider)
    except Exception as exc:  # noqa: BLE001 - SecretsError and keyring failures alike
        return str(exc)
    if not status.configured:
        return tr("not stored") + f" ({status.detail})"
    where = {
        "keyring": tr("stored in the keyring"),
        "env": tr("from the environment variable"),
        "session": tr("kept in memory for this session"),
    }
    return where.get(status.source, tr("stored"))
