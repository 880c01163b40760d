"""The session's pieces that talk to the experiment stage: the first run of the program at
collect, the menu shown at the approval gate, the verify experiment with its cards, and the
combination of the winners."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.experiment.build import build_variant
from perfscout.experiment.convert import to_variant
from perfscout.experiment.kernels import parse_result_line
from perfscout.experiment.runner import ExperimentResult, run_argv, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.stats import WIN
from perfscout.model.errors import InputError, PerfscoutError
from perfscout.model.proposals import Proposal
from perfscout.model.runs import Runner, RunRequest
from perfscout.model.serialize import from_jsonable

if TYPE_CHECKING:
    from perfscout.pipeline.session import Context

NO_RESULT_HINT = ("say where the metric comes from in the spec: measure: {regex: 'time: "
                  "([0-9.]+)'} or {key: NAME} over stdout, or measure: {source: wall} to have "
                  "perfscout time the run (perfscout init DIR guesses it)")


def probe_result_line(runner: Runner, spec: ExperimentSpec, workdir: Path) -> None:
    """Build the baseline and run it once; InputError with the reason when the program fails
    or prints nothing perfscout can read (a bundled kernel is trusted)."""
    if spec.kernel:
        return
    try:
        b = build_variant(runner, spec, spec.baseline, workdir)
    except PerfscoutError as exc:
        raise InputError(f"collect: the program does not build: {exc.message}",
                         hint=exc.hint) from None
    argv, env = run_argv(spec, spec.baseline, b.exe)
    res = runner.run(RunRequest(tuple(argv), cwd=str(b.exe.parent), env=env,
                                timeout_s=spec.timeout_s, purpose="session:probe"))
    if not res.ok:
        tail = "; ".join(x for x in (res.reason, res.stderr.strip()[-400:]) if x) \
            or f"exit {res.exit_code}"
        if spec.measure is None and "PERFSCOUT " not in res.stdout:
            tail += "; " + NO_RESULT_HINT
        raise InputError(f"collect: the first run of the program failed: {tail}",
                         hint="fix the spec's args/inputs, or the measure/check regexes")
    try:
        parse_result_line(res.stdout, "collect: the program's output")
    except InputError as exc:
        raise InputError(f"{exc.message}: the program prints no result line perfscout can "
                         "read", hint=NO_RESULT_HINT) from None


def buildable(ctx: Context, spec: ExperimentSpec, variants: Sequence[Variant]
              ) -> tuple[list[Variant], list[dict[str, str]]]:
    """The variants that build (each as the experiment will build it, baseline inherited), and
    the others with the compiler's reason: one proposal that does not build must not stop the
    others from being measured."""
    from perfscout.experiment.spec import inherit

    ok, bad = [], []
    for v in variants:
        try:
            build_variant(ctx.runner, spec, inherit(spec.baseline, v),
                          ctx.workspace / "prebuild" / ctx.state.id)
            ok.append(v)
        except PerfscoutError as exc:
            bad.append({"id": v.proposal_id or v.name, "reason": exc.message})
    return ok, bad


def _change_text(p: Proposal) -> str:
    ch = p.change
    if ch is None:
        return "(no change)"
    parts = [*ch.flags, *(f"{k}={v}" for k, v in ch.env.items()),
             *(f"-D{k}={v}" for k, v in ch.defines.items()), *ch.launcher,
             *(f"{k}={v}" for k, v in ch.params.items())]
    return " ".join(parts) or ch.description or ("diff" if ch.diff else "")


def menu_lines(analysis: Mapping[str, Any], spec: ExperimentSpec) -> list[str]:
    """What a person needs at the approval gate: findings, the do-not list, and each proposal
    with its change (its diff in full), whether it can run on this program and why not (for a
    source proposal left without a generated diff: the generator's reason)."""
    out = ["findings:"]
    out += [f"  {f['id']} [{f.get('status', '')}] {f.get('title', '')}"
            for f in analysis.get("findings", [])] or ["  (none)"]
    out.append("do not:")
    out += [f"  {d.get('topic', '')}: {d.get('reason', '')}"
            for d in analysis.get("do_not", [])] or ["  (none)"]
    out.append("proposals (approve by id):")
    # why a source proposal got no generated diff says more than "no diff given"
    no_diff = {u["id"]: u["reason"] for u in analysis.get("unconvertible", [])}
    for raw in analysis.get("proposals", []):
        p = from_jsonable(Proposal, raw)
        v = to_variant(p, spec.kernel)
        can = "runnable" if isinstance(v, Variant) else \
            f"CANNOT RUN: {no_diff.get(p.id, v.reason)}"
        out.append(f"  {p.id} ({p.kind}) {p.title}: {_change_text(p)} [{can}]")
        if p.change is not None and p.change.diff:
            out += ["    " + ln for ln in p.change.diff.rstrip().splitlines()]
    for r in analysis.get("rejected", []):
        out.append(f"  rejected {r.get('id')}: {r.get('reason')}")
    return out


def run_and_record(ctx: Context, spec: ExperimentSpec, proposals: Sequence[Proposal]
                   ) -> ExperimentResult:
    """Run ``spec`` (resuming its stored samples) and put its cards into the knowledge base."""
    from perfscout.experiment.store import Store, default_db
    from perfscout.kb import CardStore
    from perfscout.kb.record import cards_from_experiment

    with closing(Store(default_db(ctx.home))) as store:
        res = run_experiment(spec, ctx.runner, store, ctx.workspace, cfg_get=ctx.cfg_get)
    with CardStore(default_db(ctx.home)) as cards:
        for c in cards_from_experiment(res, {p.id: p for p in proposals},
                                       platform_key=ctx.snapshot().key):
            cards.add(c)
    return res


def combine_winners(ctx: Context, spec: ExperimentSpec, variants: Sequence[Variant],
                    res: ExperimentResult, proposals: Sequence[Proposal],
                    source_root: Path | None) -> dict[str, Any]:
    """Measure the stacks (:func:`perfscout.pipeline.stacking.stack`: the winners, their
    generated diffs composed, the flag changes that did not lose and the follow-up flags)
    against the baseline and each winner alone; the best stack is kept only if it wins
    against the baseline and beats the best single change."""
    from perfscout.pipeline.source_changes import build_headers
    from perfscout.pipeline.stacking import stack

    combos, winners, said = stack(variants, res, proposals, ctx.analysis(), source_root,
                                  spec.kernel, build_headers(source_root, spec)
                                  if source_root is not None else None)
    if not combos:
        return {"note": said}
    ctx.say(f"5/6 verify: combination: {said}")
    cres = run_and_record(ctx, dataclasses.replace(spec, name=spec.name + "-combine",
                                                   variants=(*combos, *winners)), proposals)
    c = max((cres.outcome(v.name) for v in combos), key=lambda o: (o.verdict == WIN,
                                                                    o.ratio or 0.0))
    best = max(((cres.outcome(w.name).ratio or 0.0) for w in winners), default=1.0)
    kept = c.verdict == WIN and (c.ratio or 0.0) > best
    return {"experiment": cres.id, "variant": c.name, "verdict": c.verdict,
            "ratio": c.ratio, "kept": kept,
            "note": f"{said}: {c.name} {c.verdict}, {c.ratio or 0:.2f}x vs best single "
                    f"{best:.2f}x; " + ("kept" if kept else "not kept")}
