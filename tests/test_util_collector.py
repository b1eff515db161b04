"""The garbage collector is paused through a render and on again after, as it was before."""

from __future__ import annotations

import gc
from typing import cast

import pytest

from cardgen.catalogue.loader import Catalogue
from cardgen.render.api import Renderer, RenderOptions
from cardgen.util.collector import collector_paused


@pytest.fixture
def collector_on():
    """The collector on for the test, and as it was afterwards."""
    was_on = gc.isenabled()
    gc.enable()
    yield
    if not was_on:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after(collector_on):
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: the inner pause leaves it off
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_turns_the_collector_on_again(collector_on):
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_off_before_stays_off(collector_on):
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_a_render_runs_with_the_collector_off(collector_on, monkeypatch, tmp_path):
    seen: list[bool] = []
    written = [tmp_path / "pnp-a4.pdf"]

    def spy(self, out, options, check):  # the render's body, recording the collector's state
        seen.append(gc.isenabled())
        return written

    monkeypatch.setattr(Renderer, "_render", spy)
    renderer = Renderer(cast(Catalogue, object()))  # the body is the spy: no catalogue read
    assert renderer.render(tmp_path, RenderOptions(products=("pnp",)), check=False) is written
    assert seen == [False]
    assert gc.isenabled()
