"""Translations kept as {english: chinese} JSON (resources/translations/*_zh_CN.json)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QTranslator

from desktop_app.paths import resources_dir


class DictTranslator(QTranslator):
    """Answers by source text whatever the context; unknown text falls through to other translators."""

    def __init__(self, table: dict[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self.table = table

    def translate(self, context: str, source: str, disambiguation: Any = None, n: int = -1) -> Any:
        return self.table.get(source)  # None: not ours, Qt asks the next translator

    def isEmpty(self) -> bool:
        return not self.table


def json_translator(name: str, language: str, parent: Any = None) -> DictTranslator | None:
    """`resources/translations/{name}_{language}.json` as a translator; None when absent or broken."""
    path = resources_dir() / "translations" / f"{name}_{language}.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(table, dict):
        return None
    return DictTranslator({str(k): str(v) for k, v in table.items()}, parent)
