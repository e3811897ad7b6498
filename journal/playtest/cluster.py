"""Simulations on a Dask cluster (``chronicler simulate --cluster``).

Dask rather than Ray: ``distributed`` is pure Python from wheels, starts a real local cluster
(scheduler and worker processes) in a second inside a test, and a games task is a plain
function over picklable arguments, which is all Dask asks. Ray brings a large native runtime
and its own object store that a games sweep does not need.

``--cluster local`` starts a local cluster of ``--workers`` processes for the run; any other
value is a scheduler's address (``tcp://host:8786``) whose workers can import Chronicler.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from dsl.errors import ChroniclerError


@contextmanager
def client_for(address: str, workers: int) -> Iterator[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - a dependency of the project
        raise ChroniclerError("--cluster needs dask[distributed] installed") from None
    if address == "local":
        cluster = LocalCluster(
            n_workers=max(1, workers),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=40,
        )
        try:
            with Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError) as error:
        raise ChroniclerError(f"--cluster {address}: no scheduler answers ({error})") from None
    try:
        yield client
    finally:
        client.close()
