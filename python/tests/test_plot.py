"""gamelab.plot: the same pictures the CLI draws from the same data."""

import pytest

import gamelab
import gamelab.plot
from conftest import cli


@pytest.mark.parametrize("kind,function", [
    ("win-rate", gamelab.plot.win_rate),
    ("outcome-shares", gamelab.plot.outcome_shares),
    ("score-share", gamelab.plot.score_share),
])
@pytest.mark.parametrize("extension", ["svg", "png"])
def test_sweep_charts_match_the_cli(tmp_path, kind, function, extension):
    frame = gamelab.sweep("stone-game", n_max=10, trials=200)
    csv = tmp_path / "sweep.csv"
    gamelab.to_csv(frame, csv)
    ours, theirs = tmp_path / f"ours.{extension}", tmp_path / f"cli.{extension}"
    function(frame, ours)
    cli("plot", kind, "--input", csv, "--out", theirs)
    assert ours.read_bytes() == theirs.read_bytes()


def test_number_game_charts_match_the_cli(tmp_path):
    frame = gamelab.sweep("stone-game-iv", n_max=80)
    gamelab.to_csv(frame, tmp_path / "s.csv")
    gamelab.plot.winner_strip(frame, tmp_path / "ours.svg")
    cli("plot", "winner-strip", "--input", tmp_path / "s.csv", "--out", tmp_path / "cli.svg")
    assert (tmp_path / "ours.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()
    gamelab.plot.divisor(tmp_path / "d1.svg", n_min=1, n_max=120)
    cli("plot", "divisor", "--n-min", "1", "--n-max", "120", "--out", tmp_path / "d2.svg")
    assert (tmp_path / "d1.svg").read_bytes() == (tmp_path / "d2.svg").read_bytes()


def test_instance_charts_match_the_cli(tmp_path):
    gamelab.plot.margins("stone-game", 9, tmp_path / "m1.svg", trials=500, seed=3)
    cli("plot", "margins", "stone-game", "--n", "9", "--trials", "500", "--seed", "3", "--out",
        tmp_path / "m2.svg")
    assert (tmp_path / "m1.svg").read_bytes() == (tmp_path / "m2.svg").read_bytes()
    gamelab.plot.heatmap("stone-game", tmp_path / "h1.png", piles=[4, 6, 2, 3])
    cli("plot", "heatmap", "stone-game", "--piles", "4,6,2,3", "--out", tmp_path / "h2.png")
    assert (tmp_path / "h1.png").read_bytes() == (tmp_path / "h2.png").read_bytes()


def test_a_bad_file_name_is_refused_before_drawing(tmp_path):
    frame = gamelab.sweep("stone-game", n_max=3, trials=5)
    with pytest.raises(gamelab.InputError, match=r"\.svg or \.png"):
        gamelab.plot.win_rate(frame, tmp_path / "chart.gif")
