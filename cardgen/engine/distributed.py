"""Run the same chunks on a Dask distributed cluster (``pip install cardgen[distributed]``).

The :class:`~cardgen.engine.simulation.Runner` (simulation + catalogue + spec) is scattered once
to every worker; each task plays one chunk and returns its int counters, which are added here
as they arrive.  The chunks and seeds are those of :func:`cardgen.engine.simulation.simulate`, so
the result equals the single-process one bit for bit.
"""

from __future__ import annotations

import socket
import struct
import time
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.engine.simulation import (
    KitSimulation,
    Progress,
    Runner,
    SimResult,
    chunks,
    default_chunk_size,
)
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


#: the longest greeting a Dask scheduler sends a new connection (its handshake: ~60 bytes)
_GREETING_MAX = 64 * 1024


def _client(scheduler: Any, timeout: float | None):
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise DaskUnavailableError(
            "--dask needs dask.distributed: pip install 'cardgen[distributed]'"
        ) from None
    if isinstance(scheduler, Client):
        return scheduler, False
    _probe(scheduler, timeout or 10.0)
    try:
        return Client(scheduler, timeout=timeout), True
    except ValueError as exc:
        raise DaskAddressError(f"{scheduler}: {exc}") from exc
    except (OSError, MemoryError, struct.error) as exc:  # refused, timed out, garbled
        raise DaskConnectionError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc


def _probe(address: str, timeout: float) -> None:
    """Check that a Dask scheduler answers at a ``tcp://`` address before Dask's client meets
    it: a scheduler greets each new connection with a short handshake.  Dask's client reads
    a greeting's length without a bound or a deadline (an HTTP server's reply became a 3 EiB
    allocation; a server that never speaks, a hang); this reads at most
    :data:`_GREETING_MAX` bytes within ``timeout`` seconds.  Raises
    :class:`DaskAddressError` or :class:`DaskConnectionError`."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, loc = parse_address(address)
        host, port = parse_host_port(loc) if scheme == "tcp" else (None, None)
    except ValueError as exc:
        raise DaskAddressError(f"{address}: {exc}") from None
    if host is None:
        return  # another protocol (inproc, tls, ucx): Dask's client checks it
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            (length,) = struct.unpack("<Q", _receive(sock, 8, deadline))
            if length > _GREETING_MAX:
                raise DaskConnectionError(
                    f"{address} is not a Dask scheduler: its first message claims {length} bytes"
                )
            greeting = _receive(sock, length, deadline)
    except TimeoutError:
        raise DaskConnectionError(
            f"{address} did not answer as a Dask scheduler within {timeout:g} s (something "
            "accepts connections there but does not speak Dask's protocol)"
        ) from None
    except DaskConnectionError:
        raise
    except OSError as exc:  # refused, unreachable, closed early
        raise DaskConnectionError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    if b"pickle-protocol" not in greeting:
        raise DaskConnectionError(f"{address} is not a Dask scheduler: it greets otherwise")


def _receive(sock: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes from ``sock`` before ``deadline``; TimeoutError after it, an
    OSError if the peer closes first."""
    data = b""
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        block = sock.recv(min(size - len(data), 65536))
        if not block:
            raise ConnectionError("the server closed the connection")
        data += block
    return data


def simulate_dask(
    catalogue: Catalogue,
    spec: SimSpec,
    scheduler: Any,
    *,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    connect_timeout: float | None = None,
    simulation: KitSimulation,
) -> SimResult:
    """Play ``spec`` on the cluster at ``scheduler`` (an address or a ``distributed.Client``).

    A malformed address raises :class:`DaskAddressError`; one that does not answer within
    ``connect_timeout`` seconds (default: Dask's ``distributed.comm.timeouts.connect``)
    :class:`DaskConnectionError`.
    """
    from distributed import as_completed

    sim = simulation
    runner = Runner(sim, catalogue, spec)
    spec = runner.spec
    warnings = tuple(runner.warnings())
    total = runner.layout.zeros()
    client, own = _client(scheduler, connect_timeout)
    try:
        remote = client.scatter(runner, broadcast=True)
        size = chunk_size or default_chunk_size(spec)
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
