"""Every tooltip the window sets from data goes through `plain_tip`.

Qt shows a tooltip that looks like HTML as rich text and loads the pictures it names: a
conversation title, a server's description or a skill's problem with `<img src=/dev/zero>` in
it read that file. A tooltip is a literal, a translation, or `plain_tip(...)` of anything else.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "desktop_app" / "ui"
TRUSTED = {"tr", "_tr", "translate", "plain_tip", "plain_tooltip"}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def test_every_tooltip_is_a_literal_a_translation_or_plain() -> None:
    loose = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node) == "setToolTip" and node.args:
                arg = node.args[0]
                if not (isinstance(arg, ast.Constant) or (isinstance(arg, ast.Call) and _name(arg) in TRUSTED)):
                    loose.append(f"{path.relative_to(UI)}:{node.lineno}: {ast.unparse(arg)[:60]}")
    assert not loose, "tooltips from data without plain_tip:\n" + "\n".join(loose)


def test_plain_tip_shows_tags_as_text() -> None:
    from desktop_app.ui.text import plain_tip

    tip = plain_tip('Fork of “<img src="/dev/zero">” & more')
    assert "<img" not in tip and "&lt;img" in tip and "&amp; more" in tip
