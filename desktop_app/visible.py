"""Hidden characters made visible: one classifier for the window, MCP reviews and the terminal (no Qt)."""

from __future__ import annotations

import unicodedata

# Characters that render as nothing (or reorder text) yet a model reads: the usual smuggling kit.
BIDI = frozenset({0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
INVISIBLE = frozenset(
    {
        0x00AD,
        0x034F,
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x180E,
        0x3164,
        0xFFA0,
        0xFEFF,
        *range(0x200B, 0x200E),
        *range(0x2060, 0x2065),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    }
)
TAGS = range(0xE0000, 0xE0080)
# Hidden characters that str.isprintable() lets through (combining marks, Hangul fillers).
PRINTABLE_HIDDEN = frozenset(chr(c) for c in INVISIBLE | BIDI if chr(c).isprintable())
# What a terminal must never receive raw: C0 (but newline and tab), DEL, C1, and every hidden kind.
_TERMINAL_OK = "\n\t"


def hidden_kind(ch: str, keep: str = "\n\t") -> str | None:
    """Which kind of hidden character `ch` is (tag, bidi, invisible, control), or None when visible."""
    cp = ord(ch)
    if cp in TAGS:
        return "tag"
    if cp in BIDI:
        return "bidi"
    if cp in INVISIBLE:
        return "invisible"
    if ch in keep:
        return None
    if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"):
        return "control"
    return None


def is_plain(text: str, keep: str = _TERMINAL_OK) -> bool:
    """True when no character needs revealing (decided in C for the common case)."""
    plain = text
    for ch in keep:
        plain = plain.replace(ch, "")
    return plain.isprintable() and PRINTABLE_HIDDEN.isdisjoint(plain)


def _terminal_mark(ch: str) -> str:
    cp = ord(ch)
    if cp < 0x20 or 0x7F <= cp <= 0x9F:
        return f"\\x{cp:02x}"
    return f"<U+{cp:04X}>"


def for_terminal(text: str) -> str:
    """Text from a model, tool or server as a terminal may print it: escape sequences, bidi and
    zero-width characters shown as `\\x1b`, `<U+202E>` (they cannot act on the terminal); newlines and tabs stay."""
    text = str(text)
    if is_plain(text):
        return text
    return "".join(_terminal_mark(ch) if hidden_kind(ch) else ch for ch in text)


def _json_escape(ch: str) -> str:
    data = ch.encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{int.from_bytes(data[i : i + 2], 'big'):04x}" for i in range(0, len(data), 2))


def json_visible(text: str) -> str:
    """Serialised JSON with hidden characters as `\\uXXXX` escapes: the same value, safe to print."""
    if is_plain(text, "\n"):
        return text
    return "".join(_json_escape(ch) if hidden_kind(ch, "\n") else ch for ch in text)


_KIND_TEXT = {
    "tag": "Unicode tag characters (U+E0000 block), invisible text a model can read",
    "bidi": "bidirectional control characters that reorder what is shown",
    "invisible": "invisible (zero-width or variation-selector) characters",
    "control": "control or unassigned characters",
}


def reveal(text: str) -> tuple[str, list[str]]:
    """Text with hidden characters shown as ⟦U+XXXX⟧ (tag runs decoded), and warnings about them."""
    if is_plain(text, "\n\t\r"):
        return text, []  # the common case, decided in C
    out: list[str] = []
    counts: dict[str, int] = {}
    tags: list[int] = []

    def flush_tags() -> None:
        if tags:
            decoded = "".join(chr(c - 0xE0000) if 0x20 <= c - 0xE0000 < 0x7F else "?" for c in tags)
            out.append(f"⟦hidden tag text: {decoded!r}⟧")
            tags.clear()

    for ch in text:
        kind = hidden_kind(ch, "\n\t\r")
        if kind == "tag":
            tags.append(ord(ch))
        else:
            flush_tags()
            out.append(f"⟦U+{ord(ch):04X}⟧" if kind else ch)
        if kind:
            counts[kind] = counts.get(kind, 0) + 1
    flush_tags()
    warnings = [f"{n} {_KIND_TEXT[k]}" for k, n in counts.items()]
    return "".join(out), warnings


def one_line(text: str) -> str:
    """`text` as one line a person can trust: newlines shown as `\\n`, every other control and
    hidden character as `\\x1b` / `<U+202E>` (a value cannot fake a further line of a question)."""
    text = str(text)
    if is_plain(text, ""):
        return text
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    return "".join(named.get(ch) or (_terminal_mark(ch) if hidden_kind(ch, "") else ch) for ch in text)
