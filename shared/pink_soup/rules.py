"""The rules of Pink Soup: turns of option A or B as sub-steps, mouse powers, full pots, game end, scoring.

The moves open at each sub-step are listed in ``choices``; ``describe`` words them and the events."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import COMPLETE, Action, Bot, EventLog, Game, MoveContext, Refusal
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.pink_soup.cards import (
    DECK_SIZE,
    DRAW_COUNT,
    KITCHEN_PILES,
    LABELS,
    POT_SIZE,
    RECIPES,
    kind_of,
    score,
)
from soupkitchen.shared.pink_soup.choices import STEP_ACTIONS
from soupkitchen.shared.pink_soup.refusals import why_not
from soupkitchen.shared.pink_soup.registration import FACTS
from soupkitchen.shared.pink_soup.state import (
    DECK_OUT,
    DECLARED,
    PLAYING,
    PinkState,
    Step,
    empty_place,
    everyone,
    piles,
)
from soupkitchen.shared.pink_soup.view import Event, Move, PinkView, build_view
from soupkitchen.shared.rng import rng_for

ALL_CARDS = list(range(DECK_SIZE))


PLACED_MOVES = ("kitchen", "discard", "take", "activate", "find")  # the moves that name a kitchen place


def place_in_kitchen(state: PinkState, card: int, place: int) -> None:
    if not state.kitchen[place]:
        state.started.append(place)
    state.kitchen[place].append(card)


def covering(kitchen: list[list[int]], place: int) -> str | None:
    """The card a card put on kitchen ``place`` will cover (None: it starts a new pile there)."""
    return LABELS[kitchen[place][-1]] if kitchen[place] else None


def upgrade_action(state: PinkState, action: Any) -> Any:
    """A move recorded before the piles kept their places, in today's words. Such a record named a
    pile by its index among the piles lying then (``"pile"``: an emptied pile was removed and the
    piles after it moved up; a new pile went last); today a move names the place (``"place"``), which
    keeps its number all game. The same pile is meant, so an old replay plays back as it was played."""
    if not isinstance(action, dict) or action.get("type") not in PLACED_MOVES or "pile" not in action:
        return action
    index = action["pile"]
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= len(state.started):
        return action
    place = state.started[index] if index < len(state.started) else empty_place(state)
    if place is None:
        return action
    return {**{key: value for key, value in action.items() if key != "pile"}, "place": place}


def afresh(move):
    """A move that starts with nothing glimpsed: what was seen at the last moment is now to be remembered."""

    def play(game: PinkSoup, ctx: MoveContext) -> None:
        ctx.state.glimpses = []
        move(game, ctx)

    return play


class PinkSoup(Game[PinkState]):
    """Pink Soup for 2-5 chefs: remember your pot, use the Shared Kitchen, cook your secret recipe."""

    facts = FACTS
    state_type = PinkState
    listing = COMPLETE  # every legal move is listed: the sweep checks nothing else is accepted
    log_length = 10
    view_type = PinkView
    move_type = Move
    event_type = Event

    # --- setup and legal actions ---------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> PinkState:
        rng = rng_for(seed, "setup")
        recipes = rng.sample(range(len(RECIPES)), players)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        first = rng.randrange(players)
        return PinkState(
            players=players,
            seed=seed,
            recipes=recipes,
            deck=deck,
            kitchen=[[] for _ in range(KITCHEN_PILES)],
            pots=[[] for _ in range(players)],
            known=[[] for _ in range(players)],
            turn=first,
            closed=[False] * players,
            log=EventLog.starting({"type": "starts", "seat": first}),
            options=dict(options),
        )

    def active_seats(self, state: PinkState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def list_moves(self, state: PinkState, seat: int) -> list[dict[str, Any]]:
        return STEP_ACTIONS[state.step](state, seat)

    def upgrade_action(self, state: PinkState, action: Any) -> Any:
        return upgrade_action(state, action)

    def check_move(self, state: PinkState, seat: int, action: Action, listed: list[Action]) -> Refusal | None:
        reason = super().check_move(state, seat, action, listed)
        return reason and (why_not(state, seat, action) or reason)

    # --- the moves: each changes its copy ``ctx.state`` and emits what everyone saw -------------
    def _do_draw(self, ctx: MoveContext) -> None:
        state = ctx.state
        count = min(DRAW_COUNT, len(state.deck))
        state.drawn = [state.deck.pop() for _ in range(count)]
        state.step = Step.KITCHEN
        ctx.emit("draws", seat=ctx.seat, count=count)

    def _do_kitchen(self, ctx: MoveContext) -> None:
        state, pile = ctx.state, ctx.action["place"]
        card = state.drawn.pop(ctx.action["card"])
        ctx.emit(
            "to_kitchen", seat=ctx.seat, card=LABELS[card], pile=pile, covering=covering(state.kitchen, pile)
        )
        place_in_kitchen(state, card, pile)
        if state.drawn:
            state.step = Step.SECOND
        else:
            self._finish_turn(ctx)

    def _do_pot(self, ctx: MoveContext) -> None:
        card = ctx.state.drawn.pop()
        target = ctx.action["seat"]
        ctx.emit("to_pot", seat=ctx.seat, target=target)
        self._into_pot(ctx, target, card, 1 << ctx.seat)

    def _do_take(self, ctx: MoveContext) -> None:
        card = self._pop_kitchen(ctx.state, ctx.action["place"], 0)
        ctx.emit("takes", seat=ctx.seat, card=LABELS[card], pile=ctx.action["place"])
        self._into_pot(ctx, ctx.seat, card, everyone(ctx.state.players))

    def _do_pass(self, ctx: MoveContext) -> None:
        ctx.emit("passes", seat=ctx.seat)
        self._finish_turn(ctx)

    def _do_activate(self, ctx: MoveContext) -> None:
        state, action = ctx.state, ctx.action
        if "place" in action:
            state.mouse = self._pop_kitchen(state, action["place"], 0)
            ctx.emit("activates_pile", seat=ctx.seat, pile=action["place"])
        else:
            state.mouse = state.drawn.pop()
            ctx.emit("activates_drawn", seat=ctx.seat)
        state.step = Step.POWER

    def _do_slot(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        target, slot = state.target, ctx.action["slot"]
        out = state.pots[target][slot]
        state.pots[target][slot] = state.incoming
        state.known[target][slot] = state.incoming_knowers
        state.glimpses.append([state.incoming_knowers, target, slot])
        state.incoming, state.incoming_knowers, state.target = None, 0, None
        if target != seat:
            state.removed.append(out)
            ctx.emit("reveals_other", seat=seat, card=LABELS[out], slot=slot, target=target)
            self._finish_turn(ctx)
            return
        ctx.emit("reveals_own", seat=seat, card=LABELS[out], slot=slot)
        place = empty_place(state)
        if place is not None:  # room in the kitchen: the revealed card starts a pile on the first empty place
            place_in_kitchen(state, out, place)
            self._finish_turn(ctx)
        else:
            state.revealed = out
            state.step = Step.DISCARD

    def _do_discard(self, ctx: MoveContext) -> None:
        state, pile = ctx.state, ctx.action["place"]
        ctx.emit(
            "discards",
            seat=ctx.seat,
            card=LABELS[state.revealed],
            pile=pile,
            covering=covering(state.kitchen, pile),
        )
        place_in_kitchen(state, state.revealed, pile)
        state.revealed = None
        self._finish_turn(ctx)

    def _do_search(self, ctx: MoveContext) -> None:
        ctx.state.step = Step.SEARCH
        ctx.emit("searches", seat=ctx.seat)

    def _do_find(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        pile, depth = ctx.action["place"], ctx.action["depth"]
        card = self._pop_kitchen(state, pile, depth)
        self._mouse_used(state)
        if depth == 0:
            ctx.emit("finds", seat=seat, card=LABELS[card], pile=pile)
            knowers = everyone(state.players)
        else:
            ctx.emit("finds_covered", seat=seat, pile=pile)
            knowers = 1 << seat
        self._into_pot(ctx, seat, card, knowers)

    def _do_shuffle(self, ctx: MoveContext) -> None:
        state, target = ctx.state, ctx.action["seat"]
        pot = state.pots[target]
        rng_for(state.seed, "shuffle", state.shuffles).shuffle(pot)
        state.shuffles += 1
        state.known[target] = [0] * len(pot)
        self._mouse_used(state)
        ctx.emit("shuffles", seat=ctx.seat, target=target)
        self._finish_turn(ctx)

    def _do_look(self, ctx: MoveContext) -> None:
        state, seat, target = ctx.state, ctx.seat, ctx.action["seat"]
        state.known[target] = [mask | 1 << seat for mask in state.known[target]]
        state.glimpses += [[1 << seat, target, slot] for slot in range(len(state.pots[target]))]
        self._mouse_used(state)
        ctx.emit("looks", seat=seat, target=target)
        self._finish_turn(ctx)

    def _do_swap(self, ctx: MoveContext) -> None:
        state, action = ctx.state, ctx.action
        if state.swap_from is None:
            state.swap_from = [action["seat"], action["slot"]]
            state.step = Step.SWAP_TO
            return
        (first, first_slot), (second, second_slot) = state.swap_from, (action["seat"], action["slot"])
        for rows in (state.pots, state.known):
            rows[first][first_slot], rows[second][second_slot] = (
                rows[second][second_slot],
                rows[first][first_slot],
            )
        state.swap_from = None
        self._mouse_used(state)
        ctx.emit("swaps", seat=ctx.seat, first=first, slot=first_slot, second=second, other_slot=second_slot)
        self._finish_turn(ctx)

    def _do_declare(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        state.ending = DECLARED
        state.closed[seat] = True
        state.final_left = [(seat + k) % state.players for k in range(1, state.players)]
        ctx.emit("declares", seat=seat)
        state.turn, state.step = state.final_left[0], Step.CHOOSE

    def _do_continue(self, ctx: MoveContext) -> None:
        ctx.state.turn, ctx.state.step = (ctx.seat + 1) % ctx.state.players, Step.CHOOSE

    moves = {
        kind: afresh(move)
        for kind, move in {
            "draw": _do_draw,
            "kitchen": _do_kitchen,
            "pot": _do_pot,
            "take": _do_take,
            "pass": _do_pass,
            "activate": _do_activate,
            "slot": _do_slot,
            "discard": _do_discard,
            "search": _do_search,
            "find": _do_find,
            "shuffle": _do_shuffle,
            "look": _do_look,
            "swap": _do_swap,
            "declare": _do_declare,
            "continue": _do_continue,
        }.items()
    }

    # --- helpers of the moves ------------------------------------------------------------------
    @staticmethod
    def _pop_kitchen(state: PinkState, place: int, depth: int) -> int:
        """A card out of the pile at ``place``; an emptied pile leaves its place empty, where it was."""
        cards = state.kitchen[place]
        card = cards.pop(len(cards) - 1 - depth)
        if not cards:
            state.started.remove(place)
        return card

    @staticmethod
    def _mouse_used(state: PinkState) -> None:
        state.removed.append(state.mouse)
        state.mouse = None

    def _into_pot(self, ctx: MoveContext, target: int, card: int, knowers: int) -> None:
        """``card`` goes face down into ``target``'s pot, or waits for a blind pick if it is full."""
        state = ctx.state
        if len(state.pots[target]) < POT_SIZE:
            state.pots[target].append(card)
            state.known[target].append(knowers)
            state.glimpses.append([knowers, target, len(state.pots[target]) - 1])
            self._finish_turn(ctx)
        else:
            state.incoming, state.incoming_knowers, state.target = card, knowers, target
            state.step = Step.SLOT

    def _finish_turn(self, ctx: MoveContext) -> None:
        """The turn is complete: close a final turn's pot, start the final round, or offer to declare."""
        state, seat = ctx.state, ctx.seat
        if state.final_left and state.final_left[0] == seat:
            state.final_left.pop(0)
            state.closed[seat] = True
            ctx.emit("closes", seat=seat)
            if state.final_left:
                state.turn, state.step = state.final_left[0], Step.CHOOSE
            else:
                state.turn, state.step = None, Step.OVER
                ctx.emit("over")
        elif state.ending == PLAYING and not state.deck:
            state.ending = DECK_OUT
            state.final_left = [(seat + k) % state.players for k in range(1, state.players + 1)]
            state.turn, state.step = state.final_left[0], Step.CHOOSE
            ctx.emit("deck_out")
        elif state.ending == PLAYING and all(len(pot) == POT_SIZE for pot in state.pots):
            state.step = Step.DECLARE
        else:
            state.turn, state.step = (seat + 1) % state.players, Step.CHOOSE

    # --- time, end, result ---------------------------------------------------------------------
    def next_deadline(self, state: PinkState) -> float | None:
        return None

    def is_over(self, state: PinkState) -> bool:
        return state.step == Step.OVER

    def scores(self, state: PinkState) -> list[dict[str, Any]]:
        """Each seat's score breakdown as it would count now."""
        tops = [kind_of(pile[-1]).key for pile in state.kitchen if pile]
        return [
            score(RECIPES[state.recipes[seat]], [kind_of(card).key for card in state.pots[seat]], tops)
            for seat in range(state.players)
        ]

    def result(self, state: PinkState) -> dict[str, Any] | None:
        if not self.is_over(state):
            return None
        breakdown = self.scores(state)
        best = max(entry["total"] for entry in breakdown)
        winners = [seat for seat, entry in enumerate(breakdown) if entry["total"] == best]
        if any(breakdown[seat]["completed"] for seat in winners):
            winners = [seat for seat in winners if breakdown[seat]["completed"]]
        most = max(breakdown[seat]["desserts"] for seat in winners)
        winners = [seat for seat in winners if breakdown[seat]["desserts"] == most]
        return {
            "winners": winners,
            "scores": [entry["total"] for entry in breakdown],
            "breakdown": breakdown,
            "recipes": [RECIPES[index].name for index in state.recipes],
        }

    # --- protocol plumbing ---------------------------------------------------------------------
    def private_view(self, state: PinkState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        from soupkitchen.shared.pink_soup.bot_levels import make_bot

        return make_bot(seat, seed, level)

    def check_invariants(self, state: PinkState) -> None:
        places = [
            *state.deck,
            *state.removed,
            *state.drawn,
            *(card for pile in state.kitchen for card in pile),
            *(card for pot in state.pots for card in pot),
        ]
        places += [card for card in (state.mouse, state.incoming, state.revealed) if card is not None]
        places.sort()
        assert places == ALL_CARDS, "every card must be in exactly one place"
        assert len(state.kitchen) == KITCHEN_PILES, "the kitchen has 5 places, each a pile or empty"
        assert sorted(state.started) == piles(state), "each pile started once, on its own place"
        assert all(len(pot) <= POT_SIZE for pot in state.pots), "a pot holds at most 5 cards"
        assert [len(pot) for pot in state.pots] == [len(masks) for masks in state.known], (
            "one memory per pot card"
        )
        assert len(set(state.recipes)) == state.players, "each chef has their own recipe"
        assert (state.turn is None) == (state.step == Step.OVER)
        assert state.ending != PLAYING or not any(state.closed), "pots close only at the end"
        assert len(state.drawn) <= DRAW_COUNT
        assert all(0 <= slot < len(state.pots[where]) for _mask, where, slot in state.glimpses), (
            "a glimpse of no card"
        )
