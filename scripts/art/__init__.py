"""The drawing behind ``scripts/make_art.py``: the palette (``palette``), the vegetables and colour
symbols (``vegetables``), the legend's glyphs and taste icons (``glyphs``) and the table's other
pieces: card faces and backs, stars, the pot, the timer and the arrow (``pieces``); for the games on
the generic table, their foods (``foods``) and their card faces, cuisine cards and backs
(``game_cards``)."""
