"""The reading's patterns kept as data (resources/data/reading/<module>.toml), each file parsed once."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any

from desktop_app.paths import resources_dir

FRAGMENT = re.compile(r"\{\{(\w+)\}\}")
FLAGS = {"i": re.IGNORECASE, "x": re.VERBOSE, "s": re.DOTALL, "m": re.MULTILINE, "a": re.ASCII}


@cache
def table(topic: str) -> dict[str, Any]:
    """One module's rules file, parsed once."""
    with (resources_dir() / "data" / "reading" / f"{topic}.toml").open("rb") as file:
        return tomllib.load(file)


def text(topic: str, name: str, **fragments: str) -> str:
    """A rule's text: written over several lines, joined; `{{NAME}}` is a fragment the module passes."""
    return _filled(table(topic)[name]["text"], fragments)


def pattern(topic: str, name: str, **fragments: str) -> re.Pattern[str]:
    """A module's rule, compiled; `{{NAME}}` is a fragment the module passes (a number, a list of names)."""
    return compiled(table(topic)[name], **fragments)


def compiled(entry: dict[str, Any], **fragments: str) -> re.Pattern[str]:
    """A rule's pattern compiled with its flags."""
    flags = 0
    for letter in entry.get("flags", ""):
        flags |= FLAGS[letter]
    return re.compile(_filled(entry["pattern"], fragments), flags)


def _filled(value: str | list[str], fragments: dict[str, str]) -> str:
    """Lines joined, each `{{NAME}}` replaced; a fragment named but not passed fails at import, not mid-question."""
    joined = value if isinstance(value, str) else "".join(value)
    return FRAGMENT.sub(lambda m: fragments[m.group(1)], joined)


def word_table(topic: str, name: str) -> dict[str, tuple[str, ...]]:
    """Word lists by what they say, each written `a|b|c` over several lines."""
    return {key: words("".join(lines)) for key, lines in table(topic)[name].items()}


def words(written: str) -> tuple[str, ...]:
    """A word list written as `a|b|c` (a space inside a word is kept: " rain" is not the "rain" of "train")."""
    return tuple(written.split("|"))
