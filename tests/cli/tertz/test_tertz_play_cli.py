"""``deberts arena --game tertz`` and ``deberts play --game tertz`` (a scripted person)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from deberts.cli.main import main
from deberts.formats import records
from deberts.tertz import TertzRecord, analyze_tertz
from deberts.variants.tertz.model import Deal as TertzDeal
from deberts.variants.tertz.model import Position as TertzPosition
from deberts.variants.tertz.model import Rules as TertzRules


def numbers(rounds: int = 60) -> list[str]:
    """1..9 over and over: the first legal card (or break) is taken each time."""
    return [str(i) for _ in range(rounds) for i in range(1, 10)]


def test_arena_tertz_reports_the_duplicate_margin_as_json_and_text(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    result = CliRunner().invoke(main, [
        "arena", "--game", "tertz", "heuristic", "random", "--deals", "20", "--seed", "5",
        "--jobs", "1", "--json", "--records", str(records), "--no-progress"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "tertz" and data["deals"] == 20 and data["pairs"] == 10
    assert data["seed"] == 5 and data["players"] == ["heuristic", "random"]
    low, high = data["margin_ci95"]
    assert low <= data["mean_margin"] <= high
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(lines) == 20
    for first, second in zip(lines[::2], lines[1::2]):
        assert first["deal"] == second["deal"]
        assert first["seats"] == second["seats"][::-1]
        replay = TertzPosition(TertzDeal.parse(first["deal"]), TertzRules(), first["moves"])
        assert list(replay.score().recorded) == first["recorded"]
    text = CliRunner().invoke(main, [
        "arena", "--game", "tertz", "heuristic", "random", "--deals", "20", "--seed", "5",
        "--jobs", "1", "--no-progress"])
    assert text.exit_code == 0, text.output
    assert "20 deals played, 10 deals each twice with the seats swapped, seed 5" in text.output
    assert f"{data['mean_margin']:+.1f} recorded" in text.output


def test_arena_tertz_records_read_back_and_analyse(tmp_path: Path) -> None:
    """A Tertz record written by the arena loads (formats.records, every field checked
    against the replay) and analyses with analyze --record, from its Nth move on."""
    path = tmp_path / "records.jsonl"
    result = CliRunner().invoke(main, [
        "arena", "--game", "tertz", "heuristic", "random", "--deals", "2", "--seed", "3",
        "--records", str(path), "--no-progress"])
    assert result.exit_code == 0, result.output
    first, second = records.load(str(path))
    assert isinstance(first, TertzRecord) and first.seats == ("heuristic", "random")
    assert first.deal == second.deal and first.is_complete()
    assert records.loads(records.dumps([first, second])) == [first, second]
    start = len(first.moves) - 6  # the stock is long gone: quick searches
    analysed = CliRunner().invoke(main, ["analyze", "--record", str(path), "--from",
                                         str(start), "--json"])
    assert analysed.exit_code == 0, analysed.output
    expected = analyze_tertz(first, start=start).to_dict()
    assert json.loads(analysed.output) == expected and len(expected["moves"]) == 6
    text = CliRunner().invoke(main, ["analyze", "--record", str(path), "--deal", "2",
                                     "--from", str(start)])
    assert text.exit_code == 0, text.output
    assert "Seats: 0 random, 1 heuristic." in text.output and "Points lost:" in text.output
    too_far = CliRunner().invoke(main, ["analyze", "--record", str(path), "--from", "99"])
    assert too_far.exit_code == 2 and "bad start 99: expected 0.." in too_far.output


def test_arena_tertz_refuses_bad_players_and_rules() -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["arena", "--game", "tertz", "pimc:bid_samples=3", "random"])
    assert bad.exit_code == 2 and "bad setting 'bid_samples=3'" in bad.output
    rules = runner.invoke(main, ["arena", "--game", "tertz", "heuristic", "random",
                                 "--set", "stock_play=loose"])
    assert rules.exit_code == 2 and "stock_play" in rules.output
    for option in (["--players", "3"], ["--target", "1001"], ["--rules", "kharkov"]):
        for command in (["arena", "--game", "tertz", "heuristic", "random"],
                        ["play", "--game", "tertz"]):
            refused = runner.invoke(main, [*command, *option])
            assert refused.exit_code == 2, refused.output
            assert f"--game tertz takes no {option[0]}" in refused.output


def test_play_tertz_a_whole_deal_with_its_review(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = CliRunner().invoke(main, [
        "play", "--game", "tertz", "--deals", "1", "--seed", "3", "--ai", "heuristic",
        "--ascii", "--no-confirm", "--record", str(record)],
        input="\n".join(numbers()) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you are seat 0, you lead" in out and "Your hand" in out and " 1:" in out
    assert "is not a legal move here: legal are" in out
    # A number names the card it stands for.
    assert re.search(r"\n  [1-9] \([2-9TJQKA][SHDC]\) is not a legal move here", out)
    assert "The deal as dealt (you were seat 0):" in out and "recorded" in out
    assert "Double-dummy review of your" in out and "Game: you " in out
    line = json.loads(record.read_text())
    assert line["seats"] == ["you", "heuristic"] and line["format"] == "tertz-record/1"
    final = TertzPosition(TertzDeal.parse(line["deal"]), TertzRules(), line["moves"])
    assert final.is_over()
    you, computer = final.score().recorded
    assert f"Game: you {you}, computer {computer}." in out


def test_play_tertz_swap_break_help_and_quit() -> None:
    # Seed 3: the person (seat 0) leads without the seven of trumps, so swap and a
    # break are refused as not legal; help shows the commands; q leaves the game.
    answers = "\n".join(["help", "swap", "break:3", "q"]) + "\n"
    result = CliRunner().invoke(main, [
        "play", "--game", "tertz", "--seed", "3", "--ai", "heuristic", "--ascii"],
        input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands, at any question:" in out
    assert "'swap' is not a legal move here" in out and "'break:3' is not a legal move" in out
    assert "You left the game after 0 deals. Score: you 0, computer 0." in out


def test_play_tertz_review_stock_sets_the_moves_reviewed() -> None:
    result = CliRunner().invoke(main, [
        "play", "--game", "tertz", "--deals", "1", "--seed", "8", "--ai", "heuristic",
        "--ascii", "--no-confirm", "--review-stock", "0"],
        input="\n".join(numbers()) + "\n")
    assert result.exit_code == 0, result.output
    review = result.output.split("Double-dummy review of your ")[1].splitlines()
    assert "moves with at most 0 cards left to draw" in review[0]
    costs = [line for line in review[1:] if line.startswith("  move ")]
    assert all(" cost " in line and ", best was " in line for line in costs)


def test_play_tertz_refuses_a_bad_ai() -> None:
    result = CliRunner().invoke(main, ["play", "--game", "tertz", "--ai", "pimc:samples=0"])
    assert result.exit_code == 2 and "samples" in result.output
