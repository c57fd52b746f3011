"""Hosting from home over UPnP, against a small Internet Gateway Device started on 127.0.0.1 (no
discovery multicast): the port mapped to this machine and removed again, routers that take only
permanent leases, refuse, or sit behind another NAT, each said plainly."""

from __future__ import annotations

import asyncio
import socket
from datetime import timedelta

import pytest

from soupkitchen.client.net import upnp
from tests.client.igd import Gateway


@pytest.fixture
async def router():
    made: list[Gateway] = []

    async def start(**kind) -> Gateway:
        gateway = await Gateway(**kind).start()
        made.append(gateway)
        return gateway

    yield start
    for gateway in made:
        await gateway.stop()


async def test_the_port_is_mapped_to_this_machine_and_removed_when_hosting_stops(router):
    gateway = await router()
    mapping = await upnp.open_port(8765, gateway.description_url)
    try:
        assert mapping.address == "81.2.69.142:8765"
        held = gateway.mappings[(8765, "TCP")]
        assert held["NewInternalClient"] == "127.0.0.1" and held["NewInternalPort"] == "8765"
        assert held["NewLeaseDuration"] == "3600" and held["NewEnabled"] == "1"
    finally:
        await mapping.close()
    assert gateway.mappings == {}
    await mapping.close()  # a second close (the router already forgot it) is harmless


async def test_a_router_that_takes_only_permanent_leases_gets_one(router):
    gateway = await router(only_permanent=True)
    mapping = await upnp.open_port(8765, gateway.description_url)
    assert gateway.mappings[(8765, "TCP")]["NewLeaseDuration"] == "0" and mapping.lease == timedelta(0)
    await mapping.close()
    assert gateway.mappings == {}


async def test_the_lease_is_renewed_while_hosting_lasts(router):
    gateway = await router()
    mapping = await upnp.open_port(8765, gateway.description_url, lease=timedelta(seconds=1))
    try:
        for _ in range(500):
            if gateway.calls.count("AddPortMapping") >= 3:
                break
            await asyncio.sleep(0.02)  # real time: the lease of 1 s is renewed by the router's clock
        assert gateway.calls.count("AddPortMapping") >= 3
    finally:
        await mapping.close()
    assert gateway.mappings == {}


@pytest.mark.parametrize(
    "kind, words",
    [
        ({"refuse": True}, "The router refused to open port 8765 (UPnP error 606: Action not authorized)"),
        ({"external_ip": "100.64.3.9"}, "its outside address (100.64.3.9) is not one the internet reaches"),
        ({"external_ip": "192.168.0.2"}, "its outside address (192.168.0.2) is not one the internet reaches"),
    ],
)
async def test_a_router_that_cannot_help_is_said_so_plainly_and_nothing_stays_open(router, kind, words):
    gateway = await router(**kind)
    with pytest.raises(upnp.PortMapError) as refused:
        await upnp.open_port(8765, gateway.description_url)
    said = str(refused.value)
    assert words in said and said.endswith(upnp.ELSEWHERE) and "Traceback" not in said, said
    assert gateway.mappings == {}


async def test_no_router_at_the_address_is_said_so(router):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(upnp.PortMapError, match="The router's UPnP description could not be read"):
        await upnp.open_port(8765, f"http://127.0.0.1:{port}/rootDesc.xml")


def test_only_an_address_the_internet_reaches_counts_as_outside():
    assert upnp.reachable("81.2.69.142") and upnp.reachable("2a00:1450:4009:80b::200e")
    for address in ("10.0.0.1", "192.168.1.1", "100.64.0.1", "127.0.0.1", "", "not an address"):
        assert not upnp.reachable(address)
