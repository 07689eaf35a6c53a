"""Agent Skills: SKILL.md folders (front matter + instructions), activation, engine-held limits."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from desktop_app.core.messages import ToolCall
from desktop_app.paths import config_dir, resources_dir

SKILL_FILE = "SKILL.md"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
SKILL_PREFIX = "当前激活的 Skill:\n\n"  # the seed's activate_skill wording


class SkillError(Exception):
    """A skill that cannot be loaded or used; the message names the file and line."""


# ---------------------------------------------------------------- front matter


class FrontMatterError(ValueError):
    """Bad YAML front matter at a known line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


Line = tuple[int, int, str]  # line number, indent, text without indent


def _scalar(raw: str, line: int) -> Any:
    """A YAML scalar or flow collection of the small subset SKILL.md files use."""
    text = _strip_comment(raw).strip()
    if text.startswith("[") or text.startswith("{"):
        return _flow(text, line)
    if text.startswith('"'):
        try:
            return json.loads(text)
        except ValueError:
            raise FrontMatterError(line, f"bad double-quoted string {text!r}") from None
    if text.startswith("'"):
        if len(text) < 2 or not text.endswith("'"):
            raise FrontMatterError(line, f"unterminated single-quoted string {text!r}")
        return text[1:-1].replace("''", "'")
    lowered = text.lower()
    if lowered in ("true", "yes", "false", "no"):
        return lowered in ("true", "yes")
    if lowered in ("null", "~", ""):
        return None
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?\d*\.\d+", text):
        return float(text)
    return text


def _strip_comment(text: str) -> str:
    """Drop a ` #` comment that is outside quotes."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i]
    return text


def _split_flow(body: str, line: int) -> list[str]:
    parts, depth, quote, current = [], 0, "", ""
    for ch in body:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += ch
    if quote or depth:
        raise FrontMatterError(line, "unbalanced brackets or quotes")
    if current.strip():
        parts.append(current)
    return [p.strip() for p in parts]


def _flow(text: str, line: int) -> Any:
    closing = "]" if text[0] == "[" else "}"
    if not text.endswith(closing):
        raise FrontMatterError(line, f"{text[0]} is not closed with {closing}")
    items = _split_flow(text[1:-1], line)
    if closing == "]":
        return [_scalar(item, line) for item in items]
    result: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition(":")
        if not sep or not key.strip():
            raise FrontMatterError(line, f"expected 'key: value' in {text!r}")
        result[key.strip()] = _scalar(value, line)
    return result


class _Parser:
    """Indentation-based block mappings and lists, scalars, `|` and `>` block strings."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.i = 0

    def block(self, indent: int) -> Any:
        _number, _, text = self.lines[self.i]
        if text == "-" or text.startswith("- "):
            return self.sequence(indent)
        return self.mapping(indent)

    def mapping(self, indent: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        while self.i < len(self.lines):
            number, ind, text = self.lines[self.i]
            if ind < indent:
                break
            if ind > indent:
                raise FrontMatterError(number, "unexpected indentation")
            key, sep, rest = text.partition(":")
            if not sep or not key.strip() or (rest and not rest.startswith((" ", "\t"))):
                raise FrontMatterError(number, f"expected 'key: value', got {text!r}")
            key = key.strip().strip("'\"")
            if key in result:
                raise FrontMatterError(number, f"duplicate key {key!r}")
            self.i += 1
            result[key] = self.value(rest.strip(), ind, number)
        return result

    def value(self, rest: str, indent: int, number: int) -> Any:
        rest = _strip_comment(rest).strip()
        if rest in ("|", ">", "|-", ">-"):
            return self.block_string(rest[0], indent)
        if rest:
            return _scalar(rest, number)
        if self.i < len(self.lines) and self.lines[self.i][1] > indent:
            return self.block(self.lines[self.i][1])
        if self.i < len(self.lines) and self.lines[self.i][2].startswith("- "):
            return self.sequence(indent)  # a list at the key's own indentation
        return None

    def sequence(self, indent: int) -> list[Any]:
        items: list[Any] = []
        while self.i < len(self.lines):
            number, ind, text = self.lines[self.i]
            if ind != indent or not (text == "-" or text.startswith("- ")):
                break
            self.i += 1
            if self.i < len(self.lines) and self.lines[self.i][1] > indent:
                raise FrontMatterError(number, "nested blocks inside list items are not supported")
            items.append(_scalar(text[1:], number))
        return items

    def block_string(self, style: str, indent: int) -> str:
        parts: list[str] = []
        while self.i < len(self.lines) and self.lines[self.i][1] > indent:
            parts.append(self.lines[self.i][2])
            self.i += 1
        return ("\n" if style == "|" else " ").join(parts)


def parse_front_matter(text: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line where the body starts); FrontMatterError on bad input."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise FrontMatterError(1, "SKILL.md must start with '---' and YAML front matter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() in ("---", "..."))
    except StopIteration:
        raise FrontMatterError(len(lines), "the front matter is not closed with '---'") from None
    parsed: list[Line] = []
    for number, raw in enumerate(lines[1:end], start=2):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise FrontMatterError(number, "tabs are not allowed for indentation")
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parsed.append((number, len(raw) - len(raw.lstrip(" ")), raw.strip()))
    meta = _Parser(parsed).mapping(parsed[0][1]) if parsed else {}
    return meta, "\n".join(lines[end + 1 :]).strip(), end + 2


# ---------------------------------------------------------------- skills


@dataclass(frozen=True)
class Skill:
    """One SKILL.md: who it is, what it may use, what the engine holds it to."""

    name: str
    description: str
    instructions: str
    text: str
    path: Path
    source: str = "bundled"
    allowed_tools: tuple[str, ...] | None = None
    limits: dict[str, int] = field(default_factory=dict)
    token_budget: int | None = None

    def system_message(self) -> str:
        """The seed's injected system message: the whole SKILL.md after a fixed prefix."""
        return SKILL_PREFIX + self.text.strip()


class _FieldError(ValueError):
    """A front-matter field with a bad value; `key` finds its line."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def _allowed_tools(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise _FieldError("allowed", "'allowed_tools' must be a list of tool names")
    return tuple(value)


def _limits(value: Any) -> tuple[dict[str, int], int | None]:
    if value is None:
        return {}, None
    if not isinstance(value, dict):
        raise _FieldError("limits", "'limits' must be a mapping like {web_search: 5, token_budget: 10000}")
    counts: dict[str, int] = {}
    for key, limit in value.items():
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise _FieldError("limits", f"limit {key!r} must be a whole number >= 0, got {limit!r}")
        counts[key] = limit
    budget = counts.pop("token_budget", None)
    return counts, budget


def _meta_line(text: str, key: str) -> int:
    """The line of a front-matter key, so errors point at it."""
    lines = text.splitlines()
    if key == "---":
        closing = [n for n, line in enumerate(lines, start=1) if line.strip() == "---"]
        return closing[1] if len(closing) > 1 else len(lines)
    for number, line in enumerate(lines, start=1):
        if re.match(rf"^\s*{re.escape(key)}[\w-]*\s*:", line):
            return number
    return 1


def _build(meta: dict[str, Any], body: str, text: str, path: Path, source: str) -> Skill:
    """Validate the front matter's fields (raises ValueError naming the key)."""
    meta = {k.replace("-", "_"): v for k, v in meta.items()}
    name, description = meta.get("name"), meta.get("description")
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise _FieldError("name", "'name' is required: lowercase letters, digits, '-' or '_'")
    if name != path.parent.name:
        raise _FieldError("name", f"name {name!r} does not match its folder {path.parent.name!r}")
    if not isinstance(description, str) or not description.strip():
        raise _FieldError("description", "'description' is required: one line on when to use it")
    allowed = None if meta.get("allowed_tools") is None else _allowed_tools(meta["allowed_tools"])
    limits, budget = _limits(meta.get("limits"))
    if not body:
        raise _FieldError("---", "the skill has no instructions after the front matter")
    return Skill(name, description.strip(), body, text, path, source, allowed, limits, budget)


def load_skill(path: Path, source: str = "bundled") -> Skill:
    """One SKILL.md, or SkillError('path:line: what is wrong')."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SkillError(f"{path}: cannot read: {exc}") from None
    try:
        meta, body, _ = parse_front_matter(text)
    except FrontMatterError as exc:
        raise SkillError(f"{path}:{exc.line}: {exc}") from None
    try:
        return _build(meta, body, text, path, source)
    except _FieldError as exc:
        raise SkillError(f"{path}:{_meta_line(text, exc.key)}: {exc}") from None


def skill_dirs() -> list[tuple[str, Path]]:
    """Bundled skills, then the user's (a user skill of the same name wins)."""
    return [("bundled", resources_dir() / "skills"), ("user", config_dir() / "skills")]


@dataclass
class Catalog:
    """Every skill found, and a clear line for each one that could not be loaded."""

    skills: dict[str, Skill] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def discover(dirs: Iterable[tuple[str, Path]] | None = None) -> Catalog:
    """Scan the skill folders: each sub-folder with a SKILL.md is one skill."""
    catalog = Catalog()
    for source, root in dirs if dirs is not None else skill_dirs():
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            path = folder / SKILL_FILE
            if not path.is_file():
                continue
            try:
                skill = load_skill(path, source)
            except SkillError as exc:
                catalog.problems.append(str(exc))
                continue
            catalog.skills[skill.name] = skill
    return catalog


def find_skill(name: str, dirs: Iterable[tuple[str, Path]] | None = None) -> Skill:
    """The named skill, or SkillError listing the available ones (and broken ones)."""
    catalog = discover(dirs)
    wanted = name.strip().lstrip("/")
    if wanted in catalog.skills:
        return catalog.skills[wanted]
    for problem in catalog.problems:
        if f"{os.sep}{wanted}{os.sep}{SKILL_FILE}" in problem:
            raise SkillError(f"skill {wanted!r} cannot be loaded: {problem}")
    available = ", ".join(sorted(catalog.skills)) or "(none)"
    raise SkillError(f"unknown skill {wanted!r}; available skills: {available}")


def split_skill_command(text: str, names: Iterable[str]) -> tuple[str, str]:
    """`/search_and_summarize 三亚` typed in the input box -> (skill name, the rest)."""
    match = re.match(r"^/([a-z0-9][a-z0-9_-]*)(?:\s+|$)(.*)$", text.strip(), re.S)
    if match and match.group(1) in set(names):
        return match.group(1), match.group(2).strip()
    return "", text


# ---------------------------------------------------------------- limits and activation


class SkillGuard:
    """The engine-held limits of one active skill (a `RunGuard` for agent/loop.py)."""

    def __init__(self, skill: Skill) -> None:
        self.skill = skill
        self.counts: Counter[str] = Counter()
        self.tokens = 0

    def reset(self) -> None:
        """Start counting again (a new task in the same conversation)."""
        self.counts.clear()
        self.tokens = 0

    def check_call(self, call: ToolCall) -> str | None:
        limit = self.skill.limits.get(call.name)
        if limit is None:
            return None
        if self.counts[call.name] >= limit:
            return (
                f"limit reached: the {self.skill.name} skill allows at most {limit} "
                f"{call.name} calls per run; answer with what you have"
            )
        self.counts[call.name] += 1
        return None

    def check_usage(self, input_tokens: int, output_tokens: int) -> str | None:
        """The conversation's size as the model last saw it, plus what it wrote."""
        self.tokens = max(self.tokens, input_tokens + output_tokens)
        budget = self.skill.token_budget
        if budget is not None and self.tokens > budget:
            return (
                f"token budget reached: the {self.skill.name} skill allows {budget} tokens "
                f"per run and the conversation is now {self.tokens} tokens"
            )
        return None


class _Configurable(Protocol):
    system: Sequence[str]
    allowed_tools: Sequence[str] | None
    guard: Any


def activate_skill(agent: _Configurable, skill: Skill, available: Iterable[str]) -> SkillGuard:
    """The seed's activate_skill: skill text right after the base prompt; tools and limits set."""
    names = set(available)
    if skill.allowed_tools is not None:
        missing = [t for t in skill.allowed_tools if t not in names]
        if missing:
            raise SkillError(f"skill {skill.name!r} needs tools that are not available: {', '.join(missing)}")
        agent.allowed_tools = skill.allowed_tools
    system = tuple(agent.system)
    agent.system = (*system[:1], skill.system_message(), *system[1:])
    guard = SkillGuard(skill)
    agent.guard = guard
    return guard
