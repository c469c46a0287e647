"""Where the games run: one small interface, three backends.

An executor takes the match configuration and the chunks of game indices and yields each
chunk's results as it finishes (in any order; the runner orders them by index). Each chunk is
replayed from ``(configuration, indices)`` alone, so every backend gives the same games. What a
worker runs on a chunk is ``task(configuration, indices)``: a match's games by default
(:func:`~cardstate.selfplay.worker.play_chunk`), or another picklable module-level function
(the self-play data generator's shards, :mod:`cardstate.selfplay.data`). The
chunks are read as they are needed (a pool has at most two chunks per worker in flight), so a
match of any length starts at once and an interruption has little to cancel.

:meth:`Executor.close` releases what the executor started once the match is over;
:meth:`Executor.terminate` stops it at once (after Ctrl-C or a failure): chunks not started are
cancelled and the running ones killed, worker processes included.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Protocol

from cardstate.errors import SelfPlayError
from cardstate.selfplay.settings import BACKENDS, RAY_CONNECT_TIMEOUT
from cardstate.selfplay.worker import play_chunk

__all__ = ["Executor", "SerialExecutor", "LocalExecutor", "RayExecutor", "make_executor"]

Task = Callable[[Any, Sequence[int]], Any]
"""What a worker runs on a chunk: ``task(configuration, indices) -> results``."""

IN_FLIGHT_PER_WORKER = 2
"""Chunks submitted ahead per worker: one running, one waiting to start as it finishes."""


class Executor(Protocol):
    """Runs chunks of games."""

    workers: int

    def map(
        self, config: Any, chunks: Iterable[Sequence[int]], task: Task = play_chunk
    ) -> Iterator[Any]:
        """Yield each chunk's results (``task(config, chunk)``) as it completes."""
        ...

    def close(self) -> None:
        """Release what the executor started (the match is over)."""
        ...

    def terminate(self) -> None:
        """Stop at once: cancel the chunks not started, kill the running ones."""
        ...


def _error(exc: BaseException) -> SelfPlayError:
    if isinstance(exc, SelfPlayError):
        return exc
    err = SelfPlayError(f"a self-play worker failed: {type(exc).__name__}: {exc}")
    err.__cause__ = exc
    return err


class SerialExecutor:
    """In this process, one chunk after another (a Ctrl-C stops the running game between two
    decisions: the native playout looks for signals as it goes)."""

    workers = 1

    def map(
        self, config: Any, chunks: Iterable[Sequence[int]], task: Task = play_chunk
    ) -> Iterator[Any]:
        for chunk in chunks:
            yield task(config, chunk)

    def close(self) -> None:
        pass

    def terminate(self) -> None:
        pass


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _needs_main(config: Any) -> bool:
    """Whether the configuration holds something defined in the caller's ``__main__`` (a Python
    agent's class in the script): the workers must then import the script to unpickle it."""
    return b"__main__" in pickle.dumps(config)


@contextmanager
def _main_hidden(hide: bool) -> Iterator[None]:
    """Worker processes started here don't import the caller's ``__main__`` (``hide``): a
    forkserver or spawn worker runs the parent's script again, as ``__mp_main__``, when the
    parent's ``__main__`` names its file or module, and a script without an ``if __name__ ==
    "__main__":`` guard would start the match again in each worker. The match's configuration
    needs nothing of the script (``_needs_main``), so the workers are started as from an
    interactive session, which they import nothing for."""
    main = sys.modules.get("__main__")
    if not hide or main is None:
        yield
        return
    saved: dict[str, Any] = {
        k: main.__dict__[k] for k in ("__file__", "__spec__") if k in main.__dict__
    }
    main.__dict__.pop("__file__", None)
    main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


_GUARD_HINT = (
    "the local backend's workers import your script again to unpickle {what} defined in it, "
    "and the script started the match again as they did: put the script's top-level code under "
    "'if __name__ == \"__main__\":' (or define the agent in a module of its own, or use "
    "backend='serial')"
)


def _script_unguarded() -> bool:
    """Whether the caller's ``__main__`` is a script whose top level would run the match again
    when a worker imports it: it runs from a file and calls the runner outside an ``if
    __name__ == "__main__":`` block (read from its source; False when it can't be read)."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    if not path:
        return False
    try:
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
    except (OSError, UnicodeDecodeError):
        return False
    return "__name__" not in source


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops it (a terminal sends SIGINT to the
    whole process group: workers would otherwise die mid-chunk printing tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalExecutor:
    """A pool of worker processes on this machine (forkserver, else spawn: never a fork of a
    process that may hold threads)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def map(
        self, config: Any, chunks: Iterable[Sequence[int]], task: Task = play_chunk
    ) -> Iterator[Any]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=_context(), initializer=_ignore_interrupts
            )
        pool = self._pool
        needs_main = _needs_main(config)
        main = sys.modules.get("__main__")
        spec = getattr(main, "__spec__", None)
        if needs_main and not (getattr(main, "__file__", None) or getattr(spec, "name", None)):
            raise SelfPlayError(
                "an agent defined in an interactive session (a notebook, python -c) can't be "
                "sent to the local backend's worker processes, which can't import it: define "
                "its class in a module of its own, or use backend='serial'"
            )
        todo = iter(enumerate(chunks))
        order: dict[Future[Any], int] = {}
        pending: set[Future[Any]] = set()

        def submit(n: int) -> None:
            if n <= 0:
                return
            for i, chunk in todo:
                # A submit may start a worker process.
                with _main_hidden(not needs_main):
                    fut = pool.submit(task, config, chunk)
                order[fut] = i
                pending.add(fut)
                n -= 1
                if n == 0:
                    return

        submit(IN_FLIGHT_PER_WORKER * self.workers)
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                pending.difference_update(done)
                # Chunks finishing together are taken in order (the first failure reported).
                for fut in sorted(done, key=order.__getitem__):
                    del order[fut]
                    try:
                        result = fut.result()
                    except BrokenProcessPool as exc:
                        if needs_main and _script_unguarded():
                            raise SelfPlayError(_GUARD_HINT.format(what="an agent")) from exc
                        raise _error(exc) from exc
                    except BaseException as exc:
                        raise _error(exc) from exc
                    yield result
                submit(len(done))
        finally:
            for fut in pending:
                fut.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def terminate(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # The worker processes, taken before shutdown forgets them (Python 3.14 has
        # ProcessPoolExecutor.terminate_workers; before it, the pool's own table).
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            p.terminate()
        for p in processes:
            p.join(timeout=1.0)
            if p.is_alive():
                p.kill()
                p.join(timeout=1.0)


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise SelfPlayError("the ray backend needs Ray: pip install 'cardstate[ray]'") from exc
    return ray


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a Ray address (``host:port`` or ``ray://host:port``), or None for
    one without a port (``auto``, ``local``)."""
    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit() or not host:
        return None
    return host.strip("[]"), int(port)


def _connect(ray: Any, address: str, timeout: float, kwargs: dict[str, Any]) -> None:
    """``ray.init(address=...)``, giving up after ``timeout`` seconds: first the address must
    accept a connection, then Ray must finish connecting (it would otherwise retry for ever)."""
    where = _host_port(address)
    if where is not None:
        try:
            socket.create_connection(where, timeout=timeout).close()
        except OSError as exc:
            raise SelfPlayError(
                f"no Ray cluster answers at {address!r} ({exc}); start one with `ray start "
                "--head`, or leave out the address for a private local cluster"
            ) from exc
    outcome: list[BaseException | None] = []

    def init() -> None:
        try:
            ray.init(address=address, **kwargs)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - reported to the caller below
            outcome.append(exc)

    t = threading.Thread(target=init, name="cardstate-ray-connect", daemon=True)
    t.start()
    t.join(timeout)
    if not outcome:
        raise SelfPlayError(
            f"the Ray cluster at {address!r} did not answer within {timeout:g} s "
            "(connect_timeout=, --connect-timeout)"
        )
    failure = outcome[0]
    if failure is not None:
        raise SelfPlayError(
            f"can't connect to the Ray cluster at {address!r}: {type(failure).__name__}: {failure}"
        ) from failure


class RayExecutor:
    """Ray tasks, one per chunk, on the cluster at ``address``, or on a private local cluster
    started here (and stopped by :meth:`close`). A Ray already initialised in this process is
    used as it is. Tasks receive the configuration and the indices, never live states. A
    cluster at ``address`` that doesn't answer within ``connect_timeout`` seconds is a
    :class:`SelfPlayError`."""

    def __init__(
        self,
        workers: int | None = None,
        address: str | None = None,
        *,
        object_store_memory: int = 100 * 1024 * 1024,
        connect_timeout: float = RAY_CONNECT_TIMEOUT,
    ) -> None:
        ray = _ray()
        self._owns = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "ignore_reinit_error": True,
            }
            try:
                if address:
                    _connect(ray, address, connect_timeout, kwargs)
                else:
                    ray.init(
                        num_cpus=workers or os.cpu_count() or 1,
                        object_store_memory=object_store_memory,
                        **kwargs,
                    )
            except BaseException:
                # Interrupted or failed half-way: stop what was started.
                if ray.is_initialized():
                    ray.shutdown()
                raise
            self._owns = True
        self.workers = workers or int(ray.cluster_resources().get("CPU", 1))
        self._ray = ray
        self._pending: list[Any] = []

    def map(
        self, config: Any, chunks: Iterable[Sequence[int]], task: Task = play_chunk
    ) -> Iterator[Any]:
        ray = self._ray
        remote = ray.remote(num_cpus=1, max_retries=0)(task)
        config_ref = ray.put(config)
        todo = iter(chunks)
        pending = self._pending

        def submit(n: int) -> None:
            if n <= 0:
                return
            for chunk in todo:
                pending.append(remote.remote(config_ref, list(chunk)))
                n -= 1
                if n == 0:
                    return

        submit(IN_FLIGHT_PER_WORKER * self.workers)
        try:
            while pending:
                done, rest = ray.wait(pending, num_returns=1)
                pending[:] = rest
                for ref in done:
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        raise _error(cause if cause is not None else exc) from exc
                    except ray.exceptions.RayError as exc:
                        raise _error(exc) from exc
                    yield result
                submit(len(done))
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        if self._owns:
            self._ray.shutdown()
            self._owns = False

    def terminate(self) -> None:
        for ref in self._pending:
            self._ray.cancel(ref, force=True)
        self._pending.clear()
        self.close()


def make_executor(
    backend: str,
    workers: int | None,
    address: str | None,
    *,
    connect_timeout: float = RAY_CONNECT_TIMEOUT,
) -> Executor:
    """The executor of ``backend`` (``serial``, ``local`` or ``ray``)."""
    if backend == "serial":
        return SerialExecutor()
    if backend == "local":
        return LocalExecutor(workers)
    if backend == "ray":
        return RayExecutor(workers, address, connect_timeout=connect_timeout)
    raise ValueError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
