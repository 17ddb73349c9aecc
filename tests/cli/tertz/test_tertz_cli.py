"""``deberts tertz solve``, ``analyze`` and ``deal``, and Tertz lines in ``deberts
batch``: the reports, ``--json`` against the library, bad input as one line with exit
status 2, and a failed write of the output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from deberts import CardSet
from deberts.cli.main import main
from deberts.cli.tertz.commands import EXAMPLE
from deberts.formats import batch
from deberts.tertz import (
    TertzDeal,
    TertzPosition,
    TertzRules,
    TertzSolver,
    analyze_tertz,
    random_deals,
)

DEAL = EXAMPLE["deal"]
#: The example's moves, then seat 1 leads J♥ in trick 7: a quick search, where
#: stock_play matters (seat 0 may answer 9♦ or A♦ only under suit_or_trump).
LATE = EXAMPLE["played"] + " JS swap QS TS AS JH"
#: Seat 0 answers with 10♥ and draws the last card: the stock is gone.
END = LATE + " TH"
CONTRACT = {"margin", "to_move", "moves", "pv", "score", "nodes", "seconds"}


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["tertz", *args], input=input)


def ok_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def answer_only(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("nodes", "seconds")}


def position(played: str, rules: TertzRules | None = None) -> TertzPosition:
    return TertzPosition(TertzDeal.parse(DEAL), rules, played)


# -- solve ------------------------------------------------------------------------


def test_solve_example_shows_every_section() -> None:
    result = run("solve", "--example", "--ascii")
    assert result.exit_code == 0, result.output
    text = result.stdout
    for heading in ("Tertz: trump D (diamonds), default rules; the hands after 9 moves",
                    "Stock in draw order (6, face-up card last): AC 7S 9S 9C JC 9D",
                    "Moves played:", "Moves for seat 1, best first", "Optimal line:",
                    "Score:", "Margin: ", "Searched "):
        assert heading in text
    assert "1 breaks the stock by 0; draws 0:7H 1:KS" in text  # the break, in the moves played
    assert "1 marriage KD QD 20" in text and "+ 10 last trick" in text


def test_solve_json_agrees_with_the_library() -> None:
    data = ok_json("solve", DEAL, "--played", LATE)
    assert set(data) == CONTRACT
    solution = TertzSolver().solve(position(LATE))
    assert data["margin"] == solution.margin and data["to_move"] == solution.to_move == 0
    assert data["moves"] == [{"move": str(m), "margin": v} for m, v in solution.moves]
    end = position(LATE)
    for move in data["pv"]:
        end.push(move)
    assert end.score().margin == data["margin"]
    assert data["score"] == {"raw": list(end.score().raw),
                             "recorded": list(end.score().recorded)}


def test_solve_example_json_is_the_example_position() -> None:
    data = ok_json("solve", "--example")
    assert data["margin"] == TertzSolver().value(position(EXAMPLE["played"]))
    assert answer_only(data) == answer_only(ok_json("solve", DEAL, "--played",
                                                    EXAMPLE["played"]))


def test_stock_play_option_reaches_the_position() -> None:
    loose = {m["move"] for m in ok_json("solve", DEAL, "--played", LATE)["moves"]}
    strict = {m["move"] for m in ok_json("solve", DEAL, "--played", LATE,
                                         "--set", "stock_play=follow")["moves"]}
    assert loose == {"8H", "9H", "TH", "9D", "JD", "AD"} and strict == {"8H", "9H", "TH", "JD"}


def test_a_batch_line_and_standard_input_are_read_as_hands() -> None:
    line = batch.dumps(position(END))
    expected = answer_only(ok_json("solve", DEAL, "--played", END))
    assert answer_only(ok_json("solve", line)) == expected
    result = run("solve", "-", "--json", input=line + "\n")
    assert result.exit_code == 0, result.output
    assert answer_only(json.loads(result.stdout)) == expected


# -- analyze ----------------------------------------------------------------------


def line_after_end(count: int) -> str:
    """The first ``count`` moves of an optimal line after END, in notation."""
    return " ".join(str(m) for m in TertzSolver().line(position(END))[1][:count])


def test_analyze_reviews_the_moves_after_from() -> None:
    played = f"{END} {line_after_end(2)}"
    result = run("analyze", DEAL, "--played", played, "--from", "15", "--ascii")
    assert result.exit_code == 0, result.output
    assert "Play, move by move" in result.stdout and "Points lost: seat 0 " in result.stdout
    data = ok_json("analyze", DEAL, "--played", played, "--from", "15")
    assert data == analyze_tertz(position(LATE), played.split()[15:]).to_dict()
    assert [m["move"] for m in data["moves"]] == played.split()[15:]
    assert all((m["cost"] == 0) == (m["move"] in m["best"]) for m in data["moves"])


def test_analyze_a_batch_line() -> None:
    line = batch.dumps(position(f"{END} {line_after_end(1)}"))
    data = ok_json("analyze", line, "--from", "16")
    assert [m["move"] for m in data["moves"]] == [line_after_end(1)]
    assert data["complete"] is False and data["score"] is None


def test_analyze_a_finished_deal_gives_its_score() -> None:
    rest = TertzSolver().line(position(END))[1]
    played = END + " " + " ".join(str(m) for m in rest)
    data = ok_json("analyze", DEAL, "--played", played, "--from", str(len(END.split()) + 8))
    end = position(played)
    assert data["complete"] and data["score"]["raw"] == list(end.score().raw)
    assert data["final_margin"] == end.score().margin
    assert all(m["cost"] == 0 for m in data["moves"])  # an optimal line loses nothing


# -- deal -------------------------------------------------------------------------


def test_deal_lines_are_seeded_deals() -> None:
    def deals(seed: str) -> list[str]:
        result = run("deal", "--count", "3", "--seed", seed)
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()

    lines = deals("5")
    assert len(lines) == 3 and lines == deals("5") and lines != deals("6")
    assert [str(TertzDeal.parse(line)) for line in lines] == lines


def test_deal_json_lines_are_batch_input_of_the_same_deals() -> None:
    plain = run("deal", "--count", "2", "--seed", "5").stdout.splitlines()
    result = run("deal", "--count", "2", "--seed", "5", "--json", "--set", "stock_play=free")
    read = [batch.loads(line) for line in result.stdout.splitlines()]
    assert [str(p.deal) for p in read] == plain
    assert all(isinstance(p, TertzPosition) and p.rules == TertzRules(stock_play="free")
               for p in read)


def test_deal_diagram() -> None:
    result = run("deal", "--seed", "5", "--diagram", "--ascii")
    assert result.exit_code == 0, result.output
    deal = run("deal", "--seed", "5").stdout.strip()
    lines = result.stdout.splitlines()
    assert lines[0] == f"Deal 1: {deal}" and lines[2].startswith("seat 0")
    assert lines[4] == "Stock in draw order (14, face-up card last): " + deal.split("/")[1].strip()


# -- bad input ----------------------------------------------------------------------

BAD = [
    (["solve"], "missing HANDS (or use --example)"),
    (["solve", "QT.9.AJT8.KQ A8.AK.KQ.T87"], "expected two hands, '/', then the stock"),
    (["solve", DEAL.replace("KQ A8", "K A8")], "hand 0 (QT.9.AJT8.K) has 8 cards"),
    (["solve", DEAL.replace(" 9D", "")], "the stock has 13 cards, expected 14"),
    (["solve", DEAL, "--played", "TD QD break:15"], "bad move 'break:15'"),
    (["solve", DEAL, "--played", "swap"], "swap: seat 0 does not hold the seven of trumps"),
    (["solve", DEAL, "--played", "TD 8S"], "move 2 (seat 1): card 8S: illegal for seat 1"),
    (["solve", "--example", DEAL], "--example takes no HANDS"),
    (["solve", "--example", "--played", "TD"], "--example takes no --played"),
    (["solve", DEAL, "--set", "stock_play=strict"], "bad value 'strict' for Tertz rule"),
    (["solve", DEAL, "--set", "bella=owner"], "unknown Tertz rule option 'bella'"),
    (["solve", DEAL, "--set", "stock_play"], "bad --set 'stock_play': expected OPTION=VALUE"),
    (["solve", DEAL, "--set", "target=-5"], "bad value '-5' for Tertz rule option 'target'"),
    (["solve", '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'],
     'a Deberts batch line, expected "game": "tertz"'),
    (["solve", batch.dumps(TertzPosition(TertzDeal.parse(DEAL))), "--played", "TD"],
     "a batch line takes no --played"),
    (["solve", "-"], "HANDS from standard input: 0 deal lines"),
    (["analyze", DEAL, "--played", "TD QD", "--from", "3"], "--from 3: only 2 moves"),
    (["analyze", DEAL, "--played", "TD 7S"], "move 2 (seat 1): card 7S"),
    (["analyze", DEAL, "--from", "-1"], "Invalid value for '--from'"),
    (["deal", "--count", "-1"], "Invalid value for '--count'"),
    (["deal", "--json", "--diagram"], "--diagram and --json exclude each other"),
    (["deal", "--set", "declare_when=never"], "bad value 'never' for Tertz rule option"),
    (["solve", DEAL, "--played", END, "--table-bits", "3"],
     "Invalid value for '--table-bits'"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=lambda a: " ".join(map(str, a))[:50])
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    result = run(*args, input="")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("deberts: error: ") and message in line, line


def test_solving_a_finished_deal_is_refused() -> None:
    rest = TertzSolver().line(position(END))[1]
    played = END + " " + " ".join(str(m) for m in rest)
    result = run("solve", DEAL, "--played", played)
    assert result.exit_code == 2 and "the deal is over" in result.stderr


# -- batch ----------------------------------------------------------------------------


def test_batch_solves_tertz_lines_and_names_bad_ones(tmp_path: Path) -> None:
    good = batch.dumps(position(END))
    deberts_line = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'
    bad = json.dumps({"game": "tertz", "hands": DEAL.split()[:2], "stock": DEAL.split()[3:],
                      "played": ["TD", "QD", "break:15"]})
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join([good, deberts_line, bad]) + "\n")
    result = CliRunner().invoke(main, ["batch", str(source), "-j", "1"])
    assert result.exit_code == 1
    first, second, third = (json.loads(line) for line in result.stdout.splitlines())
    assert first["line"] == 1
    assert answer_only({k: v for k, v in first.items() if k not in ("line", "input")}) == answer_only(
        ok_json("solve", DEAL, "--played", END))
    assert second["line"] == 2 and "declarer_points" in second
    assert third.pop("input") and third == {"line": 3, "error": "move 3 (seat 1): bad move 'break:15': "
                     "expected break:K with K 0..12"}
    assert "1 of 3 lines could not be solved" in result.stderr


# -- a failed write -------------------------------------------------------------------

WRITES = [
    ["solve", "--example"],
    ["solve", DEAL, "--played", END, "--json"],
    ["analyze", DEAL, "--played", END, "--from", "15"],
    ["deal", "--count", "3", "--seed", "1"],
]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", WRITES, ids=lambda a: " ".join(a[:2]))
def test_a_full_disk_is_one_line_and_status_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", "from deberts.cli.main import main; main()", "tertz", *args],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=300,
        )
    assert result.returncode == 2
    assert result.stderr == "deberts: error: cannot write the output: No space left on device\n"


def test_deal_with_fixed_hands_gives_each_seat_its_cards() -> None:
    result = run("deal", "--seed", "4", "--count", "30", "--hand", "0=AKQJ...",
                 "--hand", "1=..AK.AK")
    assert result.exit_code == 0, result.output
    deals = [TertzDeal.parse(line) for line in result.output.splitlines()]
    assert len(deals) == 30 and len({str(deal) for deal in deals}) == 30
    for deal in deals:
        assert set(CardSet.parse("AKQJ...")) <= set(deal.hands[0])
        assert set(CardSet.parse("..AK.AK")) <= set(deal.hands[1])
    plain = run("deal", "--seed", "1").output  # no --hand: the deals a seed always gave
    assert plain == str(next(random_deals(1, 1))) + "\n"


@pytest.mark.parametrize("hands, message", [
    (["0=A...", "0=K..."], "seat 0 already has a --hand"),
    (["0=A...", "1=A..."], "card AS is fixed for two seats"),
    (["2=A..."], "bad seat 2"),
    (["0=AKQJT987.AKQ.."], "11 cards fixed, a hand has 9"),
])
def test_deal_refuses_bad_fixed_hands(hands: list[str], message: str) -> None:
    result = run("deal", *[part for hand in hands for part in ("--hand", hand)])
    assert result.exit_code == 2 and message in result.output
