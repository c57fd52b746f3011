"""The drawing behind ``scripts/make_art.py``: the palette (``palette``), the vegetables and colour
symbols (``vegetables``), the legend's glyphs and taste icons (``glyphs``) and the table's other
pieces: card faces and backs, stars, the pot, the timer and the arrow (``pieces``), put together as
Too Many Cooks' art (``too_many_cooks``); for the other games, their foods (``foods``) and their card
faces, cuisine cards and backs (``game_cards``). Each game's registration names its art function."""
