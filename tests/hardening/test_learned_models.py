"""The learned models checked when trained and when read: a training run's bad
settings refused in one line, a run that diverges writing no model of NaN weights,
every model file of the package (play, card, callers, Tertz play, Tertz evaluation)
refused with the library's error when a weight is not a finite number or a field is
missing or of the wrong shape; the training tools refuse another tool's data in one
line. Every file written here is in a test's temporary folder, never the package's."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from child_process import ROOT

from deberts.errors import DebertsError

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def run_tool(name: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / name), *args],
                          capture_output=True, text=True, cwd=cwd, timeout=300)


def one_line_error(done: subprocess.CompletedProcess[str], name: str, message: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"{name}: error: ") and message in done.stderr, done.stderr


@pytest.fixture(scope="module")
def play_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few self-play deals' card decisions (tools/play_data.py)."""
    data = tmp_path_factory.mktemp("data") / "play.parquet"
    subprocess.run([sys.executable, str(ROOT / "tools" / "play_data.py"), "--players", "2",
                    "--deals", "6", "--chunk", "3", "--spec", "heuristic", "--out", str(data)],
                   check=True, capture_output=True, timeout=300)
    return data


@pytest.mark.parametrize(("args", "message"), [
    (["--rate", "nan"], "bad --rate nan: expected a number above 0"),
    (["--rate", "-1"], "bad --rate -1.0: expected a number above 0"),
    (["--rate", "0"], "bad --rate 0.0: expected a number above 0"),
    (["--rate", "inf"], "bad --rate inf: expected a number above 0"),
    (["--rate", "1e300"], "2 players: the training diverged (bad play model: field"),
    (["--rate", "1e200", "--ridge", "0"], "2 players: the linear fit has no single answer"),
    (["--hidden", "0", "--rate", "0.1"],
     "--rate train the network: with --hidden 0 the fit is linear"),
    (["--hidden", "0", "--steps", "9", "--rate", "1"],
     "--steps and --rate train the network: with --hidden 0 the fit is linear"),
])
def test_a_training_run_that_would_write_nan_weights_is_refused(
        tmp_path: Path, play_data: Path, args: list[str], message: str) -> None:
    out = tmp_path / "model.json"
    done = run_tool("train_play_model.py", str(play_data), "--hidden", "4", "--steps", "5",
                    *args, "--out", str(out), cwd=tmp_path)
    one_line_error(done, "train_play_model.py", message)
    assert list(tmp_path.iterdir()) == []


def test_a_good_training_run_writes_a_model_that_reads_back(tmp_path: Path,
                                                            play_data: Path) -> None:
    from deberts.variants.deberts.play.play_model import read_models

    out = tmp_path / "model.json"
    done = run_tool("train_play_model.py", str(play_data), "--hidden", "4", "--steps", "5",
                    "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert set(read_models(out.read_text())) == {2}


def tertz_decisions(path: Path) -> None:
    from deberts.variants.tertz.play.decisions import SCHEMA

    pq.write_table(pa.Table.from_pylist([], schema=SCHEMA), path)


@pytest.mark.parametrize("kind", ["tertz", "other", "directory", "wrong type"])
def test_the_training_tools_refuse_data_that_is_not_theirs(tmp_path: Path, play_data: Path,
                                                           kind: str) -> None:
    source = tmp_path / "in.parquet"
    if kind == "tertz":
        tertz_decisions(source)
    elif kind == "other":
        pq.write_table(pa.table({"a": [1, 2]}), source)
    elif kind == "directory":
        source.mkdir()
        pq.write_table(pa.table({"a": [1, 2]}), source / "part.parquet")
    else:
        table = pq.read_table(play_data)
        table = table.set_column(table.column_names.index("hand"), "hand",
                                 pa.array([str(v) for v in table.column("hand").to_pylist()]))
        pq.write_table(table, source)
    done = run_tool("train_play_model.py", str(source), "--out", "model.json", cwd=tmp_path)
    expected = ("bad column 'hand': string, expected integers" if kind == "wrong type"
                else "missing columns ")
    one_line_error(done, "train_play_model.py", f"{source}: {expected}")
    assert "card decisions (tools/play_data.py)" in done.stderr
    if kind != "tertz":  # and the Tertz twin the same way, by the same check
        done = run_tool("tertz_play_model.py", "train", str(source), "--out", "model.json",
                        cwd=tmp_path)
        one_line_error(done, "tertz_play_model.py", "expected Tertz decisions")
    assert not (tmp_path / "model.json").exists()


def shipped(package: str, name: str) -> Any:
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def reader(name: str, folder: Path) -> Callable[[str], object]:
    """How the package reads a model file of ``name``'s kind from its text (the
    Tertz models from a file, written in ``folder``)."""
    from deberts.variants.deberts.play.callers import read_callers
    from deberts.variants.deberts.play.card_model import read_weights
    from deberts.variants.deberts.play.play_model import read_models
    from deberts.variants.tertz.analysis.evaluation import Evaluation
    from deberts.variants.tertz.play.opponent import PlayModel

    def from_file(load: Callable[[Path], object]) -> Callable[[str], object]:
        def read(text: str) -> object:
            (folder / "model.json").write_text(text)
            return load(folder / "model.json")
        return read

    return {"play model": read_models, "card model": read_weights, "callers": read_callers,
            "tertz play model": from_file(PlayModel.load),
            "evaluation model": from_file(Evaluation.load)}[name]


DEBERTS_PLAY = "deberts.variants.deberts.play"
#: Each model file: its package and name, and a way to spoil one weight.
SPOILERS: dict[str, tuple[str, str, Callable[[Any, object], None]]] = {
    "play model": (DEBERTS_PLAY, "play_model.json",
                   lambda data, bad: data["models"]["4"]["hidden_out"].__setitem__(3, bad)),
    "card model": (DEBERTS_PLAY, "card_model.json",
                   lambda data, bad: data["weights"].__setitem__("points", bad)),
    "callers": (DEBERTS_PLAY, "callers.json",
                lambda data, bad: data["contexts"]["face_up"].__setitem__("spread", bad)),
    "tertz play model": ("deberts.variants.tertz.play", "tertz_play_model.json",
                         lambda data, bad: data["weights"].__setitem__(0, bad)),
    "evaluation model": ("deberts.variants.tertz.analysis", "tertz_evaluation.json",
                         lambda data, bad: data["layers"][1]["b"].__setitem__(0, bad)),
}


@pytest.mark.parametrize("name", sorted(SPOILERS))
def test_every_model_file_reads_back_as_shipped(tmp_path: Path, name: str) -> None:
    package, file_name, _ = SPOILERS[name]
    reader(name, tmp_path)(json.dumps(shipped(package, file_name)))


@pytest.mark.parametrize("bad", ["NaN", "1e999", '"0.5"', "null", "[1, 2]"])
@pytest.mark.parametrize("name", sorted(SPOILERS))
def test_a_model_file_with_a_bad_weight_is_refused(tmp_path: Path, name: str, bad: str) -> None:
    package, file_name, spoil = SPOILERS[name]
    data = shipped(package, file_name)
    spoil(data, "BAD")
    text = json.dumps(data).replace('"BAD"', bad)
    with pytest.raises(DebertsError, match=r"^bad [a-z ]*(model|callers)[^:]*: "):
        reader(name, tmp_path)(text)


@pytest.mark.parametrize("text", ["", "[1]", "[" * 100_000, '{"models": 3}', "{}",
                                  '{"weights": {}, "contexts": {}, "models": {}}'])
@pytest.mark.parametrize("name", sorted(SPOILERS))
def test_a_model_file_that_is_no_model_is_refused(tmp_path: Path, name: str, text: str) -> None:
    with pytest.raises(DebertsError, match=r"^bad "):
        reader(name, tmp_path)(text)


def test_a_play_model_of_nan_weights_cannot_be_made() -> None:
    import numpy as np

    from deberts.variants.deberts.play.play_model import FEATURES, PlayModel
    from deberts.variants.tertz.play import opponent

    with pytest.raises(DebertsError, match="field 'linear' holds a weight that is not a finite"):
        PlayModel.linear_only(np.full(len(FEATURES), np.nan))
    with pytest.raises(DebertsError, match="field 'weights' holds a weight that is not a finite"):
        opponent.PlayModel(np.full(opponent.WIDTH, np.inf))
