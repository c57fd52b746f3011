"""The replay viewer's parts: its logic (``player``), where finished games are found (``sources``),
the words of each game's review (``words``) and the seek benchmark's frame (``bench``)."""
