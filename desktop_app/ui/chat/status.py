"""What the chat pane says about the model in use: the offline banner, the header, the token line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.pricing import estimate_cost, format_cost


class OfflineBanner(QFrame):
    """Shown while no key is set: says the planner answers and offers the Settings."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("offlineBanner")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.button = QPushButton(self)
        row.addWidget(self.text, 1)
        row.addWidget(self.button)
        self.retranslate()

    def retranslate(self) -> None:
        self.text.setText(
            tr(
                "Offline demo: no API key is set, so a built-in planner answers "
                "(sample data, no network). Add a key in Settings to use a real model."
            )
        )
        self.button.setText(tr("Open Settings"))


def header_text(provider: str, model: str, check: str = "") -> str:
    """`Provider: openai · Model: gpt-4o-mini` (the offline planner named when no model is), and
    what Settings' Check found for this model, if it was checked in this session."""
    if provider == "offline":
        model = model or "offline-planner"
    text = tr("Provider: %1 · Model: %2").replace("%1", provider).replace("%2", model or tr("default"))
    return f"{text} · {check}" if check else text


def check_summary(report: Mapping[str, Any]) -> str:
    """`Tool calls: recovered from text · streaming yes · 1.2 s` (a `models check` report)."""
    kinds = {"native": tr("native"), "recovered": tr("recovered from text"), "none": tr("none")}
    kind = kinds.get(str(report.get("tool_calls", "")), str(report.get("tool_calls", "")))
    stream = tr("streaming yes") if report.get("streaming") else tr("streaming no")
    latency = report.get("latency_s", 0.0)
    seconds = f"{latency:.1f}" if isinstance(latency, int | float) else "?"
    line = tr("Tool calls: %1 · %2 · %3 s").replace("%1", kind).replace("%2", stream).replace("%3", seconds)
    card = report.get("scorecard")
    if not isinstance(card, Mapping):
        return line
    names = {"native": tr("native"), "recover": tr("recovered from text")}
    rates = [f"{names[m]} {card[m]['passed']}/{card[m]['of']}" for m in names if isinstance(card.get(m), Mapping)]
    return line + " · " + tr("scorecard: %1").replace("%1", ", ".join(rates))


def usage_text(provider: str, model: str, tokens_in: int, tokens_out: int) -> str:
    """`Tokens: 1,200 in / 300 out · est. $0.0004` (or "cost unknown" for an unpriced model)."""
    cost = estimate_cost(provider, model, tokens_in, tokens_out)
    money = tr("cost unknown") if cost is None else tr("est. $%1").replace("%1", format_cost(cost))
    return (
        tr("Tokens: %1 in / %2 out · %3")
        .replace("%1", f"{tokens_in:,}")
        .replace("%2", f"{tokens_out:,}")
        .replace("%3", money)
    )


ANNOUNCE_CHARS = 600  # the start of an answer read out when it arrives; the rest is in the transcript


def announcement(status: str, answer: str) -> str:
    """What screen readers are told when a run ends: the start of the answer, or how it ended."""
    if status == "done":
        answer = " ".join(answer.split())
        return tr("Answer: %1").replace("%1", answer[:ANNOUNCE_CHARS]) if answer else tr("The run finished.")
    return tr("Stopped.") if status == "cancelled" else tr("The run ended with an error.")
