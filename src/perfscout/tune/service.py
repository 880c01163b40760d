"""The tune stage's services behind ``perfscout tune run|show|replay`` (the CLI only renders).

- :func:`read_analysis`: findings, snapshot and the source files an ``analyze --json`` names.
- :func:`space_for`: the space to tune, refusing (with the reason) an analysis that is not of
  the program the space tunes: the bundled matmul is never tuned under a user's name.
- :func:`run`: evidence prior, study (or K workers), confirmation, the result as a user wants it.
- :func:`show`: a stored study's summary and its history plot.
- :func:`replay`: a recorded table replayed by full-space TPE, random, the hard-narrowed space
  and the evidence-guided search.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.experiment.program import LANG_OF
from perfscout.experiment.spec import load_spec
from perfscout.files import read_structured
from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.findings import Finding
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.narrow import narrow
from perfscout.tune.prior import Prior, allowed_cores, evidence_prior
from perfscout.tune.space import Space

BUNDLED = frozenset({"matmul.c", "matmul_tunable.c"})
_SOURCE = re.compile(r"([\w./+-]+\.(?:c|cc|cpp|cxx|f|f90|F90|for))(?=[:\s,;)'\"]|$)")


@dataclass(frozen=True)
class Analysis:
    """What a tuning run takes from ``perfscout analyze --json``."""

    path: str
    findings: list[Finding]
    snapshot: PlatformSnapshot | None
    programs: frozenset[str]  # basenames of the source files its findings point at


def read_analysis(path: Path) -> Analysis:
    """Findings (and the snapshot, when present) from an ``analyze --json`` envelope."""
    hint = "pass the output of `perfscout analyze ... --json`"
    env = read_structured(path, "analysis", hint=hint)
    data = env.get("data", env) if isinstance(env, dict) else None
    if not isinstance(data, dict) or "findings" not in data:
        raise InputError(f"{path} has no findings", hint=hint)
    try:
        findings = [from_jsonable(Finding, f) for f in data["findings"]]
        snap = from_jsonable(PlatformSnapshot, data["snapshot"]) if data.get("snapshot") else None
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{path}: unreadable finding or snapshot: {exc}") from None
    text = json.dumps({k: v for k, v in data.items() if k != "inputs"})
    return Analysis(str(path), findings, snap,
                    frozenset(Path(m).name for m in _SOURCE.findall(text)))


def _program_files(space: Space) -> frozenset[str]:
    """Basenames of the source files of the program a space tunes: its one `source`, a
    project's `build.sources`, or (a make/cmake project) every source file under its folder."""
    if not space.program:
        return BUNDLED
    spec = load_spec(space.program, need_variants=False)
    names: list[str] = [spec.source] if spec.source else []
    if spec.project:
        if spec.build is not None and spec.build.sources:
            names += spec.build.sources
        else:
            names += [str(f) for f in Path(spec.project).rglob("*")
                      if f.suffix in LANG_OF and f.is_file()]
    return frozenset(Path(str(n)).name for n in names if n)


def space_for(analysis: Analysis, space: Space | None, matmul: Callable[[], Space]
              ) -> tuple[Space, str]:
    """The space an analysis narrows, and why; InputError when the analysis is not of the
    program that space tunes (or says nothing of which program it is, with no space given)."""
    named = analysis.programs
    hint = ("write a space naming your program (program: SPEC.yaml) and run "
            "`perfscout tune run SPACE.yaml --from-analysis A.json`")
    if space is None:
        if not named:
            raise InputError(f"{analysis.path} names no source file, so it cannot say which "
                             "program to tune; refusing to tune the bundled matmul instead",
                             hint=hint)
        if not named & BUNDLED:
            raise InputError(f"{analysis.path} is an analysis of {', '.join(sorted(named))}, "
                             "not of the bundled matmul; refusing to tune the bundled matmul "
                             "under its name", hint=hint)
        return matmul(), f"bundled matmul space, from {analysis.path} (of matmul.c)"
    files = _program_files(space)
    if named and not named & files:
        tuned = ", ".join(sorted(files)) or "a program with no source file found"
        raise InputError(f"{analysis.path} is an analysis of {', '.join(sorted(named))}, but "
                         f"the space tunes {tuned}",
                         hint="pass the analysis of the program the space names")
    what = space.program or "the bundled matmul"
    why = f"space {space.name} of {what}, ordered by {analysis.path}"
    if not named:
        why += " (the analysis names no source file: taken to be of this program)"
    return space, why


def prior_for(analysis: Analysis, space: Space, platform: PlatformSnapshot | None) -> Prior:
    """The evidence prior over ``space`` on this machine (its allowed cores)."""
    snap = platform or analysis.snapshot
    return evidence_prior(analysis.findings, snap, space,
                          cores=allowed_cores(snap, len(os.sched_getaffinity(0))))


def config_of(variant: Any) -> dict[str, Any]:
    """A configuration as a user applies it: flags, defines, environment, threads/ranks."""
    flags = [f for f in (*(variant.flags or ()), *variant.extra_flags) if str(f).strip()]
    out = {"flags": " ".join(flags),
           "defines": dict(variant.defines), "env": dict(variant.env)}
    out.update({k: getattr(variant, k) for k in ("threads", "ranks")
                if getattr(variant, k) is not None})
    return out


def show(name: str, storage: str | None, home: Path, plot: Path | None) -> dict[str, Any]:
    """A stored study's summary; with ``plot``, its optimization history drawn to that file."""
    import optuna

    from perfscout.tune.optuna_bridge import open_storage, summary
    from perfscout.tune.space import Param

    st = open_storage(storage, home)
    try:
        study = optuna.load_study(study_name=name, storage=st)
    except KeyError:
        names = [s.study_name for s in optuna.get_all_study_summaries(st)]
        raise NotFoundError(f"no study {name!r}",
                            hint="studies: " + (", ".join(names) or "none")) from None
    done = [t for t in study.trials if t.distributions]
    dists = done[-1].distributions if done else {}
    space = Space(name, tuple(Param(k, "other", "categorical", tuple(getattr(d, "choices", ())))
                              for k, d in dists.items()))
    result = summary(study, space)
    result.update(study.user_attrs.get(REPORT_ATTR) or {})
    if plot is not None:
        result["plot"] = str(history_plot(study, plot))
    return result


def history_plot(study: Any, out: Path) -> Path:
    """Optuna's optimization-history plot (matplotlib backend) written to ``out``."""
    import matplotlib
    import optuna

    matplotlib.use("Agg")
    import optuna.visualization.matplotlib as ovm
    from optuna.trial import TrialState

    from perfscout.files import write_atomic

    if not [t for t in study.trials if t.state == TrialState.COMPLETE]:
        raise InputError(f"study {study.study_name!r} has no completed trial to plot")
    import warnings

    with warnings.catch_warnings():  # the plot is marked experimental; the user cannot act on it
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        ax = ovm.plot_optimization_history(study)
    ax.set_title(f"{study.study_name}: objective per trial and best so far")
    import io

    buf = io.BytesIO()
    fig: Any = ax.figure
    fig.savefig(buf, format=out.suffix.lstrip(".") or "png", bbox_inches="tight")
    write_atomic(out, buf.getvalue())
    return out


def replay(table_path: Path, analysis: Analysis | None, platform: PlatformSnapshot | None,
           samplers: list[str], seeds: int, budget: int) -> dict[str, Any]:
    """Replay a recorded table: each sampler on the full space; with an analysis also the
    hard-narrowed space and the evidence-guided TPE (prior over the full space)."""
    from perfscout.tune.replay import compare, load_table

    table = load_table(table_path)
    spaces: dict[str, Space] = {"full": table.space}
    guided: Mapping[str, Prior] = {}
    if analysis is not None:
        snap = platform or analysis.snapshot
        spaces["narrowed"] = narrow(analysis.findings, snap, table.space)
        guided = {"guided": evidence_prior(analysis.findings, snap, table.space)}
    res = compare(table, spaces, samplers, seeds, budget, guided=guided)
    res["spaces"] = {k: v.describe() for k, v in spaces.items()}
    if guided:
        res["prior"] = guided["guided"].describe()
    return res


@dataclass(frozen=True)
class Request:
    """One ``tune run``: what to tune, how long, where the study lives."""

    space: Space
    reason: str
    prior: Prior | None
    budget: int
    study: str
    storage: str | None
    size: int
    sampler: str = "tpe"
    confirm: bool = False


def run(req: Request, *, runner: Any, store: Any, workspace: Path, home: Path,
        cfg_get: Callable[[str], Any], progress: Any = None, lock: Path | None = None,
        workers: Callable[[Request], None] | None = None) -> dict[str, Any]:
    """Run (or resume) the study, then (``req.confirm``) repeat its contenders against the
    baseline and the best single proposal; the result says what to apply and what it gained.

    ``workers`` runs the study in several processes instead (the caller spawns them)."""
    from perfscout.tune.optuna_bridge import load_or_create, open_storage, summary
    from perfscout.tune.study import confirm, finalists, target_for, tune

    searched = req.prior.space if req.prior is not None else req.space
    if workers is not None:
        target = target_for(searched, req.size, req.study, cfg_get)
        load_or_create(req.study, open_storage(req.storage, home), target.direction, req.sampler)
        workers(req)
        st = open_storage(req.storage, home)
        result = summary(load_or_create(req.study, st, target.direction, req.sampler), searched)
    else:
        result = tune(req.space, size=req.size, runner=runner, store=store,
                      workspace=workspace, cfg_get=cfg_get, budget=req.budget,
                      study_name=req.study, storage=req.storage, home=home,
                      sampler=req.sampler, progress=progress, lock=lock, prior=req.prior)
    result["space_reason"] = req.reason
    if result["best_value"] is None:
        return result
    target = target_for(searched, req.size, req.study, cfg_get)
    result["best_config"] = config_of(target.variant("best", result["best_params"]))
    if req.confirm:
        result["confirmation"] = confirm(
            finalists(result["top"]), searched, size=req.size, runner=runner, store=store,
            workspace=workspace, cfg_get=cfg_get, cores=len(os.sched_getaffinity(0)),
            prior=req.prior)
    st = open_storage(req.storage, home)
    load_or_create(req.study, st, target.direction, req.sampler).set_user_attr(
        REPORT_ATTR, {k: result[k] for k in REPORTED if k in result})
    return result


#: what ``tune show`` repeats of the last ``tune run`` (kept on the study as a user attribute):
#: the searched space with roles and reasons, the prior, what to apply and its verified gains
REPORT_ATTR = "perfscout_report"
REPORTED = ("space", "space_reason", "prior", "program", "best_config", "confirmation")


def spawn(req: Request, k: int, config_path: str | None, make_runner: Callable[[Path], Any]
          ) -> None:
    """Run the study in ``k`` processes (each its own sampler seed) sharing the storage."""
    from perfscout.tune.study import run_workers

    codes = run_workers(k, _worker, dict(req=req, config_path=config_path,
                                         make_runner=make_runner))
    if any(codes):
        raise InputError(f"a tuning worker failed (exit codes {codes})")


def _worker(req: Request, config_path: str | None, make_runner: Callable[[Path], Any],
            seed: int) -> None:  # pragma: no cover - runs in a child process
    """One worker: the same study and prior; one line and exit 1 on failure, no traceback."""
    from perfscout.config import load_config
    from perfscout.experiment.store import Store, default_db
    from perfscout.tune.study import tune

    try:
        cfg = load_config(config_path=config_path)
        work = cfg.workspace
        work.mkdir(parents=True, exist_ok=True)
        tune(req.space, size=req.size, runner=make_runner(work), store=Store(default_db(cfg.home)),
             workspace=work, cfg_get=cfg.get, budget=req.budget, study_name=req.study,
             storage=req.storage, home=cfg.home, sampler=req.sampler, seed=seed,
             lock=cfg.home / "locks" / "timing.lock", prior=req.prior)
    except Exception as exc:
        os.write(2, f"perfscout tune worker {seed}: {type(exc).__name__}: {exc}\n".encode())
        raise SystemExit(1) from None
