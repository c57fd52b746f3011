"""A player who sits on their turn is nudged: a line in their words and the chime of a turn, for a
seat this screen holds only; and a reaction the rules refuse is said in the player's words."""

from __future__ import annotations

from soupkitchen.client import words
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.ui.sound_cues import SoundCues


def test_a_nudge_is_said_in_words_and_chimes_for_a_seat_held_here_only(kit, app):
    session = TableSession(
        kit.FakeConnection(),
        kit.summary(started=True, game="too-many-cooks", title="Too Many Cooks"),
        {0: "tok0"},
    )
    app.watch_session(session)
    said, heard = [], []
    session.nudge_listeners.append(said.append)
    SoundCues(session, heard.append)
    session.receive_nudge(2)  # not a seat of this screen
    assert said == [] and heard == []
    session.receive_nudge(0)
    assert said == ["It is your turn: the round's clock is running."] and heard == ["turn"]
    assert [toast.message for toast in app.toasts][-1] == said[0]
    couch = TableSession(
        kit.FakeConnection(),
        kit.summary(started=True, game="too-many-cooks", names=("Ada", "Bert")),
        {0: "tok0", 1: "tok1"},
    )
    couch.nudge_listeners.append(said.append)
    couch.receive_nudge(1)
    assert said[-1] == "Bert, it is your turn: the round's clock is running."
    words.install("de")
    try:
        couch.receive_nudge(1)
        assert said[-1] == "Bert, du bist dran: die Uhr der Runde läuft."
    finally:
        words.install("en")


async def test_a_reaction_the_rules_refuse_is_said_in_the_players_words(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="too-many-cooks"), {0: "tok0"})
    errors = []
    session.error_listeners.append(errors.append)
    conn.replies["emote"] = {
        "ok": False,
        "error": {
            "code": "illegal",
            "message": "you made that move",
            "refusal": {"code": "own_move", "params": {}},
        },
    }
    await session.emote(0, "delicious")
    assert conn.events("emote") == [{"token": "tok0", "emote": "delicious"}]
    assert errors == ["You made that move: react to the other chefs' moves"]
