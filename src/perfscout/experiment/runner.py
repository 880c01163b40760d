"""Run an experiment: build each variant, run interleaved rounds, judge, compare, record.

The plan is deterministic: round r runs every variant once, in the variant order rotated by r
(A B C, B C A, C A B, ...), so drift hits all variants alike and a resumed experiment knows
exactly which (variant, round) pairs are left. Rounds below ``warmup`` are stored but discarded
from the statistics. While a variant's verdict is ``inconclusive`` (its ratio interval straddles
1 + margin or 1 - margin), two more rounds are planned (the plan length is stored first), up to
``warmup + max_repetitions`` rounds; what is still inconclusive then is reported as such, with
its interval.

Every sample records how busy the machine was (wall and CPU time, run delay, load average:
:mod:`perfscout.experiment.busy`). The metric ``cpu_s`` judges the process tree's CPU time
(user+sys) instead of a wall-clock figure: under contention it is the truth for single-threaded
compute only (time-sharing does not inflate it), never for I/O or multi-threaded scaling, where
wall time stays the metric and more repetitions are used.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from perfscout.experiment.build import build_variant
from perfscout.experiment.busy import busy_line, busy_of, load_average
from perfscout.experiment.kernels import kernel, parse_result_line
from perfscout.experiment.result import ExperimentResult, VariantOutcome, result_from_json
from perfscout.experiment.spec import ExperimentSpec, Variant, resolve, validate
from perfscout.experiment.stats import (
    DEFAULT_MARGIN,
    INCONCLUSIVE,
    INVALID,
    UNCHECKED,
    WIN,
    compare,
    median_ci,
    robust_cv,
    seed_for,
)
from perfscout.experiment.store import Store
from perfscout.experiment.validity import Sample, checksum_ok, gate
from perfscout.model.errors import InputError
from perfscout.model.message import Text
from perfscout.model.runs import Runner, RunRequest

Progress = Callable[[str, int, int], None]  # (message, done, total)
CPU_METRIC = "cpu_s"  # the process tree's CPU time (user+sys): single-threaded compute only


def machine_state(extra_env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """State that must be identical between baseline and variant: governor, SMT, the runner's
    CPU affinity and the binding variables inherited from outside the experiment."""

    def read(p: str) -> str | None:
        try:
            return Path(p).read_text().strip()
        except OSError:
            return None

    inherited = {k: os.environ[k] for k in ("OMP_PROC_BIND", "OMP_PLACES", "GOMP_CPU_AFFINITY")
                 if k in os.environ and k not in (extra_env or {})}
    try:
        affinity = ",".join(map(str, sorted(os.sched_getaffinity(0))))
    except (AttributeError, OSError):
        affinity = None
    return {
        "governor": read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
        "smt": read("/sys/devices/system/cpu/smt/active"),
        "affinity": affinity,
        "inherited_binding": inherited,
    }


def plan(variants: list[str], rounds: int) -> list[tuple[int, str]]:
    """The deterministic interleaved order of (round, variant) pairs."""
    out: list[tuple[int, str]] = []
    k = len(variants)
    for r in range(rounds):
        out.extend((r, variants[(r + i) % k]) for i in range(k))
    return out


def run_argv(spec: ExperimentSpec, variant: Variant, exe: Path) -> tuple[list[str], dict[str, str]]:
    """The argv (launcher prefix + program + args) and extra environment of one run."""
    args = [a.replace("{size}", str(spec.size)) for a in spec.args]
    env = dict(variant.env)
    threads = variant.threads or spec.baseline.threads  # a variant inherits the baseline's
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    argv = [*variant.launcher]
    if spec.kernel and kernel(spec.kernel).mpi:
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        ranks = str(variant.ranks or spec.baseline.ranks or 2)
        argv += [a.replace("{ranks}", ranks)
                 for a in variant.mpi_launcher or ("mpirun", "-np", "{ranks}")]
    return [*argv, str(exe), *args], env


def experiment_id(spec: ExperimentSpec) -> str:
    return f"{spec.name}-{spec.digest()}"


def run_experiment(spec: ExperimentSpec, runner: Runner, store: Store, workspace: Path, *,
                   cfg_get: Callable[[str], Any], progress: Progress | None = None,
                   fresh: bool = False) -> ExperimentResult:
    """Run (or resume) ``spec``; every sample is committed to ``store`` as it completes."""
    if spec.metric == CPU_METRIC and not spec.direction:
        spec = dataclasses.replace(spec, direction="lower")
    spec = resolve(spec, cfg_get)
    validate(spec)
    assert spec.repetitions is not None and spec.max_repetitions is not None
    assert spec.warmup is not None
    exp_id = experiment_id(spec)
    if fresh:
        store.reset(exp_id)
    row = store.begin(exp_id, spec.name, spec, spec.warmup + spec.repetitions)
    if row.status == "complete" and row.result is not None:
        return row.result
    workdir = workspace / "experiments" / exp_id
    builds = {}
    for v in spec.all_variants():
        if progress:
            progress(f"build {v.name}", 0, 0)
        builds[v.name] = build_variant(runner, spec, v, workdir)
    checks = check_runs(spec, runner, workdir, progress) if spec.check.separate else None
    by_name = {v.name: v for v in spec.all_variants()}
    names = list(by_name)
    done = {(s.variant, s.round) for s in row.samples}  # begin() already read them
    resumed = len(done)
    rounds = row.rounds_planned
    limit = spec.warmup + max(spec.max_repetitions, spec.repetitions)
    while True:
        order = plan(names, rounds)
        for i, (r, name) in enumerate(order):
            if (name, r) in done:
                continue
            if progress:
                progress(f"round {r + 1}/{rounds} {name}", i, len(order))
            sample = _one_run(spec, by_name[name], builds[name].exe, r, runner)
            store.add_sample(exp_id, sample)
            done.add((name, r))
        samples = store.samples(exp_id)
        result = judge(spec, exp_id, samples, rounds, builds, resumed, checks)
        open_ = [v for v in result.variants if v.verdict == INCONCLUSIVE]
        if not open_ or rounds >= limit:
            break
        rounds = min(rounds + 2, limit)
        store.set_rounds(exp_id, rounds)
    store.finish(exp_id, result)
    return result


def check_spec(spec: ExperimentSpec) -> ExperimentSpec:
    """The spec of the separate correctness runs (``check.defines``/``check.args``): every
    variant built with the check's defines and run with its arguments, the output compared by
    the harness; its own build folders (``<variant>`` under ``WORKDIR/check``)."""
    c = spec.check

    def with_check(v: Variant) -> Variant:
        return dataclasses.replace(v, defines={**v.defines, **c.defines})

    return dataclasses.replace(
        spec, check=dataclasses.replace(c, defines={}, args=()), args=(*spec.args, *c.args),
        baseline=with_check(spec.baseline), variants=tuple(map(with_check, spec.variants)))


def check_runs(spec: ExperimentSpec, runner: Runner, workdir: Path,
               progress: Progress | None = None) -> dict[str, Sample]:
    """One check build and run per variant, the baseline's first (it writes the reference
    output the others are compared with): variant name -> its sample (its checksum is the
    reference's digest when the output agrees within the tolerance)."""
    cspec = check_spec(spec)
    cdir = workdir / "check"
    (cdir / "reference.txt").unlink(missing_ok=True)
    out: dict[str, Sample] = {}
    for v in cspec.all_variants():
        if progress:
            progress(f"check {v.name}", 0, 0)
        b = build_variant(runner, cspec, v, cdir)
        out[v.name] = _one_run(cspec, v, b.exe, 0, runner)
    return out


def _check_reasons(spec: ExperimentSpec, checks: Mapping[str, Sample] | None, name: str
                   ) -> list[str]:
    """Why the separate check run of ``name`` fails it (empty when it agrees or is absent)."""
    if checks is None or name not in checks:
        return []
    base, mine = checks[spec.baseline.name], checks[name]
    for s in (base, mine):
        if not s.ok:
            return [Text("exp.check_run_failed", error=s.error[:160])]
    if name != spec.baseline.name and not checksum_ok(str(base.checksum), str(mine.checksum),
                                                       spec.check):
        return [Text("exp.output_differs", got=mine.checksum, want=base.checksum,
                     kind=spec.check.kind)]
    return []


def _one_run(spec: ExperimentSpec, variant: Variant, exe: Path, rnd: int, runner: Runner
             ) -> Sample:
    argv, env = run_argv(spec, variant, exe)
    state = machine_state(variant.env)
    warm = rnd < (spec.warmup or 0)
    load_before = load_average()
    res = runner.run(RunRequest(tuple(argv), cwd=str(exe.parent), env=env,
                                timeout_s=spec.timeout_s,
                                purpose=f"experiment:run:{variant.name}"))
    cpu = (res.user_s or 0.0) + (res.sys_s or 0.0) if res.user_s is not None else None
    base = Sample(variant.name, rnd, warm, False, state=state, wall_s=res.duration_s, cpu_s=cpu,
                  run_delay_s=res.run_delay_s, nivcsw=res.nivcsw, load_before=load_before,
                  load_after=load_average())
    if not res.ok:
        why = ("timed out" if res.timed_out else res.reason
               or f"exit {res.exit_code}: {res.stderr.strip()[-200:]}")
        return dataclasses.replace(base, error=why)
    try:
        kr = parse_result_line(res.stdout, f"{variant.name} run {rnd}")
    except InputError as exc:
        return dataclasses.replace(base, error=exc.message)
    if spec.metric == CPU_METRIC:
        value = cpu
    elif spec.metric in kr.fields:
        value = float(kr.fields[spec.metric])
    elif spec.metric == kr.metric:
        value = kr.value
    else:
        return dataclasses.replace(base, error=f"metric {spec.metric!r} not in the result line")
    if value is None:
        return dataclasses.replace(base, error="the runner reported no CPU time for this run")
    return dataclasses.replace(base, ok=True, value=value, time_s=kr.time_s,
                               checksum=kr.checksum, n=kr.n, fields=dict(kr.fields))


def judge(spec: ExperimentSpec, exp_id: str, samples: list[Sample], rounds: int,
          builds: Mapping[str, Any] | None = None, resumed: int = 0,
          checks: Mapping[str, Sample] | None = None) -> ExperimentResult:
    """Gate and compare every variant with the baseline from the stored samples (and the
    separate check runs, ``checks``, when the spec has them). A variant whose output nothing
    compares (check kind ``none``) that the numbers call a win is ``unchecked``."""
    timed = [s for s in samples if not s.warmup]
    base_name = spec.baseline.name
    base = [s for s in timed if s.variant == base_name]
    alpha = spec.alpha if spec.alpha is not None else 0.05
    margin = spec.margin if spec.margin is not None else DEFAULT_MARGIN

    def cmd(name: str) -> tuple[str, ...]:
        b = (builds or {}).get(name)
        return tuple(b.command) if b is not None else ()

    def summary(name: str, xs: list[Sample]) -> dict[str, Any]:
        vals = [s.value for s in xs if s.ok and s.value is not None]
        if not vals:
            return {"samples": len(xs), "median": None, "median_low": None, "median_high": None,
                    "cv": None}
        m = median_ci(vals, seed=seed_for(exp_id, name))
        return {"samples": len(xs), "median": m.value, "median_low": m.low,
                "median_high": m.high, "cv": robust_cv(vals)}

    breasons = gate(base, base, check=spec.check,
                    peak_bandwidth_MBps=spec.peak_bandwidth_MBps, is_baseline=True)
    breasons += _check_reasons(spec, checks, base_name)
    baseline = VariantOutcome(base_name, spec.baseline.proposal_id, **summary(base_name, base),
                              verdict=INVALID if breasons else "baseline",
                              reasons=tuple(breasons), build_command=cmd(base_name))
    outs = []
    for v in spec.variants:
        xs = [s for s in timed if s.variant == v.name]
        reasons = list(breasons and [Text("exp.baseline_invalid", reason=breasons[0])])
        reasons += gate(base, xs, check=spec.check,
                        peak_bandwidth_MBps=spec.peak_bandwidth_MBps)
        reasons += _check_reasons(spec, checks, v.name)
        summ = summary(v.name, xs)
        bv = [s.value for s in base if s.ok and s.value is not None]
        vv = [s.value for s in xs if s.ok and s.value is not None]
        # the medians the summaries already hold (None when a side has no runs)
        zero = next((n for n, m in ((base_name, baseline.median), (v.name, summ["median"]))
                     if m is not None and not m), None)
        if zero is not None:  # a ratio to 0: the measure read no timing (a header's 'T0')
            outs.append(VariantOutcome(v.name, v.proposal_id, **summ, verdict=INVALID,
                                       reasons=(*reasons, Text("exp.zero_metric", variant=zero)),
                                       build_command=cmd(v.name)))
        elif bv and vv:
            c = compare(bv, vv, spec.direction, alpha=alpha, seed=seed_for(exp_id, v.name),
                        margin=margin)
            if c.verdict == WIN and spec.check.kind == "none" and not reasons:
                c = dataclasses.replace(c, verdict=UNCHECKED)
                reasons.append(Text("exp.unchecked"))
            outs.append(VariantOutcome(
                v.name, v.proposal_id, **summ, ratio=c.ratio.value, ratio_low=c.ratio.low,
                ratio_high=c.ratio.high, p_value=c.p_value,
                verdict=c.verdict if c.verdict == UNCHECKED else INVALID if reasons
                else c.verdict, reasons=tuple(reasons),
                build_command=cmd(v.name)))
        else:
            outs.append(VariantOutcome(v.name, v.proposal_id, **summ, verdict=INVALID,
                                       reasons=tuple(reasons or [Text("exp.no_runs")]),
                                       build_command=cmd(v.name)))
    state = base[0].state if base else {}
    busy = busy_of(samples)
    return ExperimentResult(exp_id, spec.name, spec.kernel or spec.source, spec.size,
                            spec.metric, spec.direction, rounds, baseline, tuple(outs),
                            dict(state), resumed, margin, busy, busy_line(busy))


__all__ = ["CPU_METRIC", "ExperimentResult", "VariantOutcome", "judge", "machine_state", "plan",
           "result_from_json", "run_experiment"]
