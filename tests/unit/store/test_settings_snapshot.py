"""Settings.snapshot(): what a run reads while the window goes on editing its own settings."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, asdict

import pytest

from desktop_app.store.settings import Settings


def test_snapshot_is_a_deep_copy_that_refuses_assignment() -> None:
    live = Settings(model="m1", auto_approve=["get_weather"], extra={"k": [1]})
    frozen = live.snapshot()
    assert asdict(frozen) == asdict(live)
    live.model = "m2"
    live.auto_approve.append("save_itinerary")
    live.extra["k"].append(2)
    assert (frozen.model, frozen.auto_approve, frozen.extra) == ("m1", ["get_weather"], {"k": [1]})
    with pytest.raises(FrozenInstanceError):
        frozen.model = "m3"
    with pytest.raises(FrozenInstanceError):
        del frozen.provider
    assert isinstance(frozen, Settings)
