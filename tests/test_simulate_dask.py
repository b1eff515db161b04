"""`--dask`: the same chunks on a local Dask cluster give the single-process result."""

from __future__ import annotations

from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from cardgen.catalogue.loader import load_catalogue  # noqa: E402
from cardgen.engine.distributed import simulate_dask  # noqa: E402
from cardgen.engine.simulation import KitSimulation, simulate  # noqa: E402
from cardgen.packs.attack_right.engine import ENGINE  # noqa: E402
from cardgen.simulate import SimSpec, make_matchups  # noqa: E402

CARDS = Path(__file__).resolve().parents[1] / "cards"


def test_dask_local_cluster_equals_single_process():
    cat = load_catalogue(CARDS)
    spec = SimSpec(games=30, players=3, matchups=make_matchups(cat.rules.deck_ids, 3), seed=5)
    sim = KitSimulation(ENGINE)
    local = simulate(cat, spec, workers=1, simulation=sim)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        done: list[int] = []
        remote = simulate_dask(
            cat, spec, client, chunk_size=4, progress=done.append, simulation=sim
        )
    assert remote.counters == local.counters
    assert sum(done) == 30 and len(done) == 8
    assert remote.warnings == local.warnings
