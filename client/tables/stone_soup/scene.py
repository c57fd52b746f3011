"""Stone Soup at a card table: pick any cards of your hand (they rise; a group's name under its cards
picks all of it, the wheel or +/- one more or one fewer), then say what they are with one click on a
declaration beside the pot; a dash of salt is played by clicking it (and confirming). After each play
the others get a large "Stone soup!" button with an emptying ring, and "Let it go"; a challenge is
shown as a moment at the top of the side column, where it covers nothing (cards turned one by one,
the verdict under them, the pot flying to the hand that takes it), and stays a while after the next
play is made.

A call names the play it is for: the claim shown when it is pressed. One pressed after that claim's
window closed is sent for it all the same, and the rules answer that it is too late; it never lands
on the next claim, even one that opened just as it was pressed (``FRESH_SECONDS``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import BODY, HEADING, LABEL, SMALL, Board, draw_button
from soupkitchen.client.tables.kit.panels import MOVES_KEY
from soupkitchen.client.tables.kit.scene import CANCEL, KitTable
from soupkitchen.client.tables.kit.table_objects import Thing, under_point
from soupkitchen.client.tables.present.common import renamer
from soupkitchen.client.tables.stone_soup import layout, paint
from soupkitchen.client.tables.stone_soup.model import (
    StoneModel,
    band_words,
    claim_words,
    fan_size,
    kind_name,
    play_action,
    size_before,
    verdict_words,
)
from soupkitchen.client.tables.stone_soup.reveal import Reveal
from soupkitchen.client.tables.wording import event_words
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.stone_soup.cards import NUMBER_WORDS, SALT
from soupkitchen.shared.words import and_list

AGAIN_KEY = "button:again"
CALL_KEY = "button:challenge"
LATE_SECONDS = 3.0  # a call pressed this soon after the window closed is sent, and answered "too late"
FRESH_SECONDS = 0.8  # a call pressed this soon after a new claim opened was meant for the one before
MORE = {"more": 1, "rotate_right": 1, "less": -1, "rotate_left": -1}  # +/- keys, pad shoulders


class StoneSoupTable(KitTable):
    """Stone Soup, acted on at the table."""

    name = "stone-soup"
    art_folder = "stone_soup"
    model_type = StoneModel
    menu_holds_clock = True  # a call window waits for a solo or couch player reading the menu or the rules

    def __init__(self, app, session) -> None:
        self.shown: Reveal | None = None
        self.callable: int | None = None  # the serial of the last claim this seat could call
        self.callable_seen = 0.0  # when it was last seen open
        self.callable_opened = 0.0  # when it was first seen open
        self.earlier: tuple[int, float] | None = None  # the claim callable before it, and when last seen
        self.sizes_before: dict[Any, dict[str, Any]] = {}  # hands (by seat) and "pot" before the open play
        self._list_keys: list[str] = []  # the move list's rows, by key (the row chosen follows its key)
        super().__init__(app, session)
        reveal = self.model.reveal()
        self._reveal_serial = (
            reveal.get("serial") if reveal else None
        )  # a reveal seen before joining stays told

    @classmethod
    def card_sizes(cls, b: Board) -> set[tuple[int, int]]:
        sizes = {b.rect(0, 0, w, w * layout.CARD_H / layout.CARD_W).size for w in layout.CARD_WIDTHS}
        sizes |= {
            b.rect(0, 0, layout.FAN_W, layout.FAN_H).size,
            b.rect(0, 0, layout.POT_W, layout.POT_H).size,
            b.rect(0, 0, layout.SEQ_CARD_W, layout.SEQ_CARD_W * layout.CARD_H / layout.CARD_W).size,
            b.rect(0, 0, 110, 154).size,
        }
        return sizes

    def names(self) -> dict[int, str]:
        return {p.seat: self.session.seat_name(p.seat) for p in self.model.players()}

    def ranked_names(self, model: StoneModel) -> dict[int, str]:
        """Names for the ranking, yours marked."""
        return {
            seat: name + (" " + _("(you)") if seat == model.seat else "")
            for seat, name in self.names().items()
        }

    def rename(self, text: str) -> str:
        players = self.model.players()
        return renamer([p.name for p in players], [self.session.seat_name(p.seat) for p in players])(text)

    def picked_cards(self) -> dict[str, int]:
        """The cards picked in the hand, counted per kind."""
        return dict(Counter(key.split(":")[1] for key in self.choosing.picked if key.startswith("hand:")))

    def pick_count(self, kind: str, count: int) -> bool:
        """Pick exactly ``count`` of the hand's cards of ``kind`` (within what the hand holds)."""
        keys = [key for key, k in layout.hand_keys(self.model) if k == kind]
        count = max(0, min(len(keys), count))
        picked = [key for key in self.choosing.picked if key not in keys]
        self.choosing.picked = (*picked, *keys[:count])
        self.choosing.close_menu()
        return True

    # --- what the table is made of -----------------------------------------------------------------
    def build(self, view: dict[str, Any], board: Board) -> list[Thing]:
        model = StoneModel(view)
        if model.result() is not None:
            if not self.session.local:
                return []
            return [
                Thing(
                    AGAIN_KEY,
                    board.rect(550, 840, 400, 74),
                    "button",
                    words=_("Play again"),
                    what=_("A new table with the same game, players and options"),
                )
            ]
        return layout.build(model, board, self.choosing.picked, self.names())

    def path_of(self, action: dict[str, Any]) -> tuple[str, ...]:
        kind = action.get("type")
        if kind == "salt":
            return ("hand:salt:0",)
        if kind in ("challenge", "let_go"):
            return (f"button:{kind}",)
        if kind == "play" and isinstance(action.get("cards"), dict):
            keys = tuple(f"hand:{food}:{i}" for food, n in action["cards"].items() for i in range(int(n)))
            return (*keys, f"say:{action.get('count')}")
        return ()

    def usable(self) -> dict[str, list[dict[str, Any]]]:
        """Any card of the hand but salt may be picked while it is your play; a declaration plays the
        picked cards; salt, the window's buttons and Play again act at once."""
        model = self.model
        found: dict[str, list[dict[str, Any]]] = {MOVES_KEY: []}
        if model.can("play"):
            picked = self.picked_cards()
            for key, kind in layout.hand_keys(model):
                if kind != SALT:
                    found[key] = []
                    found[layout.group_key(kind)] = []
            if picked:
                found[layout.UNPICK_KEY] = []
            if (
                picked
            ):  # from one to as many as picked: every bluff of the rulebook adds at least what it says
                for n in range(1, min(model.most_declared, sum(picked.values())) + 1):
                    found[f"say:{n}"] = [play_action(picked, n)]
        if model.can("salt"):
            found.update({key: [{"type": "salt"}] for key, kind in layout.hand_keys(model) if kind == SALT})
        for action in model.actions():
            if action.get("type") in ("challenge", "let_go"):
                found[f"button:{action['type']}"] = [action]
        if model.over and self.session.local:
            found[AGAIN_KEY] = []
        return found

    def touch(self, key: str) -> bool:
        if key == MOVES_KEY:
            return super().touch(key)
        usable = self.usable()
        if key not in usable and key not in self.choosing.picked:
            return False
        if key == AGAIN_KEY:
            return self.play_again()
        if key == CALL_KEY:
            return self.call()
        if key == layout.UNPICK_KEY:
            self.choosing.reset()
            return True
        if key.startswith("group:"):
            kind = key.split(":")[1]
            held = dict(self.model.hand()).get(kind, 0)
            return self.pick_count(kind, 0 if self.picked_cards().get(kind, 0) == held else held)
        if key.startswith("hand:") and not usable.get(key):
            picked = self.choosing.picked
            self.choosing.picked = tuple(k for k in picked if k != key) if key in picked else (*picked, key)
            self.choosing.close_menu()
            return True
        leads = usable.get(key) or []
        if leads and self.confirm(leads[0]):
            self.ask(leads[0], key)
            return True
        return self.play(leads[0]) if leads else False

    def call(self) -> bool:
        """Call "stone soup!" on the last claim shown that this seat could call (refused as too late
        when its window has closed meanwhile)."""
        listed = [a for a in self.model.actions() if a.get("type") == "challenge"]
        earlier = self._meant_for_earlier()
        if earlier is not None:  # pressed for the claim before, as the next one opened: too late
            return self.play({"type": "challenge", "play": earlier})
        if listed:
            return self.play(listed[0])
        return self.play({"type": "challenge", "play": self.callable}) if self.callable is not None else False

    # --- the move list: cards picked with keys, then the claim, as with the mouse -------------------
    def list_entries(self) -> list[tuple[str, str, Callable[[], bool]]]:
        """The move list's rows (a key, the words, what Enter on it does): on your play, a row to pick
        one more of each kind in the hand (and one to put one back), then with cards picked a row for
        each claim they may be played as (any bluff, as at the table), a dash of salt, and the rules'
        common plays in one row each; otherwise each legal move."""
        model = self.model
        if not model.my_turn:
            listed = enumerate(self.actions)
            return [(f"move:{i}", self.menu_words(a), partial(self.play, a)) for i, a in listed]
        picked = self.picked_cards()
        total = sum(picked.values())
        rows: list[tuple[str, str, Callable[[], bool]]] = []
        for n in range(1, min(model.most_declared, total) + 1):
            words = _('Play the cards picked, say "%(claim)s"') % {"claim": claim_words(n, model.due)}
            rows.append((f"say:{n}", words, partial(self.play, play_action(picked, n))))
        for kind, held in model.hand():
            if kind == SALT:
                continue
            got = picked.get(kind, 0)
            facts = {"card": kind_name(kind), "picked": got, "held": held}
            if got < held:
                words = _("Pick: %(card)s (%(picked)d of %(held)d picked)") % facts
                rows.append((f"pick:{kind}", words, partial(self.pick_count, kind, got + 1)))
            if got:
                words = _("Put back: %(card)s (%(picked)d of %(held)d picked)") % facts
                rows.append((f"back:{kind}", words, partial(self.pick_count, kind, got - 1)))
        if model.can("salt"):
            rows.append(("salt", self.menu_words({"type": "salt"}), partial(self.play, {"type": "salt"})))
        if not total:
            rows += [
                (f"move:{i}", self.menu_words(a), partial(self.play, a))
                for i, a in enumerate(self.actions)
                if a.get("type") == "play"
            ]
        return rows

    def move_rows(self) -> list[str]:
        return [words for _key, words, _do in self.list_entries()]

    def _play_listed(self, index: int) -> None:
        entries = self.list_entries()
        if 0 <= index < len(entries):
            entries[index][2]()

    def _follow_picks(self) -> None:
        """Cards picked or put back (by keys, the list or the mouse) change the list's rows at once;
        the row chosen stays the same row."""
        entries = self.list_entries()
        rows = [words for _key, words, _do in entries]
        keys = [key for key, _words, _do in entries]
        old, self._list_keys = self._list_keys, keys
        if rows == self.moves.rows:
            return
        index = self.moves.selected
        chosen = old[index] if 0 <= index < len(old) else None
        self.moves.selected = keys.index(chosen) if chosen in keys else min(index, len(rows) - 1)
        self.moves.set_rows(rows)

    def key_meant_before(self, action: dict[str, Any]) -> bool:
        """A call names the claim it is for (never the next one): a key makes it at once."""
        return action.get("type") != "challenge" and super().key_meant_before(action)

    def send(self, action: dict[str, Any]) -> None:
        """Play ``action``; a refusal is told with the table's names ("too late: Bot 2's play was let go")."""
        seat = self.session.shown_seat
        if seat is None:
            super().send(action)
            return

        async def sending() -> None:
            ack = await self.session.act(seat, action, quiet=True)
            if not ack.get("ok"):
                words = self.rename(str(ack["error"]["message"]))
                words = words[:1].upper() + words[1:]  # said on its own: "Too late: ..."
                if self.answer_refusal(words):  # said at the click that made it
                    return
                if action.get("type") == "challenge":  # a key's call: where its button stood
                    call = self.board.rect(layout.CALL_X, layout.CALL_Y, layout.CALL_W, layout.CALL_H)
                    self.answer_at(call.center, words)
                else:
                    self.app.toast(words, "error")

        self.app.spawn(sending())

    def play_again(self) -> bool:
        """A new solo table with the same game, players and options (there is no rematch request)."""
        self.app.stack.make("results", self.session).again()
        return True

    def points_for(self, action: dict[str, Any]) -> list[tuple[int, int]]:
        """The window points that, clicked in order, make ``action`` (any valid play, listed or not)."""
        path = self.path_of(action)
        if action.get("type") == "salt":
            path = tuple(key for key in self.usable() if key.startswith("hand:salt:"))[:1]
        saved = self.choosing.picked
        points = []
        try:
            for i, key in enumerate(path):
                self.choosing.picked = path[:i] if action.get("type") == "play" else saved
                thing = self.thing(key)
                if thing is None:
                    return []
                points.append(self._point_on(thing))
            if self.confirm(action) and path:  # the confirmation's first item
                points.append(self.menu_rects_for(self.thing(path[-1]).rect, [action, CANCEL])[0].center)
        finally:
            self.choosing.picked = saved
        return points

    def menu_mine(self) -> set[str]:
        """A menu never covers the player's own hand."""
        return {"hand", "group"}

    def confirm(self, action: dict[str, Any]) -> bool:
        """A dash of salt is asked once more: one touch plays it (picking any other card only raises it)."""
        return action.get("type") == "salt"

    def ask(self, action: dict[str, Any], key: str) -> None:
        super().ask(action, key)
        self.choosing.picked = ()  # no card is picked for a play meanwhile

    def hover_words(self) -> list[str]:
        key = self.focus if self.keyboard else self.hover
        thing = self.thing(key)
        if thing is None or self.moves_open:
            return []
        more = _("Wheel or +/-: one more or one fewer")
        if key in self.choosing.picked:
            return [thing.what, _("Click again to put it back"), more]
        if key in self.usable() and key.startswith("hand:") and not self.usable()[key]:
            return [thing.what, _("Click to pick it for the pot"), more]
        if key in self.usable() and key.startswith("group:"):
            kind, held = str(thing.extra.get("kind")), int(thing.extra.get("count", 0))
            every = (
                _("Click to put them all back")
                if self.picked_cards().get(kind, 0) == held
                else _("Click to pick all %(number)s")
                % {"number": _(NUMBER_WORDS[held]) if held < len(NUMBER_WORDS) else held}
            )
            return [thing.what, every, more]
        return super().hover_words()

    # --- input -------------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        used = super().handle(action)
        self._follow_picks()
        return used

    def handle_table(self, action: InputAction) -> bool:
        calling = action.kind == "pass" or (action.kind == "select" and self.focus in (None, CALL_KEY))
        if calling and not self.moves_open and (CALL_KEY in self.usable() or self._just_closed()):
            return self.call()  # Space (or Enter), pad Y: call at once
        step = -action.dy if action.kind == "scroll" else MORE.get(action.kind, 0)
        kind = layout.kind_of_key(self.focus if self.keyboard else self.hover)
        if step and kind is not None and kind != SALT and self.model.can("play") and not self.moves_open:
            return self.pick_count(kind, self.picked_cards().get(kind, 0) + step)
        return super().handle_table(action)

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        """A click where the "Stone soup!" button stood, a moment after its window closed, is still
        the call it was meant to be: it is sent for that claim and answered "too late"."""
        call = self.board.rect(layout.CALL_X, layout.CALL_Y, layout.CALL_W, layout.CALL_H)
        usable = self.usable()
        if (
            button == 1
            and CALL_KEY not in usable
            and self._just_closed()
            and call.collidepoint(pos)
            and not self.moves_open
            and not self.choosing.menu
            and not any(t.key in usable for t in under_point(self.things(), pos))
        ):  # nothing else meant there
            return self.call()
        say = next(
            (t.key for t in self.things() if t.key.startswith("say:") and t.rect.collidepoint(pos)), None
        )
        if button == 1 and say is not None and say not in self.usable() and not self.choosing.menu:
            self.answer_at(pos, self.say_refusal())  # beyond the cards picked: they stay picked
            return True
        return super()._click(pos, button)

    def say_refusal(self) -> str:
        """Why a declaration beyond the cards picked (or with none picked) does nothing."""
        if self.model.can("play"):
            picked = sum(self.picked_cards().values())
            if not picked:
                return _("Pick the cards for the pot first")
            return ngettext(
                "You picked %(count)d card: say at most %(count)d",
                "You picked %(count)d cards: say at most %(count)d",
                picked,
            ) % {"count": picked}
        return self.not_now()

    def _meant_for_earlier(self) -> int | None:
        """The claim a call pressed now was meant for, when a new claim opened only a moment ago and
        the one before it closed only a moment before that: no one calls a claim unread."""
        if self.earlier is None or self.now - self.callable_opened > FRESH_SECONDS:
            return None
        serial, seen = self.earlier
        return serial if self.callable_opened - seen <= LATE_SECONDS else None

    def _just_closed(self) -> bool:
        """The last claim this seat could call has closed a moment ago."""
        return self.callable is not None and self.now - self.callable_seen <= LATE_SECONDS

    def update(self, dt: float, now: float) -> None:
        super().update(dt, now)
        self._follow_picks()
        window = self.model.window()
        if window is None:  # the sizes a claim is judged against, as everyone saw them before it
            self.sizes_before = {p.seat: p.cards for p in self.model.players()} | {"pot": self.model.pot}
        if window is not None and self.model.can("challenge"):
            serial = int(window.get("serial") or 0)
            if serial != self.callable:
                self.earlier = (self.callable, self.callable_seen) if self.callable is not None else None
                self.callable_opened = now
            self.callable, self.callable_seen = serial, now
        reveal = self.model.reveal()
        serial = reveal.get("serial") if reveal else None
        if serial is not None and serial != self._reveal_serial:
            self._reveal_serial = serial
            self.shown = Reveal(reveal, now)
            sound = getattr(self.app, "sound", None)
            if sound is not None:
                sound("stone_soup")
        if self.shown is not None and self.model.plays > int(self.shown.reveal.get("serial") or 0):
            self.shown.dock(now)  # the next play is made: the verdict moves aside for it
        if self.shown is not None and (self.shown.over(now) or self.model.over):
            self.shown = None  # at the end the ranking is the moment

    def redraw_at(self, now: float) -> float | None:
        """A call's moment moves until its cards have landed."""
        due = [t for t in (super().redraw_at(now),) if t is not None]
        shown = self.shown
        if shown is not None and shown.docked is None and now - shown.start < shown.length:
            due.append(now + 1 / 30)
        return min(due, default=None)

    # --- drawing -----------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        theme.draw_background(surface)
        model = StoneModel(view)
        prompt = self.prompt(model)
        prompt = prompt if model.result() is not None else self.addressed(prompt)
        colour = theme.MUSTARD if model.actions() else theme.TEXT
        b.text(
            surface,
            prompt,
            paint.fitted(b, prompt, b.px_x(1440)),
            colour,
            b.rect(30, 18, 1, 1).topleft,
            max_width=b.px_x(1440),
        )
        if model.result() is not None:
            self._draw_end(surface, b, model)
            return
        lay = theme.layout(surface.get_size())
        middle = b.rect(layout.MAIN_X, layout.MIDDLE_Y, layout.MAIN_W, 350)
        theme.draw_panel(surface, middle, lay, colour=theme.FELT)
        me = model.seating()[0]
        seat_box = b.rect(layout.MAIN_X, layout.HAND_Y, layout.MAIN_W, 1070 - layout.HAND_Y)
        theme.draw_panel(
            surface,
            seat_box,
            lay,
            colour=theme.PANEL,
            edge=theme.MUSTARD if model.my_turn else theme.PANEL_EDGE,
        )
        total = sum(n for _, n in model.hand())
        band = next((p.cards for p in model.players() if p.seat == me), {})
        facts = {"player": self.session.seat_name(me), "count": total, "cards": band_words(band)}
        title = (
            ngettext("Your hand (%(count)d card)", "Your hand (%(count)d cards)", total)
            if me == model.seat and not self.session.replaying  # a replay names the seat it looks through
            else ngettext("%(player)s's hand (%(count)d card)", "%(player)s's hand (%(count)d cards)", total)
            if model.seat is not None or model.hand()  # (or the face-up eyes' bottom hand, counted)
            else _("%(player)s's hand (%(cards)s)")
        ) % facts
        paint.seat_dot(surface, b, me, b.rect(50, layout.HAND_Y + 26, 1, 1).topleft, self._symbols())
        b.text(surface, title, BODY, theme.TEXT, b.rect(76, layout.HAND_Y + 8, 1, 1).topleft)
        if model.can("play"):
            picked = self.picked_cards()
            room = b.px_x(layout.UNPICK[0] - 540 if picked else 940)
            count = sum(picked.values())
            hint = (
                next(  # the cards picked in words, else in figures, else only how many fit beside "Put back"
                    (
                        words
                        for words in (
                            _("Picked: %(cards)s")
                            % {"cards": ", ".join(claim_words(n, k) for k, n in picked.items())},
                            _("Picked: %(cards)s")
                            % {"cards": ", ".join(f"{n} {kind_name(k, n)}" for k, n in picked.items())},
                        )
                        if b.fits(words, SMALL, room)
                    ),
                    _("Picked: %(cards)s")
                    % {"cards": ngettext("%(count)d card", "%(count)d cards", count) % {"count": count}},
                )
            )
            if not picked:
                hint = _("Pick any cards (bluffing is allowed), or click a dash of salt to pass")
            b.text(
                surface,
                hint,
                SMALL,
                theme.MUSTARD,
                b.rect(520, layout.HAND_Y + 14, 1, 1).topleft,
                max_width=room,
            )
        self._pot_words(surface, b, model)

    def _group_caption(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """A group's caption under its cards, as the layout worded it to fit (``layout.caption_lines``)."""
        y = thing.rect.y + b.px(4)
        for line in thing.words.split("\n"):
            y = b.text(
                surface,
                line,
                layout.CAPTION_SIZE,
                theme.TEXT,
                (thing.rect.centerx, y),
                anchor="midtop",
                max_width=thing.rect.w - b.px(6),
            ).bottom

    def _pot_words(self, surface: pygame.Surface, b: Board, model: StoneModel) -> None:
        pot = model.pot
        was = size_before(self.sizes_before.get("pot"), pot) if model.window() is not None else ""
        lines = [" \u00b7 ".join(filter(None, (_("Pot: %(size)s") % {"size": band_words(pot)}, was)))] + (
            [_("Salt under it: %(count)d") % {"count": model.salt_pile}] if model.salt_pile else []
        )
        centre = layout.POT_X + layout.POT_W / 2 - 10
        # each on one line under the pot, clear of the declarations beside it (and, in a window, of the
        # ring and the players it waits for): a long line slides left, under the sequence card
        right = b.rect(layout.SAY_X - 10, 0, 1, 1).x
        left = b.rect(layout.SEQUENCE_X, 0, 1, 1).x
        font = b.font(SMALL)
        lines = [part for line in lines for part in theme.wrap(line, font, right - left)]
        y = b.rect(centre, layout.POT_WORDS_Y, 1, 1).y
        for line in lines:
            half = font.size(line)[0] / 2
            x = max(left + half, min(b.rect(centre, 0, 1, 1).x, right - half))
            y = b.text(
                surface, line, SMALL, theme.TEXT, (round(x), y), anchor="midtop", max_width=right - left
            ).bottom
        window = model.window()
        claims, older = model.pot_claims() if fan_size(pot) else ([], False)
        if window is not None or claims:  # the last claim stays over the pot once its window closes
            seat, count, food = (
                (window.get("player"), int(window.get("count", 1)), str(window.get("food")))
                if window is not None
                else claims[-1]
            )
            who = _("You") if seat == model.seat else self.session.seat_name(seat)
            claim = _('%(player)s: "%(claim)s"') % {"player": who, "claim": claim_words(count, food)}
            room = b.px_x(2 * (layout.CALL_X - 10 - layout.POT_X - layout.POT_W / 2))
            sizes = (LABEL, BODY, SMALL) if window is not None else (BODY, SMALL)
            b.text(
                surface,
                claim,
                b.largest_fitting(claim, sizes, room),  # a long name: smaller, whole
                theme.MUSTARD if window is not None else theme.TEXT,
                b.rect(layout.POT_X + layout.POT_W / 2, layout.MIDDLE_Y + 8, 1, 1).topleft,
                anchor="midtop",
                max_width=room,
            )
        self._claims_words(surface, b, model, claims, older)
        if window is None and model.can("play"):
            b.text(
                surface,
                _("Say they are:") if self.choosing.picked else _("Pick the cards for the pot first"),
                BODY,
                theme.TEXT,
                b.rect(layout.SAY_X, layout.SAY_Y - 4, 1, 1).topleft,
            )

    def _claims_words(
        self,
        surface: pygame.Surface,
        b: Board,
        model: StoneModel,
        claims: list[tuple[int, int, str]],
        older: bool,
    ) -> None:
        """Every claim in the pot (made since the last call), oldest first, on one line at the foot of
        the middle of the table; "..." before them where older cards lie under them, or where the
        oldest give way for the line to fit."""
        rows = -(-len(self._declarations_shown()) // layout.SAY_COLUMNS)
        if not claims or rows > 2:  # three rows of declarations reach the foot: the log has it meanwhile
            return
        said = [
            f"{n} {kind_name(food, n)} "
            + (_("(you)") if seat == model.seat else "(" + self.session.seat_name(seat) + ")")
            for seat, n, food in claims
        ]
        room = b.px_x(layout.MAIN_X + layout.MAIN_W - layout.CLAIMS_X - 20)
        for first in range(len(said)):
            shown = ("… " if first or older else "") + ", ".join(said[first:])
            words = _("In the pot: %(claims)s") % {"claims": shown}
            if b.fits(words, SMALL, room) or first == len(said) - 1:
                break
        b.text(
            surface,
            words,
            SMALL,
            theme.TEXT_DIM,
            b.rect(layout.CLAIMS_X, layout.CLAIMS_Y, 1, 1).topleft,
            max_width=room,
        )

    def _declarations_shown(self) -> list[str]:
        return [t.key for t in self.things() if t.key.startswith("say:")]

    def prompt(self, model: StoneModel) -> str:
        names = self.names()
        result = model.result()
        if result is not None:
            winners = [names.get(s, "") for s in result.get("winners") or []]
            return _("%(player)s has no cards left and wins!") % {"player": and_list(winners) or _("Nobody")}
        window = model.window()
        food = kind_name(model.due, 2)
        if window is not None:
            who = names.get(window.get("player"), "")
            claim = claim_words(int(window.get("count", 1)), str(window.get("food")))
            facts = {"player": who, "claim": claim}
            if window.get("player") == model.seat:
                return _('You said "%(claim)s": the others may call stone soup') % facts
            if model.can("challenge"):
                asked = _('%(player)s says "%(claim)s". Stone soup, or let it go?') % facts
                return asked + " " + _("It is their last card!") if window.get("empties_hand") else asked
            return _('%(player)s says "%(claim)s": waiting for the others') % facts
        if model.can("play"):
            return _("Your turn: pick cards, then say how many %(food)s they are") % {"food": food}
        return _("%(player)s owes %(food)s") % {"player": names.get(model.turn, ""), "food": food}

    def draw_thing(
        self, surface: pygame.Surface, b: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        key = thing.key
        model = self.model
        if key.startswith("seat:"):
            self._draw_seat(surface, b, thing, model)
        elif key == "sequence":
            paint.draw_sequence(
                surface,
                b,
                rect,
                model.sequence,
                model.due,
                layout.sequence_rects(b, len(model.sequence)),
                model.salted,
            )
        elif key == "pot":
            if thing.kind == "card":
                paint.draw_pot(surface, b, rect, int(thing.extra.get("cards", 1)))
            else:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=b.px(3), border_radius=b.px(10))
                b.text(surface, _("empty pot"), SMALL, theme.TEXT_DIM, rect.center, anchor="center")
        elif key.startswith("group:"):
            self._group_caption(surface, b, thing)
        elif key.startswith("salt:"):
            paint.draw_crosswise(surface, b, thing.face, rect)
        elif key == CALL_KEY:
            draw_button(
                surface,
                b,
                rect,
                thing.words,
                True,
                colour=theme.DANGER,  # the "Stone soup!" button
                size=72,
                left=b.px(layout.CALL_RING),
            )  # clear of the window's ring (see _draw_window)
        elif thing.kind == "button":
            live = key in self.usable()
            draw_button(surface, b, rect, thing.words, live, size=LABEL if key != AGAIN_KEY else HEADING)
        else:
            paint.draw_card(surface, b, thing.face, rect, show)

    def _draw_seat(self, surface: pygame.Surface, b: Board, thing: Thing, model: StoneModel) -> None:
        seat = thing.extra["seat"]
        window = model.window()
        to_move = (model.turn == seat) or (window is not None and window.get("player") == seat)
        theme.draw_panel(
            surface,
            thing.rect,
            theme.layout(surface.get_size()),
            edge=theme.MUSTARD if to_move else theme.PANEL_EDGE,
        )
        paint.seat_dot(surface, b, seat, (thing.rect.x + b.px(26), thing.rect.y + b.px(26)), self._symbols())
        mark = ""
        if window is not None and seat in (window.get("let_go") or []):
            mark = " - " + _("lets it go")
        elif model.turn == seat:
            mark = " - " + _("to play")
        name = self.session.seat_name(seat) + mark
        b.text(
            surface,
            name,
            paint.fitted(b, name, thing.rect.w - b.px(60), (BODY, SMALL)),
            theme.TEXT,
            (thing.rect.x + b.px(48), thing.rect.y + b.px(8)),
            max_width=thing.rect.w - b.px(60),
        )
        band = next((p.cards for p in model.players() if p.seat == seat), {})
        was = (
            size_before(self.sizes_before.get(seat), band)
            if window is not None and window.get("player") == seat
            else ""
        )
        size, width = band_words(band), thing.rect.w - b.px(24)
        y = b.text(
            surface,
            size,
            paint.fitted(b, size, width, (BODY, SMALL)),
            theme.TEXT_DIM,
            (thing.rect.centerx, thing.rect.bottom - b.px(70 if was else 44)),
            anchor="midtop",
            max_width=width,
        ).bottom
        if was:  # how the hand looked before the claim: a count bluff shows in the difference
            b.text(
                surface, was, SMALL, theme.MUSTARD, (thing.rect.centerx, y), anchor="midtop", max_width=width
            )

    def _symbols(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind_symbols", False))

    def _draw_end(self, surface: pygame.Surface, b: Board, model: StoneModel) -> None:
        """The ranking under the Play again button: the winning play, then everyone from the winner down."""
        plays = [entry for entry in model.view["log"] if entry["type"] != "win"]
        last = (
            _("The last play: %(play)s")
            % {"play": event_words(self.session.game_id, plays[-1], self.session.seat_name, model.seat)}
            if plays
            else ""
        )
        paint.draw_ranking(surface, b, model.ranking(), self.ranked_names(model), self._symbols(), last)
        if not self.session.local:
            b.text(
                surface,
                _("The host may open a new table from the lobby."),
                BODY,
                theme.TEXT_DIM,
                b.rect(750, 860, 1, 1).topleft,
                anchor="midtop",
            )

    def side_room(self) -> int:
        """Room above the log for a call being shown (the log is never covered); none while the move
        list is open (the call waits behind it, the log has it)."""
        return paint.REVEAL_H + 16 if self.shown is not None and not self.moves_open else 0

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        self._draw_window(surface)
        if self.shown is not None:
            self._draw_reveal(surface)

    def _draw_window(self, surface: pygame.Surface) -> None:
        """The challenge window's ring: on the big button for those who may call, beside the pot otherwise."""
        model = self.model
        window = model.window()
        if window is None:
            return
        b = self.board
        total = float((self.current_view() or {}).get("challenge_seconds") or 1)
        left = self.session.remaining(self.now)
        fraction = 1.0 if left is None else left / total
        button = self.thing(CALL_KEY)
        if button is not None:
            centre = (button.rect.x + b.px(layout.CALL_RING / 2 + 2), button.rect.centery)
            paint.draw_ring(surface, b, centre, b.px(layout.CALL_RING / 2 - 8), fraction, left)
        else:
            paint.draw_ring(
                surface, b, b.rect(layout.RING_X, 470, 1, 1).topleft, b.px(layout.RING_R), fraction, left
            )
            waiting = [
                s
                for s in range(len(model.players()))
                if s != window.get("player") and s not in (window.get("let_go") or [])
            ]
            words = (
                _("Waiting for %(players)s")
                % {"players": ", ".join(self.session.seat_name(s) for s in waiting)}
                if waiting
                else ""
            )
            b.text(
                surface,
                words,
                SMALL,
                theme.TEXT,
                b.rect(1180, 560, 1, 1).topleft,
                anchor="midtop",
                max_width=b.px_x(560),
            )

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        shown, b = self.shown, self.board
        reveal = shown.reveal
        names = self.names()
        facts = {"caller": names.get(reveal.get("by"), ""), "player": names.get(reveal.get("player"), "")}
        me = self.model.seat
        header = (
            _("You call stone soup on %(player)s")
            if me is not None and reveal.get("by") == me
            else _("%(caller)s calls stone soup on you")
            if me is not None and reveal.get("player") == me
            else _("%(caller)s calls stone soup on %(player)s")
        ) % facts
        taker = reveal.get("taker")
        target = self._seat_rect(taker)
        taken = reveal.get("taken")
        count = (
            _("+ the whole pot")
            if reveal.get("whole_pot")
            else ngettext("+%(count)d card", "+%(count)d cards", int(taken or 0)) % {"count": int(taken or 0)}
        )
        pot = b.rect(layout.POT_X, layout.POT_Y, layout.POT_W, layout.POT_H)
        paint.draw_penalty(surface, b, shown, self.now, pot, target, count)
        if not self.moves_open:
            paint.draw_reveal(surface, b, shown, self.now, verdict_words(reveal, names), header)

    def _seat_rect(self, seat: Any) -> pygame.Rect | None:
        me = self.model.seating()[0]
        if seat == me:
            return self.board.rect(layout.MAIN_X + 400, layout.HAND_TOP, 660, 160)
        thing = self.thing(f"seat:{seat}")
        return thing.rect if thing is not None else None

    def describe(self) -> dict[str, Any]:
        model = self.model
        return {
            **super().describe(),
            "phase": model.phase,
            "turn": model.turn,
            "picked_cards": self.picked_cards(),
            "revealing": self.shown is not None,
        }
