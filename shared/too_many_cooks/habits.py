"""How a chef of each level plays: what it notices and how it reads the table, how far it looks,
how often it slips, how long it thinks and how much noise it makes; and the simulator's stand-ins
for a person (``PERSON``). Every level is shown the same views."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Habits:
    notices: float  # chance it takes in the faces of a view
    memory: int | None  # how many of the table's latest moments it keeps in mind to read them (None: all)
    flips: float | None  # None: every face rules out the tastes it cannot be; a number: it reads only the
    # faces a move turned, as a person notices them, each making the tastes that turn so e ** flips likelier
    glance: int  # moves it looks at first (0: it always looks with care)
    glance_faces: bool  # whether it minds the faces at a glance too
    learns: float  # chance that seeing one of its moves upset a face makes it mind the faces at a glance
    wary: int  # for that many turns
    patience: int | None  # how often another chef may take back its change of one card before it leaves that
    # card alone for the round (None: it never does)
    decent: float  # what a move seen at a glance must gain to be played at once (3: about a taste)
    looks_at: int | None  # moves it weighs when it looks with care (None: every legal move)
    eyes: int | None  # when it looks with care, the moves that catch its eye, as many as this: those
    # that do something about its own unsatisfied tastes first, then the shared ones', then any (None:
    # it weighs them all); it settles for the best of them once one makes the soup better, else looks
    # at as many more
    further: float  # beats each further look takes
    ahead: (
        int  # of its best moves when it looks with care, how many it weighs with the move that could follow
    )
    grasps: float | None  # a guess at another chef's taste counts once the chef is about as sure of it as
    # of a pick among this many tastes (``inference.effective``; None: any guess)
    care: float  # how much it minds turning another chef's happy face unhappy (1: as its own taste)
    help: float  # how much it works for another chef's unhappy face
    tell: float  # how much it values a move whose faces tell the table about its own tastes
    slips: float  # chance it overlooks one of the tastes it reads while it chooses
    haste: float  # chance that at a glance it minds only the tastes it works for (not those satisfied)
    takes_in: float  # beats it takes each turn to take in the table (the last move, the faces, its tastes)
    obvious: float  # beats more to find a move at a glance that satisfies a taste it reads
    unclear: float  # beats more to find a move at a glance that only brings the soup closer
    stuck: float  # beats more to find a move by looking with care
    reacts: float  # chance it reacts to a move that turned one of its faces
    reacts_closer: float  # ... that only brought one of its tastes closer or further
    reacts_idle: float  # ... that did nothing to its tastes ("That's fine by me")
    vague: float  # chance it says only "fine" of a move that did it good
    reaction_beats: float  # beats after a move before it reacts
    leans: float  # how much a chef's move speaks to it of that chef's tastes (each card it gains)
    hears: float  # how much a reaction speaks to it of the reacting chef's tastes (0: it does not listen)


HABITS = {
    "easy": Habits(
        notices=0.2,
        memory=2,
        flips=1.0,
        leans=0.2,
        hears=0.0,
        grasps=2,
        care=0.5,
        help=0.0,
        tell=0.0,
        glance=3,
        glance_faces=False,
        learns=0.0,
        wary=1,
        patience=5,
        decent=1.0,
        looks_at=15,
        ahead=0,
        eyes=None,
        further=0.0,
        slips=0.15,
        haste=0.4,
        takes_in=2.5,
        obvious=1.5,
        unclear=3,
        stuck=5,
        reacts=0.6,
        reacts_closer=0.1,
        reacts_idle=0.15,
        vague=0.5,
        reaction_beats=2.0,
    ),
    "normal": Habits(
        notices=0.7,
        memory=3,
        flips=1.2,
        leans=0.3,
        hears=0.6,
        grasps=2,
        care=1.0,
        help=0.2,
        tell=0.0,
        glance=4,
        glance_faces=False,
        learns=0.15,
        wary=3,
        patience=3,
        decent=3.0,
        looks_at=None,
        ahead=3,
        eyes=2,
        further=0.3,
        slips=0.05,
        haste=0.0,
        takes_in=1.6,
        obvious=1.1,
        unclear=2.4,
        stuck=3.4,
        reacts=0.9,
        reacts_closer=0.6,
        reacts_idle=0.35,
        vague=0.2,
        reaction_beats=1.2,
    ),
    "hard": Habits(
        notices=1.0,
        memory=None,
        flips=None,
        leans=0.6,
        hears=1.0,
        grasps=6,
        care=1.0,
        help=0.6,
        tell=0.3,
        glance=8,
        glance_faces=True,
        learns=0.0,
        wary=0,
        patience=1,
        decent=3.0,
        looks_at=None,
        ahead=6,
        eyes=None,
        further=0.0,
        slips=0.0,
        haste=0.0,
        takes_in=1.5,
        obvious=0.8,
        unclear=2,
        stuck=3.5,
        reacts=0.95,
        reacts_closer=0.7,
        reacts_idle=0.4,
        vague=0.0,
        reaction_beats=1.0,
    ),
}


PERSON = {
    # A good player (the simulator's stand-in for a person, no table offers it): attentive, thinks
    # ahead and minds the others as a sharp player does, but reads the table as a person does.
    "good": replace(
        HABITS["normal"],
        notices=1.0,
        glance_faces=True,
        memory=6,
        flips=2.0,
        leans=0.5,
        hears=1.0,
        help=0.4,
        slips=0.02,
        learns=0.0,
        wary=0,
        patience=2,
        eyes=None,
    ),
    # A player who minds only their own and the shared tastes: never looks at the faces or listens.
    "selfish": replace(
        HABITS["normal"],
        notices=0.0,
        glance_faces=False,
        care=0.0,
        help=0.0,
        hears=0.0,
        slips=0.02,
        learns=0.0,
        wary=0,
        patience=None,
        eyes=None,
    ),
}
