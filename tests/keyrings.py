"""Tiny keyring backends for tests: an in-memory store, a plaintext look-alike, a locked one."""

from __future__ import annotations

from collections.abc import Iterator

import keyring
import keyring.core
import pytest
from keyring.backend import KeyringBackend
from keyring.errors import KeyringLocked, PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    """Keeps passwords in a dict: a stand-in for the OS keyring service."""

    priority = 5  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.store:
            raise PasswordDeleteError("not found")
        del self.store[(service, username)]


class PlaintextKeyring(MemoryKeyring):
    """Looks like keyrings.alt's base64 file backend (what keyring picks silently)."""

    priority = 0.5  # type: ignore[assignment]


PlaintextKeyring.__module__ = "keyrings.alt.file"


class LockedKeyring(MemoryKeyring):
    """A keyring service that refuses to unlock."""

    def get_password(self, service: str, username: str) -> str | None:
        raise KeyringLocked("locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringLocked("locked")


@pytest.fixture
def use_keyring(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """`use_keyring(backend)` selects a backend for one test; no user keyring config is read."""
    previous = keyring.core._keyring_backend
    monkeypatch.delenv("PYTHON_KEYRING_BACKEND", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg")))

    def select(backend: KeyringBackend) -> KeyringBackend:
        keyring.set_keyring(backend)
        return backend

    yield select
    keyring.core._keyring_backend = previous
