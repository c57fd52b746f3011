"""The Soup Kitchen desktop client (pygame-ce)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's X11 class, so desktops (and test tools) know the window as Soup Kitchen's.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "soupkitchen")
