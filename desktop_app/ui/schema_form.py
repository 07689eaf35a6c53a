"""A form generated from a flat JSON Schema (text, numbers, integers, yes/no, choices, JSON for
the rest): MCP elicitation and the inspector's Try it share it. Schema text is untrusted: shown
plain, with hidden characters made visible."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from desktop_app import jsonsafe
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import choice_box, plain_label
from desktop_app.ui.text import make_visible, plain_tip

INT_LIMIT = 2_147_483_647


class SchemaField:
    """One form field: its widget and how to read its value (None when left empty)."""

    def __init__(self, name: str, spec: dict[str, Any], parent: QWidget) -> None:
        self.name = name
        self.spec = spec
        self.kind = str(spec.get("type", "string"))
        self.widget = self._make(parent)
        self.widget.setObjectName(f"field_{name}")

    def _make(self, parent: QWidget) -> QWidget:
        spec, default = self.spec, self.spec.get("default")
        choices = _choices(spec)
        if choices:  # the empty first entry: none chosen (unless the default is one)
            return choice_box(parent, "", [("", None), *((make_visible(t), v) for v, t in choices)], default)
        if self.kind == "boolean":
            check = QCheckBox(parent)
            check.setChecked(bool(default))
            return check
        if self.kind == "integer":
            spin = QSpinBox(parent)
            spin.setRange(int(spec.get("minimum", -INT_LIMIT)), int(spec.get("maximum", INT_LIMIT)))
            spin.setValue(int(default) if isinstance(default, int) else max(spin.minimum(), min(0, spin.maximum())))
            return spin
        if self.kind == "number":
            dspin = QDoubleSpinBox(parent)
            dspin.setDecimals(4)
            dspin.setRange(float(spec.get("minimum", -1e12)), float(spec.get("maximum", 1e12)))
            dspin.setValue(float(default) if isinstance(default, int | float) else max(dspin.minimum(), 0.0))
            return dspin
        line = QLineEdit(parent)
        if isinstance(default, str):
            line.setText(default)
        if self.kind not in ("string", ""):
            line.setPlaceholderText(tr("JSON value"))
        return line

    def value(self) -> Any:
        w = self.widget
        if isinstance(w, QComboBox):
            return w.currentData()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QSpinBox | QDoubleSpinBox):
            return w.value()
        assert isinstance(w, QLineEdit)
        text = w.text()
        if not text:
            return None
        if self.kind in ("string", ""):
            return text
        try:
            return jsonsafe.loads(text)
        except ValueError:
            return text  # the schema check reports it


def _choices(spec: dict[str, Any]) -> list[tuple[Any, str]]:
    """(value, shown title) for `enum` (+ `enumNames`) or `oneOf` of `const`s."""
    if isinstance(spec.get("enum"), list):
        names = spec.get("enumNames")
        titles = names if isinstance(names, list) and len(names) == len(spec["enum"]) else spec["enum"]
        return [(v, str(t)) for v, t in zip(spec["enum"], titles, strict=True)]
    one_of = spec.get("oneOf")
    if isinstance(one_of, list) and all(isinstance(o, dict) and "const" in o for o in one_of):
        return [(o["const"], str(o.get("title", o["const"]))) for o in one_of]
    return []


class SchemaForm(QWidget):
    """One row per property of `schema` (`*` marks required ones); `content()` reads them."""

    def __init__(self, schema: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.schema = schema if isinstance(schema, dict) else {}
        required = self.schema.get("required", [])
        self.required = {str(r) for r in (required if isinstance(required, list) else []) if isinstance(r, str)}
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.fields: list[SchemaField] = []
        properties = self.schema.get("properties", {})
        for name, spec in (properties if isinstance(properties, dict) else {}).items():
            field = SchemaField(str(name), spec if isinstance(spec, dict) else {}, self)
            self.fields.append(field)
            title = make_visible(str(field.spec.get("title") or name))
            mark = " *" if field.name in self.required else ""
            if field.spec.get("description"):
                field.widget.setToolTip(plain_tip(make_visible(str(field.spec["description"]))))
            field.widget.setAccessibleName(title)
            layout.addRow(plain_label(f"{title}{mark}", self), field.widget)

    def content(self) -> dict[str, Any]:
        """The entered values; empty optional text fields are left out."""
        return {field.name: value for field in self.fields if (value := field.value()) is not None}

    def missing(self) -> list[str]:
        """Required fields left empty."""
        content = self.content()
        return [f.name for f in self.fields if f.name in self.required and content.get(f.name) in (None, "")]
