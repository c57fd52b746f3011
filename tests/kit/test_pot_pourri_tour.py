"""The click-only tour of Pot Pourri: a short seeded game against bots on the embedded server, every
move made by pointer events at the points the table gives, sent as intended, every label fitting
and nothing covered by hover words or an overlay."""

from __future__ import annotations

from tests.kit.test_tour import load_tour


def test_a_short_pot_pourri_tour_is_played_by_clicks_alone_and_every_label_fits(tmp_path, capsys):
    status = load_tour().main(
        [
            "pot-pourri",
            "--players",
            "4",
            "--seed",
            "1",
            "--out",
            str(tmp_path),
            "--actions",
            "30",
            "--every",
            "10",
        ]
    )
    last = capsys.readouterr().out.strip().splitlines()[-1]
    fields = dict(part.split("=") for part in last.split())
    assert status == 0, last
    assert int(fields["actions"]) > 0 and fields["by_click"] == fields["actions"]
    assert fields["clipped_text"] == "0" and fields["covered"] == "0", capsys.readouterr().err
    assert len(sorted(tmp_path.glob("pot-pourri-*.png"))) == int(fields["screenshots"]) >= 2
