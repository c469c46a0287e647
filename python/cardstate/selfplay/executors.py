"""Where the games run: one small interface, three backends.

An executor takes the match configuration and the chunks of game indices and yields each
chunk's results as it finishes (in any order; the runner orders them by index). Each chunk is
replayed from ``(configuration, indices)`` alone, so every backend gives the same games.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from cardstate.errors import SelfPlayError
from cardstate.selfplay.results import GameResult
from cardstate.selfplay.worker import MatchConfig, play_chunk

__all__ = ["Executor", "SerialExecutor", "LocalExecutor", "RayExecutor", "make_executor"]

BACKENDS = ("serial", "local", "ray")


class Executor(Protocol):
    """Runs chunks of games."""

    workers: int

    def map(
        self, config: MatchConfig, chunks: Sequence[Sequence[int]]
    ) -> Iterator[list[GameResult]]:
        """Yield each chunk's results as it completes."""
        ...

    def close(self) -> None:
        """Release what the executor started."""
        ...


def _error(exc: BaseException) -> SelfPlayError:
    if isinstance(exc, SelfPlayError):
        return exc
    err = SelfPlayError(f"a self-play worker failed: {type(exc).__name__}: {exc}")
    err.__cause__ = exc
    return err


class SerialExecutor:
    """In this process, one chunk after another."""

    workers = 1

    def map(
        self, config: MatchConfig, chunks: Sequence[Sequence[int]]
    ) -> Iterator[list[GameResult]]:
        for chunk in chunks:
            yield play_chunk(config, chunk)

    def close(self) -> None:
        pass


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class LocalExecutor:
    """A pool of worker processes on this machine (forkserver, else spawn: never a fork of a
    process that may hold threads)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def map(
        self, config: MatchConfig, chunks: Sequence[Sequence[int]]
    ) -> Iterator[list[GameResult]]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=_context())
        order: dict[Future[list[GameResult]], int] = {
            self._pool.submit(play_chunk, config, chunk): i for i, chunk in enumerate(chunks)
        }
        pending = set(order)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                # Chunks finishing together are taken in order (the first failure reported).
                for fut in sorted(done, key=order.__getitem__):
                    try:
                        result = fut.result()
                    except BaseException as exc:
                        raise _error(exc) from exc
                    yield result
        finally:
            for fut in pending:
                fut.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise SelfPlayError("the ray backend needs Ray: pip install 'cardstate[ray]'") from exc
    return ray


class RayExecutor:
    """Ray tasks, one per chunk, on the cluster at ``address``, or on a private local cluster
    started here (and stopped by :meth:`close`). A Ray already initialised in this process is
    used as it is. Tasks receive the configuration and the indices, never live states."""

    def __init__(
        self,
        workers: int | None = None,
        address: str | None = None,
        *,
        object_store_memory: int = 100 * 1024 * 1024,
    ) -> None:
        ray = _ray()
        self._owns = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "ignore_reinit_error": True,
            }
            if address:
                ray.init(address=address, **kwargs)
            else:
                ray.init(
                    num_cpus=workers or os.cpu_count() or 1,
                    object_store_memory=object_store_memory,
                    **kwargs,
                )
            self._owns = True
        self.workers = workers or int(ray.cluster_resources().get("CPU", 1))
        self._ray = ray

    def map(
        self, config: MatchConfig, chunks: Sequence[Sequence[int]]
    ) -> Iterator[list[GameResult]]:
        ray = self._ray
        task = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
        config_ref = ray.put(config)
        pending = [task.remote(config_ref, list(chunk)) for chunk in chunks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        raise _error(cause if cause is not None else exc) from exc
                    except ray.exceptions.RayError as exc:
                        raise _error(exc) from exc
                    yield result
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        if self._owns:
            self._ray.shutdown()
            self._owns = False


def make_executor(backend: str, workers: int | None, address: str | None) -> Executor:
    """The executor of ``backend`` (``serial``, ``local`` or ``ray``)."""
    if backend == "serial":
        return SerialExecutor()
    if backend == "local":
        return LocalExecutor(workers)
    if backend == "ray":
        return RayExecutor(workers, address)
    raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
