"""validate never raises, whatever JSON arrives, and whatever it accepts can be applied."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
NEAR_MISS = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["change", "rotate", "pass", "ready", "timeout"]) | JSON,
        "row": st.integers(-2, 5) | JSON,
        "col": st.integers(-2, 5) | JSON,
        "veg": st.sampled_from(VEGETABLES) | JSON,
        "colour": st.sampled_from(COLOURS) | JSON,
        "line": st.sampled_from(["row", "col"]) | JSON,
        "index": st.integers(-1, 4) | JSON,
        "step": st.sampled_from([1, -1, 0, 2]) | JSON,
    }
)
SEATS = st.none() | st.integers(-1, 4) | JSON
STATES = []


def _states():
    if not STATES:
        state = GAME.setup(3, GAME.normalise_options({}, 3), 21)
        STATES.append(state)
        for seat in range(3):
            state, _ = GAME.apply(state, seat, {"type": "ready"}, 0.0)
        STATES.append(state)
    return STATES


@settings(max_examples=400, deadline=None)
@given(
    action=JSON | NEAR_MISS,
    seat=SEATS,
    now=st.floats(allow_nan=True) | st.integers() | JSON,
    which=st.integers(0, 1),
)
def test_validate_never_raises_and_accepted_actions_apply(action, seat, now, which):
    state = _states()[which]
    reason = GAME.validate(state, seat, action, now)
    assert reason is None or (isinstance(reason, str) and reason)
    if reason is None:
        new_state, events = GAME.apply(state, seat, action, now)
        GAME.check_invariants(new_state)
        assert isinstance(events, list)
