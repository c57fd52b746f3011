"""The card and table art, SVG files drawn by scripts/make_art.py; read with importlib.resources."""
