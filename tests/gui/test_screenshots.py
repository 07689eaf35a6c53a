"""The screenshots the README and docs show exist, are real pictures of a window (a size, not a
blank), and the README's example answer is what the planner says today: they cannot drift silently.
Re-take them with packaging/screenshots.py and packaging/trip_screenshots.py (docs/window.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.unit.planner.test_model import SEED_ZH, final_text, run

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "resources" / "screenshots"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NAMED = re.compile(r"resources/screenshots/([\w.-]+\.png)")


def _named() -> list[str]:
    return sorted({name for page in PAGES for name in NAMED.findall(page.read_text(encoding="utf-8"))})


def test_every_screenshot_the_readme_and_docs_name_exists() -> None:
    readme = NAMED.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(readme) >= 6
    assert [name for name in _named() if not (SHOTS / name).is_file()] == []


@pytest.mark.parametrize("name", sorted(p.name for p in SHOTS.glob("*.png")))
def test_a_screenshot_is_a_picture_of_a_window(name: str) -> None:
    image = QImage(str(SHOTS / name))
    assert not image.isNull(), name
    assert 400 <= image.width() <= 3000 and 300 <= image.height() <= 2000, (image.width(), image.height())
    samples = [image.pixel(x, y) for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)]
    colours = Counter(samples)
    assert len(colours) > 30, f"{name}: {len(colours)} colours: blank?"
    assert colours.most_common(1)[0][1] < 0.85 * len(samples), f"{name}: mostly one colour"


async def test_the_readme_example_is_the_planners_answer_today() -> None:
    """The README quotes the seed question's answer (today pinned to 4 Dec 2026, as it says)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quoted = readme.split("```\n帮你查好了", 1)[1].split("```", 1)[0]
    events, _ = await run(SEED_ZH)
    answer = final_text(events)
    assert ("帮你查好了" + quoted).strip() in answer
