"""Agent Skills: SKILL.md folders (front matter + instructions), activation, engine-held limits."""

from __future__ import annotations

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


def _load_yaml(text: str, first_line: int) -> Any:
    """YAML's safe loader (no tags that build objects), as strict as a hostile file needs; yaml is
    imported here, when a skill is read, not with every window."""
    import yaml

    class StrictLoader(yaml.SafeLoader):
        """Refuses aliases (a few lines that expand a billion-fold) and a key given twice (which counts?)."""

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise FrontMatterError(first_line + event.start_mark.line, "aliases are not allowed")
            return super().compose_node(parent, index)

        def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
            seen: set[Any] = set()
            for key_node, _value in node.value:
                key = self.construct_object(key_node, deep=True)
                if not isinstance(key, str) or key in seen:
                    words = f"duplicate key {key!r}" if key in seen else f"a key must be text, not {key!r}"
                    raise FrontMatterError(first_line + key_node.start_mark.line, words)
                seen.add(key)
            return super().construct_mapping(node, deep)

    try:
        return yaml.load(text, Loader=StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + (mark.line if mark is not None else 0)
        raise FrontMatterError(line, " ".join(str(exc.problem or exc.context).split())) from None
    except yaml.YAMLError as exc:
        raise FrontMatterError(first_line, str(exc)) from None


def parse_front_matter(text: str) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, line where the body starts); FrontMatterError on bad input."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise FrontMatterError(1, "SKILL.md must start with '---' and YAML front matter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() in ("---", "..."))
    except StopIteration:
        raise FrontMatterError(len(lines), "the front matter is not closed with '---'") from None
    meta = _load_yaml("\n".join(lines[1:end]), 2)
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise FrontMatterError(2, "the front matter must be 'key: value' lines")
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
    return next((n for n, line in enumerate(lines, start=1) if re.match(rf"^\s*{re.escape(key)}[\w-]*\s*:", line)), 1)


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


@dataclass
class Catalog:
    """Every skill found, and a clear line for each one that could not be loaded."""

    skills: dict[str, Skill] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def discover(dirs: Iterable[tuple[str, Path]] | None = None) -> Catalog:
    """Scan the skill folders: each sub-folder with a SKILL.md is one skill."""
    catalog = Catalog()
    if dirs is None:  # bundled skills, then the user's (a user skill of the same name wins)
        dirs = [("bundled", resources_dir() / "skills"), ("user", config_dir() / "skills")]
    for source, root in dirs:
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


def activate_skill(agent: _Configurable, skill: Skill, available: Iterable[str]) -> None:
    """The seed's activate_skill: skill text right after the base prompt; tools and limits set."""
    names = set(available)
    if skill.allowed_tools is not None:
        missing = [t for t in skill.allowed_tools if t not in names]
        if missing:
            raise SkillError(f"skill {skill.name!r} needs tools that are not available: {', '.join(missing)}")
        agent.allowed_tools = skill.allowed_tools
    system = tuple(agent.system)
    agent.system = (*system[:1], skill.system_message(), *system[1:])
    agent.guard = SkillGuard(skill)
