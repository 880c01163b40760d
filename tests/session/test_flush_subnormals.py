"""The flush-to-zero path end to end on a user's multi-file program (tests/program/data/
resbank: a resonator bank whose tails turn subnormal), built and run for real:

* ``perfscout init`` gives it a tolerance check although every result line carries a unit;
* the session's collect keeps the program's own output for the analysis, where its printed
  step values are read as subnormal;
* the diagnosis of a run whose steps slowed down on subnormal values proposes
  ``flush_subnormals`` (read from diag12's real fixture: on this test host's cores a
  subnormal operation costs less than the rule's 3x, so the program's own steps do not jump);
* the proposal becomes a variant of the program's spec (every baseline flag kept,
  ``-ffast-math`` added; refused under a byte-identical check), built and measured by the
  experiment runner, and the check validates it: same results, no subnormal value left.
"""

from __future__ import annotations

import dataclasses
import shutil
import sys
from pathlib import Path

from conftest import require_tool, run_cli
from perfscout.experiment.convert import to_variants
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import inherit, load_spec
from perfscout.experiment.stats import INVALID
from perfscout.experiment.store import Store
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.demo import profile_baseline
from perfscout.sandbox.runner import default_runner
from perfscout.snapshot import take_snapshot

TESTS = Path(__file__).parents[1]
BANK = TESTS / "program" / "data" / "resbank"
STEPS_SLOWED = TESTS / "diagnose" / "data" / "diag12" / "decaymid-output.txt"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 1,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05, "experiment.margin": 0.03}
DBL_MIN = sys.float_info.min


def _tails(text: str) -> list[float]:
    return [float(w.split("=")[1]) for w in text.split() if w.startswith("tail=")]


def test_flush_subnormals_is_built_on_the_users_spec_and_validated(tmp_path: Path,
                                                                   ps_home: Path) -> None:
    for tool in ("make", "gcc", "perf"):
        require_tool(tool)
    proj = tmp_path / "resbank"
    shutil.copytree(BANK, proj)
    out = run_cli("init", str(proj), "--args", "40", "--out", str(tmp_path / "bank.yaml"))
    assert out.returncode == 0, out.stdout + out.stderr
    spec = load_spec(tmp_path / "bank.yaml", need_variants=False)
    assert spec.check.kind == "tolerance", spec.check
    ws = tmp_path / "ws"
    runner = default_runner(ws)

    # collect: the program's own printout reaches the analysis, its tails read as subnormal
    notes: list[str] = []
    files = profile_baseline(runner, spec, ws, notes)
    printed = next(f for f in files if f.name == "program-output.txt")
    prof = derive(load(printed))
    tails = [m.value for m in prof.metrics if m.raw_name == "tail"]
    assert tails and any(0 < abs(v) < DBL_MIN for v in tails), tails

    # the diagnosis of steps that slowed down on subnormal values proposes flushing them
    snap = take_snapshot(runner)
    a = analyze([STEPS_SLOWED], snapshot=snap)
    prop = next(p for p in a.proposals if p.id == "flush_subnormals")
    _, refused = to_variants([prop], "", "stdout")  # a byte-identical check cannot judge it
    assert refused and not _
    variants, bad = to_variants([prop], spec.kernel, spec.check.kind)
    assert len(variants) == 1 and not bad, bad
    built = inherit(spec.baseline, variants[0])
    assert built.flags == ("-O2", "-Wall") and "-ffast-math" in built.extra_flags + built.flags \
        and built.libs == ("-lm",), built

    run = dataclasses.replace(spec, variants=tuple(variants), repetitions=3, warmup=1)
    with Store(tmp_path / "db.sqlite") as store:
        res = run_experiment(run, runner, store, ws, cfg_get=CFG.__getitem__)
    ftz = res.outcome(variants[0].name)
    assert ftz.verdict != INVALID, ftz.reasons
    # the variant's own printout: flush-to-zero is in effect, no tail is subnormal any more
    outs = [p for p in (ws / "experiments").rglob("run.stdout")
            if p.parent.name == variants[0].name]
    assert outs, sorted(str(p) for p in ws.rglob("run.stdout"))
    after = _tails(outs[0].read_text())
    assert after and all(v == 0 or abs(v) >= DBL_MIN for v in after), after
