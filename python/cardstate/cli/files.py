"""The files the commands write: their paths checked before any work starts, and each written
atomically (into a temporary file in the same directory, then renamed over the path), so a
failed or interrupted write never leaves a truncated file behind."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from typing import IO

__all__ = ["OutputError", "check_output", "write_atomic"]


def _file_mode() -> int:
    """The mode a new file gets here (0o666 less the umask), which ``mkstemp``'s 0o600 is
    changed to before the rename."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


class OutputError(Exception):
    """An output path that can't be written, or a write that failed; the message names the
    path and why."""


def check_output(path: str, what: str) -> str:
    """``path`` as given if a file can be written there: its directory exists and takes a new
    file, and the path is not a directory. Checked by making (and removing) a temporary file
    beside it, as :func:`write_atomic` will. ``what`` names the option in the message."""
    if not isinstance(path, str) or not path:
        raise OutputError(f"{what}: a file path is needed, got {path!r}")
    if os.path.isdir(path):
        raise OutputError(f"{what} {path}: is a directory")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise OutputError(f"{what} {path}: the directory {directory} does not exist")
    try:
        fd, probe = tempfile.mkstemp(prefix=".cardstate-", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OutputError(f"{what} {path}: can't write in {directory}: {exc.strerror}") from exc
    os.close(fd)
    os.unlink(probe)
    return path


def write_atomic(path: str, write: Callable[[IO[bytes]], object], what: str = "output") -> None:
    """Write ``path`` through ``write(file)`` (a binary file) into a temporary file in the same
    directory, then rename it over ``path``: the path holds the old file or the whole new one,
    never a part. The temporary file is removed if anything fails."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".cardstate-", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OutputError(f"{what} {path}: can't write in {directory}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _file_mode())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(f"{what} {path}: {exc.strerror or exc}") from exc
        raise
