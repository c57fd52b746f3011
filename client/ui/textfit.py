"""The count of labels the client had to cut or shrink below the readable size.

Every place that shortens a label with an ellipsis, or draws it smaller than ``MIN_READABLE_PX``,
calls :func:`note_clipped`; ``scripts/tour.py`` and the tests read :func:`clipped_count` to prove
that every word fits at a given window size.
"""

from __future__ import annotations

from collections import Counter

MIN_READABLE_PX = 16

_clipped: Counter[str] = Counter()


def note_clipped(label: str) -> None:
    """Record that ``label`` was cut or shrunk below ``MIN_READABLE_PX`` when it was drawn."""
    _clipped[str(label)] += 1


def clipped_count() -> int:
    """How many distinct labels have been cut or shrunk since the last :func:`reset_clipped`."""
    return len(_clipped)


def clipped_labels() -> list[str]:
    """The labels counted by :func:`clipped_count`, most often clipped first."""
    return [label for label, _ in _clipped.most_common()]


def reset_clipped() -> None:
    """Start counting afresh."""
    _clipped.clear()
