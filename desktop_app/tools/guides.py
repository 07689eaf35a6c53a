"""The local guide library: Markdown guides in resources/guides/, SQLite FTS5 (trigram) search."""

from __future__ import annotations

import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop_app.paths import resources_dir

SCHEME = "guide://"
MAX_RESULTS = 5
SOURCE = "local guide library (sample content, not live information)"
PLACE_LINE = re.compile(r"^地点 Place:\s*(?P<names>[^—\n]+)", re.M)
TERM_RE = re.compile(r"[\w\u3400-\u9fff]+", re.U)


@dataclass(frozen=True)
class Guide:
    """One guide page: its slug (the `guide://` address), title, place names and Markdown."""

    slug: str
    title: str
    places: tuple[str, ...]
    markdown: str

    @property
    def url(self) -> str:
        return f"{SCHEME}{self.slug}"


def guides_dir() -> Path:
    return resources_dir() / "guides"


def _load(path: Path) -> Guide:
    text = path.read_text(encoding="utf-8")
    title = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), path.stem)
    match = PLACE_LINE.search(text)
    names = match.group("names").split("/") if match else [path.stem]
    places = tuple(n.strip() for n in names if n.strip())
    return Guide(path.stem, title, places, text)


class GuideLibrary:
    """All guides, indexed in an in-memory FTS5 table with the trigram tokenizer."""

    def __init__(self, folder: Path) -> None:
        self.guides = {g.slug: g for g in (_load(p) for p in sorted(folder.glob("*.md")))}
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute("CREATE VIRTUAL TABLE pages USING fts5(slug UNINDEXED, title, body, tokenize='trigram')")
        self._db.executemany(
            "INSERT INTO pages (slug, title, body) VALUES (?, ?, ?)",
            [(g.slug, g.title, g.markdown) for g in self.guides.values()],
        )
        self._place_index = {_fold(name): g.slug for g in self.guides.values() for name in g.places}

    # ------------------------------------------------------------ lookups

    def page(self, url: str) -> Guide | None:
        """`guide://sanya` (or a place name after the scheme: `guide://三亚`)."""
        key = url[len(SCHEME) :] if url.startswith(SCHEME) else url
        key = key.strip().strip("/")
        return self.guides.get(key) or self.guides.get(self._place_index.get(_fold(key), ""))

    def places(self) -> list[str]:
        return [g.places[0] for g in self.guides.values()]

    def _fts(self, term: str) -> dict[str, float]:
        """Docs containing `term` (3+ characters) with a bm25 score (higher is better)."""
        phrase = '"' + term.replace('"', '""') + '"'
        rows = self._db.execute(
            "SELECT slug, bm25(pages, 0, 5.0, 1.0) FROM pages WHERE pages MATCH ?", (phrase,)
        ).fetchall()
        return {slug: -score for slug, score in rows}

    def _like(self, term: str) -> dict[str, float]:
        """Short terms (1-2 characters) the trigram index cannot see: LIKE, scored by count."""
        pattern = "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._db.execute(
            "SELECT slug, title, body FROM pages WHERE title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\'",
            (pattern, pattern),
        ).fetchall()
        low = term.casefold()
        return {slug: 5.0 * title.casefold().count(low) + body.casefold().count(low) / 10 for slug, title, body in rows}

    def match(self, term: str) -> dict[str, float]:
        with self._lock:
            return self._fts(term) if len(term) >= 3 else self._like(term)

    # ------------------------------------------------------------ search

    def _split_places(self, query: str, vocabulary: set[str]) -> tuple[set[str], list[str]]:
        """Place names in the query (also inside `三亚旅游攻略`), and the remaining terms."""
        rest = _fold(query)
        places: set[str] = set()
        for name in sorted(vocabulary, key=len, reverse=True):
            pattern = rf"\b{re.escape(name)}\b" if name.isascii() else re.escape(name)
            if name and re.search(pattern, rest):
                places.add(name)
                rest = re.sub(pattern, " ", rest)
        return places, TERM_RE.findall(rest)

    def search(self, query: str, vocabulary: set[str] | None = None) -> list[dict[str, Any]]:
        """Guides about the places named, ranked by how many other terms they contain."""
        known = set(self._place_index) | (vocabulary or set())
        places, content = self._split_places(query, known)
        named = {self._place_index[p] for p in places if p in self._place_index}
        scores: dict[str, list[float]] = {slug: [0, 0.0] for slug in (named if places else self.guides)}
        for term in content:
            for slug, score in self.match(term).items():
                if slug in scores:
                    scores[slug][0] += 1
                    scores[slug][1] += score
        if content and not places:
            scores = {s: v for s, v in scores.items() if v[0] > 0}
        if not scores:
            return []
        best = max(v[0] for v in scores.values())
        ranked = sorted((s for s, v in scores.items() if v[0] == best), key=lambda s: -scores[s][1])
        return [
            {"title": g.title, "url": g.url, "snippet": _snippet(g.markdown, content), "source": SOURCE}
            for g in (self.guides[s] for s in ranked[:MAX_RESULTS])
        ]


def _fold(text: str) -> str:
    return text.strip().casefold()


def _plain(line: str) -> str:
    return re.sub(r"[*_`#>]+", "", line).strip(" -")


def _snippet(markdown: str, terms: list[str], width: int = 120) -> str:
    """The first body line containing a query term, else the guide's first paragraph."""
    lines = [ln for ln in markdown.splitlines() if ln.strip() and not ln.startswith("#")]
    for term in sorted(terms, key=len, reverse=True):
        for line in lines:
            if term in line.casefold():
                return _plain(line)[:width]
    return _plain(lines[0])[:width] if lines else ""


_LIBRARY: dict[Path, tuple[tuple[tuple[str, float], ...], GuideLibrary]] = {}
_LIBRARY_LOCK = threading.Lock()


def library(folder: Path | None = None) -> GuideLibrary:
    """The library for `folder` (bundled by default), rebuilt when a guide file changes."""
    folder = folder or guides_dir()
    stamp = tuple((p.name, p.stat().st_mtime) for p in sorted(folder.glob("*.md")))
    with _LIBRARY_LOCK:
        cached = _LIBRARY.get(folder)
        if cached is None or cached[0] != stamp:
            cached = (stamp, GuideLibrary(folder))
            _LIBRARY[folder] = cached
        return cached[1]


def city_vocabulary() -> set[str]:
    """Every city name of the sample data, so `广州 攻略` is known to be about a place."""
    from desktop_app.travel.places import all_cities

    return {_fold(n) for c in all_cities() for n in c.names() if len(n) >= 2}
