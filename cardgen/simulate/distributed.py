"""Run the same chunks on a Dask distributed cluster (``pip install cardgen[distributed]``).

The :class:`~cardgen.simulate.batch.Runner` (simulation + catalogue + spec) is scattered once
to every worker; each task plays one chunk and returns its int counters, which are added here
as they arrive.  The chunks and seeds are those of :func:`cardgen.simulate.batch.simulate`, so
the result equals the single-process one bit for bit.
"""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.simulate.batch import (
    Progress,
    Runner,
    SimResult,
    chunks,
    default_chunk_size,
    load_simulation,
)
from cardgen.simulate.protocol import Simulation
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import merge_into


class DaskUnavailableError(RuntimeError):
    """``dask.distributed`` is not installed."""


class DaskConnectionError(RuntimeError):
    """Nothing answers at the scheduler address in time."""


class DaskAddressError(ValueError):
    """The scheduler address is malformed (no port, unknown scheme...)."""


def _run_chunk(runner: Runner, start: int, stop: int) -> tuple[int, list[int]]:
    return stop - start, runner.run_chunk(start, stop)


def _client(scheduler: Any, timeout: float | None):
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise DaskUnavailableError(
            "--dask needs dask.distributed: pip install 'cardgen[distributed]'"
        ) from None
    if isinstance(scheduler, Client):
        return scheduler, False
    try:
        return Client(scheduler, timeout=timeout), True
    except ValueError as exc:
        raise DaskAddressError(f"{scheduler}: {exc}") from exc
    except OSError as exc:  # refused or timed out
        raise DaskConnectionError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc


def simulate_dask(
    catalogue: Catalogue,
    spec: SimSpec,
    scheduler: Any,
    *,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    connect_timeout: float | None = None,
    simulation: Simulation | None = None,
) -> SimResult:
    """Play ``spec`` on the cluster at ``scheduler`` (an address or a ``distributed.Client``).

    A malformed address raises :class:`DaskAddressError`; one that does not answer within
    ``connect_timeout`` seconds (default: Dask's ``distributed.comm.timeouts.connect``)
    :class:`DaskConnectionError`.
    """
    from distributed import as_completed

    sim = simulation or load_simulation(catalogue)
    runner = Runner(sim, catalogue, spec)
    spec = runner.spec
    warnings = tuple(runner.warnings())
    total = runner.layout.zeros()
    client, own = _client(scheduler, connect_timeout)
    try:
        remote = client.scatter(runner, broadcast=True)
        size = chunk_size or default_chunk_size(spec, sizes=dict(sim.chunk_sizes))
        parts = list(chunks(spec.games, size))
        futures = [client.submit(_run_chunk, remote, a, b, pure=False) for a, b in parts]
        for fut in as_completed(futures):
            done, part = fut.result()
            merge_into(total, part)
            if progress:
                progress(done)
            fut.release()
    finally:
        if own:
            client.close()
    return SimResult(spec, runner.layout, tuple(total), warnings, sim)
