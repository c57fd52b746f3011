"""Finding servers on the LAN: browsing zeroconf (DNS-SD) for the ones that advertise themselves.

A server advertises every address of its interfaces (a host on two networks, or on a switch with
addresses set by hand, has several); each server found lists them all, those on one of this
machine's own networks first, and Join tries them in turn until one answers."""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

import ifaddr
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from soupkitchen.shared.wire.constants import LAN_SERVICE


def own_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine's interfaces are on (loopback aside)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    return found


def reachable_first(hosts: list[str], networks: list[ipaddress.IPv4Network] | None = None) -> list[str]:
    """``hosts`` with those on one of ``networks`` (this machine's own, by default) first, in their
    order otherwise; a loopback address, which is always this machine itself, last."""
    networks = own_networks() if networks is None else networks

    def rank(host: str) -> int:
        address = ipaddress.ip_address(host)
        if address.is_loopback:
            return 2
        return 0 if any(address in network for network in networks) else 1

    return sorted(dict.fromkeys(hosts), key=rank)


async def browse(timeout: float = 2.0) -> list[dict[str, Any]]:
    """Servers seen on the LAN within ``timeout`` seconds: ``[{"name", "machine", "host", "hosts",
    "port"}]``, ``machine`` the name of the computer it runs on (as it calls itself on the LAN),
    ``hosts`` every address it advertised in the order to try them, ``host`` the first."""
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser = AsyncServiceBrowser(zeroconf.zeroconf, LAN_SERVICE, handlers=[on_change])
    try:
        await asyncio.sleep(timeout)
        found = []
        networks = own_networks()
        for name in sorted(names):
            info = AsyncServiceInfo(LAN_SERVICE, name)
            if not await info.async_request(zeroconf.zeroconf, 1000):
                continue
            hosts = reachable_first(info.parsed_addresses(IPVersion.V4Only), networks)
            if hosts and info.port:
                machine = (info.server or "").removesuffix(".").removesuffix(".local")
                found.append(
                    {
                        "name": name.removesuffix("." + LAN_SERVICE),
                        "machine": machine,
                        "host": hosts[0],
                        "hosts": hosts,
                        "port": info.port,
                    }
                )
        return found
    finally:
        await browser.async_cancel()
        await zeroconf.async_close()
