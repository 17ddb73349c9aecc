"""The ``deberts`` command line: ``solve`` (human and JSON output), ``batch``, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import deberts
from deberts.cli.deberts.inputs import EXAMPLE
from deberts.cli.main import main

#: A 2-player endgame, 6 cards a hand, hearts trumps.
ENDGAME = "AJ.K9.T.7 Q7.A8.9.8"
ENDGAME_ARGS = ["--trump", "H", "--declarer", "0", "--leader", "1"]
#: A 3-player endgame, 4 cards a hand, spades trumps, seat 1 declares, seat 0 leads.
THREE = "AT..J.Q Q7.9.T. .K.Q8.9"
THREE_ARGS = ["--trump", "S", "--declarer", "1", "--leader", "0"]
#: A full 2-player deal with equal tertzes 9-10-J: seat 0's in trumps (hearts),
#: seat 1's in spades. Moscow rules give the declaration to seat 0, Kharkov to
#: seat 1 (first in play order from the leader).
TIED_TERTZ = "7.JT9.A8.K97 JT9.A7.K9.A8"

CONTRACT = {"margin", "declarer_points", "defender_points", "result", "to_move",
            "moves", "pv", "nodes", "seconds"}
MOVE_CONTRACT = {"card", "margin", "declarer_points", "defender_points"}


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def solve_json(*args: str) -> dict:
    result = run("solve", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


SEARCH_EFFORT = ("seconds", "nodes")


def library_record(position: deberts.Position) -> dict:
    """What ``deberts.solve`` says about a position, without the search effort."""
    return answer_only(deberts.solve(position).to_dict())


def answer_only(record: dict) -> dict:
    """A record without time and node count, which depend on the table's history
    (a batch reuses one table across lines)."""
    return {k: v for k, v in record.items() if k not in SEARCH_EFFORT}


# -- solve: human output -------------------------------------------------------


def test_solve_human_output_has_every_section() -> None:
    result = run("solve", ENDGAME, *ENDGAME_ARGS)
    assert result.exit_code == 0, result.output
    out = result.stdout
    solution = deberts.solve(ENDGAME, trump="H", declarer=0, leader=1)
    assert "trump ♥ (hearts)" in out
    assert "seat 0  A J  K 9      T  7  declarer" in out
    assert "defender, leads, to move" in out
    assert "Moves for seat 1 (defender), best first" in out
    for move in solution.moves:
        cells = [move.card.symbol(), f"{move.margin:+d}", str(move.declarer_points),
                 str(move.defender_points)]
        assert re.search(r"\n  " + r"\s+".join(map(re.escape, cells)) + r"\n", out)
    assert "Optimal line:" in out
    assert out.count("  trick ") == 6
    assert "+ 10 last trick" in out
    assert re.search(
        rf"\n  total\s+{solution.declarer_points}\s+{solution.defender_points}\n", out
    )
    assert f"Result: made, {solution.declarer_points} to {solution.defender_points}" in out
    assert f"Searched {solution.nodes:,} nodes" in out


def test_solve_ascii_has_no_suit_symbols() -> None:
    result = run("solve", ENDGAME, *ENDGAME_ARGS, "--ascii")
    assert result.exit_code == 0, result.output
    assert not set("♠♥♦♣") & set(result.stdout)
    assert "trump H (hearts)" in result.stdout
    assert "1:8C  0:7C" in result.stdout


def test_example_shows_declarations_bella_and_result() -> None:
    result = run("solve", "--example")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat 0 (declarer)  tertz A♥ K♥ Q♥" in out
    assert "seat 1 (defender)  fifty T♦ 9♦ 8♦ 7♦  50  best" in out
    assert "scored by seat 1 (defender): 50 points" in out
    assert "Bella: seat 0 (declarer) holds K♥ Q♥" in out
    assert "0:K♥*" in out
    assert "Result: made, 95 to 65 (margin +30)." in out


def test_moves_mark_the_cards_that_announce_bella() -> None:
    result = run("solve", "--example", "--played", "7D AD")
    assert result.exit_code == 0, result.output
    marked = [line.split()[0] for line in result.stdout.splitlines()
              if line.endswith("announces bella")]
    assert sorted(marked) == ["K♥", "Q♥"]


def test_terminal_without_suit_symbols_gets_letters() -> None:
    result = CliRunner(charset="ascii").invoke(main, ["solve", "--example"])
    assert result.exit_code == 0, result.output
    assert "trump H (hearts)" in result.stdout and "tertz AH KH QH" in result.stdout


def test_example_json_agrees_with_the_library() -> None:
    record = solve_json("--example")
    position = deberts.Position(
        deberts.Deal.parse(EXAMPLE["hands"]), EXAMPLE["trump"], EXAMPLE["declarer"],
        EXAMPLE["leader"],
    )
    assert position.deal.is_full and position.declarations.bella_seat is not None
    assert answer_only(record) == library_record(position)
    assert record["bella"] == ["KH"]


def test_example_refuses_a_deal() -> None:
    result = run("solve", ENDGAME, "--example")
    assert result.exit_code == 2
    assert result.stderr == "deberts: error: --example takes no HANDS: it solves a built-in deal\n"


# -- solve: JSON --------------------------------------------------------------


def test_json_is_one_object_with_the_contract_fields() -> None:
    result = run("solve", ENDGAME, *ENDGAME_ARGS, "--json")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1
    record = json.loads(result.stdout)
    # Solution.to_dict() adds the line's bella announcements to the contract.
    assert set(record) == CONTRACT | {"bella"}
    assert all(set(move) == MOVE_CONTRACT for move in record["moves"])
    assert isinstance(record["seconds"], float) and isinstance(record["nodes"], int)
    position = deberts.Position(deberts.Deal.parse(ENDGAME), "H", 0, 1)
    assert answer_only(record) == library_record(position)
    assert record["margin"] == record["declarer_points"] - record["defender_points"]
    assert record["moves"][0]["margin"] == record["margin"]
    assert record["pv"][0] == record["moves"][0]["card"]


def test_played_mid_trick() -> None:
    record = solve_json(THREE, *THREE_ARGS, "--played", "TS")
    position = deberts.Position(deberts.Deal.parse(THREE), "S", 1, 0, played=["TS"])
    assert record["to_move"] == 1
    assert answer_only(record) == library_record(position)
    human = run("solve", THREE, *THREE_ARGS, "--played", "TS").stdout
    assert "the hands after 1 card played" in human
    assert "trick 1  [0:T♠]" in human
    assert "[ ] played before" in human


def test_played_after_a_whole_trick_lists_it() -> None:
    result = run("solve", THREE, *THREE_ARGS, "--played", "TS QS 9C")
    assert result.exit_code == 0, result.output
    assert "Tricks played:\n  trick 1  0:T♠  1:Q♠  2:9♣  seat 0 wins" in result.stdout


def test_rules_kharkov_changes_who_scores_the_tied_tertz() -> None:
    moscow = solve_json(TIED_TERTZ, *ENDGAME_ARGS)
    kharkov = solve_json(TIED_TERTZ, *ENDGAME_ARGS, "--rules", "kharkov")
    position = deberts.Position(
        deberts.Deal.parse(TIED_TERTZ), "H", 0, 1, deberts.Rules.preset_rules("kharkov")
    )
    assert answer_only(kharkov) == library_record(position)
    assert moscow["margin"] - kharkov["margin"] == 40
    human = run("solve", TIED_TERTZ, *ENDGAME_ARGS, "--rules", "kharkov").stdout
    assert "kharkov rules" in human and "scored by seat 1 (defender): 20 points" in human


def test_set_options_apply_in_order() -> None:
    tiebreak_off = solve_json(TIED_TERTZ, *ENDGAME_ARGS, "--set", "trump_tiebreak=false")
    kharkov = solve_json(TIED_TERTZ, *ENDGAME_ARGS, "--rules", "kharkov")
    assert tiebreak_off["margin"] == kharkov["margin"]
    back_on = solve_json(TIED_TERTZ, *ENDGAME_ARGS, "--set", "trump_tiebreak=false",
                         "--set", "trump_tiebreak=true")
    assert back_on["margin"] == solve_json(TIED_TERTZ, *ENDGAME_ARGS)["margin"]


def test_set_reaches_the_solver() -> None:
    record = solve_json("--example", "--set", "bella=trick_winner",
                        "--set", "declarations_need_trick=no")
    rules = deberts.Rules.from_mapping({"bella": "trick_winner", "declarations_need_trick": False})
    position = deberts.Position(
        deberts.Deal.parse(EXAMPLE["hands"]), EXAMPLE["trump"], EXAMPLE["declarer"],
        EXAMPLE["leader"], rules,
    )
    assert answer_only(record) == library_record(position)


# -- solve: errors ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["--played", "X9"], "'X9'"),
        (["--played", "9S"], "9S"),
        (["--played", "8C AS"], "AS"),
        (["--set", "colour=red"], "'colour'"),
        (["--set", "bella"], "'bella'"),
        (["--set", "bella=maybe"], "'maybe'"),
        (["--declarer", "5"], "declarer 5"),
        (["--leader", "-1"], "leader -1"),
        (["--trump", "X"], "'X'"),
        (["--rules", "odessa"], "'odessa'"),
        (["--table-bits", "99"], "99"),
        (["--played", "8C 7C QS AS 9H 8H KH AH 9D TD JS 7S"], "the deal is over"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], token: str) -> None:
    options = dict(zip(ENDGAME_ARGS[::2], ENDGAME_ARGS[1::2]))
    options.update(zip(args[::2], args[1::2]))
    result = run("solve", ENDGAME, *[x for item in options.items() for x in item])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("deberts: error: ")
    assert result.stderr.count("\n") == 1
    assert token in result.stderr


@pytest.mark.parametrize(
    ("args", "token"),
    [
        ([ENDGAME + " X", *ENDGAME_ARGS], "'X'"),
        (["AJ.K9.T.7 AJ.A8.9.8", *ENDGAME_ARGS], "JS"),
        ([ENDGAME, "--declarer", "0"], "--trump"),
        (["--trump", "H", "--declarer", "0", "--leader", "1"], "HANDS"),
        ([ENDGAME, *ENDGAME_ARGS, "--bogus"], "--bogus"),
        ([ENDGAME, "--trump", "H", "--declarer", "x", "--leader", "1"], "'x'"),
    ],
)
def test_bad_deal_or_usage_is_one_line_and_exit_2(args: list[str], token: str) -> None:
    result = run("solve", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("deberts: error: ")
    assert result.stderr.count("\n") == 1
    assert token in result.stderr


# -- batch --------------------------------------------------------------------

GOOD = {"hands": ENDGAME.split(), "trump": "H", "declarer": 0, "leader": 1}
LINES = [
    json.dumps(GOOD),
    "",
    "{not json",
    json.dumps({**GOOD, "hands": ENDGAME, "played": ["8C"],
                "rules": {"preset": "kharkov", "bella": "trick_winner"}}),
    json.dumps({**GOOD, "played": ["X9"]}),
    json.dumps({**GOOD, "played": "9S"}),
    json.dumps({key: value for key, value in GOOD.items() if key != "leader"}),
    json.dumps({**GOOD, "declarer": True}),
    json.dumps({**GOOD, "rules": {"colour": "red"}}),
    json.dumps([GOOD]),
    json.dumps({**GOOD, "hands": [ENDGAME]}),
    json.dumps({**GOOD, "played": "8C 7C QS AS 9H 8H KH AH 9D TD JS 7S"}),
    json.dumps({**GOOD, "hand": ENDGAME}),
]
EXPECTED_ERRORS = {
    2: "blank line", 3: "bad JSON", 5: "'X9'", 6: "9S", 7: "missing field 'leader'",
    8: "'declarer'", 9: "'colour'", 10: "expected a JSON object", 11: "bad hand",
    12: "the deal is over", 13: "unknown field 'hand'",
}


def write_input(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def check_records(text: str) -> None:
    records = [json.loads(line) for line in text.splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(LINES) + 1))
    for record in records:
        number = record["line"]
        if number in EXPECTED_ERRORS:
            assert set(record) == {"line", "input", "error"}
            assert EXPECTED_ERRORS[number] in record["error"]
        else:
            assert CONTRACT <= set(record)
    first = deberts.Position(deberts.Deal.parse(ENDGAME), "H", 0, 1)
    assert answer_only({k: v for k, v in records[0].items() if k not in ("line", "input")}) == (
        library_record(first)
    )
    fourth = deberts.Position(
        deberts.Deal.parse(ENDGAME), "H", 0, 1,
        deberts.Rules.preset_rules("kharkov", bella="trick_winner"), ["8C"],
    )
    assert answer_only({k: v for k, v in records[3].items() if k not in ("line", "input")}) == (
        library_record(fourth)
    )


def test_batch_keeps_every_line_in_order(tmp_path: Path) -> None:
    result = run("batch", str(write_input(tmp_path, LINES)))
    assert result.exit_code == 1, result.output  # some lines fail: status 1
    check_records(result.stdout)
    bad = len(EXPECTED_ERRORS)
    assert result.stderr == (f"deberts: {bad} of {len(LINES)} lines could not be solved "
                             '(see their "error" field)\n')


def test_batch_writes_the_output_file(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = run("batch", str(write_input(tmp_path, LINES)), "-o", str(out))
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    check_records(out.read_text(encoding="utf-8"))


def test_batch_jobs_keep_order_and_show_progress(tmp_path: Path) -> None:
    path = write_input(tmp_path, LINES * 5)
    single = run("batch", str(path))
    threaded = run("batch", str(path), "--jobs", "2", "--progress")
    assert threaded.exit_code == 1, threaded.output
    assert [answer_only(json.loads(line)) for line in threaded.stdout.splitlines()] == [
        answer_only(json.loads(line)) for line in single.stdout.splitlines()
    ]
    assert "solving" in threaded.stderr
    assert "solving" not in single.stderr


def test_batch_reads_bytes_that_are_not_utf8_as_an_error_record(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"\xff\xfe\n" + json.dumps(GOOD).encode())
    result = run("batch", str(path))
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == [1, 2]
    assert "not UTF-8" in records[0]["error"] and "margin" in records[1]


def test_batch_unreadable_input_exits_2(tmp_path: Path) -> None:
    result = run("batch", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == 2
    assert result.stderr.startswith("deberts: error: ")
    assert result.stderr.count("\n") == 1 and "missing.jsonl" in result.stderr
