"""The Skills menu and the active-skill chip above the input box (skills live in tools/skills.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QToolButton, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import plain_tip

if TYPE_CHECKING:
    from desktop_app.tools.skills import Catalog, Skill

MENU_DESCRIPTION_CHARS = 60


def skill_tooltip(skill: Skill) -> str:
    """Description, tools and limits of a skill, for menus and the chip."""
    lines = [skill.description]
    if skill.allowed_tools is not None:
        lines.append(tr("Tools: %1").replace("%1", ", ".join(skill.allowed_tools)))
    # `web_search ≤ 5, read_page ≤ 3, 10,000 tokens`: what the engine holds the skill to
    limits = [f"{name} ≤ {limit}" for name, limit in skill.limits.items()]
    if skill.token_budget is not None:
        limits.append(tr("%1 tokens").replace("%1", f"{skill.token_budget:,}"))
    if limits:
        lines.append(tr("Limits: %1").replace("%1", ", ".join(limits)))
    lines.append(str(skill.path))
    return "\n".join(lines)


def _short(text: str, limit: int = MENU_DESCRIPTION_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


PROBLEM_RE = re.compile(r"([^/\\]+)[/\\]SKILL\.md(?::\d+)?: (.*)$", re.S)


def _problem_title(problem: str) -> str:
    """`…/skills/broken/SKILL.md:3: what` -> `broken: what` (the full line goes in the tooltip)."""
    match = PROBLEM_RE.search(problem)
    return _short(f"{match.group(1)}: {match.group(2)}" if match else problem, 80)


class SkillsMenu(QMenu):
    """Lists the skills on disk each time it opens; choosing one emits `chosen(name)`."""

    chosen = Signal(str)  # a skill name; "" = no skill

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Skills"), parent)
        self.setObjectName("skillsMenu")
        self.setToolTipsVisible(True)
        self.active = ""
        self.catalog: Catalog | None = None
        self._group = QActionGroup(self)
        self.aboutToShow.connect(self.refresh)  # filled as it opens (reading SKILL.md imports yaml: not at start)

    def retranslate(self) -> None:
        self.setTitle(tr("Skills"))
        if self.catalog is not None:
            self.refresh()

    def set_active(self, name: str) -> None:
        """Tick the active skill (the chip and `/name` change it too)."""
        self.active = name
        for action in self._group.actions():  # the checkable entries
            action.setChecked(action.data() == name)

    def refresh(self) -> None:
        """Rebuild the entries from disk: a new or fixed SKILL.md shows up without a restart."""
        from desktop_app.tools.skills import discover

        self.catalog = discover()  # bundled and the user's skills, with the broken ones' errors
        self.clear()  # deletes the menu's actions, which leaves the group empty
        none = self._add_choice(tr("No skill"), "", tr("Answer without a skill"))
        none.setObjectName("noSkill")
        self.addSeparator()
        for name, skill in sorted(self.catalog.skills.items()):
            label = f"{name} — {_short(skill.description)}"
            self._add_choice(label, name, skill_tooltip(skill))
        if not self.catalog.skills:
            empty = self.addAction(tr("No skills found"))
            empty.setEnabled(False)
        for problem in self.catalog.problems:
            broken = self.addAction("⚠ " + _problem_title(problem))
            broken.setObjectName("brokenSkill")
            broken.setToolTip(plain_tip(problem))
            broken.setStatusTip(problem)
            broken.setEnabled(False)
        self.set_active(self.active)

    def _add_choice(self, label: str, name: str, tip: str) -> QAction:
        action = self.addAction(label)
        action.setCheckable(True)
        action.setData(name)
        action.setToolTip(plain_tip(tip))
        action.setStatusTip(tip.splitlines()[0] if tip else "")
        self._group.addAction(action)
        action.triggered.connect(lambda _checked=False, n=name: self.chosen.emit(n))
        return action


class Chip(QFrame):
    """`label ×` above the input box, hidden until it has something to show (the skill, the attachments)."""

    def __init__(self, name: str, button_name: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(8, 2, 2, 2)
        self.label = QLabel(self)
        self.close_button = QToolButton(self)
        self.close_button.setObjectName(button_name)
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.row.addWidget(self.label)
        self.row.addWidget(self.close_button)
        self.setVisible(False)


class SkillChip(Chip):
    """`Skill: name ×` above the input box; × emits `removed` (hidden while no skill is active)."""

    removed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("skillChip", "removeSkill", parent)
        self.name = ""
        self.row.setSpacing(4)
        self.label.setObjectName("skillLabel")
        self.close_button.clicked.connect(self.removed.emit)
        self.retranslate()

    def retranslate(self) -> None:
        self.close_button.setToolTip(tr("Deactivate this skill"))
        self.label.setText(tr("Skill: %1").replace("%1", self.name))

    def show_skill(self, skill: Skill | None) -> None:
        """Show the active skill (None hides the chip)."""
        self.name = skill.name if skill is not None else ""
        self.label.setTextFormat(QtCore.Qt.TextFormat.PlainText)  # a skill's name is untrusted text
        self.close_button.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)
        self.retranslate()
        self.setToolTip(plain_tip(skill_tooltip(skill) if skill is not None else ""))
        self.setVisible(skill is not None)


class ActiveSkill:
    """The conversation's active skill, kept in step with the Skills menu and the chip."""

    def __init__(self, menu: SkillsMenu, chip: SkillChip, say: Callable[[str], None]) -> None:
        self.menu = menu
        self.chip = chip
        self._say = say  # one line for the status bar
        self.name = ""

    def set(self, name: str) -> bool:
        """Activate a skill for this conversation's next runs ("" deactivates); False if unknown."""
        catalog = self.menu.catalog
        if name and (catalog is None or name not in catalog.skills):
            self.menu.refresh()
            catalog = self.menu.catalog
        skill = catalog.skills.get(name) if catalog is not None and name else None
        if name and skill is None:
            self._say(tr("Unknown skill: %1").replace("%1", name))
            return False
        self.name = name
        self.chip.show_skill(skill)
        self.menu.set_active(name)
        return True

    def split_command(self, text: str) -> tuple[str, str]:
        """`/search_and_summarize 三亚` -> the skill and the message; ("", text) otherwise."""
        if not text.startswith("/"):
            return "", text
        from desktop_app.tools.skills import split_skill_command

        self.menu.refresh()
        names = self.menu.catalog.skills if self.menu.catalog is not None else {}
        skill, rest = split_skill_command(text, names)
        return (skill, rest) if skill else ("", text)
