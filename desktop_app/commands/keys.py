"""`travel-assistant keys set|delete|status`: the terminal side of store.secrets."""

from __future__ import annotations

import argparse
import os

from desktop_app.commands.flags import PROVIDERS, fail, read_hidden
from desktop_app.store.secrets import (
    ENV_VARS,
    KEY_PROVIDERS,
    KEYED,
    SecretsError,
    delete_key,
    key_status,
    keyring_usable,
    set_key,
)


def _set(provider: str) -> int:
    backend = set_key(provider, read_hidden(f"API key for {provider} (input hidden): ", whole=True))
    print(f"saved the {provider} key in the keyring ({backend})")
    if os.environ.get(ENV_VARS[provider], "").strip():
        print(f"note: {ENV_VARS[provider]} is set and wins over the keyring")
    return 0


def _delete(provider: str) -> int:
    if delete_key(provider):
        print(f"deleted the {provider} key")
        return 0
    return fail(f"no {provider} key is stored in the keyring")


def keys_command(subcommand: str, provider: str = "") -> int:
    """`keys set|delete PROVIDER` and `keys status`: exit 0 done, 1 failed, 2 bad usage."""
    if subcommand == "status":
        usable, detail = keyring_usable()
        print(f"keyring: {detail}" if usable else f"keyring: unavailable ({detail})")
        for status in map(key_status, KEY_PROVIDERS):
            print(f"{status.provider:<10} {status.detail}")
        return 0
    if provider not in KEYED:
        return fail(f"unknown provider {provider!r}: choose {', '.join(KEYED)}", 2)
    action = {"set": _set, "delete": _delete}.get(subcommand)
    if action is None:
        return fail(f"unknown keys command {subcommand!r}", 2)
    try:
        return action(provider)
    except SecretsError as exc:
        return fail(str(exc))
    except (EOFError, KeyboardInterrupt):
        return fail("cancelled; nothing was stored")


def add_arguments(keys: argparse.ArgumentParser) -> None:
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    keys_sub.add_parser("set", help="store a key (hidden prompt, or stdin)").add_argument("provider", help=PROVIDERS)
    keys_sub.add_parser("delete", help="remove a stored key").add_argument("provider", help=PROVIDERS)
    keys_sub.add_parser("status", help="which providers have a key, and from where")


def run(args: argparse.Namespace) -> int:
    return keys_command(args.keys_command, getattr(args, "provider", ""))
