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


class Rules:
    """One module's rules by name (`R.TOTAL`), all compiled when the module loads: a fragment named but not
    passed fails at import, not mid-question; a text rule of the same file is a fragment its patterns may name."""

    def __init__(self, topic: str, **fragments: str) -> None:
        known = _Known(table(topic), fragments)
        self._patterns = {
            name: _compiled(entry, known)
            for name, entry in table(topic).items()
            if isinstance(entry, dict) and "pattern" in entry
        }
        vars(self).update(self._patterns)  # read as plain attributes: R.X is on every question's path

    def __getattr__(self, name: str) -> re.Pattern[str]:
        """Only for a name that is no rule (a rule is an attribute): the error says so."""
        raise AttributeError(f"no rule {name}")


def text(topic: str, name: str, **fragments: str) -> str:
    """A rule's text: written over several lines, joined; `{{NAME}}` is a fragment the module passes."""
    return filled(table(topic)[name]["text"], fragments)


def pattern(topic: str, name: str, **fragments: str) -> re.Pattern[str]:
    """A module's rule, compiled; `{{NAME}}` is a fragment the module passes (a number, a list of names)."""
    return compiled(table(topic)[name], **fragments)


class _Known(dict[str, str]):
    """The fragments a module passes, else a text rule of the same file (itself filled the same way)."""

    def __init__(self, entries: dict[str, Any], passed: dict[str, str]) -> None:
        super().__init__(passed)
        self.entries = entries

    def __missing__(self, name: str) -> str:
        entry = self.entries.get(name)
        if not isinstance(entry, dict) or "text" not in entry:
            raise KeyError(name)
        self[name] = filled(entry["text"], self)
        return self[name]


def compiled(entry: dict[str, Any], **fragments: str) -> re.Pattern[str]:
    """A rule's pattern compiled with its flags."""
    return _compiled(entry, fragments)


def _compiled(entry: dict[str, Any], fragments: dict[str, str]) -> re.Pattern[str]:
    flags = 0
    for letter in entry.get("flags", ""):
        flags |= FLAGS[letter]
    return re.compile(filled(entry["pattern"], fragments), flags)


def filled(value: str | list[str], fragments: dict[str, str]) -> str:
    """Lines joined, each `{{NAME}}` replaced; a fragment named but not passed fails at import, not mid-question."""
    joined = value if isinstance(value, str) else "".join(value)
    return FRAGMENT.sub(lambda m: fragments[m.group(1)], joined)


def word_table(topic: str, name: str) -> dict[str, tuple[str, ...]]:
    """Word lists by what they say, each written `a|b|c` over several lines."""
    return {key: words("".join(lines)) for key, lines in table(topic)[name].items()}


def words(written: str) -> tuple[str, ...]:
    """A word list written as `a|b|c` (a space inside a word is kept: " rain" is not the "rain" of "train")."""
    return tuple(written.split("|"))
