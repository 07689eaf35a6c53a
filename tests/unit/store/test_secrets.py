"""Keys: env wins, keyring next, never a plaintext file, never echoed, session-only fallback."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from keyring.backends import fail, null

from desktop_app.commands.keys import keys_command
from desktop_app.store import secrets
from tests.keyrings import LockedKeyring, MemoryKeyring, PlaintextKeyring, use_keyring

__all__ = ["use_keyring"]
KEY = "sk-test-0123456789abcdefXYZ"


@pytest.fixture(autouse=True)
def no_session_keys() -> Iterator[None]:
    secrets.forget_session_keys()
    yield
    secrets.forget_session_keys()


def feed_stdin(monkeypatch: pytest.MonkeyPatch, text: str, tty: bool = False) -> None:
    stream = io.StringIO(text)
    stream.isatty = lambda: tty  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stream)


def test_set_get_delete_in_the_keyring(use_keyring: Any) -> None:
    ring = use_keyring(MemoryKeyring())
    secrets.set_key("openai", f"  {KEY}\n")
    assert ring.store == {("travel-assistant", "openai"): KEY}
    assert secrets.lookup_key("openai") == KEY
    assert secrets.key_status("openai").source == "keyring"
    assert secrets.delete_key("openai") is True
    assert secrets.lookup_key("openai") is None
    assert secrets.delete_key("openai") is False


def test_environment_wins(use_keyring: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    use_keyring(MemoryKeyring())
    secrets.set_key("anthropic", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-env-000000000")
    assert secrets.lookup_key("anthropic") == "sk-ant-from-env-000000000"
    status = secrets.key_status("anthropic")
    assert status.source == "env" and "ANTHROPIC_API_KEY" in status.detail


@pytest.mark.parametrize("backend", [fail.Keyring(), null.Keyring()], ids=["fail", "null"])
def test_no_keyring_fails_clearly(use_keyring: Any, backend: Any) -> None:
    use_keyring(backend)
    usable, reason = secrets.keyring_usable()
    assert not usable and reason
    with pytest.raises(secrets.SecretsError, match="OPENAI_API_KEY") as info:
        secrets.set_key("openai", KEY)
    assert KEY not in str(info.value) and "keyring" in str(info.value)


def test_plaintext_file_backend_counts_as_no_keyring(use_keyring: Any) -> None:
    ring = use_keyring(PlaintextKeyring())
    assert secrets.is_plaintext(ring)
    usable, reason = secrets.keyring_usable()
    assert not usable and "plaintext" in reason
    with pytest.raises(secrets.SecretsError):
        secrets.set_key("openai", KEY)
    assert ring.store == {}  # nothing fell back to the file
    assert secrets.lookup_key("openai") is None


def test_plaintext_backend_the_user_chose_is_used(use_keyring: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ring = use_keyring(PlaintextKeyring())
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    assert secrets.keyring_usable()[0]
    secrets.set_key("openai", KEY)
    assert ring.store[("travel-assistant", "openai")] == KEY


def test_plaintext_backend_chosen_in_keyringrc(use_keyring: Any, tmp_path: Any) -> None:
    use_keyring(PlaintextKeyring())
    from keyring.core import _config_path

    path = _config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[backend]\ndefault-keyring=keyrings.alt.file.PlaintextKeyring\n")
    assert secrets.keyring_usable()[0]


def test_locked_keyring(use_keyring: Any) -> None:
    use_keyring(LockedKeyring())
    assert secrets.lookup_key("openai") is None
    with pytest.raises(secrets.SecretsError, match="unlock"):
        secrets.set_key("openai", KEY)


def test_session_key_when_there_is_no_keyring(use_keyring: Any) -> None:
    use_keyring(fail.Keyring())
    secrets.remember_for_session("openai", KEY)
    assert secrets.lookup_key("openai") == KEY
    assert secrets.key_status("openai").source == "session"
    assert secrets.delete_key("openai") is True
    assert secrets.lookup_key("openai") is None


def test_keys_set_from_stdin_never_echoes(
    use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ring = use_keyring(MemoryKeyring())
    feed_stdin(monkeypatch, KEY + "\n")
    assert keys_command("set", "openai") == 0
    assert ring.store[("travel-assistant", "openai")] == KEY
    assert keys_command("status") == 0
    out = capsys.readouterr()
    assert KEY not in out.out + out.err
    assert "openai" in out.out and "in the keyring" in out.out


def test_keys_set_on_a_terminal_uses_a_hidden_prompt(
    use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ring = use_keyring(MemoryKeyring())
    feed_stdin(monkeypatch, "", tty=True)
    prompts: list[str] = []

    def fake_getpass(prompt: str) -> str:
        prompts.append(prompt)
        return KEY

    monkeypatch.setattr("getpass.getpass", fake_getpass)
    assert keys_command("set", "anthropic") == 0
    assert prompts and "hidden" in prompts[0]
    assert ring.store[("travel-assistant", "anthropic")] == KEY
    assert KEY not in capsys.readouterr().out


def test_keys_command_errors(
    use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    use_keyring(fail.Keyring())
    feed_stdin(monkeypatch, KEY)
    assert keys_command("set", "openai") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "OPENAI_API_KEY" in err and KEY not in err
    assert keys_command("set", "offline") == 2
    use_keyring(MemoryKeyring())
    feed_stdin(monkeypatch, "   \n")
    assert keys_command("set", "openai") == 1
    assert "no key" in capsys.readouterr().err
    assert keys_command("delete", "openai") == 1


def test_a_keyring_that_cannot_even_be_imported_is_no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "keyring", None)  # a broken install: the import fails
    backend, reason = secrets._secure_backend()
    assert backend is None and reason == "the keyring could not start (ModuleNotFoundError)"
