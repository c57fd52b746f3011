"""Replay files through the real loader: a good file opens at its final state, and every kind of bad
file is answered with a sentence that says which fault and where, and opens nothing."""

from __future__ import annotations

import json
from functools import cache

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.replay import FORMAT, VERSION, ReplayError, ReplayFile, export, load, parse
from tests.sweeps import seated


@cache
def finished(game_id: str, players: int = 3, seed: int = 4) -> tuple[ReplayFile, str]:
    """A bot game's replay (``players`` seats, or as near as the game allows) and its final state's hash."""
    game = get_game(game_id)
    players = seated(game, players)
    outcome = play(game, players, seed, bot_chooser(game, players, seed))
    return ReplayFile(outcome.record, ("Ann", "Bob", "Cy")[:players]), game.state_hash(outcome.state)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_written_replay_opens_at_the_games_own_end(tmp_path, game_id):
    replay, final_hash = finished(game_id)
    timeline = load(export(replay, tmp_path))
    assert timeline.game.state_hash(timeline.state(timeline.length)) == final_hash
    assert timeline.replay.names == ("Ann", "Bob", "Cy")[: timeline.record.players]
    assert timeline.game.is_over(timeline.final)


def write(tmp_path, text: str | bytes, name: str = "game.soupreplay.json"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def refusal(path) -> str:
    with pytest.raises(ReplayError) as caught:
        load(path)
    return str(caught.value)


def good_data() -> dict:
    return json.loads(finished("stone-soup")[0].dumps())


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "is empty"),
        ("hello, chef", "is not JSON (line 1, column 1"),
        (b"\xff\xfe\x00", "is not text"),
        ('{"some": "thing"}', f'has no "format": "{FORMAT}"'),
        ("[1, 2, 3]", "is not a Soup Kitchen replay"),
    ],
)
def test_a_file_that_is_not_a_game(tmp_path, text, words):
    path = write(tmp_path, text)
    message = refusal(path)
    assert str(path) in message and words in message


def test_a_file_cut_short_in_its_text(tmp_path):
    text = json.dumps(good_data())
    path = write(tmp_path, text[: len(text) // 2])
    message = refusal(path)
    assert str(path) in message and "is cut short" in message and "line 1" in message


def test_a_game_cut_short_before_its_end(tmp_path):
    data = good_data()
    data["log"] = data["log"][:10]
    message = refusal(write(tmp_path, json.dumps(data)))
    assert "is cut short: after its 10 moves the game is not over" in message


def test_an_unknown_game(tmp_path):
    message = refusal(write(tmp_path, json.dumps({**good_data(), "game": "chess"})))
    assert "'chess', which this Soup Kitchen does not know" in message and "stone-soup" in message


def test_a_newer_version(tmp_path):
    message = refusal(write(tmp_path, json.dumps({**good_data(), "version": VERSION + 1})))
    assert f"format version {VERSION + 1}, newer than this Soup Kitchen reads" in message


def test_a_move_the_rules_refuse_is_named_by_its_number(tmp_path):
    data = good_data()
    first = data["log"][0]
    data["log"][0] = {**first, "action": {"type": "play", "count": 9, "cards": {"stone": 9}}}
    message = refusal(write(tmp_path, json.dumps(data)))
    assert (
        f"move 1 of {len(data['log'])} (Ann, 'play' at {first['t']:.1f} s) is refused by the rules:"
        in message
    )


def test_a_move_by_the_wrong_seat_later_in_the_game(tmp_path):
    data = good_data()
    entry = data["log"][5]
    data["log"][5] = {**entry, "seat": None}
    message = refusal(write(tmp_path, json.dumps(data)))
    assert f"move 6 of {len(data['log'])} (the table, " in message and "refused by the rules" in message


@pytest.mark.parametrize(
    "entry, words",
    [
        ("play", "is not an object"),
        ({"seat": 7, "action": {"type": "pass"}, "t": 1}, "seat 7 is not a seat of this table"),
        ({"seat": 0, "action": "pass", "t": 1}, "has no action object"),
        ({"seat": 0, "action": {"type": "pass"}, "t": "soon"}, "time 'soon' is not a number"),
    ],
)
def test_a_log_entry_that_is_not_a_move(tmp_path, entry, words):
    data = good_data()
    data["log"].insert(2, entry)
    message = refusal(write(tmp_path, json.dumps(data)))
    assert "move 3 of" in message and words in message


def test_moves_after_the_end_are_refused(tmp_path):
    data = good_data()
    data["log"].append(data["log"][-1])
    assert "comes after the game was over" in refusal(write(tmp_path, json.dumps(data)))


def test_a_table_the_rules_do_not_allow(tmp_path):
    assert "has a table the rules do not allow" in refusal(
        write(tmp_path, json.dumps({**good_data(), "players": 40}))
    )


def test_a_missing_file_is_a_sentence_too(tmp_path):
    assert "cannot be read" in refusal(tmp_path / "nowhere.soupreplay.json")


def test_the_simulator_exports_every_game_it_plays(tmp_path, capsys):
    assert (
        sim.main(["pot-pourri", "--players", "3", "--games", "2", "--seed", "3", "--export", str(tmp_path)])
        == 0
    )
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()[:2]]
    files = sorted(tmp_path.iterdir())
    assert [path.name for path in files] == [
        "pot-pourri-seed3.soupreplay.json",
        "pot-pourri-seed4.soupreplay.json",
    ]
    for line, path in zip(lines, files, strict=True):
        timeline = load(path)
        assert timeline.game.state_hash(timeline.final) == line["hash"]
        assert timeline.length == line["actions"]
        assert timeline.replay.names == ("Normal bot 1", "Normal bot 2", "Normal bot 3")


def test_parse_names_where_the_text_came_from():
    with pytest.raises(
        ReplayError, match="^the server's answer is not a Soup Kitchen replay: it is not JSON"
    ):
        parse("nope", "the server's answer")


def test_soupkitchen_replay_answers_a_bad_file_with_its_sentence_and_opens_nothing(
    tmp_path, data_folder, capsys
):
    from soupkitchen.client.__main__ import main

    data = good_data()
    data["log"] = data["log"][:3]
    path = write(tmp_path, json.dumps(data))
    assert main(["--replay", str(path)]) == 2
    assert (
        f"soupkitchen: {path} is cut short: after its 3 moves the game is not over" in capsys.readouterr().err
    )
