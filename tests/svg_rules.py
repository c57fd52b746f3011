"""What an SVG of ``assets/`` may use: pygame-ce's loader drops ``<text>``, ``<pattern>`` and
``<use>`` (and images and CSS) without a word, and greys out most named colours."""

from __future__ import annotations

import re
from pathlib import Path

FORBIDDEN = ("<text", "<pattern", "<use", "<image", "<style", "style=")
COLOUR_ATTRS = re.compile(r'\b(fill|stroke|stop-color|color|flood-color)\s*=\s*"([^"]*)"')
HEX = re.compile(r"#[0-9A-Fa-f]{6}")


def svg_problems(path: Path) -> list[str]:
    """Everything in the file pygame-ce would not draw as written (empty: nothing)."""
    text = path.read_text(encoding="utf-8")
    problems = [f"{path.name} uses {tag}" for tag in FORBIDDEN if tag in text]
    problems += [
        f"{path.name}: {attr}={value!r}"
        for attr, value in COLOUR_ATTRS.findall(text)
        if value != "none" and not HEX.fullmatch(value)
    ]
    return problems
