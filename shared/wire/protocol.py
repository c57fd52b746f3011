"""Wire protocol v1, shared by client and server: typed request payloads, the typed reply of each
request, typed push payloads and the error codes every acknowledgement may carry, each with its
sentence for a player (its constants are in :mod:`shared.wire.constants`).

The server checks every client request against its model here before anything touches a table. The
game-specific part of a request (``options``, ``action``) is plain JSON handed to ``shared/``,
whose ``normalise_options`` and ``validate`` judge it. The client checks every push against its
model here (``check_push``); a ``state`` push's ``view`` and ``events`` are the game's own, which
its ``view_model`` and ``events_model`` check.
"""

from __future__ import annotations

import functools
import logging
import math
import unicodedata
from typing import Annotated, Any, Literal, NotRequired

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    ValidationError,
)

from soupkitchen.shared.models import GameSummary, TypedDict, closed_model
from soupkitchen.shared.wire.constants import EMOTES, PROTOCOL_VERSION  # noqa: F401 - the server reads the version here
from soupkitchen.shared.words import N_

# Error codes (the "code" of {"ok": false, "error": {...}}), each worded for a player in ERRORS below.
BAD_REQUEST = "bad_request"
VERSION = "version"
UNKNOWN_TABLE = "unknown_table"
UNKNOWN_CODE = "unknown_code"
BAD_TOKEN = "bad_token"
NOT_HOST = "not_host"
TABLE_FULL = "table_full"
WRONG_PASSWORD = "wrong_password"
ILLEGAL = "illegal"
STALE_STATE = "stale_state"
RATE_LIMITED = "rate_limited"
TOO_LARGE = "too_large"
LIMIT = "limit"
NOT_STARTED = "not_started"
ALREADY_STARTED = "already_started"
NOT_READY = "not_ready"
UNKNOWN_EVENT = "unknown_event"
STORAGE_FULL = "storage_full"
STORAGE_FAILED = "storage_failed"
STORAGE_UNAVAILABLE = "storage_unavailable"  # the server cannot reach its database just now: try again
FORBIDDEN_ORIGIN = "forbidden_origin"
INTERNAL = "internal"
MOVED = "moved"  # another server of a cluster serves the table: the error's "address" says where

# What a player reads of each error code in a language other than English (the client words it; in
# English the server's own, more particular message is shown). A code not here reads as a refusal.
ERRORS = {
    BAD_REQUEST: N_("The server could not read that request."),
    VERSION: N_("This game and the server are different versions: please update."),
    UNKNOWN_TABLE: N_("That table is not there any more."),
    UNKNOWN_CODE: N_("No table here has that code: check it, and ask the host for it again."),
    BAD_TOKEN: N_("That seat is not yours at this table."),
    NOT_HOST: N_("Only the table's host may do that."),
    TABLE_FULL: N_("That seat is taken, or the table is full."),
    WRONG_PASSWORD: N_("That is not the table's password."),
    ILLEGAL: N_("That move is not allowed now."),
    STALE_STATE: N_("The table moved on before your move arrived. Look again."),
    RATE_LIMITED: N_("Too many tries at once: wait a moment and try again."),
    TOO_LARGE: N_("That request is too large for the server."),
    LIMIT: N_("The server's limit is reached: it cannot take more of that now."),
    NOT_STARTED: N_("The game at this table has not started yet."),
    ALREADY_STARTED: N_("The game at this table has already started."),
    NOT_READY: N_("Not every player is ready yet."),
    UNKNOWN_EVENT: N_("The server does not know that request."),
    STORAGE_FULL: N_("The server's disk is full, so nothing was changed."),
    STORAGE_FAILED: N_("The server could not store that, so nothing was changed. Try again in a moment."),
    STORAGE_UNAVAILABLE: N_(
        "The server cannot reach its games' records just now, so nothing was changed. Try again in a moment."
    ),
    FORBIDDEN_ORIGIN: N_("The server refuses connections from this page."),
    INTERNAL: N_("The server could not do that."),
    MOVED: N_("Another server runs that table."),
}

NAME_LENGTH = 32  # characters of a player's name, once normalised
# Characters that reorder the text around them (bidi embeddings, overrides, isolates and marks)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZWJ = "\u200d"
EMOJI_MODIFIERS = (
    "\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff"  # text/emoji style, skin tones
)
# Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern)
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def is_noncharacter(char: str) -> bool:
    """One of the 66 code points Unicode keeps for a program's own use, never for text (U+FDD0-U+FDEF,
    and the last two of every plane: U+FFFE, U+FFFF, U+1FFFE, ...)."""
    point = ord(char)
    return 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE


def is_invisible(char: str) -> bool:
    """A character that draws nothing and joins, separates or tags the text around it: the format
    characters (zero-width spaces and joiners U+200B-U+200D, the byte order mark U+FEFF, the tag
    characters U+E0000-U+E007F, soft hyphens, word joiners...)."""
    return unicodedata.category(char) == "Cf" or 0xE0000 <= ord(char) <= 0xE007F


def joins_emoji(text: str, index: int) -> bool:
    """Whether ``text[index]`` is a zero-width joiner between two pictographs, which makes one emoji
    of them (👨‍🍳 is 👨, a joiner and 🍳); a variation selector or skin tone may come between."""
    if text[index] != ZWJ or index + 1 >= len(text) or unicodedata.category(text[index + 1]) != "So":
        return False
    before = text[:index].rstrip(EMOJI_MODIFIERS)
    return bool(before) and unicodedata.category(before[-1]) == "So"


def player_name(text: str) -> str:
    """A name as the server keeps it: NFKC (the compatibility forms folded: "ＣＨＥＦ" is "CHEF"),
    without invisible characters anywhere (zero-width, BOM, tags; a joiner only within an emoji) or
    spaces at either end.
    ValueError with the reason for control characters (NUL included), line breaks, bidi controls,
    noncharacters, no visible character, or more than ``NAME_LENGTH`` characters."""
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Zl", "Zp"):
            raise ValueError(f"a name may not contain control characters or line breaks (U+{ord(char):04X})")
        if char in BIDI_CONTROLS:
            raise ValueError(f"a name may not contain characters that reorder text (U+{ord(char):04X})")
        if is_noncharacter(char):
            raise ValueError(f"a name may not contain noncharacters (U+{ord(char):04X})")
    name = unicodedata.normalize(
        "NFKC",
        "".join(
            char for index, char in enumerate(text) if not is_invisible(char) or joins_emoji(text, index)
        ),
    ).strip()
    if not any(unicodedata.category(char)[0] in "LNPS" and char not in BLANK_GLYPHS for char in name):
        raise ValueError("a name needs at least one visible character")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    return name


def name_keys(name: str) -> frozenset[str]:
    """What two names that look alike share one of: compatibility-folded (NFKC), without invisible
    characters, one space for any run of spaces, then case-folded and each character taken to one of
    those it can be mistaken for (Unicode's confusables: Cyrillic "с" and Latin "c", "l" and "1"),
    and the other way round (Cyrillic "Н" looks like "H", its small "н" like no "h"). "Chef", "chef",
    "ＣＨＥＦ", "Сhef" with a Cyrillic С and "Chef\u200b" are one name at a table."""
    folded = " ".join(unicodedata.normalize("NFKC", "".join(c for c in name if not is_invisible(c))).split())
    return frozenset(
        ("".join(map(_lookalike, folded.casefold())), "".join(map(_lookalike, folded)).casefold())
    )


@functools.cache
def _confusables() -> Any:
    """confusable_homoglyphs' table, or None where it cannot be loaded (a build without its data
    file): names are then told apart by NFKC and case alone, and the log says so once."""
    try:
        from confusable_homoglyphs import confusables
    except (ImportError, OSError, ValueError) as err:
        logging.getLogger(__name__).error(
            "Unicode's confusables could not be loaded (%s): names that look "
            "alike only through them are not numbered",
            err,
        )
        return None
    return confusables


@functools.lru_cache(maxsize=4096)
def _lookalike(char: str) -> str:
    """The character that stands for every single character ``char`` can be mistaken for: the lowest
    code point among them (UTS #39's confusables, as confusable_homoglyphs gives them: each character
    is paired with its prototype, so two steps reach all that share one)."""
    confusables = _confusables()
    if confusables is None:
        return char

    def alike(one: str) -> set[str]:
        found = confusables.is_confusable(one, greedy=True) or []
        return {glyph["c"] for item in found for glyph in item["homoglyphs"] if len(glyph["c"]) == 1}

    near = alike(char) | {char}
    for other in list(near - {char}):
        near |= alike(other)
    return min(near)


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or, if a name in ``taken`` looks the same, ``name`` with the first free number
    from 2 ("Chef 2"), shortened to fit ``NAME_LENGTH``."""
    keys = frozenset().union(*(name_keys(other) for other in taken))
    if not name_keys(name) & keys:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        numbered = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if not name_keys(numbered) & keys:
            return numbered
        number += 1


Name = Annotated[str, Field(min_length=1, max_length=4 * NAME_LENGTH), AfterValidator(player_name)]
Token = Field(min_length=8, max_length=128)
TableId = Field(min_length=1, max_length=64)
SeatNo = Field(ge=0, le=63)


MAX_DEPTH = 32  # arrays and objects nested in one request
MAX_INT = 2**63  # whole numbers in a request stay within 64 bits


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Hello(Request):
    protocol: StrictInt
    client: str = Field(default="", max_length=64)
    deltas: StrictBool = False  # the client applies ``delta`` pushes (JSON Patch) after a seat's first view


class TimeSync(Request):
    client_time: StrictFloat | StrictInt


class ListTables(Request):
    pass


class WatchTables(Request):
    on: StrictBool  # true: push ``tables_changed`` to this connection whenever the list changes; false: stop


class Settings(Request):
    bot_delay: StrictFloat | StrictInt | None = Field(default=None, ge=0, le=30)
    handoff_pauses_timer: StrictBool | None = None
    stand_in_seconds: StrictFloat | StrictInt | None = Field(default=None, ge=0, le=3600)
    listed: StrictBool | None = None  # false: the table is not in list_tables, only found by its code


class CreateTable(Request):
    game: str = Field(min_length=1, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: StrictInt = Field(ge=1, le=64)
    name: Name
    password: str | None = Field(default=None, max_length=64)
    settings: Settings | None = None


class JoinTable(Request):
    table: str = TableId
    name: Name
    password: str | None = Field(default=None, max_length=64)
    seat: StrictInt | None = Field(default=None, ge=0, le=63)


class FindTable(Request):
    code: str = Field(min_length=1, max_length=64)


MAX_RECENT = 200  # moments of a game a resume may ask to be told again


class Resume(Request):
    token: str = Token
    # how many of the table's latest moments to send back as anyone at the table saw them (the public
    # view after each and the events that led there): a client opening the table afresh mid-game
    recent: StrictInt = Field(default=0, ge=0, le=MAX_RECENT)


class Spectate(Request):
    table: str = TableId


class TokenOnly(Request):
    token: str = Token


class SeatRequest(Request):
    token: str = Token
    seat: StrictInt = SeatNo


class AddBot(Request):
    token: str = Token
    seat: StrictInt | None = Field(default=None, ge=0, le=63)
    level: Literal["easy", "normal", "hard"] = "normal"


class SetOptions(Request):
    token: str = Token
    options: dict[str, Any]
    settings: Settings | None = None


class Act(Request):
    token: str = Token
    state_id: StrictInt = Field(ge=0)
    action: Any


class Hold(Request):
    token: str = Token
    on: StrictBool
    seat: StrictInt | None = Field(
        default=None, ge=0, le=63
    )  # the host ends this seat's hold (with on: false)


class Ready(Request):
    token: str = Token
    on: StrictBool


class Resync(Request):
    table: str = TableId  # the connection's views of this table, whole (it missed a ``delta``)


class Emote(Request):
    token: str = Token
    emote: Literal[EMOTES]  # one of the emotes (Literal of a tuple: each of its strings)


REQUESTS: dict[str, type[Request]] = {
    "hello": Hello,
    "time_sync": TimeSync,
    "list_tables": ListTables,
    "watch_tables": WatchTables,
    "create_table": CreateTable,
    "join_table": JoinTable,
    "find_table": FindTable,
    "resume": Resume,
    "spectate": Spectate,
    "leave": TokenOnly,
    "add_bot": AddBot,
    "remove_bot": SeatRequest,
    "kick": SeatRequest,
    "set_options": SetOptions,
    "ready": Ready,
    "start": TokenOnly,
    "act": Act,
    "hold": Hold,
    "resync": Resync,
    "emote": Emote,
}


class ProtocolError(Exception):
    """A request the server refuses; becomes ``{"ok": false, "error": {"code", "message"}}``, with
    ``"refusal": {"code", "params"}`` when the rules refused an action (``illegal``): the client
    words that in its player's language, the English ``message`` is for logs."""

    def __init__(self, code: str, message: str, refusal: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.refusal = refusal

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.refusal is not None:
            error["refusal"] = self.refusal
        return {"ok": False, "error": error}


def check_shape(event: str, payload: Any) -> None:
    """ProtocolError(bad_request) for JSON no request has: nested deeper than ``MAX_DEPTH``,
    a non-finite number, or a whole number beyond 64 bits. Walks without recursion."""
    pending: list[tuple[Any, int]] = [(payload, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise ProtocolError(BAD_REQUEST, f"{event}: nested more than {MAX_DEPTH} deep")
            items = value.values() if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
        elif isinstance(value, float) and not math.isfinite(value):
            raise ProtocolError(BAD_REQUEST, f"{event}: numbers must be finite (no NaN or Infinity)")
        elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value < MAX_INT:
            raise ProtocolError(BAD_REQUEST, f"{event}: a whole number beyond 64 bits")


def parse(event: str, payload: Any) -> Request:
    """The typed request for ``event``; ProtocolError(bad_request) with a readable reason otherwise."""
    model = REQUESTS.get(event)
    if model is None:
        raise ProtocolError(UNKNOWN_EVENT, f"unknown request {event!r}")
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ProtocolError(BAD_REQUEST, f"{event}: the payload must be a JSON object")
    try:
        return model.model_validate(payload)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "payload"
        reason = first.get("ctx", {}).get("error") if first.get("type") == "value_error" else None
        raise ProtocolError(
            BAD_REQUEST, f"{event}: {where}: {reason or first.get('msg', 'invalid')}"
        ) from None


# --- pushes (server to client) -------------------------------------------------------------------
class SeatSummary(TypedDict):
    seat: int
    name: str | None  # None: an empty seat (or a bot's)
    bot: bool
    level: Literal["easy", "normal", "hard"] | None  # a bot seat's level
    connected: bool
    away_since: float | None  # server time the seat lost its last connection
    stand_in: bool
    holding: bool
    ready: bool


class TableSummary(TypedDict):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    seats: list[SeatSummary]
    started: bool
    over: bool
    closed: bool
    has_password: bool
    host_seat: int | None
    spectators: int
    settings: dict[str, Any]
    paused: bool
    state_id: int
    code: str | None  # the table's invite code, told only to those at it (None in the list of tables)


class LobbyPush(TypedDict):
    table: TableSummary


class StatePush(TypedDict):
    table: str
    seat: int | None  # whose view (None: the spectator view)
    state_id: int
    view: dict[str, Any]  # the game's view of that seat (its ``view_model`` checks it)
    events: list[
        dict[str, Any]
    ]  # the public events of the action that made ``state_id`` (its ``events_model``)
    deadline: float | None  # the next deadline in server time
    server_time: float
    paused: bool
    snapshot: bool


class PatchOperation(TypedDict):
    op: Literal["add", "remove", "replace"]
    path: str  # a JSON Pointer (RFC 6901) into the view
    value: NotRequired[Any]  # not with ``remove``


class DeltaPush(TypedDict):
    table: str
    seat: int | None  # whose view (None: the spectator view)
    base: int  # the state id of the view this patch applies to
    state_id: int
    patch: list[PatchOperation]  # a JSON Patch (RFC 6902): that view becomes this state's
    events: list[dict[str, Any]]
    deadline: float | None
    server_time: float
    paused: bool


class EmotePush(TypedDict):
    table: str
    seat: int | None
    emote: Literal[EMOTES]


class KickedPush(TypedDict):
    table: str


class NudgePush(TypedDict):
    """The seat has sat on its turn ``seconds`` while the round's clock ran: a gentle reminder (the
    server plays nothing for it)."""

    table: str
    seat: int
    seconds: float


class TablesChangedPush(TypedDict):
    """The list of open tables has changed (a connection that sent ``watch_tables`` asks ``list_tables``)."""


PUSHES: dict[str, Any] = {
    "lobby": LobbyPush,
    "state": StatePush,
    "delta": DeltaPush,
    "emote": EmotePush,
    "kicked": KickedPush,
    "nudge": NudgePush,
    "tables_changed": TablesChangedPush,
}
_PUSH_MODELS: dict[str, Any] = {}


def check_push(event: str, payload: Any) -> Any:
    """``payload`` checked against the model of the ``event`` push; pydantic's ValidationError if it
    does not match (a key renamed, missing or added, a value of the wrong kind)."""
    model = _PUSH_MODELS.get(event)
    if model is None:
        model = _PUSH_MODELS[event] = closed_model(PUSHES[event])
    return model.validate_python(payload)


# --- replies (server to client: the acknowledgement of each request) -----------------------------
class Reply(TypedDict):
    ok: Literal[True]


class HelloReply(Reply):
    protocol: int
    server_id: str
    games: list[GameSummary]
    server_time: float
    deltas: bool  # whether this connection gets ``delta`` pushes after each seat's first whole view
    nodes: NotRequired[list[str]]  # a cluster's node: where a client may come back if it goes


class TimeSyncReply(Reply):
    client_time: float
    server_time: float


class TablesReply(Reply):
    tables: list[TableSummary]


class WatchReply(Reply):
    watching: bool


class TableReply(Reply):
    table: TableSummary


class SeatReply(TableReply):
    """A seat taken: its number, its token (the key to it) and the name the table gave its player."""

    seat: int
    token: str
    name: str


class ResumeReply(TableReply):
    seat: int
    stood_in: bool  # a bot played the seat while its player was away
    # asked for (``recent``): the latest moments, oldest first, each [spectator's view, public events]
    recent: NotRequired[list[list[Any]]]


class BotReply(Reply):
    seat: int
    level: Literal["easy", "normal", "hard"]


class ActReply(Reply):
    state_id: int


class HoldReply(Reply):
    paused: bool


class Refused(TypedDict):
    code: str
    params: dict[str, Any]


class ErrorBody(TypedDict):
    code: str
    message: str  # the server's words, in English, for its log and an English-speaking player
    refusal: NotRequired[Refused]  # ``illegal``: the rules' reason, for the client to word
    address: NotRequired[str]  # ``moved``: the node that serves the table


class ErrorReply(TypedDict):
    ok: Literal[False]
    error: ErrorBody


REPLIES: dict[str, Any] = {
    "hello": HelloReply,
    "time_sync": TimeSyncReply,
    "list_tables": TablesReply,
    "watch_tables": WatchReply,
    "create_table": SeatReply,
    "join_table": SeatReply,
    "find_table": TableReply,
    "resume": ResumeReply,
    "spectate": TableReply,
    "leave": Reply,
    "add_bot": BotReply,
    "remove_bot": Reply,
    "kick": Reply,
    "set_options": Reply,
    "ready": Reply,
    "start": Reply,
    "act": ActReply,
    "hold": HoldReply,
    "resync": Reply,
    "emote": Reply,
}
"""The reply of each request in ``REQUESTS`` when it is granted; a refused one is an ``ErrorReply``."""
_REPLY_MODELS: dict[str, Any] = {}


def check_reply(event: str, payload: Any) -> Any:
    """``payload``, the acknowledgement of an ``event`` request, checked against its model: the
    event's reply, or an ``ErrorReply`` (the only answer to an event no request has); pydantic's
    ValidationError if it matches neither."""
    model = _REPLY_MODELS.get(event)
    if model is None:
        granted = REPLIES.get(event)
        model = _REPLY_MODELS[event] = closed_model(ErrorReply if granted is None else granted | ErrorReply)
    return model.validate_python(payload)
