"""The standalone server settles its heap once it serves and reports its pauses in ``GET /metrics``;
a client's embedded server leaves the process's garbage collector as it was."""

from __future__ import annotations

import asyncio
import gc

import pytest
from server_testkit import fetch_json

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.gc_pauses import GC_THRESHOLDS, PROBE_PERIOD


@pytest.fixture
def own_collector():
    """The test process's collector settings, put back afterwards."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


async def test_standalone_server_settles_its_heap_and_reports_pauses(tmp_path, own_collector):
    server = EmbeddedServer(tmp_path / "server.sqlite3", standalone=True)
    await server.start()
    try:
        assert gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0
        gc.collect(0)
        await asyncio.sleep(3 * PROBE_PERIOD)  # real time: the pause watch probes the event loop's lag on it
        metrics = await fetch_json(server.url + "/metrics")
    finally:
        await server.stop()
    assert metrics["gc"]["collections"][0] >= 1 and metrics["gc"]["pause_ms"]["samples"] >= 1
    assert metrics["gc"]["thresholds"] == list(GC_THRESHOLDS)
    assert metrics["loop_lag_ms"]["samples"] >= 1 and metrics["loop_lag_ms"]["max"] >= 0
    assert 0 <= metrics["loop_lag_working_ms"]["max"] <= metrics["loop_lag_ms"]["max"]
    assert server.pauses is not None and server.pauses.probe is None  # stopped with the server
    assert server.pauses._on_gc not in gc.callbacks


async def test_embedded_server_leaves_the_collector_alone(server, own_collector):
    thresholds = gc.get_threshold()
    metrics = await fetch_json(server.url + "/metrics")
    assert "gc" not in metrics and "loop_lag_ms" not in metrics
    assert gc.get_threshold() == thresholds
