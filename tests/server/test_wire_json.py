"""The wire's JSON codec decodes every message exactly as the standard json module would."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from soupkitchen.shared.wire.codec import WireJson

finite = st.floats(allow_nan=False, allow_infinity=False)
scalars = st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | finite | st.text()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=25,
)


@given(values)
def test_what_one_end_writes_the_other_reads_back_unchanged(value):
    assert WireJson.loads(WireJson.dumps(value)) == json.loads(json.dumps(value))


@given(values, st.booleans())
def test_text_from_any_json_writer_decodes_as_the_standard_module_decodes_it(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert WireJson.loads(text) == json.loads(text)
    assert WireJson.loads(text.encode()) == json.loads(text)


def test_huge_integers_non_finite_numbers_and_lone_surrogates_fall_back_to_the_standard_module():
    assert WireJson.loads('{"n": 123456789012345678901234567890}') == {"n": 123456789012345678901234567890}
    assert WireJson.dumps({"n": 10**25}) == '{"n":10000000000000000000000000}'
    assert math.isnan(WireJson.loads("[NaN]")[0])
    assert WireJson.loads('["\\ud800"]') == ["\ud800"]


def test_integers_just_beyond_64_bits_stay_integers():
    for number in (-(2**63) - 1, -(10**19) + 1, 2**64, -(2**63)):
        assert WireJson.loads(WireJson.dumps([number])) == [number]
