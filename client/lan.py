"""Finding servers on the LAN: browsing zeroconf (DNS-SD) for the ones that advertise themselves."""

from __future__ import annotations

import asyncio
from typing import Any

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from soupkitchen.shared.wire.constants import LAN_SERVICE


async def browse(timeout: float = 2.0) -> list[dict[str, Any]]:
    """Servers seen on the LAN within ``timeout`` seconds: ``[{"name", "host", "port"}]``."""
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser = AsyncServiceBrowser(zeroconf.zeroconf, LAN_SERVICE, handlers=[on_change])
    try:
        await asyncio.sleep(timeout)
        found = []
        for name in sorted(names):
            info = AsyncServiceInfo(LAN_SERVICE, name)
            if not await info.async_request(zeroconf.zeroconf, 1000):
                continue
            hosts = info.parsed_addresses(IPVersion.V4Only)
            if hosts and info.port:
                found.append({"name": name.removesuffix("." + LAN_SERVICE), "host": hosts[0],
                              "port": info.port})
        return found
    finally:
        await browser.async_cancel()
        await zeroconf.async_close()
