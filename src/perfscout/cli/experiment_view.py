"""Rich renderings of experiment results, shared by ``experiment`` and ``demo``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from perfscout.experiment.comparison import StoredComparison
from perfscout.experiment.display import fmt, interval
from perfscout.experiment.runner import ExperimentResult, VariantOutcome

VERDICT_STYLE = {"win": "bold green", "loss": "bold red", "neutral": "yellow",
                 "inconclusive": "dim yellow", "invalid": "bold magenta", "baseline": "cyan"}


@dataclass(frozen=True)
class RunData:
    """``experiment run --json`` data: the result and the database it is stored in."""

    experiment: ExperimentResult
    db: str


@dataclass(frozen=True)
class ShownData:
    """``experiment show ID --json`` data of a finished experiment: result and samples."""

    experiment: ExperimentResult
    samples: list[Any]


@dataclass(frozen=True)
class UnfinishedData:
    """``experiment show ID --json`` data of an experiment that has not finished."""

    id: str
    status: str
    samples: int


@dataclass(frozen=True)
class ListedData:
    """``experiment show --json`` data (no id): every stored experiment."""

    experiments: list[Any]


def result_table(res: ExperimentResult) -> Table:
    """One row per variant: median with CI, speedup with CI, p-value, verdict and reasons."""
    margin = "" if res.margin is None else f", margin {res.margin:.0%}"
    t = Table(title=f"experiment {res.id}: {res.kernel} n={res.size} metric={res.metric} "
                    f"({res.direction} is better{margin}), {res.rounds} rounds")
    for col in ("variant", "samples", "median [95% CI]", "rCV", "speedup [95% CI]", "p",
                "verdict", "why"):
        t.add_column(col)

    def row(v: VariantOutcome) -> None:
        style = VERDICT_STYLE.get(v.verdict, "")
        t.add_row(v.name, str(v.samples), interval(v.median, v.median_low, v.median_high),
                  "-" if v.cv is None else f"{v.cv:.1%}",
                  interval(v.ratio, v.ratio_low, v.ratio_high), fmt(v.p_value, 2),
                  f"[{style}]{v.verdict}[/]", "; ".join(v.reasons))

    row(res.baseline)
    for v in res.variants:
        row(v)
    return t


def show_result(con: Console, res: ExperimentResult) -> None:
    """The result table, then the busy-machine line when the runs waited for a CPU."""
    con.print(result_table(res))
    if res.busy_note:
        con.print(f"[yellow]{res.busy_note}[/]")


def list_table(rows: Sequence[Mapping[str, Any]]) -> Table:
    """The stored experiments, one row each."""
    t = Table("id", "name", "status", "updated", title="experiments")
    for r in rows:
        t.add_row(r["id"], r["name"], r["status"], r["updated_at"])
    return t


def show_comparison(con: Console, c: StoredComparison) -> None:
    """One line: B against A, the speedup with its interval and the verdict; then why."""
    style = VERDICT_STYLE.get(c.verdict, "")
    con.print(f"{c.b} vs {c.a} ({c.metric}): speedup "
              f"{interval(c.ratio, c.ratio_low, c.ratio_high)}, p={fmt(c.p_value, 2)}, "
              f"verdict [{style}]{c.verdict}[/]")
    for r in c.reasons:
        con.print(f"  invalid: {r}")
    if c.busy_note:
        con.print(c.busy_note)


@contextmanager
def progress_bar(con: Console, enabled: bool) -> Iterator[Callable[[str, int, int], None]]:
    """A progress callback drawing a rich bar on ``con`` (a no-op when disabled)."""
    if not enabled:
        yield lambda msg, done, total: None
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=con, transient=True) as bar:
        task = bar.add_task("starting", total=None)

        def update(msg: str, done: int, total: int) -> None:
            bar.update(task, description=msg, completed=done, total=total or None)

        yield update
