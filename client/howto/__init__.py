"""How to play: each game's rules in our own words with pictures of its cards (pages.py, scene.py),
and the hints of a guided first round of Too Many Cooks (guide.py)."""
