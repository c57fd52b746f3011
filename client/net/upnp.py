"""Hosting from home: the port of this machine's server opened on the router over UPnP (an
Internet Gateway Device, through async-upnp-client), the outside address friends elsewhere join
at, the lease renewed while hosting lasts and the mapping removed when it stops. What goes wrong
is a :class:`PortMapError` whose words say so plainly and point to the other way (a server put
online)."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import socket
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from soupkitchen.client.words import N_, _

log = logging.getLogger(__name__)

WAN_SERVICES = (
    "urn:schemas-upnp-org:service:WANIPConnection:2",
    "urn:schemas-upnp-org:service:WANIPConnection:1",
    "urn:schemas-upnp-org:service:WANPPPConnection:1",
)
LEASE = timedelta(hours=1)  # how long the router keeps the mapping unless it is renewed (at half of it)
ONLY_PERMANENT = 725  # the UPnP error of routers that take no lease but "for ever" (0)
SEARCH_SECONDS = 3
DESCRIPTION = "Soup Kitchen"
GATEWAY_ENV = "SOUPKITCHEN_UPNP_GATEWAY"
ELSEWHERE = N_(
    "Friends elsewhere can play with you on a server put online instead (soupkitchen-server --public)."
)


class PortMapError(Exception):
    """The port could not be opened on the router; ``str(err)`` says why, for the lobby."""


@dataclass
class PortMap:
    """A port open on the router: friends elsewhere reach this machine at ``address``."""

    service: Any  # the router's WANIPConnection (or WANPPPConnection) service
    external_ip: str
    port: int
    internal_client: str
    lease: timedelta
    renewing: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def address(self) -> str:
        return f"{self.external_ip}:{self.port}"

    async def add(self) -> None:
        await self.service.async_call_action(
            "AddPortMapping",
            NewRemoteHost="",
            NewExternalPort=self.port,
            NewProtocol="TCP",
            NewInternalPort=self.port,
            NewInternalClient=self.internal_client,
            NewEnabled=True,
            NewPortMappingDescription=DESCRIPTION,
            NewLeaseDuration=int(self.lease.total_seconds()),
        )

    async def renew(self) -> None:
        """Ask for the mapping again at half its lease, for as long as hosting lasts."""
        from async_upnp_client.exceptions import UpnpError

        while self.lease:
            await asyncio.sleep(self.lease.total_seconds() / 2)
            try:
                await self.add()
            except (UpnpError, OSError) as err:
                log.warning("could not renew the port mapping of %s: %s", self.address, err)

    async def close(self) -> None:
        """Remove the mapping (once); a router that has gone is only logged."""
        from async_upnp_client.exceptions import UpnpError

        if self.renewing is not None:
            self.renewing.cancel()
            self.renewing = None
        try:
            await self.service.async_call_action(
                "DeletePortMapping", NewRemoteHost="", NewExternalPort=self.port, NewProtocol="TCP"
            )
        except (UpnpError, OSError) as err:
            log.info("could not remove the port mapping of %s: %s", self.address, err)


async def find_gateway(timeout: int = SEARCH_SECONDS) -> str:
    """The description URL of the router's Internet Gateway Device: ``SOUPKITCHEN_UPNP_GATEWAY``
    if set (a router whose search answers do not get through), found by an SSDP search otherwise."""
    from async_upnp_client.profiles.igd import IgdDevice

    if os.environ.get(GATEWAY_ENV):
        return os.environ[GATEWAY_ENV]
    try:
        found = await IgdDevice.async_search(timeout=timeout)
    except OSError as err:
        raise PortMapError(
            _("Could not look for the router over UPnP ({problem}).").format(problem=err.strerror or err)
            + " "
            + _(ELSEWHERE)
        ) from None
    for response in found:
        if response.get("location"):
            return str(response["location"])
    raise PortMapError(
        _("The router did not answer a UPnP search: it may not offer UPnP, or has it turned off.")
        + " "
        + _(ELSEWHERE)
    )


def local_address_towards(url: str) -> str:
    """This machine's address on the network the router at ``url`` is on."""
    host = urlsplit(url).hostname or "127.0.0.1"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect((host, 1900))  # no packet is sent: only the route is chosen
        return str(probe.getsockname()[0])


def reachable(address: str) -> bool:
    """Whether an outside address is one the internet can reach (not a second router's, nor a
    carrier's shared one, 100.64.0.0/10)."""
    try:
        return ipaddress.ip_address(address).is_global
    except ValueError:
        return False


async def open_port(port: int, gateway: str | None = None, lease: timedelta = LEASE) -> PortMap:
    """Open ``port`` (TCP) on the router to this machine, the same port outside; ``gateway``: the
    router's description URL (found by a search when not given). PortMapError in plain words."""
    from async_upnp_client.aiohttp import AiohttpRequester
    from async_upnp_client.client_factory import UpnpFactory
    from async_upnp_client.exceptions import UpnpActionResponseError, UpnpError

    url = gateway or await find_gateway()
    try:
        device = await UpnpFactory(AiohttpRequester(timeout=5), non_strict=True).async_create_device(url)
    except (TimeoutError, UpnpError, OSError) as err:
        raise PortMapError(
            _("The router's UPnP description could not be read ({problem}).").format(problem=err)
            + " "
            + _(ELSEWHERE)
        ) from None
    service = next(
        (
            s
            for kind in WAN_SERVICES
            if (s := device.find_service(kind)) is not None and s.has_action("AddPortMapping")
        ),
        None,
    )
    if service is None:
        raise PortMapError(_("The router offers UPnP but no port mapping.") + " " + _(ELSEWHERE))
    mapping = PortMap(service, "", port, local_address_towards(url), lease)
    try:
        try:
            await mapping.add()
        except UpnpActionResponseError as err:
            if err.error_code != ONLY_PERMANENT:
                raise
            mapping.lease = timedelta(0)  # the router keeps it until it is removed
            await mapping.add()
        answer = await service.async_call_action("GetExternalIPAddress")
    except UpnpActionResponseError as err:
        raise PortMapError(
            _("The router refused to open port {port} (UPnP error {code}: {reason}).").format(
                port=port, code=err.error_code, reason=err.error_desc or _("no reason given")
            )
            + " "
            + _(ELSEWHERE)
        ) from None
    except (TimeoutError, UpnpError, OSError) as err:
        raise PortMapError(
            _("The router did not open port {port} ({problem}).").format(port=port, problem=err)
            + " "
            + _(ELSEWHERE)
        ) from None
    mapping.external_ip = str(answer.get("NewExternalIPAddress") or "")
    if not reachable(mapping.external_ip):
        await mapping.close()
        raise PortMapError(
            _(
                "The router opened port {port}, but its outside address ({address}) is not one the "
                "internet reaches: another router, or the internet provider's, is in front of it."
            ).format(port=port, address=mapping.external_ip or _("none"))
            + " "
            + _(ELSEWHERE)
        )
    mapping.renewing = asyncio.ensure_future(mapping.renew())
    return mapping
