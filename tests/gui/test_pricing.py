"""The status bar's cost estimate: prices by model, and enough digits for small runs."""

from __future__ import annotations

import pytest

from desktop_app.ui.pricing import estimate_cost, format_cost


@pytest.mark.parametrize(
    ("dollars", "shown"),
    [
        (0.0, "0"),
        (0.000045, "0.000045"),
        (0.0000001, "0.0000001"),
        (0.0000995, "0.0001"),
        (0.0123, "0.012"),
        (0.0949, "0.095"),
        (0.0996, "0.10"),
        (0.53, "0.53"),
        (12.345, "12.35"),
        (1234.5, "1,234.50"),
    ],
)
def test_costs_keep_two_significant_digits_below_ten_cents(dollars: float, shown: str) -> None:
    assert format_cost(dollars) == shown


def test_estimates_by_model_prefix_and_provider() -> None:
    assert estimate_cost("openai", "gpt-4o-mini", 164, 34) == pytest.approx(0.000045)
    assert estimate_cost("openai", "gpt-4o-mini-2024-07-18", 1_000_000, 0) == pytest.approx(0.15)
    assert estimate_cost("offline", "offline-planner", 10**6, 10**6) == 0.0
    assert estimate_cost("openai", "some-new-model", 1, 1) is None
