"""The client's reach into Engine.IO's client is fenced: outside the tested releases, or with
SOUPKITCHEN_STOCK_SOCKETS=1, the public path plays the same (a broken link is found and mended)."""

from __future__ import annotations

import asyncio

import pytest

from soupkitchen.client.net import engine
from soupkitchen.client.net.connection import Connection
from soupkitchen.server.embedded import EmbeddedServer


def test_only_the_tested_releases_are_reached_into(monkeypatch):
    monkeypatch.delenv(engine.STOCK_ENV, raising=False)
    assert engine.fenced("4.12.3") and engine.fenced("4.15.0")
    assert not engine.fenced("4.16.0") and not engine.fenced("5.0") and not engine.fenced("4.10.1")
    monkeypatch.setenv(engine.STOCK_ENV, "1")
    assert not engine.fenced("4.12.3")


class Session:
    closed = False

    async def close(self) -> None:
        self.closed = True


class Link:
    def __init__(self) -> None:
        self.eio = type("Engine", (), {"http": Session()})()


@pytest.mark.parametrize("stock", [False, True])
async def test_an_unopened_session_is_closed_only_inside_the_fence(monkeypatch, stock):
    monkeypatch.setattr(engine, "fenced", lambda version=None: not stock)
    link = Link()
    await engine.close_unopened(link)
    assert link.eio.http.closed is not stock
    await engine.close_unopened(object())  # no Engine.IO client at all: nothing to close, no error


@pytest.mark.parametrize("stock", [False, True])
async def test_a_broken_link_is_mended_on_either_path(tmp_path, monkeypatch, stock):
    if stock:
        monkeypatch.setenv(engine.STOCK_ENV, "1")
    else:
        monkeypatch.delenv(engine.STOCK_ENV, raising=False)
    server = EmbeddedServer(tmp_path / "server.sqlite3")
    await server.start()
    conn = Connection(server.url)
    try:
        await conn.connect()
        mended = asyncio.Event()
        conn.resumed_listeners.append(lambda back, held: mended.set())
        await conn.drop_for_test()
        await asyncio.wait_for(mended.wait(), 30)  # lost, then found again on its own
        assert conn.connected
    finally:
        await conn.close()
        await server.stop()
