"""``perfscout demo``: the whole loop on the bundled kernels (``make demo``)."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.cmd_experiment import open_store, workspace
from perfscout.cli.experiment_view import VERDICT_STYLE, progress_bar
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.display import fmt, interval
from perfscout.experiment.store import default_db
from perfscout.pipeline.demo import DEMO_KERNELS, DemoResult, run_demo
from perfscout.sandbox.runner import default_runner


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


def register(app: typer.Typer) -> None:
    @app.command("demo")
    def demo(
        kernels: str = typer.Option(",".join(DEMO_KERNELS), "--kernels",
                                    help="Comma-separated bundled kernels to run."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Snapshot, profile, analyze, advise, auto-approve, experiment: on the bundled kernels.

        Proposals are approved automatically (the demo says so); results go to the database."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            store = open_store(cfg)
            work = workspace(cfg)
            err = stderr_console()
            say = (lambda msg: None) if as_json else (lambda msg: err.print(msg, markup=False))
            try:
                with progress_bar(err, not as_json) as prog:
                    res = run_demo(default_runner(work), store, work, cfg_get=cfg.get, say=say,
                                   progress=prog,
                                   kernels=[k.strip() for k in kernels.split(",") if k.strip()],
                                   db=str(default_db(cfg.home)))
            finally:
                store.close()

            def render(con: Console) -> None:
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

            return Outcome(data=res, render=render)

        execute("demo", as_json, run)
