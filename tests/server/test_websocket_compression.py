"""A websocket's offer of compression (permessage-deflate) is declined unless the host asks for it
(``--websocket-compression``): each compressing connection holds zlib's state on the server."""

from __future__ import annotations

import aiohttp
import pytest


@pytest.mark.parametrize("compressing", [False, True])
async def test_compression_is_made_only_when_the_host_asks(servers, compressing):
    srv = await servers(websocket_compression=compressing)
    url = srv.url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    async with aiohttp.ClientSession() as http, http.ws_connect(url, compress=15) as ws:
        opened = await ws.receive_str()
        assert opened.startswith("0{")
        assert ws.compress == (15 if compressing else 0)
        await ws.send_str("40")
        assert (await ws.receive_str()).startswith("40")
