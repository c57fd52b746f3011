"""The Soup Kitchen desktop client (pygame-ce)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
