"""keyring is not imported where none of its backends can work, and asked whenever one may."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from desktop_app.store import keyring_reach

ROOT = Path(__file__).resolve().parents[3]
PROBE = textwrap.dedent(
    """
    import json, sys
    from desktop_app.store import secrets
    usable, reason = secrets.keyring_usable()
    print(json.dumps([usable, reason, secrets.lookup_key("openai"), "keyring" in sys.modules]))
    """
)


def _probe(home: Path, **env: str) -> list[object]:
    base = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "PYTHON_KEYRING_BACKEND")}
    base |= {"HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "PYTHONPATH": str(ROOT)}
    base.pop("OPENAI_API_KEY", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=base | env, capture_output=True, text=True, timeout=60, check=True
    )
    result: list[object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="macOS and Windows always have a keyring")
def test_no_bus_no_keyring_import(tmp_path: Path) -> None:
    if any(importlib.util.find_spec(n) for n in keyring_reach._BUS_FINDERS):
        pytest.skip("gi or dbus-python is installed: keyring is asked")
    if keyring_reach._plugin_backends(tuple(sys.path)):
        pytest.skip("a third-party keyring backend is installed: keyring is asked")
    assert _probe(tmp_path) == [False, "no keyring service found", None, False]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="macOS and Windows always have a keyring")
def test_keyring_is_asked_when_a_backend_may_work(tmp_path: Path) -> None:
    # a backend chosen by the user is found even without a bus
    chosen = _probe(tmp_path, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    assert chosen[3] is True and chosen[0] is False
    config = tmp_path / "config" / "python_keyring"
    config.mkdir(parents=True)
    (config / "keyringrc.cfg").write_text("[backend]\ndefault-keyring=keyring.backends.null.Keyring\n")
    assert _probe(tmp_path)[3] is True
    (config / "keyringrc.cfg").unlink()
    # a session bus (here one that does not answer): keyring tries it, then says there is none
    bus = _probe(tmp_path, DBUS_SESSION_BUS_ADDRESS=f"unix:path={tmp_path}/no-bus")
    assert bus[3] is True and bus[0] is False and bus[2] is None


def test_already_imported_keyring_is_always_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring  # noqa: F401 - a backend may have been set in code (the tests' use_keyring does)

    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    assert keyring_reach.keyring_may_work() is True


def test_third_party_backend_found(tmp_path: Path) -> None:
    dist = tmp_path / "keyrings.example-1.0.dist-info"
    dist.mkdir()
    (dist / "entry_points.txt").write_text("[keyring.backends]\nexample = keyrings.example\n")
    own = tmp_path / "other" / "keyring-25.0.dist-info"
    own.mkdir(parents=True)
    (own / "entry_points.txt").write_text("[keyring.backends]\nSecretService = keyring.backends.SecretService\n")
    assert keyring_reach._plugin_backends((str(tmp_path),)) is True
    assert keyring_reach._plugin_backends((str(tmp_path / "other"), str(tmp_path / "missing"))) is False
