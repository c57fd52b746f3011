"""How to play, in our own words: each game's pages (one per part of a turn, with pictures of the real
cards, asset ids under assets/) come from its client registration, and a page explaining the game's
options is added from the words it gives them."""

from __future__ import annotations

from soupkitchen.client.games import Page, client_registration
from soupkitchen.client.ui.choice import option_label
from soupkitchen.client.words import _, worded

__all__ = ["Page", "pages_for"]


def option_words(words: dict[str, str], spec: dict) -> str:
    """What a game says of one of its options, in the player's language."""
    return worded(words.get(spec["key"], ""))


def pages_for(game_id: str, options: list[dict]) -> tuple[Page, ...]:
    """The pages of ``game_id``, ending with its options (from the game's option list)."""
    entry = client_registration(game_id)
    pages, words = (entry.pages, entry.option_words) if entry is not None else ((), {})
    if options:
        lines = [_option_line(option_label(spec), option_words(words, spec)) for spec in options]
        pages += (Page(_("Options"), _("Chosen when the table is set up.") + "\n" + "\n".join(lines)),)
    else:
        pages += (Page(_("Options"), _("This game has no options: it is played as printed.")),)
    return pages


def _option_line(label: str, words: str) -> str:
    """An option's line: its name, then what it does ("Name: what it does"); a name that already
    says something after a colon ("Cooking Pros: menu tiles lie face down") ends in a full stop
    instead, so that no colon follows another."""
    if not words:
        return label
    return f"{label}. {words}" if ": " in label else f"{label}: {words}"
