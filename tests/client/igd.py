"""A small Internet Gateway Device for the tests, on 127.0.0.1: the description, the
WANIPConnection:1 service's SCPD and its SOAP control (AddPortMapping, DeletePortMapping,
GetExternalIPAddress), answering as routers do, faults included. Nothing is multicast: the client
is pointed at ``Gateway.description_url``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

SERVICE = "urn:schemas-upnp-org:service:WANIPConnection:1"
SOAP = "http://schemas.xmlsoap.org/soap/envelope/"

DESCRIPTION = """<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0"><specVersion><major>1</major><minor>0</minor></specVersion>
<device><deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
<friendlyName>Test router</friendlyName><manufacturer>Soup Kitchen tests</manufacturer>\
<modelName>IGD</modelName>
<UDN>uuid:11111111-2222-3333-4444-555555555555</UDN><serviceList/>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
<friendlyName>WAN</friendlyName><manufacturer>Soup Kitchen tests</manufacturer><modelName>WAN</modelName>
<UDN>uuid:11111111-2222-3333-4444-555555555556</UDN><serviceList/>
<deviceList><device><deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
<friendlyName>WAN connection</friendlyName><manufacturer>Soup Kitchen tests</manufacturer>\
<modelName>WANC</modelName>
<UDN>uuid:11111111-2222-3333-4444-555555555557</UDN>
<serviceList><service><serviceType>urn:schemas-upnp-org:service:WANIPConnection:1</serviceType>
<serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId><SCPDURL>/WANIPCn.xml</SCPDURL>
<controlURL>/ctl/IPConn</controlURL><eventSubURL>/evt/IPConn</eventSubURL></service></serviceList>
</device></deviceList></device></deviceList></device></root>"""

ARGUMENTS = {
    "AddPortMapping": [
        ("NewRemoteHost", "in", "RemoteHost"),
        ("NewExternalPort", "in", "ExternalPort"),
        ("NewProtocol", "in", "PortMappingProtocol"),
        ("NewInternalPort", "in", "InternalPort"),
        ("NewInternalClient", "in", "InternalClient"),
        ("NewEnabled", "in", "PortMappingEnabled"),
        ("NewPortMappingDescription", "in", "PortMappingDescription"),
        ("NewLeaseDuration", "in", "PortMappingLeaseDuration"),
    ],
    "DeletePortMapping": [
        ("NewRemoteHost", "in", "RemoteHost"),
        ("NewExternalPort", "in", "ExternalPort"),
        ("NewProtocol", "in", "PortMappingProtocol"),
    ],
    "GetExternalIPAddress": [("NewExternalIPAddress", "out", "ExternalIPAddress")],
}
VARIABLES = {
    "RemoteHost": "string",
    "ExternalPort": "ui2",
    "PortMappingProtocol": "string",
    "InternalPort": "ui2",
    "InternalClient": "string",
    "PortMappingEnabled": "boolean",
    "PortMappingDescription": "string",
    "PortMappingLeaseDuration": "ui4",
    "ExternalIPAddress": "string",
}


def scpd() -> str:
    actions = "".join(
        f"<action><name>{name}</name><argumentList>"
        + "".join(
            f"<argument><name>{arg}</name><direction>{way}</direction>"
            f"<relatedStateVariable>{var}</relatedStateVariable></argument>"
            for arg, way, var in args
        )
        + "</argumentList></action>"
        for name, args in ARGUMENTS.items()
    )
    variables = "".join(
        f'<stateVariable sendEvents="no"><name>{name}</name><dataType>{kind}</dataType></stateVariable>'
        for name, kind in VARIABLES.items()
    )
    return (
        f'<?xml version="1.0"?><scpd xmlns="urn:schemas-upnp-org:service-1-0"><specVersion><major>1</major>'
        f"<minor>0</minor></specVersion><actionList>{actions}</actionList>"
        f"<serviceStateTable>{variables}</serviceStateTable></scpd>"
    )


def envelope(body: str) -> str:
    return (
        f'<?xml version="1.0"?><s:Envelope xmlns:s="{SOAP}" '
        f's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>{body}</s:Body></s:Envelope>'
    )


@dataclass
class Gateway:
    """``await Gateway().start()``; ``mappings`` holds what the router has open, by (port, protocol)."""

    external_ip: str = "81.2.69.142"
    only_permanent: bool = False  # IGD v1 routers that refuse any lease but 0 (error 725)
    refuse: bool = False  # a router whose owner turned port mapping off (error 606)
    mappings: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    runner: web.AppRunner | None = None
    port: int = 0

    @property
    def description_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/rootDesc.xml"

    async def start(self) -> Gateway:
        app = web.Application()
        app.router.add_get("/rootDesc.xml", self.description)
        app.router.add_get("/WANIPCn.xml", self.service)
        app.router.add_post("/ctl/IPConn", self.control)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    @staticmethod
    async def description(_request: web.Request) -> web.Response:
        return web.Response(text=DESCRIPTION, content_type="text/xml")

    @staticmethod
    async def service(_request: web.Request) -> web.Response:
        return web.Response(text=scpd(), content_type="text/xml")

    async def control(self, request: web.Request) -> web.Response:
        action = request.headers.get("SOAPAction", "").strip('"').rsplit("#", 1)[-1]
        self.calls.append(action)
        body = ET.fromstring(await request.read()).find(f"{{{SOAP}}}Body")
        args = {child.tag.rsplit("}", 1)[-1]: (child.text or "") for child in list(body[0])} if body else {}
        if action == "GetExternalIPAddress":
            return self.answer(action, f"<NewExternalIPAddress>{self.external_ip}</NewExternalIPAddress>")
        key = (int(args.get("NewExternalPort", "0")), args.get("NewProtocol", ""))
        if action == "AddPortMapping":
            if self.refuse:
                return self.fault(606, "Action not authorized")
            if self.only_permanent and args.get("NewLeaseDuration") != "0":
                return self.fault(725, "OnlyPermanentLeasesSupported")
            held = self.mappings.get(key)
            if held is not None and held["NewInternalClient"] != args.get("NewInternalClient"):
                return self.fault(718, "ConflictInMappingEntry")
            self.mappings[key] = args
            return self.answer(action)
        if action == "DeletePortMapping":
            if self.mappings.pop(key, None) is None:
                return self.fault(714, "NoSuchEntryInArray")
            return self.answer(action)
        return self.fault(401, "Invalid Action")

    @staticmethod
    def answer(action: str, inner: str = "") -> web.Response:
        return web.Response(
            text=envelope(f'<u:{action}Response xmlns:u="{SERVICE}">{inner}</u:{action}Response>'),
            content_type="text/xml",
        )

    @staticmethod
    def fault(code: int, words: str) -> web.Response:
        detail = (
            f'<UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>{code}</errorCode>'
            f"<errorDescription>{words}</errorDescription></UPnPError>"
        )
        return web.Response(
            status=500,
            content_type="text/xml",
            text=envelope(
                f"<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring>"
                f"<detail>{detail}</detail></s:Fault>"
            ),
        )
