"""``deberts bid``: the report, the JSON contract, the plot and bad input."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deberts import evaluate_bid
from deberts.cli.main import main

ARGS = ["--hand", "AK9..QJ.7", "--face-up", "JH", "--seat", "1", "--dealer", "0",
        "--players", "2", "--samples", "20", "--seed", "3"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["bid", *args])


def test_json_contract_and_api_agree() -> None:
    result = run(*ARGS, "--round", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [o["option"] for o in data["options"]] == ["S", "D", "C", "pass"]
    for option in data["options"]:
        assert {"option", "samples", "mean_margin", "margin_ci95", "p_made", "p_made_ci95",
                "p_bait", "p_hanging", "expected_score"} <= set(option)
        assert option["samples"] == 20
        for name in ("made", "bait", "hanging", "thrown_in"):
            low, high = option[f"p_{name}_ci95"]
            assert 0 <= low <= option[f"p_{name}"] <= high <= 1
        low, high = option["margin_ci95"]
        assert low <= option["mean_margin"] <= high
    assert data["best"] in {"S", "D", "C", "pass"}
    expected = evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, round_=2, samples=20, seed=3).to_dict()
    data.pop("seconds"), expected.pop("seconds")
    assert data == expected


def test_human_report_has_the_table_and_a_histogram_per_option() -> None:
    result = run(*ARGS)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert re.search(r"^play\s+[-+]\d", out, re.M) and re.search(r"^pass\s+[-+]\d", out, re.M)
    assert "Margin of play:" in out and "Margin of pass:" in out and "#" in out
    assert re.search(r"Best: (play|pass) over (play|pass), \d+\.\d% sure", out)
    assert "\x1b[" not in out


def test_ascii_report() -> None:
    out = run(*ARGS, "--round", "2", "--ascii").stdout
    assert not set("♠♥♦♣") & set(out)
    assert re.search(r"^S\s+[-+]\d", out, re.M)


def test_progress_bar_goes_to_stderr() -> None:
    result = run(*ARGS, "--json", "--progress")
    assert result.exit_code == 0
    assert "sampling" in result.stderr
    json.loads(result.stdout)


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_plot_writes_a_png(tmp_path: Path) -> None:
    path = tmp_path / "bid.png"
    result = run(*ARGS, "--plot", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = run(*ARGS, "--plot", "x.png")
    assert result.exit_code == 2
    assert result.stderr.strip() == "deberts: error: --plot needs matplotlib: pip install 'deberts[plot]'"


@pytest.mark.parametrize("args, pattern", [
    (["--hand", "AK9..QJ.X"], r"bad hand"),
    (["--hand", "AK9..QJ."], r"5 cards, a bidder holds 6"),
    (["--face-up", "9S"], r"in the bidder's hand"),
    (["--seat", "2"], r"bad seat 2"),
    (["--players", "5"], r"--players"),
    (["--samples", "0"], r"--samples"),
    (["--set", "teams=mixed"], r"bad value 'mixed'"),
])
def test_bad_input(args: list[str], pattern: str) -> None:
    arguments = list(ARGS)
    for name, value in zip(args[::2], args[1::2]):
        if name in arguments:
            arguments[arguments.index(name) + 1] = value
        else:
            arguments += [name, value]
    result = run(*arguments)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deberts: error: ")
    assert re.search(pattern, lines[0]), lines[0]
