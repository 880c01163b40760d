"""What ``demo`` shows: the expected-versus-actual table and the closing figures."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from perfscout.cli.experiment_view import VERDICT_STYLE
from perfscout.experiment.display import fmt, interval
from perfscout.pipeline.demo import DemoResult


def summary_table(res: DemoResult) -> Table:
    t = Table(title="expected vs actual gain per proposal (speedup, >1 is better)")
    for col in ("kernel", "proposal", "kind", "expected", "actual [95% CI]", "verdict", "stage",
                "why"):
        t.add_column(col)
    for k in res.kernels:
        for p in k.proposals:
            exp = (f"{p.expected_gain['low']:.3g}-{p.expected_gain['high']:.3g}"
                   if p.expected_gain else "-")
            act = (interval(p.actual_gain["ratio"], p.actual_gain["low"], p.actual_gain["high"])
                   if p.actual_gain else "-")
            style = VERDICT_STYLE.get(p.verdict, "")
            t.add_row(k.kernel, p.id, p.kind, exp, act, f"[{style}]{p.verdict}[/]", p.stage,
                      "; ".join(p.reasons)[:40])
    return t


def render(con: Console, res: DemoResult) -> None:
    """The summary table, each kernel's best, the matmul and triad figures, where it went."""
    con.print(summary_table(res))
    for k in res.kernels:
        con.print(f"{k.kernel}: baseline {k.metric}={fmt(k.baseline_metric, 4)}; best "
                  f"{k.best or 'none'} speedup {fmt(k.best_speedup, 3)}; proposals "
                  f"from: {k.proposal_source}")
    if res.matmul_best_speedup is not None:
        con.print(f"matmul: best speedup {res.matmul_best_speedup:.1f}x over -O2; "
                  f"{fmt(res.matmul_fraction_of_numpy, 3)} of numpy DGEMM "
                  f"({fmt(res.numpy_dgemm_gflops, 3)} GFLOP/s, same run)")
    if res.triad_fraction_of_peak is not None:
        con.print(f"triad: {res.triad_fraction_of_peak:.0%} of the measured peak "
                  f"{fmt(res.peak_bandwidth_MBps, 4)} MB/s "
                  f"({res.peak_bandwidth_source})")
    if res.busy_note:
        con.print(res.busy_note)
    con.print(f"demo took {res.elapsed_s:.0f} s; results stored in {res.db} "
              f"(`perfscout experiment show`)")
    con.print(f"{len(res.cards)} cards recorded (`perfscout cards list`)")
    con.print(f"report: {res.report_html}", soft_wrap=True, markup=False)
