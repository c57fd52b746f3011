"""Bot levels for every game, the simulator's seating of mixed levels, and its decision times."""

from __future__ import annotations

import json

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import LEVELS, MEMORY, LevelledBot, at_level, check_level
from soupkitchen.shared.registry import game_ids, get_game

GAMES = game_ids()


def run(capsys, *args):
    code = sim.main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


TABLES = [
    (game_id, players)
    for game_id in GAMES
    for players in range(get_game(game_id).min_players, get_game(game_id).max_players + 1)
]
VARIANTS = {"pot-pourri": ['{"cooking_pros": true}']}
"""Options played as well as the defaults, where a game's bots play a variant differently."""


@pytest.mark.parametrize(("game_id", "players"), TABLES)
@pytest.mark.parametrize("bots", [*LEVELS, "mixed"])
def test_the_simulator_repeats_itself_for_every_game_level_and_table_size(game_id, players, bots, capsys):
    if bots == "mixed":
        bots = ",".join(LEVELS[seat % len(LEVELS)] for seat in range(players))
    for options in ["{}", *VARIANTS.get(game_id, [])]:
        args = [
            game_id,
            "--players",
            players,
            "--games",
            2,
            "--seed",
            11,
            "--bots",
            bots,
            "--rotate",
            "--options",
            options,
        ]
        first, second = run(capsys, *args), run(capsys, *args)
        assert first[0] == second[0] == 0
        assert first[1] == second[1]
        summary = first[1].splitlines()[-1]
        assert summary.startswith("games=2 ") and f'bots="{bots}"' in summary
        assert "win_share_by_bot=" in summary
        assert "decision_ms_p50=" in first[2] and "decision_ms_p99=" in first[2]
        assert "decision_ms" not in first[1]


@pytest.mark.parametrize("reference", ["oracle", "witness"])
def test_the_references_are_deterministic_and_only_in_the_simulator(capsys, reference):
    args = ["too-many-cooks", "--players", 2, "--games", 1, "--seed", 3, "--bots", reference]
    first, second = run(capsys, *args), run(capsys, *args)
    assert first[0] == 0 and first[1] == second[1] and "games_won=1" in first[1]
    for game_id in GAMES[1:]:
        code, out, err = run(capsys, game_id, "--players", 3, "--bots", reference)
        assert code == 2 and not out and ("has no all-seeing team" in err or "unknown bot level" in err)


def test_the_simulators_pace_is_a_tables_default_bot_pace():
    """A beat of the simulator is the bot delay of a table with a person at the default speed, and
    the client's default bot speed is the server's."""
    from soupkitchen.client.settings import BOT_SPEEDS, Settings
    from soupkitchen.server.config import BOT_JITTER_WITH_PEOPLE, ServerConfig

    assert ServerConfig().bot_delay == BOT_SPEEDS[Settings().bot_speed] == Settings().bot_delay
    assert sim.DEFAULT_STEP == pytest.approx(ServerConfig.bot_delay * sum(BOT_JITTER_WITH_PEOPLE) / 2)
    assert sim.parse_args(["too-many-cooks", "--players", "4"]).step == sim.DEFAULT_STEP


def test_the_summary_gives_the_stars_and_the_rounds_length(capsys):
    code, out, _err = run(capsys, "too-many-cooks", "--players", 4, "--games", 2, "--seed", 1000)
    summary = dict(item.split("=", 1) for item in out.splitlines()[-1].split(" "))
    games = [json.loads(line) for line in out.splitlines()[:-1]]
    assert code == 0 and float(summary["mean_stars"]) == sum(g["result"]["stars"] for g in games) / 2
    assert float(summary["share_on_5_stars"]) == sum(g["result"]["stars"] == 5 for g in games) / 2
    assert 0 < float(summary["round_seconds_p50"]) <= 300
    code, out, _err = run(capsys, "stone-soup", "--players", 3, "--games", 1)
    assert code == 0 and "stars" not in out.splitlines()[-1] and "round_seconds" not in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("expert", "unknown bot level 'expert'"),
        ("hard,normal", "names 2 levels for 3 seats"),
        ("hard,,normal", "unknown bot level ''"),
    ],
)
def test_the_simulator_refuses_bad_seatings(bots, message, capsys):
    code, out, err = run(capsys, "stone-soup", "--players", 3, "--bots", bots)
    assert code == 2 and not out and message in err


class Counting(Bot):
    """Remembers how many views it observed."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.views = 0

    def observe(self, view):
        self.views += 1

    def choose(self, view, now):
        self.observe(view)
        return view["legal_actions"][0] if view["legal_actions"] else None


def test_an_easy_bot_forgets_and_a_hard_one_remembers_everything():
    hard = at_level(lambda: Counting(0, 1), 0, 1, "hard")
    easy = at_level(lambda: Counting(0, 1), 0, 1, "easy")
    assert isinstance(hard, Counting) and isinstance(easy, LevelledBot)
    for number in range(3 * MEMORY["easy"]):
        view = {"legal_actions": [], "n": number}
        hard.observe(view)
        easy.observe(view)
    assert hard.views == 3 * MEMORY["easy"]
    assert MEMORY["easy"] // 2 <= easy.inner.views < MEMORY["easy"]


def test_levels_are_checked():
    assert [check_level(level) for level in LEVELS] == list(LEVELS)
    for bad in ("expert", None, 1, "Hard"):
        with pytest.raises(ValueError, match="easy, normal, hard"):
            check_level(bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_makes_a_bot_at_every_level_that_sees_only_its_views(game_id):
    game = get_game(game_id)
    players = game.min_players
    state = game.setup(players, game.normalise_options({}, players), 5)
    for level in LEVELS:
        bot = game.make_bot(0, 7, level)
        view = game.view(state, 0)
        action = bot.choose(view, 0.0)
        assert action is None or game.validate(state, 0, action, 0.0) is None


def test_a_person_stand_in_plays_a_seat_at_a_persons_pace(capsys):
    """``--person SEAT``: that seat plays a good player's choices at ``--person-seconds`` a move
    (half to one and a half times it), the bots at the table's pace; the summary tells the share of
    rounds the timer ended and each side's median seconds over a move."""
    args = [
        "too-many-cooks",
        "--players",
        3,
        "--games",
        3,
        "--seed",
        40,
        "--person",
        1,
        "--person-seconds",
        6,
    ]
    first, second = run(capsys, *args), run(capsys, *args)
    assert first[0] == 0 and first[1] == second[1]
    summary = dict(item.split("=", 1) for item in first[1].splitlines()[-1].split(" "))
    assert 0.0 <= float(summary["rounds_on_timer_share"]) <= 1.0
    assert 3.0 <= float(summary["person_move_s_p50"]) <= 9.0
    assert 1.0 < float(summary["bot_move_s_p50"]) <= 8.0
    assert int(summary["untrue_reactions"]) == 0
    selfish = run(capsys, *args, "--person-style", "selfish")
    assert selfish[0] == 0 and selfish[1] != first[1]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--person", "3"], "seats are 0-2"),
        (["--person", "0", "--person-style", "rude"], "one of good, selfish"),
        (["--person-style", "selfish"], "needs --person"),
        (["--person", "0", "--rotate"], "without --rotate"),
        (["--person", "0", "--person-seconds", "0"], "more than 0"),
    ],
)
def test_the_simulator_refuses_a_person_it_cannot_seat(extra, message, capsys):
    code, out, err = run(capsys, "too-many-cooks", "--players", 3, *extra)
    assert code == 2 and not out and message in err
    code, out, err = run(capsys, "stone-soup", "--players", 3, "--person", 0)
    assert code == 2 and "no stand-in for a person" in err
