"""The Soup Kitchen desktop client (pygame-ce).

One asyncio loop runs both the frames (:mod:`client.app`) and the socket.io connection
(:mod:`client.net.connection`). Raw events become InputActions in :mod:`client.ui.input`; screens are Scenes
on a stack (:mod:`client.scenes`); each table session (:mod:`client.net.session`) feeds a game's TableScene
(:mod:`client.tables`). Solo, couch, hosted and joined games are set up in :mod:`client.net.ways_in`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's X11 class, so desktops (and test tools) know the window as Soup Kitchen's.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "soupkitchen")
