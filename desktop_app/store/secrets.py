"""API keys: the environment first, then the OS keyring (never a plaintext file) or memory."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from desktop_app.core.providers import PROVIDERS, keyed
from desktop_app.store.keyring_reach import keyring_may_work

SERVICE = "travel-assistant"
KEY_PROVIDERS = keyed()
SEARCH_PROVIDERS = ("brave", "tavily")  # web_search's live APIs (tools/web.py)
KEYED = KEY_PROVIDERS + SEARCH_PROVIDERS
ENV_VARS = {
    **{p.name: p.key_env for p in PROVIDERS if p.key_env},
    "brave": "BRAVE_SEARCH_API_KEY",
    "tavily": "TAVILY_API_KEY",
}
INSTALL_HINT = "install and unlock a keyring service (GNOME Keyring / KWallet on Linux; built in on macOS and Windows)"

# Keys the user chose to keep in memory for this process only (the window offers this).
_SESSION: dict[str, str] = {}


class SecretsError(Exception):
    """A key operation that cannot be done; the message is one line and never holds the key."""


@dataclass(frozen=True)
class KeyStatus:
    """Where a provider's key comes from; never the key itself."""

    provider: str
    configured: bool
    source: str  # "env" | "keyring" | "session" | ""
    detail: str


def _check_provider(provider: str) -> str:
    if provider not in KEYED:
        raise SecretsError(f"unknown provider {provider!r} for keys: choose {', '.join(KEYED)}")
    return provider


# ---------------------------------------------------------------- which backend


def _user_chose_backend() -> bool:
    """True when the user picked a backend (PYTHON_KEYRING_BACKEND or keyringrc.cfg)."""
    if os.environ.get("PYTHON_KEYRING_BACKEND"):
        return True
    import configparser

    try:
        from keyring.core import _config_path

        path = _config_path()  # type: ignore[no-untyped-call]
        if not path.exists():
            return False
        parser = configparser.RawConfigParser()
        parser.read(path, encoding="utf-8")
        return parser.has_option("backend", "default-keyring")
    except (OSError, configparser.Error, ImportError):
        return False


def _is_unusable(backend: Any) -> bool:
    """The fail and null backends store nothing."""
    module = type(backend).__module__
    return module in ("keyring.backends.fail", "keyring.backends.null")


def is_plaintext(backend: Any) -> bool:
    """A file on disk (keyrings.alt and the like), not a real keyring service."""
    cls = type(backend)
    return cls.__module__.startswith("keyrings.alt") or "plaintext" in cls.__name__.lower() or hasattr(cls, "file_path")


def _name(backend: Any) -> str:
    cls = type(backend)
    return f"{cls.__module__}.{cls.__name__}"


def _secure_backend() -> tuple[Any | None, str]:
    """The backend to use and, when there is none, why (one line)."""
    if not keyring_may_work():  # keyring would pick its fail backend: not imported for nothing
        return None, "no keyring service found"
    try:  # a broken install (keyring or one of its backends' packages missing) is "no keyring"
        import keyring
        from keyring.errors import KeyringError
    except ImportError as exc:
        return None, f"the keyring could not start ({type(exc).__name__})"
    try:
        backend = keyring.get_keyring()
    except (ImportError, KeyringError, RuntimeError) as exc:
        return None, f"the keyring could not start ({type(exc).__name__})"
    chosen = _user_chose_backend()
    members = list(getattr(backend, "backends", None) or []) or [backend]
    if type(backend).__name__ == "ChainerBackend":
        members = [b for b in members if not _is_unusable(b)]
        secure = [b for b in members if chosen or not is_plaintext(b)]
        if not secure:
            return None, "only a plaintext-file keyring is available"
        return secure[0], ""
    if _is_unusable(backend):
        return None, "no keyring service found"
    if is_plaintext(backend) and not chosen:
        return None, f"the only keyring is a plaintext file ({_name(backend)})"
    return backend, ""


def keyring_usable() -> tuple[bool, str]:
    """Whether keys can be kept in the OS keyring, and the backend or the reason why not."""
    backend, reason = _secure_backend()
    return (False, reason) if backend is None else (True, _name(backend))


# ---------------------------------------------------------------- keys


def _keyring_get(provider: str) -> str | None:
    backend, _ = _secure_backend()
    if backend is None:
        return None
    try:
        value = backend.get_password(SERVICE, provider)
    except Exception:  # noqa: BLE001 - a locked or broken keyring means "no key here"
        return None
    return value or None


def lookup_key(provider: str) -> str | None:
    """The key for a provider: its env variable wins, then this session, then the keyring."""
    env = os.environ.get(ENV_VARS.get(provider, ""), "").strip()
    if env:
        return env
    if provider in _SESSION:
        return _SESSION[provider]
    if provider not in KEYED:
        return None
    return _keyring_get(provider)


def keyring_secret(name: str) -> str | None:
    """A secret the user stored under `name` (MCP headers); SecretsError when there is no safe keyring."""
    usable, why = keyring_usable()
    if not usable:
        raise SecretsError(why)
    return _keyring_get(name)


def store_secret(name: str, value: str) -> None:
    """Keep a secret (MCP OAuth tokens) under `name` in the keyring; SecretsError, never a file."""
    backend, reason = _secure_backend()
    if backend is None:
        raise SecretsError(f"no safe place for it: {reason}; {INSTALL_HINT}")
    try:
        backend.set_password(SERVICE, name, value)
    except Exception as exc:  # noqa: BLE001 - KeyringError, D-Bus errors: all mean "not stored"
        raise SecretsError(f"the keyring refused to store it ({type(exc).__name__}): unlock it and try again") from None


def delete_secret(name: str) -> bool:
    """Forget a secret kept with `store_secret`; False when there was none (or no keyring)."""
    backend, _ = _secure_backend()
    return backend is not None and _keyring_delete(backend, name, "it")


def _keyring_delete(backend: Any, name: str, what: str) -> bool:
    """Delete `name` from `backend`; False when it holds none, SecretsError (naming `what`) when it refuses."""
    try:
        if backend.get_password(SERVICE, name) is None:
            return False
        backend.delete_password(SERVICE, name)
    except Exception as exc:  # noqa: BLE001
        raise SecretsError(f"the keyring refused to delete {what} ({type(exc).__name__})") from None
    return True


def _clean(key: str) -> str:
    key = key.strip()
    if not key:
        raise SecretsError("no key given (nothing was read)")
    if any(ch.isspace() for ch in key) or not key.isprintable():
        raise SecretsError("that does not look like an API key (it contains spaces or line breaks)")
    return key


def set_key(provider: str, key: str) -> str:
    """Store a key in the keyring; returns the backend's name. Never writes a file itself."""
    _check_provider(provider)
    key = _clean(key)
    backend, reason = _secure_backend()
    if backend is None:
        raise SecretsError(f"cannot store the key: {reason}; {INSTALL_HINT}, or set {ENV_VARS[provider]} instead")
    try:
        backend.set_password(SERVICE, provider, key)
    except Exception as exc:  # noqa: BLE001 - KeyringError, D-Bus errors: all mean "not stored"
        raise SecretsError(
            f"the keyring refused to store the key ({type(exc).__name__}): unlock it and try "
            f"again, or set {ENV_VARS[provider]}"
        ) from None
    return _name(backend)


def delete_key(provider: str) -> bool:
    """Remove a stored key (keyring and session); False when there was none."""
    _check_provider(provider)
    had_session = _SESSION.pop(provider, None) is not None
    backend, reason = _secure_backend()
    if backend is None:
        if had_session:
            return True
        raise SecretsError(f"cannot reach the keyring: {reason}")
    return _keyring_delete(backend, provider, "the key") or had_session


def remember_for_session(provider: str, key: str) -> None:
    """Keep a key in memory for this process only (no keyring on this machine)."""
    _check_provider(provider)
    _SESSION[provider] = _clean(key)


def forget_session_keys() -> None:
    """Drop every in-memory key."""
    _SESSION.clear()


def key_status(provider: str) -> KeyStatus:
    """Where the provider's key would come from right now."""
    _check_provider(provider)
    env = ENV_VARS[provider]
    if os.environ.get(env, "").strip():
        return KeyStatus(provider, True, "env", f"from {env}")
    if provider in _SESSION:
        return KeyStatus(provider, True, "session", "kept in memory for this session")
    usable, detail = keyring_usable()
    if not usable:
        return KeyStatus(provider, False, "", f"not set (keyring unavailable: {detail})")
    if _keyring_get(provider):
        return KeyStatus(provider, True, "keyring", f"in the keyring ({detail})")
    return KeyStatus(provider, False, "", "not set")
