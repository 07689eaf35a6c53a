"""The reading's rules kept as data (resources/data/reading/*.toml): each one loaded by its module, none orphaned."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from desktop_app.paths import resources_dir
from desktop_app.travel import rules

PACKAGE = Path(__file__).resolve().parents[3] / "desktop_app"
CALL = re.compile(r'rules\.(?:pattern|text|word_table)\("(\w+)", "(\w+)"[,)]|rules\.table\("(\w+)"\)\["(\w+)"\]')
OWN = re.compile(r'^R = rules\.Rules\("(\w+)"', re.M)  # a module's own rules, used as R.NAME
BORROWED = re.compile(r"from desktop_app\.\w+\.(\w+) import [^\n]*\bR as (\w+)")  # another's, as ALIAS.NAME
# what a rule may carry besides its pattern: what a match makes (when's `make`, spelling's `to`, party's counts)
PRODUCTIONS = {"make", "to", "each", "add", "times", "size", "children", "one_more", "or_next", "said", "plus"}
PRODUCTIONS |= {"plus_english", "plus_said", "bare_unless", "days", "nights", "per"}
FILES = sorted((resources_dir() / "data" / "reading").glob("*.toml"))


def _loaded() -> set[tuple[str, str]]:
    found = set()
    for folder in ("travel", "planner"):
        for module in (PACKAGE / folder).glob("*.py"):
            source = module.read_text(encoding="utf-8")
            for match in CALL.findall(source):
                found.add((match[0], match[1]) if match[0] else (match[2], match[3]))
            named = [(topic, "R") for topic in OWN.findall(source)] + BORROWED.findall(source)
            for topic, alias in named:
                found |= {(topic, name) for name in re.findall(rf"(?<![\w.]){alias}\.(\w+)", source)}
    for path in FILES:  # a text rule its own file's patterns name as {{NAME}}
        entries = rules.table(path.stem)
        for entry in entries.values():
            written = "".join(str(r.get("pattern") or r.get("text") or "") for r in _rules(entry))
            found |= {(path.stem, name) for name in rules.FRAGMENT.findall(written) if name in entries}
    return found


def test_every_rule_file_is_named_for_its_module() -> None:
    modules = {p.stem for folder in ("travel", "planner") for p in (PACKAGE / folder).glob("*.py")}
    assert FILES and {f.stem for f in FILES} <= modules


def test_every_rule_is_loaded_and_every_load_finds_its_rule() -> None:
    assert {(f.stem, name) for f in FILES for name in rules.table(f.stem)} == _loaded()


def _rules(entry: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A rule, or the rules of a table or an ordered list of them (scope's TOPICS, spelling's REWRITES)."""
    if isinstance(entry, list):
        return entry
    if "pattern" in entry or "text" in entry:
        return [entry]
    nested = [value if isinstance(value, list) else [value] for value in entry.values()]  # when's PHRASES.rule
    return [rule for rules_of in nested for rule in rules_of if isinstance(rule, dict)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_rule_compiles_with_known_flags(path: Path) -> None:
    for name, entry in rules.table(path.stem).items():
        for rule in _rules(entry):
            assert set(rule) <= {"pattern", "text", "flags", "zh", "en"} | PRODUCTIONS, name
            assert set(str(rule.get("flags", ""))) <= set(rules.FLAGS), name
            if "pattern" in rule:
                written = rule["pattern"] if isinstance(rule["pattern"], str) else "".join(rule["pattern"])
                stand_ins = dict.fromkeys(rules.FRAGMENT.findall(written), "(?:x)")
                assert rules.compiled(rule, **stand_ins).pattern


def test_a_word_table_keeps_the_spaces_that_mark_a_whole_word() -> None:
    from desktop_app.planner import asks

    assert " rain" in asks.INTENT_WORDS["weather"] and "rain" not in asks.INTENT_WORDS["weather"]
    assert all(word for words in asks.INTENT_WORDS.values() for word in words)


def test_a_rule_reads_as_its_module_used_it() -> None:
    from desktop_app.planner import asks

    assert asks.R.BOOKED.search("机票早就买好了") and asks.R.BOOKED.search("already booked my hotel")
    assert not asks.R.BOOKED.search("帮我看看去三亚的机票")


def test_a_fragment_is_filled_where_named_and_a_missing_one_fails_loudly() -> None:
    from desktop_app.travel import party

    assert party.R.MORE.search("再加两个人") and "{{" not in party.R.MORE.pattern
    entry = {"pattern": ["(?:", "{{N}}", ")人"]}
    assert rules.compiled(entry, N=r"\d+").fullmatch("3人")
    with pytest.raises(KeyError):
        rules.compiled(entry)
    with pytest.raises(KeyError):  # a module's rule set: at import, not when the rule is first used
        rules.Rules("party")


def test_a_rule_not_in_the_file_is_an_attribute_error() -> None:
    from desktop_app.travel import party

    with pytest.raises(AttributeError, match="no rule"):
        party.R.NO_SUCH_RULE  # noqa: B018
