"""Which addresses a host advertises and in which order a guest tries them: every interface's IPv4
address (the default route's first, loopback only when there is nothing else), and on the guest's
side the addresses on its own networks first, loopback (the guest itself) last."""

from __future__ import annotations

import ipaddress
from types import SimpleNamespace

from soupkitchen.client.net.lan import reachable_first
from soupkitchen.server.net import discovery


def adapters(*ips: str):
    return [SimpleNamespace(ips=[SimpleNamespace(ip=ip, network_prefix=24, is_IPv4=True)]) for ip in ips]


def test_a_host_without_a_default_route_advertises_every_interface_not_loopback(monkeypatch):
    monkeypatch.setattr(discovery, "outgoing_address", lambda: None)  # a switch, no router
    monkeypatch.setattr(
        discovery.ifaddr, "get_adapters", lambda: adapters("127.0.0.1", "10.214.0.1", "169.254.3.9")
    )
    assert discovery.local_addresses() == ["10.214.0.1", "169.254.3.9"]


def test_the_default_routes_address_comes_first(monkeypatch):
    monkeypatch.setattr(discovery, "outgoing_address", lambda: "192.168.1.20")
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", lambda: adapters("10.0.0.5", "192.168.1.20"))
    assert discovery.local_addresses() == ["192.168.1.20", "10.0.0.5"]


def test_loopback_is_advertised_only_when_there_is_nothing_else(monkeypatch):
    monkeypatch.setattr(discovery, "outgoing_address", lambda: None)
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", lambda: adapters("127.0.0.1"))
    assert discovery.local_addresses() == ["127.0.0.1"]


def test_a_guest_tries_the_addresses_on_its_own_networks_first_and_loopback_last():
    mine = [ipaddress.ip_network("10.214.0.0/24")]
    assert reachable_first(["127.0.0.1", "172.17.0.1", "10.214.0.1", "172.17.0.1"], mine) == [
        "10.214.0.1",
        "172.17.0.1",
        "127.0.0.1",
    ]
