"""LAN discovery with zeroconf (DNS-SD): the server advertises ``_soupkitchen._tcp`` (clients browse
for it in :mod:`client.lan`)."""

from __future__ import annotations

import socket

from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from soupkitchen.shared.wire.constants import LAN_SERVICE, PROTOCOL_VERSION


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
        LAN_SERVICE, f"{name}.{LAN_SERVICE}", port=port,
        addresses=[socket.inet_aton(a) for a in addresses],
        properties={"protocol": str(PROTOCOL_VERSION), **(properties or {})}, server=f"{socket.gethostname()}.local.")
    await zeroconf.async_register_service(info, allow_name_change=True)
    return Advertisement(zeroconf, info)
