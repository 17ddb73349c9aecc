"""``deberts stats``: the double-dummy statistics of random deals, solved into a
Parquet file (one row a deal) and summarised: P(made) and the mean margin by the
declarer's trump count, trump honours, player count or other features.

The file is written whole or not at all (through a temporary file beside it); the
same seed, deal count, player counts and rules give the same file, on local threads
or a Dask cluster (``--scheduler``, ``--cluster``) with any number of workers.
"""

from __future__ import annotations

import json
import random
import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import click

from deberts import __version__
from deberts.cli import plots
from deberts.cli.cluster import cluster_client, cluster_options
from deberts.cli.common import (
    CliError,
    jobs_option,
    json_option,
    option,
    progress_option,
    refuse_empty,
    reported,
    seed_option,
    table_bits_option,
)
from deberts.cli.deberts.options import chosen_rules, rules_options
from deberts.cli.signals import stopped_by_signals
from deberts.errors import ClusterError, RecordError
from deberts.formats.output_file import is_regular_or_new
from deberts.text.notation import table

if TYPE_CHECKING:
    import pyarrow as pa

    from deberts.variants.deberts.analysis.game_stats import GroupStats

#: The file's schema metadata key for what the run was.
METADATA_KEY = "deberts.stats"


@click.command(name="stats")
@click.argument("path", metavar="FILE.parquet", type=click.Path(dir_okay=False))
@option("--deals", "deals", "-n", type=click.IntRange(min=1),
              help="Solve this many random deals a player count into FILE (replacing it). "
              "Without it, summarise FILE as it is.")
@click.option("--players", "players", type=click.IntRange(2, 4), multiple=True,
              default=(2, 3, 4), show_default=True,
              help="A player count to deal for (repeatable).")
@seed_option
@rules_options
@click.option("--by", default="players,trumps,honours", show_default=True,
              metavar="FEATURES", help="Group the cells by these features, comma-separated: "
              "players, round, trumps, honours, bella, leads.")
@click.option("--plot", metavar="FILE.png",
              help="Draw P(made) by trump count and honours, a panel a player count "
              "(needs matplotlib).")
@click.option("--block", type=click.IntRange(min=1),
              help="Deals a task (default: enough to keep the scheduler's share small; the "
              "deals do not depend on it).")
@jobs_option("Local threads solving the deals (without a cluster)")
@cluster_options
@progress_option
@table_bits_option
@json_option
def stats_command(
    path: str, deals: int | None, players: tuple[int, ...], seed: int | None, preset: str,
    settings: tuple[str, ...], by: str, plot: str | None, block: int | None, jobs: int,
    scheduler: str | None, cluster: str | None, progress: bool | None, table_bits: int,
    as_json: bool,
) -> None:
    """Solve random deals for every trump and declarer into FILE.parquet, one row a
    deal, and summarise them: P(made) and the mean margin with 95% intervals.

    A cell is one deal's trump and declarer, solved double-dummy as in
    `deberts table` with the face-up card: its suit is the round-1 trump, where the
    seven's holder exchanges it or not, whichever is better for his side.
    """
    try:
        from deberts.formats import parquet
        from deberts.variants.deberts.analysis import game_stats
    except ImportError:
        raise CliError("stats needs pyarrow: pip install 'deberts[dask]'") from None
    refuse_empty("FILE", path)
    with reported():
        features = game_stats.check_features([name.strip() for name in by.split(",")])
    if plot is not None:
        plots.require_matplotlib()
    kept: list[pa.RecordBatch] | None = None
    if deals is not None:
        rules = chosen_rules(preset, settings)
        if seed is None:
            seed = random.randrange(2**32)  # in the file, so the run can be repeated
        counts = tuple(dict.fromkeys(players))
        about = {"seed": seed, "deals": deals, "players": list(counts),
                 "rules": rules.to_dict(), "version": __version__}
        show = sys.stderr.isatty() if progress is None else progress
        with cluster_client(scheduler, cluster) as client, reported(), stopped_by_signals():
            batches = game_stats.deal_batches(counts, deals, seed, rules, client, jobs,
                                              block or game_stats.DEFAULT_BLOCK, table_bits)
            shown = _shown(batches, deals * len(counts), show)
            # A device or FIFO is written in place and cannot be read back: keep the rows.
            kept = None if is_regular_or_new(path) else []
            try:
                parquet.write(path, _kept(game_stats.row_groups(shown), kept),
                              game_stats.SCHEMA, {METADATA_KEY: json.dumps(about)})
            except ClusterError as error:
                raise CliError(f"{error}; {path} left as it was") from None
            except OSError as error:
                raise CliError(f"cannot write {path}: {error.strerror or error}") from None
    data = _read(path, game_stats.SCHEMA) if kept is None else _table(kept, about)
    groups = game_stats.summarise(data, features)
    about = json.loads(data.schema.metadata[METADATA_KEY.encode()])
    if as_json:
        click.echo(json.dumps({**about, "file": path, "rows": data.num_rows,
                               "groups": [g.to_dict() for g in groups]}))
    else:
        click.echo("\n".join(_report(path, data.num_rows, about, groups)))
    if plot is not None:
        _draw(game_stats.summarise(data, game_stats.DEFAULT_BY), about, plot)


def _shown(batches: Iterator[pa.RecordBatch], total: int, show: bool
           ) -> Iterator[pa.RecordBatch]:
    """The batches, their rows counted on a progress bar on stderr when ``show``."""
    bar: Any = click.progressbar(length=total, label="solving", file=sys.stderr)
    with bar if show else nullcontext(bar):
        for batch in batches:
            yield batch
            if show:
                bar.update(batch.num_rows)


def _kept(batches: Iterable[pa.RecordBatch], kept: list[pa.RecordBatch] | None
          ) -> Iterator[pa.RecordBatch]:
    """The batches, each also added to ``kept`` unless it is ``None``."""
    for batch in batches:
        if kept is not None:
            kept.append(batch)
        yield batch


def _table(kept: list[pa.RecordBatch], about: dict[str, Any]) -> pa.Table:
    """The table of the rows written in place, with the run's metadata."""
    import pyarrow as pa

    from deberts.variants.deberts.analysis import game_stats

    schema = game_stats.SCHEMA.with_metadata({METADATA_KEY: json.dumps(about)})
    return pa.Table.from_batches(kept, schema)


def _read(path: str, schema: pa.Schema) -> pa.Table:
    """FILE's table, checked to be a stats file (its metadata the run's)."""
    from deberts.formats import parquet

    try:
        data = parquet.read(path)
    except FileNotFoundError:
        raise CliError(f"cannot read {path}: no such file (-n N solves deals into it)") from None
    except RecordError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    from deberts.variants.deberts.analysis.game_stats import check_run

    try:
        about = parquet.metadata_object(data, METADATA_KEY)
    except RecordError as error:
        raise CliError(f"cannot read {path}: {error}") from None
    if not data.schema.remove_metadata().equals(schema) or about is None:
        raise CliError(f"cannot read {path}: not a file of deberts stats")
    try:
        check_run(about, data)
    except RecordError as error:
        raise CliError(f"cannot read {path}: its {METADATA_KEY} metadata: {error}") from None
    return data


def _report(path: str, rows: int, about: dict[str, Any], groups: list[GroupStats]) -> list[str]:
    """The run, then a row a group."""
    counts = ", ".join(str(p) for p in about["players"])
    by = groups[0].by if groups else ()
    header = [*by, "cells", "made", "95% interval", "margin", "95% interval"]
    body = [
        [*(str(value) for value in g.key), f"{g.cells:,}", _percent(g.p_made),
         f"[{_percent(g.p_made_ci95[0])}, {_percent(g.p_made_ci95[1])}]",
         f"{g.mean_margin:+.1f}", f"[{g.margin_ci95[0]:+.1f}, {g.margin_ci95[1]:+.1f}]"]
        for g in groups
    ]
    return [
        f"{path}: {rows:,} deals ({about['deals']:,} a player count: {counts} players), "
        f"seed {about['seed']}, {about['rules']['preset']} rules.",
        "Every trump and declarer of each deal, solved double-dummy (the seven exchanged "
        "or not in the face-up suit);",
        "made = P(the declarer's side scores more), margin = declarer side minus "
        "defenders, by " + ", ".join(by) + ":",
        "",
        *table([header, *body], right=range(len(by), len(header))),
    ]


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"



_HONOURS_LABELS = {"-": "neither J nor 9", "9": "9, no J", "J": "J, no 9", "J9": "J and 9"}


def _draw(groups: Iterable[GroupStats], about: dict[str, Any], path: str) -> None:
    """P(made) against the trump count, a line a honours holding, a panel a player
    count, with the 95% intervals as error bars; saved to ``path``."""
    pyplot = plots.pyplot()
    by_players: dict[int, list[GroupStats]] = {}
    for group in groups:
        by_players.setdefault(group.key[0], []).append(group)
    figure, axes = pyplot.subplots(1, len(by_players), figsize=(4.5 * len(by_players), 4),
                                   sharey=True, squeeze=False)
    for panel, (players, own) in zip(axes[0], sorted(by_players.items())):
        for honours in ("-", "9", "J", "J9"):
            points = [g for g in own if g.key[2] == honours]
            if not points:
                continue
            x = [g.key[1] for g in points]
            y = [g.p_made for g in points]
            low = [g.p_made - g.p_made_ci95[0] for g in points]
            high = [g.p_made_ci95[1] - g.p_made for g in points]
            panel.errorbar(x, y, yerr=[low, high], marker="o", capsize=3,
                           label=_HONOURS_LABELS[honours])
        panel.set_title(f"{players} players")
        panel.set_xlabel("declarer's trumps")
        panel.grid(alpha=0.3)
    axes[0][0].set_ylabel("P(made), 95% interval")
    axes[0][0].legend(title="trump honours")
    figure.suptitle(f"Double-dummy P(made), {about['deals']:,} deals a player count, "
                    f"seed {about['seed']}")
    figure.tight_layout()
    plots.save(figure, path)
