"""What a screen reader and the built-in speech read of the client: an accessibility tree of the
screen on top (every widget, every zone of a table, built from the seat's own view by the game's
builder), the live announcements of a table (moves, reactions, turns, the timer's marks), the two
keys every screen answers ("where am I", "what changed since my turn") and the adapter that hands
the tree to the platform (AccessKit, AT-SPI on Linux) or to nobody when there is no bus.

``hub.AccessHub`` is the one object the app holds; everything else here is plain data and functions
that run (and are tested) without a display, a bus or a speech service.
"""
