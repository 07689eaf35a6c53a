"""The reading's patterns kept as data (resources/data/reading/<module>.toml), each file parsed once."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any

from desktop_app.paths import resources_dir

FLAGS = {"i": re.IGNORECASE, "x": re.VERBOSE, "s": re.DOTALL, "m": re.MULTILINE, "a": re.ASCII}


@cache
def table(topic: str) -> dict[str, Any]:
    """One module's rules file, parsed once."""
    with (resources_dir() / "data" / "reading" / f"{topic}.toml").open("rb") as file:
        return tomllib.load(file)


def text(topic: str, name: str) -> str:
    """A rule's text: a pattern fragment written over several lines is joined (no separator)."""
    value = table(topic)[name]["text"]
    return value if isinstance(value, str) else "".join(value)


def pattern(topic: str, name: str) -> re.Pattern[str]:
    """A module's rule, compiled."""
    return compiled(table(topic)[name])


def compiled(entry: dict[str, Any]) -> re.Pattern[str]:
    """A rule's pattern (written over several lines, joined) compiled with its flags."""
    value = entry["pattern"]
    flags = 0
    for letter in entry.get("flags", ""):
        flags |= FLAGS[letter]
    return re.compile(value if isinstance(value, str) else "".join(value), flags)


def word_table(topic: str, name: str) -> dict[str, tuple[str, ...]]:
    """Word lists by what they say, each written `a|b|c` over several lines (a space in a word is kept)."""
    return {key: tuple("".join(lines).split("|")) for key, lines in table(topic)[name].items()}
