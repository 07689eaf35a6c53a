"""Adding or replacing one server in `mcp.json` by editing its text: comments and layout stay.

The file is JSON5; the result must parse to exactly the intended data before anything is written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop_app.mcp.setup.config import McpConfigError

_PUNCT = "{}[]:,"
_BARE = re.compile(r"[^\s{}\[\]:,/'\"]+")


class EditError(ValueError):
    """The text could not be edited safely (nothing is written)."""


@dataclass
class _Tok:
    kind: str  # one of _PUNCT, "str", "word"
    start: int
    end: int


@dataclass
class _Obj:
    open: int  # offset of "{"
    close: int  # offset of "}"
    last: int  # end offset of the last significant token before "}"
    last_kind: str
    members: dict[str, tuple[int, int, int, Any]] = field(default_factory=dict)  # key -> key start, value span, nested


def _comment_end(text: str, i: int) -> int:
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    end = text.find("*/", i + 2)
    if end < 0:
        raise EditError("an unclosed /* comment")
    return end + 2


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == "\ufeff":
            i += 1
        elif text.startswith(("//", "/*"), i):
            i = _comment_end(text, i)
        elif ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise EditError("an unclosed string")
            out.append(_Tok("str", i, j + 1))
            i = j + 1
        elif ch in _PUNCT:
            out.append(_Tok(ch, i, i + 1))
            i += 1
        else:
            match = _BARE.match(text, i)
            if not match:
                raise EditError(f"unexpected {ch!r}")
            out.append(_Tok("word", i, match.end()))
            i = match.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text, self.toks, self.i = text, _tokens(text), 0

    def _take(self, kind: str | None = None) -> _Tok:
        if self.i >= len(self.toks) or (kind and self.toks[self.i].kind != kind):
            raise EditError(f"expected {kind or 'a value'}")
        self.i += 1
        return self.toks[self.i - 1]

    def _key(self, tok: _Tok) -> str:
        raw = self.text[tok.start : tok.end]
        if tok.kind == "str":
            import json5

            return str(json5.loads(raw))
        return raw

    def value(self) -> Any:
        tok = self._take()
        if tok.kind == "{":
            return self._object(tok)
        if tok.kind == "[":
            while self.toks[self.i].kind != "]":
                self.value()
                if self.toks[self.i].kind == ",":
                    self.i += 1
            self._take("]")
            return None
        if tok.kind not in ("str", "word"):
            raise EditError("expected a value")
        return None

    def _object(self, open_tok: _Tok) -> _Obj:
        members: dict[str, tuple[int, int, int, Any]] = {}
        while self.i < len(self.toks) and self.toks[self.i].kind != "}":
            key_tok = self._take()
            if key_tok.kind not in ("str", "word"):
                raise EditError("expected a key")
            self._take(":")
            start = self.toks[self.i].start if self.i < len(self.toks) else len(self.text)
            nested = self.value()
            members[self._key(key_tok)] = (key_tok.start, start, self.toks[self.i - 1].end, nested)
            if self.i < len(self.toks) and self.toks[self.i].kind == ",":
                self.i += 1
        close = self._take("}")
        before = self.toks[self.i - 2]
        return _Obj(open_tok.start, close.start, before.end, before.kind, members)


def _indent_of(text: str, offset: int) -> str:
    line_start = text.rfind("\n", 0, offset) + 1
    head = text[line_start:offset]
    return head[: len(head) - len(head.lstrip())]


def _entry_text(value: Any, indent: str) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + indent)


def _insert(text: str, obj: _Obj, key: str, value: Any) -> str:
    """`key: value` as the last member of `obj`, in the style of its neighbours."""
    first = min((m[0] for m in obj.members.values()), default=-1)
    closing_line = text[text.rfind("\n", 0, obj.close) + 1 : obj.close]
    on_own_lines = first >= 0 and "\n" in text[obj.open : first]  # then indented as the first member is
    indent = _indent_of(text, first) if on_own_lines else _indent_of(text, obj.open) + "  "
    member = f"{indent}{json.dumps(key, ensure_ascii=False)}: {_entry_text(value, indent)}"
    comma = "," if obj.members and obj.last_kind != "," else ""
    if closing_line.strip():  # "}" shares its line with something: {"a": 1} or {}
        head, tail = text[: obj.close], text[obj.close :]
        if comma:
            head = text[: obj.last] + comma + text[obj.last : obj.close]
        return f"{head.rstrip(' ')}\n{member}\n{_indent_of(text, obj.open)}{tail}"
    line_start = obj.close - len(closing_line)
    head = text[: obj.last] + comma + text[obj.last : line_start] if comma else text[:line_start]
    return f"{head}{member}\n{text[line_start:]}"


def _servers_obj(text: str) -> tuple[_Obj, bool, str, _Obj | None]:
    """The object holding the servers (VS Code's "mcp" or the top), the servers' key and object."""
    parser = _Parser(text)
    top = parser.value()
    if parser.i != len(parser.toks) or not isinstance(top, _Obj):
        raise EditError("the file is not one object")
    holder, vscode = top, False
    mcp = top.members.get("mcp", (0, 0, 0, None))[3]
    if isinstance(mcp, _Obj) and "servers" in mcp.members:
        holder, vscode = mcp, True
    key = next((k for k in ("mcpServers", "servers") if k in holder.members), "mcpServers")
    servers = holder.members.get(key, (0, 0, 0, None))[3]
    if key in holder.members and not isinstance(servers, _Obj):
        raise EditError(f"{key} is not an object")
    return holder, vscode, key, servers


def with_server(text: str, name: str, entry: dict[str, Any]) -> str:
    """`text` with server `name` set to `entry` (added last, or its value replaced); the rest unchanged.
    EditError when that cannot be done safely."""
    if not text.strip("\ufeff \t\r\n"):
        return json.dumps({"mcpServers": {name: entry}}, ensure_ascii=False, indent=2) + "\n"
    expected = _data(text)
    holder, vscode, key, servers = _servers_obj(text)
    if servers is None:
        new = _insert(text, holder, key, {name: entry})
    elif name in servers.members:
        _key, start, end, _nested = servers.members[name]
        new = text[:start] + _entry_text(entry, _indent_of(text, start)) + text[end:]
    else:
        new = _insert(text, servers, name, entry)
    place = expected["mcp"] if vscode else expected
    place.setdefault(key, {})[name] = json.loads(json.dumps(entry))
    return _reads_back(new, expected)


def _data(text: str) -> Any:
    """The file's data as JSON values (what an edit must keep, but for the one server)."""
    import json5

    try:
        return json.loads(json.dumps(json5.loads(text.lstrip("\ufeff"))))
    except (ValueError, RecursionError) as exc:
        raise EditError(f"it is not valid JSON: {exc}") from None


def _reads_back(new: str, expected: Any) -> str:
    """`new`, once it is known to parse to exactly `expected`."""
    import json5

    try:
        after = json5.loads(new.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        after = None
    if after != expected:
        raise EditError("the edited text would not read back as intended")
    return new


def _line_start_if_alone(text: str, offset: int) -> int:
    """The start of `offset`'s line when only blanks precede it there, else `offset`."""
    start = text.rfind("\n", 0, offset) + 1
    return start if not text[start:offset].strip() else offset


def _through_line_end(text: str, offset: int) -> int:
    """Past the newline when only blanks follow `offset` on its line, else `offset`."""
    end = text.find("\n", offset)
    end = len(text) if end < 0 else end
    return end + 1 if not text[offset:end].strip() else offset


def without_server(text: str, name: str) -> str:
    """`text` with server `name` removed (comments inside the entry too); the rest unchanged.
    EditError when the server is not there or that cannot be done safely."""
    expected = _data(text)
    _holder, vscode, key, servers = _servers_obj(text)
    if servers is None or name not in servers.members:
        raise EditError(f"it has no server named {name!r}")
    key_start, _start, end, _nested = servers.members[name]
    toks = _tokens(text)
    after = next(t for t in toks if t.start >= end)
    last = after.kind != ","
    new = text[: _line_start_if_alone(text, key_start)] + text[_through_line_end(text, end if last else after.end) :]
    if last:  # the last member: the comma before it goes instead (if any)
        comma = next((t for t in reversed(toks) if t.end <= key_start and t.start > servers.open), None)
        if comma is not None and comma.kind == ",":
            new = new[: comma.start] + new[comma.end :]
    place = expected["mcp"] if vscode else expected
    del place[key][name]
    return _reads_back(new, expected)


def edit_file(target: Path, edit: Callable[[str], str]) -> str:
    """`edit` applied to the text of `target` (a missing file is empty): McpConfigError when the file
    cannot be read or its text cannot be edited safely (nothing is written here)."""
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    except OSError as exc:
        raise McpConfigError(f"MCP config {target} cannot be read: {exc.strerror or exc}") from None
    try:
        return edit(text)
    except EditError as exc:
        raise McpConfigError(f"MCP config {target}: not changed, its text could not be edited safely ({exc})") from None
