"""A table's action log kept as JSON text (server.action_log): read back, it is the log as logged."""

from __future__ import annotations

import copy

import pytest

from soupkitchen.server.tables.action_log import ActionLog

ENTRIES = [
    {"seat": 0, "action": {"type": "play", "cards": [3, 14], "to": "pot"}, "t": 0.1},
    {"seat": None, "action": {"type": "timeout"}, "t": 60.000000000001},
    {"seat": 2, "action": {"type": "call", "play": 7, "says": "Pépin 🍅", "honest": False}, "t": 1e-9},
    {"seat": 1, "action": {"type": "pass", "nested": {"a": [{"b": None}]}}, "t": 12345.678901234567},
]


def test_the_log_reads_back_as_logged():
    log = ActionLog(ENTRIES)
    assert len(log) == 4 and list(log) == ENTRIES and log == ENTRIES and ENTRIES == log
    assert log[0] == ENTRIES[0] and log[-1] == ENTRIES[-1] and log[-1]["t"] == 12345.678901234567
    assert log[1:3] == ENTRIES[1:3] and log[:0] == [] and log[::-1] == ENTRIES[::-1]
    assert log != ENTRIES[:3] and log != [*ENTRIES[:3], {**ENTRIES[3], "t": 0.0}]
    with pytest.raises(IndexError):
        log[4]  # noqa: B018 - the read is what is tested
    assert copy.deepcopy(log) == log and ActionLog(log) == log


def test_an_entry_read_is_a_copy_and_tuples_read_as_lists_as_from_the_database():
    log = ActionLog([{"seat": 0, "action": {"type": "rotate", "cells": (1, 2)}, "t": 1.0}])
    log[0]["action"]["cells"].append(3)
    assert log[0] == {"seat": 0, "action": {"type": "rotate", "cells": [1, 2]}, "t": 1.0}


def test_a_sealed_log_reads_back_as_logged_and_takes_more_entries():
    log = ActionLog(ENTRIES * 50)
    text = len(log._text)
    log.seal()
    assert len(log._sealed[0]) < text / 4 and not log._text, "a finished game's log is kept deflated"
    assert len(log) == 200 and log == ENTRIES * 50 and log[-1] == ENTRIES[-1] and log[4:8] == ENTRIES
    log.append(ENTRIES[0])
    assert len(log) == 201 and log[-1] == ENTRIES[0] and log[:200] == ENTRIES * 50
