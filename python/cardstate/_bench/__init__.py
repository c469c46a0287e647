"""Benchmark tooling, outside the product's import path: ``import cardstate`` never loads it.

:mod:`cardstate._bench.workloads` holds the workloads shared by ``cardstate bench`` (which
imports it only when the command runs) and the pytest-benchmark suite in ``benches/``.
"""
