"""Trains the planner's second reading of *what is asked* from the labelled dev questions.

    pip install -e '.[learn]' && python packaging/ask_reader/train.py [--exclude aq,ar] [--out FILE]

Two heads over one vocabulary of character 1-4-grams (sklearn's `char_wb`, binary, L2-normalised):
`asks` (the sorted set of lookups, as `questions.jsonl` labels `intents`) and `scope` (the topic the data cannot
answer, or none). Trained on the `dev` rows that open a conversation (a follow-up's ask depends on the turns before
it); `heldout` rows are never read. Writes `resources/data/ask_reader.json`, the weights rounded to 3 places, and
checks that `desktop_app.planner.learned` (pure Python, what the app runs) predicts what sklearn does.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sklearn.feature_extraction.text import TfidfVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from desktop_app.planner import learned  # noqa: E402

FEATURES = 8000  # the most frequent n-grams kept (accuracy on unseen batches is flat from ~6,000 on)
CLASSES = 20  # the most frequent lookup sets; rarer ones (1-3 rows each) are left to the rules
C = 10.0
TOPICS = {"", "visa", "safety", "events", "opening_times", "trains"}  # what the writer can say it has no data on


def rows(exclude: set[str]) -> list[dict[str, Any]]:
    """The dev rows that open a conversation, minus the excluded batches (by id prefix)."""
    path = ROOT / "tests" / "planner_questions" / "questions.jsonl"
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        batch = re.match(r"[a-z]+", row["id"])
        if row["split"] == "dev" and "followup_of" not in row and (batch and batch.group()) not in exclude:
            out.append(row)
    return out


def head(vectors: Any, texts: list[str], labels: list[str]) -> dict[str, Any]:
    """One logistic-regression head: its classes, biases and per-n-gram weights."""
    model = LogisticRegression(C=C, max_iter=5000).fit(vectors.transform(texts), labels)
    return {
        "classes": [str(c) for c in model.classes_],
        "bias": [round(float(b), 3) for b in model.intercept_],
        "weights": [[round(float(w), 3) for w in column] for column in model.coef_.T],
        "_model": model,
    }


def main() -> None:
    cli = argparse.ArgumentParser()
    cli.add_argument("--exclude", default="", help="batch prefixes to leave out (to score them as unseen)")
    cli.add_argument("--out", default=str(ROOT / "resources" / "data" / "ask_reader.json"))
    args = cli.parse_args()
    data = rows(set(filter(None, args.exclude.split(","))))
    vectors = TfidfVectorizer(
        analyzer="char_wb", ngram_range=(1, 4), min_df=2, binary=True, use_idf=False, max_features=FEATURES
    ).fit([r["q"] for r in data])
    asked = ["|".join(sorted(r["intents"])) for r in data]
    common = {k for k, _ in collections.Counter(asked).most_common(CLASSES)}
    kept = [(r["q"], a) for r, a in zip(data, asked, strict=True) if a in common]
    scoped = [(r["q"], (r["scope"] or {}).get("topic") or "") for r in data if "scope" in r]
    scoped = [(q, t) for q, t in scoped if t in TOPICS]
    heads = {
        "asks": head(vectors, [q for q, _ in kept], [a for _, a in kept]),
        "scope": head(vectors, [q for q, _ in scoped], [t for _, t in scoped]),
    }
    check = {name: h.pop("_model") for name, h in heads.items()}
    table = {"ngrams": list(vectors.get_feature_names_out()), "heads": heads, "trained_on": len(data)}
    Path(args.out).write_text(json.dumps(table, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    reader = learned.Reader(table)
    for name, model in check.items():
        texts = [r["q"] for r in data]
        want = model.predict(vectors.transform(texts))
        same = sum(reader.best(name, t)[0] == w for t, w in zip(texts, want, strict=True))
        print(f"{name}: {len(model.classes_)} classes, pure-Python reader agrees with sklearn on {same}/{len(texts)}")
    print(f"{len(data)} rows, {FEATURES} n-grams -> {args.out}")


if __name__ == "__main__":
    main()
