"""Rough token prices to estimate a conversation's cost in the status bar (no Qt)."""

from __future__ import annotations

# USD per million input / output tokens, list prices; an estimate, shown as such
PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "claude-sonnet-4-5": (3.00, 15.00),
    "claude-3-5-haiku": (0.80, 4.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-opus-4": (15.00, 75.00),
    "deepseek-chat": (0.27, 1.10),
    "qwen-plus": (0.40, 1.20),
}


def estimate_cost(provider: str, model: str, input_tokens: int, output_tokens: int) -> float | None:
    """Dollars for the tokens, 0 offline, None when the model's price is unknown."""
    if provider in ("offline", "fake", ""):
        return 0.0
    matches = [k for k in PRICES if model.startswith(k)]  # the longest prefix: the name itself when listed
    if not matches:
        return None
    prices = PRICES[max(matches, key=len)]
    return (input_tokens * prices[0] + output_tokens * prices[1]) / 1_000_000


def format_cost(dollars: float) -> str:
    """Dollars with the digits that matter: cents from $0.10 up, else two significant digits ($0.000045)."""
    if dollars <= 0:
        return "0"
    if dollars >= 0.095:
        return f"{dollars:,.2f}"
    from decimal import Decimal  # ~1 ms of import: when a price is shown, not before the first paint

    return format(Decimal(f"{dollars:.2g}"), "f")
