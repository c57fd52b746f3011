"""LAN discovery with zeroconf (DNS-SD): the server advertises ``_soupkitchen._tcp``, clients browse."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

SERVICE_TYPE = "_soupkitchen._tcp.local."


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses others on the LAN may reach (loopback as a last resort)."""
    addresses: set[str] = set()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent; this picks the outgoing interface
            addresses.add(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addresses.add(str(info[4][0]))
    except OSError:
        pass
    usable = sorted(a for a in addresses if not a.startswith("127."))
    return usable or ["127.0.0.1"]


class Advertisement:
    def __init__(self, zeroconf: AsyncZeroconf, info: AsyncServiceInfo) -> None:
        self.zeroconf = zeroconf
        self.info = info

    async def close(self) -> None:
        await self.zeroconf.async_unregister_service(self.info)
        await self.zeroconf.async_close()


async def advertise(port: int, name: str = "Soup Kitchen", addresses: list[str] | None = None,
                    properties: dict[str, str] | None = None) -> Advertisement:
    """Register the server on the LAN until ``close()`` is awaited."""
    addresses = addresses or local_addresses()
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    info = AsyncServiceInfo(
        SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", port=port,
        addresses=[socket.inet_aton(a) for a in addresses],
        properties={"protocol": "1", **(properties or {})}, server=f"{socket.gethostname()}.local.")
    await zeroconf.async_register_service(info, allow_name_change=True)
    return Advertisement(zeroconf, info)


async def browse(timeout: float = 2.0) -> list[dict[str, Any]]:
    """Servers seen on the LAN within ``timeout`` seconds: ``[{"name", "host", "port"}]``."""
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser = AsyncServiceBrowser(zeroconf.zeroconf, SERVICE_TYPE, handlers=[on_change])
    try:
        await asyncio.sleep(timeout)
        found = []
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if not await info.async_request(zeroconf.zeroconf, 1000):
                continue
            hosts = info.parsed_addresses(IPVersion.V4Only)
            if hosts and info.port:
                found.append({"name": name.removesuffix("." + SERVICE_TYPE), "host": hosts[0],
                              "port": info.port})
        return found
    finally:
        await browser.async_cancel()
        await zeroconf.async_close()
