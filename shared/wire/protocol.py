"""Wire protocol v1, shared by client and server: typed request payloads, typed push payloads and
the error codes every acknowledgement may carry (its constants are in :mod:`shared.wire.constants`).

The server checks every client request against its model here before anything touches a table. The
game-specific part of a request (``options``, ``action``) is plain JSON handed to ``shared/``,
whose ``normalise_options`` and ``validate`` judge it. The client checks every push against its
model here (``check_push``); a ``state`` push's ``view`` and ``events`` are the game's own, which
its ``view_model`` and ``events_model`` check.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Annotated, Any, Literal

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

from soupkitchen.shared.models import TypedDict, closed_model
from soupkitchen.shared.wire.constants import EMOTES, PROTOCOL_VERSION  # noqa: F401 - the server reads the version here

# Error codes (the "code" of {"ok": false, "error": {...}}).
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
FORBIDDEN_ORIGIN = "forbidden_origin"
INTERNAL = "internal"
MOVED = "moved"  # another server of a cluster serves the table: the error's "address" says where

NAME_LENGTH = 32  # characters of a player's name, once normalised
# Characters that reorder the text around them (bidi embeddings, overrides, isolates and marks)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern)
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def player_name(text: str) -> str:
    """A name as the server keeps it: NFC, without spaces or invisible characters at either end.
    ValueError with the reason for control characters (NUL included), line breaks, bidi controls,
    no visible character, or more than ``NAME_LENGTH`` characters."""
    name = unicodedata.normalize("NFC", text)
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            raise ValueError(f"a name may not contain control characters or line breaks (U+{ord(char):04X})")
        if char in BIDI_CONTROLS:
            raise ValueError(f"a name may not contain characters that reorder text (U+{ord(char):04X})")
    while name and (name[0].isspace() or unicodedata.category(name[0]) == "Cf"):
        name = name[1:]
    while name and (name[-1].isspace() or unicodedata.category(name[-1]) == "Cf"):
        name = name[:-1]
    if not any(unicodedata.category(char)[0] in "LNPS" and char not in BLANK_GLYPHS for char in name):
        raise ValueError("a name needs at least one visible character")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    return name


def name_key(name: str) -> str:
    """What two names that look alike share: compatibility-folded, case-folded, without invisible
    format characters and with one space for any run of spaces ("Chef", "chef", "ＣＨＥＦ" and
    "Chef\u200b" are one name at a table)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join("".join(char for char in folded if unicodedata.category(char) != "Cf").split())


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or, if a name in ``taken`` looks the same, ``name`` with the first free number
    from 2 ("Chef 2"), shortened to fit ``NAME_LENGTH``."""
    keys = {name_key(other) for other in taken}
    if name_key(name) not in keys:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        numbered = name[:NAME_LENGTH - len(suffix)].rstrip() + suffix
        if name_key(numbered) not in keys:
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


MAX_RECENT = 200   # moments of a game a resume may ask to be told again


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
    seat: StrictInt | None = Field(default=None, ge=0, le=63)  # the host ends this seat's hold (with on: false)


class Ready(Request):
    token: str = Token
    on: StrictBool


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
        raise ProtocolError(BAD_REQUEST, f"{event}: {where}: {reason or first.get('msg', 'invalid')}") from None


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
    events: list[dict[str, Any]]  # the public events of the action that made ``state_id`` (its ``events_model``)
    deadline: float | None  # the next deadline in server time
    server_time: float
    paused: bool
    snapshot: bool


class EmotePush(TypedDict):
    table: str
    seat: int | None
    emote: Literal[EMOTES]


class KickedPush(TypedDict):
    table: str


class TablesChangedPush(TypedDict):
    """The list of open tables has changed (a connection that sent ``watch_tables`` asks ``list_tables``)."""


PUSHES: dict[str, Any] = {"lobby": LobbyPush, "state": StatePush, "emote": EmotePush, "kicked": KickedPush,
                          "tables_changed": TablesChangedPush}
_PUSH_MODELS: dict[str, Any] = {}


def check_push(event: str, payload: Any) -> Any:
    """``payload`` checked against the model of the ``event`` push; pydantic's ValidationError if it
    does not match (a key renamed, missing or added, a value of the wrong kind)."""
    model = _PUSH_MODELS.get(event)
    if model is None:
        model = _PUSH_MODELS[event] = closed_model(PUSHES[event])
    return model.validate_python(payload)
