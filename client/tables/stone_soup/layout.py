"""Where everything lies on the Stone Soup table (board units, 1920 x 1080), as kit things: the other
players' face-down fans along the top, the sequence card, the pot with the salt slid under it and
the declarations (or the challenge window's buttons) in the middle, and your hand at the bottom,
fanned and grouped by food, each group as wide as its name ("3 tomatoes") on one line, with "Put
back" at the panel's top right while cards are picked."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.tables.kit.board import SMALL, Board
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.stone_soup.model import StoneModel, band_words, face, fan_size, kind_name
from soupkitchen.client.words import _
from soupkitchen.shared.stone_soup.cards import KINDS, SALT, count_words

MAIN_X, MAIN_W = 20, 1460
OTHERS_Y, OTHERS_H = 70, 230
FAN_W, FAN_H = 70, 98  # as large as leaves room for the name above and the size (and was) below
MIDDLE_Y = 320
SEQUENCE_X, SEQUENCE_Y, SEQ_CARD_W, SEQ_STEP = 36, 372, 64, 72
POT_X, POT_Y, POT_W, POT_H = 640, 360, 140, 196
SALT_Y = POT_Y + POT_H - 124  # the salt's top: its cards end above the pot's words (POT_WORDS_Y)
POT_WORDS_Y = SALT_Y + POT_W + 6  # two lines of them fit above the middle's foot at any window size
# The call buttons lie above the declarations, never where one appears: a call clicked as the window
# closes and your turn begins lands on nothing (and is answered as a late call), never on a claim.
CALL_X, CALL_Y, CALL_W, CALL_H = 880, 344, 314, 120
CALL_RING = 104  # the left of the call button, kept for the window's ring
LET_GO_X, LET_GO_Y, LET_GO_W, LET_GO_H = 1204, 369, 256, 70
SAY_X, SAY_Y, SAY_W, SAY_H, SAY_GAP, SAY_COLUMNS = 880, 480, 186, 44, 10, 3
CLAIMS_X, CLAIMS_Y = 880, 622  # every claim in the pot, on a line under the declarations
RING_X, RING_R = 1180, 70  # the window's ring for those who may not call, right of the pot
HAND_Y, HAND_TOP = 690, 790
CARD_W, CARD_H = 120, 168
CARD_WIDTHS = (150, 140, 130, 120, 108, 96, 84, 76, 68)  # a hand's cards, the largest that leave it room
RISE = 44
GROUP_GAP = 16
UNPICK_KEY = "button:unpick"
UNPICK = (1150, HAND_Y + 6, 310, 44)  # the hand panel's top right, above the risen cards
LEAST_STEP = 22  # a food's cards overlap no closer before they shrink: each can still be clicked
CAPTION_LINE = 36  # each group's name under its cards, a line of it: "6 peas" (click: all of them)
HAND_ROOM = MAIN_W - 40
CAPTION_SIZE = SMALL


def other_panels(count: int) -> list[tuple[float, float]]:
    """(x, width) of each other player's panel along the top."""
    gap = 16
    width = min(480, (MAIN_W - gap * (count - 1)) / max(1, count))
    start = MAIN_X + (MAIN_W - (width * count + gap * (count - 1))) / 2
    return [(start + i * (width + gap), width) for i in range(count)]


def hand_geometry(b: Board, groups: list[tuple[str, int]]) -> tuple[float, float, list[tuple[float, float]]]:
    """(card width, step between cards of one food, (left, width) of each group's place) for a hand of
    these groups, within the hand panel: each place as wide as its cards and as its caption on one line
    ("3 tomatoes", measured at this window's size); the cards as large as the room allows (a small hand
    at a large window gets large cards), shrinking before a food's cards overlap so far that they
    cannot be counted, the last resort overlapping them more (up to the whole deck in one hand)."""
    captions = [caption_width(b, kind, n) for kind, n in groups]
    gaps = (len(groups) - 1) * GROUP_GAP

    def total(width: float, step: float) -> float:
        counts = [n for _kind, n in groups]
        return gaps + sum(max(width + (n - 1) * step, c) for n, c in zip(counts, captions, strict=True))

    def widest_step(width: float, least: float) -> float | None:
        """The largest step (at most a fan's) at which the hand fits, None below ``least``."""
        most = width * 0.55
        if total(width, most) <= HAND_ROOM:
            return most
        if total(width, least) > HAND_ROOM:
            return None
        low, high = least, most
        for _halving in range(20):
            mid = (low + high) / 2
            low, high = (mid, high) if total(width, mid) <= HAND_ROOM else (low, mid)
        return low

    width, step = CARD_WIDTHS[-1], None
    for width in CARD_WIDTHS:
        step = widest_step(width, LEAST_STEP)
        if step is not None:
            break
    if step is None:
        step = widest_step(width, 0) or 0.0
    places = []
    x = MAIN_X + (MAIN_W - total(width, step)) / 2
    for (_kind, n), c in zip(groups, captions, strict=True):
        room = max(width + (n - 1) * step, c)
        places.append((x, room))
        x += room + GROUP_GAP
    return width, step, places


def build(model: StoneModel, b: Board, picked: tuple[str, ...], names: dict[int, str]) -> list[Thing]:
    things: list[Thing] = []
    players = model.players()
    if not players:
        return things
    me, others = model.seating()
    hands = model.view.get("hands")  # a replay's face-up eyes: every hand face up
    for (x, width), seat in zip(other_panels(len(others)), others, strict=False):
        shown = _open_hand(hands[seat]) if isinstance(hands, list) and seat < len(hands) else None
        things += _other(players[seat], names.get(seat, players[seat].name), b, x, width, shown)
    things.append(
        Thing(
            "sequence",
            b.rect(SEQUENCE_X - 12, MIDDLE_Y, SEQ_STEP * 7 + 16, 250),
            "zone",
            what=_sequence_words(model),
            sig=model.due,
        )
    )
    things += _pot(model, b)
    things += _declarations(model, b, picked)
    things += _window_buttons(model, b)
    if model.seat is not None or model.hand():  # a seat's own hand, or the bottom one face up
        things += _hand(model, b, picked)
        if model.can("play") and any(key.startswith("hand:") for key in picked):
            things.append(
                Thing(
                    UNPICK_KEY,
                    b.rect(*UNPICK),
                    "button",
                    what=_("Put every picked card back in your hand"),
                    words=_("Put back (Esc)"),
                )
            )
    else:
        things += _hidden_hand(players[me], names.get(me, ""), b)
    return things


def _hidden_hand(player, name: str, b: Board) -> list[Thing]:
    """The bottom seat's hand seen by a spectator: its backs, as roughly as the others' are."""
    holds = _("%(player)s holds %(cards)s") % {"player": name, "cards": band_words(player.cards)}
    count = fan_size(player.cards)
    step = min(CARD_W * 0.55, (HAND_ROOM - CARD_W) / max(1, count - 1))
    left = MAIN_X + (MAIN_W - (CARD_W + step * max(0, count - 1))) / 2
    return [
        Thing(
            f"fan:{player.seat}:{i}",
            b.rect(left + i * step, HAND_TOP, CARD_W, CARD_H),
            what=holds,
            origin="pot",
            sig="back",
        )
        for i in range(count)
    ]


def _open_hand(hand: object) -> list[str]:
    """A hand told as kinds and counts ({"potato": 2}), card by card in the sequence's order."""
    if not isinstance(hand, dict):
        return []
    return [kind for kind in KINDS for _ in range(max(0, int(hand.get(kind) or 0)))]


def _other(
    player, name: str, b: Board, x: float, width: float, faces: list[str] | None = None
) -> list[Thing]:
    """Another seat's panel and its fan of cards: backs, as roughly as its size is told, or with
    ``faces`` (a replay's face-up eyes) every card face up."""
    band = player.cards
    words = band_words(band)
    holds = _("%(player)s holds %(cards)s") % {"player": name, "cards": words}
    things = [
        Thing(
            f"seat:{player.seat}",
            b.rect(x, OTHERS_Y, width, OTHERS_H),
            "zone",
            what=holds,
            sig=words,
            extra={"seat": player.seat},
        )
    ]
    count = fan_size(band) if faces is None else len(faces)
    step = min(26.0, (width - 40 - FAN_W) / max(1, count - 1))
    left = x + (width - (FAN_W + step * max(0, count - 1))) / 2
    for i in range(count):
        kind = None if faces is None else faces[i]
        things.append(
            Thing(
                f"fan:{player.seat}:{i}",
                b.rect(left + i * step, OTHERS_Y + 54, FAN_W, FAN_H),
                what=holds if kind is None else kind_name(kind),
                face=None if kind is None else face(kind),
                under=(f"seat:{player.seat}",),
                origin="pot",
                sig=kind or "back",
            )
        )
    return things


def _sequence_words(model: StoneModel) -> str:
    return _("The sequence of ingredients: %(foods)s. Owed now: %(food)s") % {
        "foods": ", ".join(kind_name(food, 2) for food in model.sequence),
        "food": kind_name(model.due, 2),
    }


def sequence_rects(b: Board, count: int) -> list:
    return [
        b.rect(SEQUENCE_X + i * SEQ_STEP, SEQUENCE_Y + 36, SEQ_CARD_W, SEQ_CARD_W * CARD_H / CARD_W)
        for i in range(count)
    ]


def _pot(model: StoneModel, b: Board) -> list[Thing]:
    things = []
    for i in range(min(model.salt_pile, 8)):  # slid crosswise under the pot, their ends showing, in a row
        things.append(
            Thing(
                f"salt:{i}",
                b.rect(POT_X + (POT_W - POT_H) / 2 - 12 + i * 8, SALT_Y, POT_H, POT_W),
                what=_("Salt under the pot: %(salt)s") % {"salt": count_words(model.salt_pile, SALT)},
                face=face(SALT),
                sig="salt",
                under=("pot",),
            )
        )
    pot = model.pot
    words = band_words(pot)
    things.append(
        Thing(
            "pot",
            b.rect(POT_X, POT_Y, POT_W, POT_H),
            "card" if fan_size(pot) else "zone",
            what=_("The pot, face down: %(size)s") % {"size": words},
            sig=words,
            extra={"cards": fan_size(pot)},
        )
    )
    return things


def say_rects(b: Board, count: int) -> list:
    """The declaration buttons beside the pot, below where the call buttons stand, in rows of three."""
    return [
        b.rect(
            SAY_X + (i % SAY_COLUMNS) * (SAY_W + SAY_GAP),
            SAY_Y + 36 + (i // SAY_COLUMNS) * (SAY_H + SAY_GAP),
            SAY_W,
            SAY_H,
        )
        for i in range(count)
    ]


def _declarations(model: StoneModel, b: Board, picked: tuple[str, ...]) -> list[Thing]:
    """One declaration for each count from one to the cards picked (every bluff of the rulebook adds
    at least what it says): none before a card is picked."""
    if not model.can("play"):
        return []
    count = min(model.most_declared, sum(key.startswith("hand:") for key in picked))
    return [
        Thing(
            f"say:{n}",
            rect,
            "button",
            what=_("Add the picked cards to the pot as %(claim)s") % {"claim": count_words(n, model.due)},
            words=f"{n} {kind_name(model.due, n)}",  # as the hand's groups are named: "3 tomatoes"
            extra={"count": n},
        )
        for n, rect in zip(range(1, count + 1), say_rects(b, count), strict=True)
    ]


def _window_buttons(model: StoneModel, b: Board) -> list[Thing]:
    things = []
    if model.can("challenge"):
        things.append(
            Thing(
                "button:challenge",
                b.rect(CALL_X, CALL_Y, CALL_W, CALL_H),
                "button",
                what=_('Call "stone soup!": the cards are turned over (Space, pad Y)'),
                words=_("Stone soup!"),
            )
        )
    if model.can("let_go"):
        things.append(
            Thing(
                "button:let_go",
                b.rect(LET_GO_X, LET_GO_Y, LET_GO_W, LET_GO_H),
                "button",
                what=_("Let the play stand: you will not call"),
                words=_("Let it go"),
            )
        )
    return things


def hand_keys(model: StoneModel) -> list[tuple[str, str]]:
    """(key, kind) of every card in the viewer's hand, in the order drawn."""
    return [(f"hand:{kind}:{i}", kind) for kind, n in model.hand() for i in range(n)]


def caption_words(kind: str, n: int) -> str:
    """A group's caption: its count and name, "6 peas"."""
    return f"{n} {_('salt') if kind == SALT else kind_name(kind, n)}"


def caption_width(b: Board, kind: str, n: int) -> float:
    """The board units a group's place needs for its caption on one line at this window's size (the
    words measured in pixels, with the margins ``_group_caption`` keeps and a pixel to spare)."""
    return (b.font(CAPTION_SIZE).size(caption_words(kind, n))[0] + b.px(6) + 4) / b.scale + 4


def caption_lines(b: Board, kind: str, n: int, width: int) -> list[str]:
    """A group's caption: its count and name ("6 peas"), on two lines ("6" over "peas") where one is
    too narrow, the count alone under a single narrow card: the count always shows."""
    name = _("salt") if kind == SALT else kind_name(kind, n)
    return next(
        (
            lines
            for lines in ([caption_words(kind, n)], [str(n), name])
            if all(b.fits(line, CAPTION_SIZE, width) for line in lines)
        ),
        [str(n)],
    )


def group_key(kind: str) -> str:
    """The key of a group's caption under its cards."""
    return f"group:{kind}"


def kind_of_key(key: str | None) -> str | None:
    """The kind of a hand card's or a group caption's key ("hand:peas:3", "group:peas"), else None."""
    parts = (key or "").split(":")
    return parts[1] if parts[0] in ("hand", "group") and len(parts) > 1 else None


def _hand(model: StoneModel, b: Board, picked: tuple[str, ...]) -> list[Thing]:
    """The hand, grouped by food, each group's caption under it. A picked card rises, and is found by
    a touch where it was as well as where it is: no card moves under the pointer while cards are
    picked (the next click in a group touches the card it always did)."""
    groups = model.hand()
    if not groups:
        return []
    width, step, places = hand_geometry(b, groups)
    height = width * CARD_H / CARD_W
    top = HAND_TOP + (CARD_WIDTHS[0] - width) * CARD_H / CARD_W / 2  # smaller cards: in the panel's middle
    things = []
    for (kind, n), (x, room) in zip(groups, places, strict=True):
        left = x + (room - (width + (n - 1) * step)) / 2
        for i in range(n):
            key = f"hand:{kind}:{i}"
            lying = b.rect(left + i * step, top, width, height)
            rect = lying.move(0, -b.px(RISE)) if key in picked else lying
            what = _("Your %(card)s (%(count)d in your hand)") % {"card": kind_name(kind), "count": n}
            things.append(
                Thing(
                    key,
                    rect,
                    what=what,
                    face=face(kind),
                    sig=kind,
                    origin="pot",
                    extra={"kind": kind, "group": n, "index": i},
                    hit=lying.union(rect),
                )
            )
        place = b.rect(x, top + height + 6, room, 8 + CAPTION_LINE)
        # measured in the width the caption is drawn in (the scene's ``_group_caption``), to the pixel
        lines = caption_lines(b, kind, n, place.w - b.px(6))
        things.append(
            Thing(
                group_key(kind),
                b.rect(x, top + height + 6, room, 8 + CAPTION_LINE * len(lines)),
                "zone",
                what=_("%(cards)s in your hand") % {"cards": count_words(n, kind)},
                words="\n".join(lines),
                sig=str(n),
                extra={"kind": kind, "count": n},
            )
        )
    return things


def group_rect(b: Board, things: list[Thing], kind: str) -> Any:
    """The window rectangle covering a food's cards in the hand."""
    rects = [t.rect for t in things if t.key.startswith("hand:") and t.extra.get("kind") == kind]
    return rects[0].unionall(rects[1:]) if rects else None
