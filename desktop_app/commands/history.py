"""`history list / show / export / import` of CONTRACT.md, and which conversation `--continue`
and `gui --conversation` mean; errors are one line on stderr."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from desktop_app import jsonsafe
from desktop_app.commands.flags import ID_HELP, fail
from desktop_app.core.providers import PROVIDERS
from desktop_app.errors import HistoryError, UsageError
from desktop_app.store.atomic import write_export
from desktop_app.store.history import FILENAME, ConversationInfo, HistoryStore
from desktop_app.store.history_export import local_time, show_dict, to_markdown
from desktop_app.store.history_import import MAX_BYTES, InvalidImportError, parse_export
from desktop_app.visible import for_terminal

# ---------------------------------------------------------------- which conversation


def _history_exists() -> bool:
    from desktop_app.paths import data_dir

    try:
        return (data_dir() / FILENAME).exists()
    except OSError:
        return True  # let the store say what is wrong with the folder


def saved_conversation(ref: str) -> str:
    """The full id for `ref` (an id or a unique prefix; "" = the latest); UsageError otherwise.
    Without a history file nothing is created: there is nothing to find."""
    if not _history_exists():
        missing = "there is no saved conversation to continue yet"
        raise UsageError(f"no saved conversation with id {ref!r}" if ref else missing)
    with HistoryStore() as store:
        try:
            return store.resolve(ref) if ref else store.latest()
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None


def ask_target(prompt: str | None, continue_ref: str | None) -> tuple[str, str]:
    """`ask`'s prompt and the saved conversation it continues ("" = a new one). argparse gives
    `ask --continue "TEXT"` to --continue, so TEXT without another prompt is the prompt."""
    if prompt is None and continue_ref:
        prompt, continue_ref = continue_ref, ""
    if prompt is None:
        raise UsageError("ask needs a PROMPT (the message to send)")
    return prompt, "" if continue_ref is None else saved_conversation(continue_ref)


# ---------------------------------------------------------------- list / show / export


def list_table(items: Sequence[ConversationInfo]) -> str:
    """Aligned columns, newest first (the order given); the title last so it may be any width."""
    rows = [("ID", "UPDATED", "MSGS", "MODEL", "TITLE")]
    rows += [(c.id, local_time(c.updated_at), str(c.message_count), f"{c.provider}/{c.model}", c.title) for c in items]
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [f"{i:<{w[0]}}  {at:<{w[1]}}  {n:>{w[2]}}  {model:<{w[3]}}  {title}" for i, at, n, model, title in rows]
    return "\n".join(lines) + "\n"


def _list(store: HistoryStore, as_json: bool) -> int:
    items = store.list()
    if as_json:
        print(jsonsafe.dumps([c.to_dict() for c in items], indent=2))
    elif items:
        sys.stdout.write(for_terminal(list_table(items)))
    else:
        print("no saved conversations yet", file=sys.stderr)
    return 0


def _show(store: HistoryStore, conv_id: str, as_json: bool) -> int:
    info = store.info(conv_id)
    messages = store.stored_messages(conv_id)
    if as_json:
        print(jsonsafe.dumps(show_dict(info, messages), indent=2))
    else:
        sys.stdout.write(for_terminal(to_markdown(info, messages)))
    return 0


def _export(store: HistoryStore, conv_id: str, fmt: str, output: str) -> int:
    if fmt.startswith("python-"):
        from desktop_app.runtime import export_script

        text = export_script(store, conv_id, fmt)
    else:
        text = store.export(conv_id, "json" if fmt == "json" else "md")
    if not output or output == "-":
        sys.stdout.write(text if fmt != "md" else for_terminal(text))  # JSON, Python: hidden chars escaped
        return 0
    try:
        write_export(Path(output), text)
    except OSError as exc:
        return fail(f"cannot write {output}: {exc.strerror or exc}")
    print(f"exported {conv_id} to {output}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------- import


def read_input(source: str) -> bytes:
    """The file's bytes (stdin for `-`), at most one byte past the limit so a huge file is refused
    without reading it all; OSError when it cannot be read."""
    if source == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    with open(source, "rb") as handle:
        return handle.read(MAX_BYTES + 1)


def _import(source: str) -> int:
    name = "stdin" if source == "-" else source
    try:
        data = read_input(source)
    except OSError as exc:
        return fail(f"cannot read {name}: {exc.strerror or exc}")
    try:
        conversation = parse_export(data, now=time.time())
    except InvalidImportError as exc:
        return fail(f"cannot import {name}: {exc}")
    with HistoryStore() as store:
        conv_id = store.add_imported(conversation)
    print(conv_id)
    return 0


# ---------------------------------------------------------------- dispatch


def run(args: argparse.Namespace) -> int:
    """Dispatch `history list|show|export|import`; errors are one line on stderr and exit 1."""
    try:
        if args.history_command == "import":
            return _import(args.file)
        with HistoryStore() as store:
            if args.history_command == "list":
                return _list(store, bool(getattr(args, "json", False)))
            conv_id = store.resolve(args.id)
            if args.history_command == "show":
                return _show(store, conv_id, bool(getattr(args, "json", False)))
            if args.history_command == "export":
                return _export(store, conv_id, args.format, getattr(args, "output", "") or "")
    except KeyError as exc:
        return fail(str(exc.args[0]) if exc.args else "no such conversation")
    except HistoryError as exc:
        return fail(str(exc))
    return fail(f"unknown history command {args.history_command!r}")


def add_arguments(history: argparse.ArgumentParser) -> None:
    hist_sub = history.add_subparsers(dest="history_command", required=True)
    listing = hist_sub.add_parser("list", help="saved conversations, newest first")
    listing.add_argument("--json", action="store_true", help="one JSON array")
    show = hist_sub.add_parser("show", help="one conversation's messages")
    show.add_argument("id", help=ID_HELP)
    show.add_argument("--json", action="store_true", help="id, title and messages as JSON")
    export = hist_sub.add_parser("export", help="write a conversation as Markdown or JSON")
    export.add_argument("id", help=ID_HELP)
    export.add_argument(
        "--format",
        choices=["md", "json", *(p.export_format for p in PROVIDERS if p.export_format)],
        default="md",
        help="md (default), json, or a runnable script: python-openai / python-anthropic",
    )
    export.add_argument("-o", "--output", default="", metavar="FILE", help="write to FILE instead of stdout")
    imp = hist_sub.add_parser("import", help="add a conversation from a `history export --format json` file")
    imp.add_argument("file", help="the file, or - for stdin")
