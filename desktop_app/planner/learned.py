"""A second reading of what a message asks, learned from the labelled questions (packaging/ask_reader/).

The rules read the phrases they were written for; on messages nobody wrote them for, they miss about one in eight
asks. A small classifier over character n-grams, trained on the same labelled rows, errs elsewhere. Where it is
sure and the rules only assumed, second_look.py takes its word (measured in docs/travel.md). Deterministic, offline,
pure Python: the weights are data (resources/data/ask_reader.json).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from desktop_app.travel.data import load_data

MAX_N = 4


def ngrams(text: str) -> set[str]:
    """Character 1-4-grams of each word padded with spaces (sklearn's `char_wb`, lower-cased)."""
    padded = [f" {word} " for word in text.lower().split()]  # a word shorter than n: once, whole (its widest gram)
    return {p[i : i + n] for p in padded for n in range(1, MAX_N + 1) for i in range(len(p) - n + 1)}


class Reader:
    """The shipped weights: one vocabulary, one linear head per question asked of a message."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self.index = {g: i for i, g in enumerate(table["ngrams"])}

    def hits(self, text: str) -> list[int]:
        """The vocabulary's n-grams found in `text` (read once for every head)."""
        return [i for g in ngrams(text) if (i := self.index.get(g)) is not None]

    def best(self, head: str, text: str, hits: list[int] | None = None) -> tuple[str, float]:
        """The head's most likely class for `text` and its probability (`hits`: text's n-grams, when read)."""
        spec = self.table["heads"][head]
        hits = self.hits(text) if hits is None else hits
        scale = 1 / math.sqrt(len(hits)) if hits else 0.0
        scores = list(spec["bias"])
        for i in hits:
            for c, w in enumerate(spec["weights"][i]):
                scores[c] += w * scale
        top = max(scores)
        total = sum(math.exp(s - top) for s in scores)
        k = scores.index(top)
        return spec["classes"][k], 1 / total


@lru_cache(maxsize=1)
def reader() -> Reader:
    """The bundled reader, loaded once."""
    return Reader(load_data("ask_reader.json"))


@dataclass(frozen=True)
class Verdict:
    """What the classifier reads: the lookups asked (a sorted tuple) and the topic beyond the data ('' for none)."""

    asks: tuple[str, ...]
    asks_p: float
    topic: str
    topic_p: float


def verdict(text: str) -> Verdict:
    """The classifier's reading of one message."""
    found = reader().hits(text)
    asks, asks_p = reader().best("asks", text, found)
    topic, topic_p = reader().best("scope", text, found)
    return Verdict(tuple(a for a in asks.split("|") if a), asks_p, topic, topic_p)
