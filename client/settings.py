"""The player's settings, kept as JSON in the user's config directory (platformdirs)."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from soupkitchen.shared import outside

log = logging.getLogger(__name__)

APP_NAME = "soupkitchen"
# Seconds a bot waits after the move before its own (up to half as long again at random); the
# quickest is still longer than any animation of a move on the table.
BOT_SPEEDS = {"relaxed": 2.5, "normal": 1.2, "fast": 0.4}
FORMER_SPEED_NAMES = {"slow": "relaxed"}
MOST_ONLINE_SERVERS = 5  # online servers the join screen remembers
MOST_BYTES = 64 * 1024  # a settings file takes under 1 KB: anything past this is not one
MOST_VALUES = 1_000
MOST_PLAYERS = 8  # couch names kept: more seats than any game has


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def read_json(path: Path, what: str, most_bytes: int = MOST_BYTES, most_values: int = MOST_VALUES) -> Any:
    """The JSON of one of the client's own small files (settings, a saved game), read as a file from
    outside is (``shared.outside``): a FIFO, a device or a file swollen past ``most_bytes`` is an
    OutsideError naming it, never a hang; so is text that is not JSON."""
    where = f"{what} {path}"
    data = outside.read_file(path, most_bytes, where)
    try:
        return outside.loads(data, where, most_values)
    except json.JSONDecodeError as err:
        raise outside.OutsideError(f"{where} is not JSON ({err})", outside.NOT_JSON) from None


@dataclass
class Settings:
    """Everything the client remembers between runs."""

    name: str = "Chef"
    window: list[int] = field(default_factory=lambda: [1280, 720])
    fullscreen: bool = False
    volume: int = 70  # percent
    muted: bool = False
    guided_round: bool = False  # learner's hints in the first round of Too Many Cooks
    colour_blind_symbols: bool = False
    animations: bool = True  # cards glide and turn over at the card tables
    speech: bool = False  # announcements said aloud by the system's speech service (client/access)
    speech_rate: int = 0  # -100 (slowest) to 100 (fastest); 0: the service's own
    large_text: bool = False  # the menus' type a size larger
    high_contrast: bool = False  # black, white and yellow instead of the kitchen's browns
    bot_speed: str = "normal"  # key of BOT_SPEEDS
    language: str = ""  # a catalog's code ("de", "lt"); empty: the system's language
    last_server: str = ""
    online_servers: list[str] = field(default_factory=list)  # https:// servers joined, latest first
    # the last set-up of each way to play ("solo", "couch", "host", "remote"): its game, and each
    # game's players, bots and options (client/scenes/setup.py checks them against the game's own)
    setups: dict[str, Any] = field(default_factory=dict)
    couch_names: list[str] = field(default_factory=list)  # the names of couch players 2, 3, ...
    path: Path | None = field(default=None, repr=False, compare=False)

    @property
    def bot_delay(self) -> float:
        speed = FORMER_SPEED_NAMES.get(self.bot_speed, self.bot_speed)
        return BOT_SPEEDS.get(speed, BOT_SPEEDS["normal"])

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Settings from ``path`` (default: settings.json in the config dir); defaults for anything
        missing or unreadable."""
        path = path or config_dir() / "settings.json"
        settings = cls(path=path)
        try:
            data = read_json(path, "the settings")
        except outside.OutsideError as err:
            if err.kind != outside.MISSING:
                log.warning("ignoring unreadable settings: %s", err)
            return settings
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            if f.name == "path" or f.name not in data:
                continue
            default = getattr(settings, f.name)
            value = data[f.name]
            if f.name == "window":
                if (
                    isinstance(value, list)
                    and len(value) == 2
                    and all(isinstance(v, int) and 320 <= v <= 16384 for v in value)
                ):
                    settings.window = value
            elif f.name == "online_servers":
                if isinstance(value, list):
                    settings.online_servers = [
                        v for v in value if isinstance(v, str) and v.startswith("https://")
                    ]
                    del settings.online_servers[MOST_ONLINE_SERVERS:]
            elif f.name == "couch_names":
                if isinstance(value, list):
                    settings.couch_names = [
                        v.strip()[:24] if isinstance(v, str) else "" for v in value[:MOST_PLAYERS]
                    ]
            elif type(value) is type(default):
                setattr(settings, f.name, value)
        settings.bot_speed = FORMER_SPEED_NAMES.get(settings.bot_speed, settings.bot_speed)
        if settings.bot_speed not in BOT_SPEEDS:
            settings.bot_speed = "normal"
        settings.volume = max(0, min(100, settings.volume))
        settings.speech_rate = max(-100, min(100, settings.speech_rate))
        settings.name = settings.name.strip()[:24] or "Chef"
        return settings

    def setup(self, mode: str) -> dict[str, Any]:
        """The last set-up of a way to play: ``{"game": id, "games": {id: {"players", "local", "bots",
        "options"}}}``, each part as it was stored (the set-up screen keeps only what its game allows)."""
        found = self.setups.get(mode)
        if not isinstance(found, dict):
            return {"game": None, "games": {}}
        games = found.get("games")
        return {"game": found.get("game"), "games": games if isinstance(games, dict) else {}}

    def remember_setup(self, mode: str, game: str, **chosen: Any) -> None:
        """Keep what was chosen for ``game`` (players, local, bots, options: those given, the others as
        they were), as the last set-up of ``mode``."""
        setup = self.setup(mode)
        kept = setup["games"].get(game)
        setup["games"][game] = {**(kept if isinstance(kept, dict) else {}), **chosen}
        self.setups[mode] = {"game": game, "games": setup["games"]}
        self.save()

    def remember_server(self, url: str) -> None:
        """Keep an online (https://) server that was joined at the top of the join screen's list."""
        if url.startswith("https://"):
            self.online_servers = [url, *(u for u in self.online_servers if u != url)][:MOST_ONLINE_SERVERS]
            self.save()

    def forget_server(self, url: str) -> None:
        self.online_servers = [u for u in self.online_servers if u != url]
        self.save()

    def save(self) -> None:
        """Write the settings back; a failure is logged, never raised (settings are not worth a crash)."""
        if self.path is None:
            return
        data = {k: v for k, v in asdict(self).items() if k != "path"}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as err:
            log.warning("could not save settings to %s: %s", self.path, err)
