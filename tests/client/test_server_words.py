"""The server's refusals reach a player in the player's language: every error code the protocol
names has the client's own sentence, English keeps the server's particular one."""

from soupkitchen.client import words
from soupkitchen.client.net.connection import error_of
from soupkitchen.client.net.server_words import SAID
from soupkitchen.shared.wire import protocol

CODES = {
    value
    for name, value in vars(protocol).items()
    if name.isupper() and isinstance(value, str) and value.islower() and value.replace("_", "").isalpha()
}


def test_every_error_code_of_the_protocol_has_the_clients_sentence():
    assert {protocol.TABLE_FULL, protocol.MOVED, protocol.STORAGE_FAILED} <= CODES
    assert CODES == set(protocol.ERRORS), "each code is declared once, with its words"
    assert SAID is protocol.ERRORS


def test_a_refusal_reads_in_the_players_language(catalogs):
    reply = {"ok": False, "error": {"code": "table_full", "message": "seat 2 is taken"}}
    assert str(error_of(reply)) == "Seat 2 is taken"
    try:
        words.install("de")
        assert str(error_of(reply)) == "Dieser Platz ist besetzt, oder der Tisch ist voll."
        words.install("lt")
        assert (
            str(error_of({"ok": False, "error": {"code": "no_such_code", "message": "odd"}}))
            == "Serveris to nepriėmė."
        )
    finally:
        words.install("en")
