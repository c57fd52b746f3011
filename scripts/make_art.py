"""Draw every game's card art as SVG files under ``assets/<game>/``: the art each game's registration
names (``art="scripts.art.<module>:<function>"``, a function returning {asset path: SVG text}).

Run ``.venv/bin/python scripts/make_art.py`` after changing the drawing or a game's facts; the
output is committed. Everything is paths, circles and hex colours in one palette with one stroke
style, because pygame-ce's SVG loader drops ``<text>``, ``<pattern>`` and ``<use>`` and greys out
most named colours. Every colour that carries meaning also carries a symbol. The drawing itself is
in ``scripts/art/``: Too Many Cooks' cards, legend glyphs, taste icons and table pieces
(``too_many_cooks``), and the Pink Soup, Stone Soup and Pot Pourri cards, cuisine cards and backs
(``game_cards``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the rules' facts (vegetables, colours, tastes) and scripts/art

from soupkitchen.shared.registry import registrations, resolve  # noqa: E402

ASSETS = ROOT / "assets"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")


def every_game_art() -> dict[str, str]:
    """Every art file the games' registrations name: ``<game>/<name>.svg`` -> its SVG text."""
    files: dict[str, str] = {}
    for entry in registrations():
        if entry.art is not None:
            files.update(resolve(entry.art)())  # type: ignore[operator]
    return files


def main(assets: Path = ASSETS) -> None:
    """Write every game's art under ``assets``."""
    for name, text in every_game_art().items():
        write(assets / name, text)


if __name__ == "__main__":
    main()
