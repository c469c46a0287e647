"""The installed cardstate version, for ``cardstate --version`` and the benchmark report."""

from __future__ import annotations

__all__ = ["version"]


def version() -> str:
    """The installed cardstate version (package metadata, else ``cardstate.__version__``)."""
    from importlib import metadata

    try:
        return metadata.version("cardstate")
    except metadata.PackageNotFoundError:
        import cardstate

        return str(getattr(cardstate, "__version__", "unknown"))
