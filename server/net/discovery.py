"""LAN discovery with zeroconf (DNS-SD): the server advertises ``_soupkitchen._tcp`` (clients browse
for it in :mod:`client.net.lan`)."""

from __future__ import annotations

import ipaddress
import socket

import ifaddr
from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from soupkitchen.shared.wire.constants import LAN_SERVICE, PROTOCOL_VERSION


def outgoing_address() -> str | None:
    """The address the default route leaves from (None: no default route, as on a LAN party's
    switch with addresses set by hand)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent; this picks the outgoing interface
            return str(probe.getsockname()[0])
    except OSError:
        return None


def interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's network interfaces but loopback (``ifaddr``, as
    zeroconf finds them)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    return found


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses others on the LAN may reach: the default route's first, then
    every other interface's (a machine on two networks, or on one without a router); loopback only
    when there is nothing else."""
    outgoing = outgoing_address()
    usable = interface_addresses()
    if outgoing is not None and not outgoing.startswith("127."):
        usable.insert(0, outgoing)
    ordered = list(dict.fromkeys(usable))
    return ordered[:1] + sorted(ordered[1:], key=ipaddress.ip_address) if ordered else ["127.0.0.1"]


class Advertisement:
    def __init__(self, zeroconf: AsyncZeroconf, info: AsyncServiceInfo) -> None:
        self.zeroconf = zeroconf
        self.info = info

    async def close(self) -> None:
        await self.zeroconf.async_unregister_service(self.info)
        await self.zeroconf.async_close()


async def advertise(
    port: int,
    name: str = "Soup Kitchen",
    addresses: list[str] | None = None,
    properties: dict[str, str] | None = None,
) -> Advertisement:
    """Register the server on the LAN until ``close()`` is awaited."""
    addresses = addresses or local_addresses()
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    info = AsyncServiceInfo(
        LAN_SERVICE,
        f"{name}.{LAN_SERVICE}",
        port=port,
        addresses=[socket.inet_aton(a) for a in addresses],
        properties={"protocol": str(PROTOCOL_VERSION), **(properties or {})},
        server=f"{socket.gethostname()}.local.",
    )
    await zeroconf.async_register_service(info, allow_name_change=True)
    return Advertisement(zeroconf, info)
