"""``perfscout experiment run SPEC | show [ID] | compare A B``: measured comparisons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.experiment_view import VERDICT_STYLE, progress_bar, result_table
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS
from perfscout.config import Config, load_config
from perfscout.experiment.display import interval
from perfscout.experiment.runner import result_from_json, run_experiment
from perfscout.experiment.spec import Check, load_spec
from perfscout.experiment.stats import compare as compare_samples
from perfscout.experiment.stats import seed_for
from perfscout.experiment.store import Store, default_db
from perfscout.experiment.validity import gate
from perfscout.model.errors import NotFoundError
from perfscout.sandbox.runner import default_runner


def open_store(cfg: Config) -> Store:
    return Store(default_db(cfg.home))


def workspace(cfg: Config) -> Path:
    """Where experiments build and run: ``$PERFSCOUT_HOME/workspace`` (the sandbox root)."""
    w = cfg.home / "workspace"
    w.mkdir(parents=True, exist_ok=True)
    return w


def register(app: typer.Typer) -> None:
    exp = typer.Typer(help="Run, show and compare measured experiments.", no_args_is_help=True)
    app.add_typer(exp, name="experiment")

    @exp.command("run")
    def run_cmd(
        spec_path: Path = typer.Argument(..., help="Experiment spec (YAML)."),
        fresh: bool = typer.Option(False, "--fresh", help="Discard stored samples; start over."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Build the baseline and variants, run them interleaved, judge each variant.

        Re-running the same spec resumes an interrupted experiment (samples are committed one by
        one) or shows the stored result of a finished one."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            spec = load_spec(spec_path)
            store = open_store(cfg)
            work = workspace(cfg)
            try:
                with progress_bar(stderr_console(), not as_json) as prog:
                    res = run_experiment(spec, default_runner(work), store, work,
                                         cfg_get=cfg.get, progress=prog, fresh=fresh)
            finally:
                store.close()

            def render(con: Console) -> None:
                con.print(result_table(res))
                if res.resumed_samples:
                    con.print(f"resumed: {res.resumed_samples} samples were already stored")
                con.print(f"stored in {default_db(cfg.home)} as {res.id}")

            return Outcome(data={"experiment": res, "db": str(default_db(cfg.home))},
                           render=render)

        execute("experiment run", as_json, run)

    @exp.command("show")
    def show_cmd(
        exp_id: str = typer.Argument(None, help="Experiment id or unique prefix; none: list."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show one stored experiment (or list them all)."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            store = open_store(cfg)
            try:
                if not exp_id:
                    rows = store.list_experiments()

                    def render_list(con: Console) -> None:
                        t = Table("id", "name", "status", "updated", title="experiments")
                        for r in rows:
                            t.add_row(r["id"], r["name"], r["status"], r["updated_at"])
                        con.print(t)

                    return Outcome(data={"experiments": rows}, render=render_list)
                row = store.find(exp_id)
                samples = store.samples(row["id"])
            finally:
                store.close()
            if not row["result_json"]:
                data: dict[str, Any] = {"id": row["id"], "status": row["status"],
                                        "samples": len(samples)}

                def render_partial(con: Console) -> None:
                    con.print(f"experiment {row['id']} is {row['status']}: {len(samples)} "
                              "samples stored; re-run its spec to resume it")

                return Outcome(data=data, render=render_partial)
            import json

            res = result_from_json(json.loads(row["result_json"]))
            return Outcome(data={"experiment": res, "samples": samples},
                           render=lambda con: con.print(result_table(res)))

        execute("experiment show", as_json, run)

    @exp.command("compare")
    def compare_cmd(
        a: str = typer.Argument(..., help="ID[:VARIANT] (default variant: baseline)."),
        b: str = typer.Argument(..., help="ID[:VARIANT] judged against A."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Judge B against A from stored samples (same gate and statistics as a run)."""

        def run() -> Outcome:
            import json

            cfg = load_config(config_path=OPTIONS.config_path)
            store = open_store(cfg)
            try:
                sides = []
                for ref in (a, b):
                    eid, _, var = ref.partition(":")
                    row = store.find(eid)
                    spec = json.loads(row["spec_json"])
                    var = var or spec["baseline"]["name"]
                    xs = [s for s in store.samples(row["id"], [var]) if not s.warmup]
                    if not xs:
                        raise NotFoundError(f"no samples of variant {var!r} in {row['id']}")
                    sides.append((row["id"], var, spec, xs))
            finally:
                store.close()
            (ida, va, spec_a, xa), (idb, vb, spec_b, xb) = sides
            if spec_a["metric"] != spec_b["metric"]:
                raise NotFoundError(f"{a} measures {spec_a['metric']} but {b} measures "
                                    f"{spec_b['metric']}", hint="compare like with like")
            check = Check(**spec_a.get("check", {}))
            reasons = gate(xa, xb, check=check, cv_max=float(cfg.get("experiment.cv_max")))
            va_vals = [s.value for s in xa if s.ok and s.value is not None]
            vb_vals = [s.value for s in xb if s.ok and s.value is not None]
            c = compare_samples(va_vals, vb_vals, spec_a["direction"],
                                alpha=float(cfg.get("experiment.alpha")),
                                seed=seed_for(ida, va, idb, vb))
            verdict = "invalid" if reasons else c.verdict
            data = {"a": f"{ida}:{va}", "b": f"{idb}:{vb}", "metric": spec_a["metric"],
                    "ratio": c.ratio.value, "ratio_low": c.ratio.low,
                    "ratio_high": c.ratio.high, "p_value": c.p_value, "verdict": verdict,
                    "reasons": reasons, "n_a": len(va_vals), "n_b": len(vb_vals)}

            def render(con: Console) -> None:
                style = VERDICT_STYLE.get(verdict, "")
                con.print(f"{data['b']} vs {data['a']} ({spec_a['metric']}): speedup "
                          f"{interval(c.ratio.value, c.ratio.low, c.ratio.high)}, "
                          f"p={c.p_value:.2g}, verdict [{style}]{verdict}[/]")
                for r in reasons:
                    con.print(f"  invalid: {r}")

            return Outcome(data=data, render=render)

        execute("experiment compare", as_json, run)
