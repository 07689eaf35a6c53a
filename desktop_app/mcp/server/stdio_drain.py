"""`mcp-server` over stdio: the replies a client is owed are written before its closed stdin ends us.

The mcp SDK ends the session at stdin's EOF and cancels the handlers still running
(modelcontextprotocol/python-sdk#2678), so a client that pipes its requests and closes stdin lost
the last replies. `owed_replies()` sits between the process's stdio and the SDK, remembers request
ids until their replies pass, and lets the EOF through only when nothing is owed (or after
`DRAIN_S`). Only ids are read (under jsonsafe's limits); every line is passed on unchanged."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any, BinaryIO

from desktop_app import jsonsafe

DRAIN_S = 10.0  # a handler that never answers (a cancelled call) does not hold the exit longer
# written after the server has finished: the SDK keeps its own copy of stdout open for good, so
# the outgoing relay never sees EOF; this line (never JSON) tells it everything was passed on
END = b"\x00the server has finished\n"


class Owed:
    """Request ids sent to the server and not answered yet."""

    def __init__(self) -> None:
        self._ids: set[str] = set()
        self._done = threading.Condition()

    def note(self, line: bytes, incoming: bool) -> None:
        """A request from the client is owed a reply; a reply from the server pays one."""
        for message in _messages(line):
            if "id" not in message:
                continue  # a notification: nothing is owed for it
            key = json.dumps(message["id"])
            with self._done:
                if incoming and "method" in message:
                    self._ids.add(key)
                elif not incoming and "method" not in message:
                    self._ids.discard(key)
                    self._done.notify_all()

    def wait_paid(self, timeout: float) -> bool:
        with self._done:
            return self._done.wait_for(lambda: not self._ids, timeout)


def _messages(line: bytes) -> list[dict[str, Any]]:
    """The JSON-RPC messages of one line (one, or a batch); [] for anything else."""
    try:  # depth counted without recursion: a 100,000-deep line once killed this relay
        data = jsonsafe.loads(line.decode("utf-8", "replace"), finite=False)
    except (ValueError, RecursionError):
        return []
    items = data if isinstance(data, list) else [data]
    return [item for item in items if isinstance(item, dict)]


def _pump(source: BinaryIO, target: BinaryIO, owed: Owed, incoming: bool) -> None:
    """Copy lines until EOF, noting ids; incoming EOF waits for the owed replies."""
    try:
        with contextlib.suppress(OSError, ValueError):
            for line in _lines(source, incoming):
                if line == END:
                    break
                owed.note(line, incoming)
                target.write(line)
                target.flush()
            if incoming:
                owed.wait_paid(DRAIN_S)
    finally:  # whatever happened, the SDK sees EOF: a dead relay once kept the server up for good
        with contextlib.suppress(OSError):
            target.close()


def _lines(source: BinaryIO, limited: bool) -> Iterator[bytes]:
    """`source`'s lines; when `limited` (the client's), one longer than jsonsafe's limit is dropped."""
    if not limited:
        yield from iter(source.readline, b"")
        return
    limit = jsonsafe.MAX_DOCUMENT_BYTES
    while line := source.readline(limit + 1):
        if len(line) <= limit:
            yield line
            continue
        while line and not line.endswith(b"\n"):  # the rest of it, never held whole
            line = source.readline(limit)
        print(
            f"travel-assistant: mcp-server: a message of more than {limit} bytes was dropped",
            file=sys.stderr,
            flush=True,
        )


@contextlib.contextmanager
def owed_replies() -> Iterator[None]:
    """fd 0 and 1 become pipes relayed to the real stdin/stdout while the server runs (POSIX)."""
    try:
        saved_in, saved_out = os.dup(0), os.dup(1)  # put back at the end
    except OSError:  # no stdin or stdout to relay (closed descriptors): serve as the SDK does
        yield
        return
    server_in, client_in = os.pipe()  # the SDK reads server_in; the relay writes client_in
    client_out, server_out = os.pipe()  # the SDK writes server_out; the relay reads client_out
    os.dup2(server_in, 0)
    os.dup2(server_out, 1)
    os.close(server_in)
    marker = server_out  # kept: END is written through it once the server is done
    owed = Owed()
    incoming = (open(os.dup(saved_in), "rb", 0), open(client_in, "wb", 0), owed, True)
    outgoing = (open(client_out, "rb", 0), open(os.dup(saved_out), "wb", 0), owed, False)
    relays = [threading.Thread(target=_pump, args=args, daemon=True) for args in (incoming, outgoing)]
    for relay in relays:
        relay.start()
    try:
        yield
    finally:
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
        with contextlib.suppress(OSError):
            os.write(marker, END)  # after everything the server wrote: the relay passes it all on
            os.close(marker)
        relays[1].join(DRAIN_S)
