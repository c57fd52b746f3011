"""Seating a game at the generic table for one test, as if its client registration named no table."""

from __future__ import annotations

from dataclasses import replace


def seat_at_generic_table(monkeypatch, game_id: str) -> None:
    """Draw ``game_id`` at the generic table (every game's fallback) until the test ends."""
    from soupkitchen.client.games import client_registrations

    entries = client_registrations()
    monkeypatch.setitem(entries, game_id, replace(entries[game_id], table=None))
