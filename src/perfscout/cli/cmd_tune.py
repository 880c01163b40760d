"""``perfscout tune``: narrowed autotuning of the bundled tunable matmul, study inspection, and
offline replay of recorded tables.

    perfscout tune SPACE.yaml --budget 30             # search a space written by hand
    perfscout tune --from-analysis A.json --budget 30 # narrow the matmul space from findings
    perfscout tune show STUDY                         # best, failures, parameter importances
    perfscout tune --replay TABLE.json [--narrow-from A.json] --seeds 30 --budget 40
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.live import Live
from rich.table import Table

from perfscout.cli.cmd_analyze import load_platform
from perfscout.cli.cmd_experiment import open_store, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.files import read_structured
from perfscout.model.errors import InputError, NotFoundError, UsageError
from perfscout.model.findings import Finding
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.sandbox.runner import default_runner
from perfscout.tune import narrow
from perfscout.tune.space import Space, load_space


def _analysis(path: Path) -> tuple[list[Finding], PlatformSnapshot | None]:
    """Findings (and the snapshot, when present) from an ``analyze --json`` envelope."""
    env = read_structured(path, "analysis",
                          hint="pass the output of `perfscout analyze ... --json`")
    data = env.get("data", env) if isinstance(env, dict) else None
    if not isinstance(data, dict) or "findings" not in data:
        raise InputError(f"{path} has no findings",
                         hint="pass the output of `perfscout analyze ... --json`")
    try:
        findings = [from_jsonable(Finding, f) for f in data["findings"]]
        snap = from_jsonable(PlatformSnapshot, data["snapshot"]) if data.get("snapshot") else None
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{path}: unreadable finding or snapshot: {exc}") from None
    return findings, snap


def _progress_table(rows: list[dict[str, Any]], budget: int) -> Table:
    t = Table("trial", "params", "GFLOP/s", "best", "done", "failed",
              title=f"tuning (budget {budget})")
    for r in rows[-12:]:
        val = "-" if r["value"] is None else f"{r['value']:.3f}"
        if r.get("cached"):
            val += " (cached)"
        if not r["ok"]:
            val = f"failed: {r.get('reason', '')[:40]}"
        best = "-" if r["best_value"] is None else f"{r['best_value']:.3f}"
        t.add_row(str(r["trial"]), json.dumps(r["params"]), val, best, str(r["done"]),
                  str(r["failed"]))
    return t


def register(app: typer.Typer) -> None:
    @app.command("tune")
    def tune_cmd(
        target: list[str] = typer.Argument(None, help="SPACE.yaml, or `show STUDY`."),
        from_analysis: Path = typer.Option(None, "--from-analysis",
                                           help="analyze --json output to narrow from."),
        budget: int = typer.Option(30, "--budget", help="Trials to finish."),
        workers: int = typer.Option(1, "--workers", help="Worker processes sharing the study."),
        storage: str = typer.Option(None, "--storage",
                                    help="sqlite:///F, journal:PATH or an RDB URL."),
        study_name: str = typer.Option(None, "--study", help="Study name (resume by name)."),
        size: int = typer.Option(256, "--size", help="Matrix size of the trials."),
        sampler: str = typer.Option("tpe", "--sampler", help="tpe, random, gp, cmaes, ..."),
        seeds: int = typer.Option(30, "--seeds", help="Replay: seeds per sampler."),
        replay: Path = typer.Option(None, "--replay", help="Replay a recorded table (JSON)."),
        narrow_from: Path = typer.Option(None, "--narrow-from",
                                         help="Replay: narrow from this analysis."),
        platform: str = typer.Option(None, "--platform",
                                     help="Snapshot JSON whose caches/cores bound the narrowing "
                                          "(replay: the machine the table was recorded on; "
                                          "default for live runs: this machine)."),
        do_confirm: bool = typer.Option(False, "--confirm",
                                        help="Confirm the best against the best single proposal."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Search a (narrowed) space with Optuna; each trial is a real experiment."""
        args = list(target or [])

        def run() -> Outcome:
            from perfscout.tune.optuna_bridge import load_or_create, open_storage, summary
            from perfscout.tune.study import confirm, finalists, matmul_space, tune

            cfg = load_config(config_path=OPTIONS.config_path)
            if replay is not None:
                return _replay(replay, narrow_from, load_platform(platform, None), sampler,
                               seeds, budget)
            if args and args[0] == "show":
                if len(args) != 2:
                    raise UsageError("usage: perfscout tune show STUDY")
                return _show(args[1], storage, cfg.home)
            if len(args) > 1:
                raise UsageError("give one SPACE file, or `show STUDY`")
            if args:
                space = load_space(args[0])
                reason = f"space written by hand in {args[0]}"
            elif from_analysis is not None:
                findings, snap = _analysis(from_analysis)
                snap = load_platform(platform, None) or snap or _live_snapshot(cfg.home)
                cores = (snap.cpu.online_cpus if snap and snap.cpu.online_cpus else 2)
                space = narrow(findings, snap, matmul_space(size, cores))
                reason = f"matmul space narrowed from {from_analysis}"
            else:
                raise UsageError("give a SPACE file, --from-analysis, --replay or `show STUDY`")
            name = study_name or f"tune-{space.name}-{size}"
            open_storage(storage, cfg.home)  # a bad URL fails before any trial runs
            store, work = open_store(cfg), workspace(cfg)
            runner = default_runner(work)
            rows: list[dict[str, Any]] = []
            con = stderr_console()
            lock = cfg.home / "locks" / "timing.lock"
            kwargs = dict(size=size, runner=runner, store=store, workspace=work,
                          cfg_get=cfg.get, budget=budget, study_name=name, storage=storage,
                          home=cfg.home, sampler=sampler, lock=lock)
            if workers > 1:
                from perfscout.tune.study import run_workers

                # create the study once, so the workers only load it (no creation race)
                load_or_create(name, open_storage(storage, cfg.home), "maximize", sampler)
                codes = run_workers(workers, _worker_entry, dict(
                    space=space, size=size, budget=budget, study_name=name, storage=storage,
                    sampler=sampler, config_path=OPTIONS.config_path))
                if any(codes):
                    raise InputError(f"a tuning worker failed (exit codes {codes})")
                st = open_storage(storage, cfg.home)
                result = summary(load_or_create(name, st, "maximize", sampler), space)
            elif as_json:
                result = tune(space, **kwargs)
            else:
                with Live(_progress_table(rows, budget), console=con, transient=False) as live:
                    def prog(r: dict[str, Any]) -> None:
                        rows.append(r)
                        live.update(_progress_table(rows, budget))
                    result = tune(space, progress=prog, **kwargs)
            result["space_reason"] = reason
            if do_confirm and result["best_value"] is not None:
                cores = len(os.sched_getaffinity(0))  # the cores this run may time on
                result["confirmation"] = confirm(finalists(result["top"]), space, size=size,
                                                 runner=runner, store=store, workspace=work,
                                                 cfg_get=cfg.get, cores=cores)
            return Outcome(data=result, render=lambda c: _render(c, result))

        execute("tune", as_json, run)


def _worker_entry(space: Space, size: int, budget: int, study_name: str, storage: str | None,
                  sampler: str, config_path: str | None, seed: int) -> None:
    import sys

    cfg = load_config(config_path=config_path)
    work = workspace(cfg)
    try:
        _tune_worker(space, size, budget, study_name, storage, sampler, cfg, work, seed)
    except Exception as exc:  # a worker reports one line and a non-zero exit, no traceback
        sys.stderr.write(f"perfscout tune worker {seed}: {type(exc).__name__}: {exc}\n")
        raise SystemExit(1) from None


def _tune_worker(space: Space, size: int, budget: int, study_name: str, storage: str | None,
                 sampler: str, cfg: Any, work: Path, seed: int) -> None:
    from perfscout.tune.study import tune

    tune(space, size=size, runner=default_runner(work), store=open_store(cfg), workspace=work,
         cfg_get=cfg.get, budget=budget, study_name=study_name, storage=storage, home=cfg.home,
         sampler=sampler, seed=seed, lock=cfg.home / "locks" / "timing.lock")


def _render(con: Console, r: dict[str, Any]) -> None:
    t = Table("parameter", "role", "searched", "reason", title=f"space: {r['space']['name']}")
    for p in r["space"]["params"]:
        t.add_row(p["name"], p["role"], json.dumps(p["values"]), p["reason"])
    for f in r["space"]["fixed"]:
        t.add_row(f["name"], f["role"], f"fixed = {f['value']}", f["reason"])
    con.print(t)
    con.print(f"best {r['best_value']} with {json.dumps(r['best_params'])}; "
              f"{r['n_trials']} trials, {r['n_failed']} failed")
    if r.get("importances"):
        con.print("importance: " + ", ".join(f"{k} {v:.2f}" for k, v in r["importances"].items()))
    c = r.get("confirmation")
    if c:
        con.print(f"confirmation vs best single proposal {c['best_single']}: ratio "
                  f"{c['ratio']} [{c['ratio_low']}, {c['ratio_high']}] -> {c['verdict']}")


def _show(name: str, storage: str | None, home: Path) -> Outcome:
    import optuna

    from perfscout.tune.optuna_bridge import open_storage, summary

    st = open_storage(storage, home)
    try:
        study = optuna.load_study(study_name=name, storage=st)
    except KeyError:
        names = [s.study_name for s in optuna.get_all_study_summaries(st)]
        raise NotFoundError(f"no study {name!r}",
                            hint="studies: " + (", ".join(names) or "none")) from None
    from perfscout.tune.space import Param

    dists = study.trials[-1].distributions if study.trials else {}
    space = Space(name, tuple(Param(k, "other", "categorical", tuple(getattr(d, "choices", ())))
                              for k, d in dists.items()))
    result = summary(study, space)
    return Outcome(data=result, render=lambda c: _render(c, result))


def _live_snapshot(home: Path) -> PlatformSnapshot:
    """This machine, for a live tuning run narrowed without a given snapshot."""
    from perfscout.snapshot import take_snapshot

    work = home / "work" / "snapshot"
    work.mkdir(parents=True, exist_ok=True)
    return take_snapshot(default_runner(work))


def _replay(table_path: Path, narrow_from: Path | None, platform: PlatformSnapshot | None,
            sampler: str, seeds: int, budget: int) -> Outcome:
    from perfscout.tune.replay import compare, load_table

    table = load_table(table_path)
    spaces = {"full": table.space}
    if narrow_from is not None:
        findings, snap = _analysis(narrow_from)
        spaces["narrowed"] = narrow(findings, platform or snap, table.space)
    samplers = [s.strip() for s in sampler.split(",") if s.strip()]
    res = compare(table, spaces, samplers, seeds, budget)
    res["spaces"] = {k: v.describe() for k, v in spaces.items()}

    def render(con: Console) -> None:
        t = Table("sampler", "space", "points", "evals to 5% (median)", "p90", "misses",
                  "best at budget", title=f"replay of {table_path} (best {res['table_best']:.4g})")
        for r in res["results"]:
            t.add_row(r["sampler"], r["space"], str(r["space_size"]),
                      f"{r['evals_to_5pct_median']:g}", f"{r['evals_to_5pct_p90']:g}",
                      str(r["misses"]), f"{r['best_at_budget_median']:.4g}")
        con.print(t)

    return Outcome(data=res, render=render)
