"""How to play: each game's rules in our own words with pictures of its cards (the pages its client
registration holds, with an options page from pages.py, shown by scene.py), and the hints of a
guided first round of Too Many Cooks (guide.py)."""
