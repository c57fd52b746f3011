"""How a chef of each level plays: what it notices, how far it looks, how often it slips, how long
it thinks. Every level is shown the same views."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Habits:
    notices: float  # chance it takes in the faces of a view
    forgets_after: int | None  # views after which it forgets what the faces told it (None: never)
    glance: int  # moves it looks at first (0: it always looks with care)
    glance_faces: bool  # whether it minds the faces at a glance too
    learns: float  # chance that seeing one of its moves upset a face makes it mind the faces at a glance
    wary: int  # for that many turns
    decent: float  # what a move seen at a glance must gain to be played at once (3: about a taste)
    looks_at: int | None  # moves it weighs when it looks with care (None: every legal move)
    ahead: int  # of its best moves when it looks with care, how many it weighs with the move that could follow
    grasps: int | None  # a guess at another chef's taste counts once it is down to this many tastes (None: any)
    care: float  # how much it minds turning another chef's happy face unhappy (1: as its own taste)
    help: float  # how much it works for another chef's unhappy face
    tell: float  # how much it values a move whose faces tell the table about its own tastes
    slips: float  # chance it overlooks one of the tastes it reads while it chooses
    takes_in: float  # beats it takes each turn to take in the table (the last move, the faces, its tastes)
    obvious: float  # beats more to find a move at a glance that satisfies a taste it reads
    unclear: float  # beats more to find a move at a glance that only brings the soup closer
    stuck: float  # beats more to find a move by looking with care


HABITS = {
    "easy": Habits(notices=0.2, forgets_after=6, glance=3, glance_faces=False, learns=0.0, wary=1, decent=1.0, looks_at=15, ahead=0,
                   grasps=2, care=0.5, help=0.0, tell=0.0, slips=0.15, takes_in=10, obvious=4, unclear=6, stuck=10),
    "normal": Habits(notices=0.7, forgets_after=None, glance=4, glance_faces=False, learns=0.15, wary=3, decent=3.0,
                     looks_at=None, ahead=3, grasps=2, care=1.0, help=0.2, tell=0.0, slips=0.05, takes_in=8,
                     obvious=3, unclear=4, stuck=3.5),
    "hard": Habits(notices=1.0, forgets_after=None, glance=8, glance_faces=True, learns=0.0, wary=0, decent=3.0, looks_at=None,
                   ahead=6, grasps=6, care=1.0, help=0.6, tell=0.3, slips=0.0, takes_in=6, obvious=2, unclear=3, stuck=4),
}
