"""The whole loop on programs written the way users write them, without human help.

For each program under ``benches/programs/`` (multi-file, Makefile or CMake, sizes from -D or
argv, their own timers and output formats; one prints nothing, one is C++, one Fortran, one
MPI): ``perfscout init DIR`` writes the spec (the bench applies the program's ``bench.yaml``
size overrides, as a user edits the guess), ``perfscout session start --spec ... --combine``
runs collect/confirm/analyse with an approval policy file, the bench's rule approves every
proposal that can run on the program (as a policy would), and the session verifies them.

Then every win perfscout claimed is re-measured independently, in a fresh experiment built
from scratch, side by side with the expert's change (``bench.yaml``: what an expert did by hand
in about ten minutes, and the speedup measured by hand, also in the program's README). Per
program: perfscout's best verified speedup with its interval, the expert's, and the ratio;
the geometric mean of the ratios (target >= 0.8); false wins (a claimed win whose re-measured
interval lies below 1 or whose verdict is loss) must be zero.

The pre-registered held-out programs of ``benches/programs_heldout/`` (written in the style of
a public polyhedral benchmark suite, committed with their expert figures and the expected
ratios before perfscout ever ran on them) run the same way; their geometric mean is reported
apart from the tuning programs' one.

usage: python benches/bench_user_programs.py [NAME ... | --heldout | --set DIR | --first-run DIR]
(default: all, tuning and held-out; ``--set DIR NAME...``: those programs of DIR; naming
programs, ``--heldout`` or ``--set DIR`` re-runs those
and keeps the other rows of the last results file). ``--set DIR``: any folder of programs in
this shape (a ``bench.yaml`` per program: args, baseline edits, the expert's change and
by-hand figure). ``--first-run DIR``: run that set once and record its first-run figure (commit,
date, load) in ``results/user_programs_<set>_first_run.json``; refused when that file exists (a
pre-registered set has one first run).
BENCH_JOBS=2 runs two programs at a time (each experiment still alternates its variants).
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import write_result

from perfscout.config import load_config
from perfscout.experiment.convert import to_variants
from perfscout.experiment.runner import result_from_json, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant, spec_from_dict
from perfscout.experiment.store import Store
from perfscout.model.proposals import Proposal
from perfscout.model.serialize import from_jsonable
from perfscout.sandbox.runner import default_runner

PROGRAMS = Path(__file__).resolve().parent / "programs"
HELDOUT = Path(__file__).resolve().parent / "programs_heldout"
#: the program folders a run looks in, in order (``--set DIR`` puts DIR first)
SETS: list[Path] = [PROGRAMS, HELDOUT]


def program_dir(name: str) -> Path:
    for root in SETS:
        if (root / name / "bench.yaml").is_file():
            return root / name
    raise SystemExit(f"{name}: no bench.yaml under {', '.join(map(str, SETS))}")


def set_name(root: Path) -> str:
    """The set a program folder belongs to: ``tuning`` (programs/), else the folder's name
    after ``programs_`` (``heldout``, ``blind``...)."""
    name = root.resolve().name
    return "tuning" if root.resolve() == PROGRAMS else name.removeprefix("programs_") or name


def program_names(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if (p / "bench.yaml").is_file())
RESULTS_FILE = Path(__file__).resolve().parent / "results" / "user_programs.json"


def cli(home: Path, *args: str) -> dict[str, Any]:
    env = dict(os.environ, PERFSCOUT_HOME=str(home))
    cp = subprocess.run([sys.executable, "-m", "perfscout", *args, "--json"], env=env,
                        capture_output=True, text=True, timeout=3600)
    try:
        return dict(json.loads(cp.stdout))
    except ValueError:
        raise SystemExit(f"perfscout {' '.join(args)} printed no envelope: "
                         f"{cp.stderr[-800:]}") from None


def session(name: str, bench: dict[str, Any], home: Path, tmp: Path) -> dict[str, Any]:
    """init -> session start (policy confirms) -> approve every runnable proposal."""
    spec_file = tmp / f"{name}.yaml"
    policy = tmp / f"{name}-policy.yaml"
    env = cli(home, "init", str(program_dir(name)), "--args", " ".join(bench.get("args", [])),
              "--out", str(spec_file), "--force")
    if env["exit_code"]:
        return {"error": f"init: {env['errors'][0]['message']}"}
    spec = yaml.safe_load(spec_file.read_text())
    for key, value in (bench.get("baseline") or {}).items():  # the user's edit of the guess
        spec.setdefault("baseline", {}).setdefault(key, {}).update(value) \
            if isinstance(value, dict) else spec["baseline"].__setitem__(key, value)
    if bench.get("check"):  # the user's correctness check where init could not guess one
        spec["check"] = bench["check"]
    spec_file.write_text(yaml.safe_dump(spec, sort_keys=False))
    policy.write_text("confirm_platform: true\ncombine: true\n")
    env = cli(home, "session", "start", "--spec", str(spec_file), "--approval-policy",
              str(policy))
    if env["exit_code"]:
        return {"error": f"session: {env['errors'][0]['message']}", "guessed": spec}
    sid = env["data"]["id"]
    analysis = json.loads((home / "sessions" / sid / "analysis.json").read_text())
    props = [from_jsonable(Proposal, p) for p in analysis["proposals"]]
    kind = (spec.get("check") or {}).get("kind", "checksum")
    runnable = [v.proposal_id for v in to_variants(props, "", kind)[0]]
    out: dict[str, Any] = {"session": sid, "offered": [p.id for p in props],
                           "approved": runnable, "spec": spec,
                           "findings": [f["id"] for f in analysis["findings"]],
                           # the source proposals left without a diff, with why (analyse step)
                           "unconvertible": [{"id": u["id"], "reason": u["reason"]}
                                             for u in analysis.get("unconvertible", [])]}
    if not runnable:
        return {**out, "error": "no runnable proposal"}
    args = [a for pid in runnable for a in ("--approve", pid)]
    env = cli(home, "session", "approve", sid, *args)
    if env["exit_code"]:
        return {**out, "error": f"approve: {env['errors'][0]['message']}"}
    return {**out, "verify": env["data"]["outputs"].get("verify", {})}


def claimed_wins(home: Path, verify: dict[str, Any]) -> tuple[ExperimentSpec, list[Any]]:
    """The session's experiment spec and its winning variants (the combination if kept)."""
    store = Store(home / "perfscout.db")
    try:
        row = store.experiment(verify["experiment"])
        spec = from_jsonable(ExperimentSpec, json.loads(row["spec_json"]))
        res = result_from_json(json.loads(row["result_json"]))
        wins = [(v, res.outcome(v.name)) for v in spec.variants
                if res.outcome(v.name).verdict == "win"]
        combo = verify.get("combination") or {}
        if combo.get("kept"):
            crow = store.experiment(combo["experiment"])
            cspec = from_jsonable(ExperimentSpec, json.loads(crow["spec_json"]))
            cres = result_from_json(json.loads(crow["result_json"]))
            cv = next(v for v in cspec.variants if v.name == combo["variant"])
            wins.append((cv, cres.outcome(cv.name)))
    finally:
        store.close()
    return spec, wins


def expert_variant(name: str, bench: dict[str, Any]) -> Variant:
    e = dict(bench["expert"]["variant"])
    if "patch" in e:
        e["patch"] = (program_dir(name) / e["patch"]).read_text()
    return spec_from_dict({"source": "x.c", "baseline": {}, "variants": [{"name": "expert", **e}]},
                          "bench.yaml").variants[0]


def recheck(spec: ExperimentSpec, wins: list[Any], expert: Variant, home: Path,
            reps: int) -> dict[str, Any]:
    """A fresh experiment: baseline, every claimed win, the expert's change."""
    cfg = load_config()
    variants = tuple(dataclasses.replace(v, name=f"claim_{i}") for i, (v, _o) in enumerate(wins))
    fresh = dataclasses.replace(spec, name=spec.name + "-recheck", variants=(*variants, expert),
                                repetitions=reps, max_repetitions=reps + 6, warmup=1)
    work = home / "recheck"
    store = Store(home / "recheck.db")
    try:
        res = run_experiment(fresh, default_runner(work), store, work, cfg_get=cfg.get,
                             fresh=True)
    finally:
        store.close()
    return {v.name: {"verdict": v.verdict, "ratio": v.ratio, "low": v.ratio_low,
                     "high": v.ratio_high, "reasons": list(v.reasons)} for v in res.variants}


def _metric_blind(ex: dict[str, Any], by_hand: float) -> bool:
    """The re-measured expert change is no win although by hand it was at least 2x: the
    metric perfscout guessed cannot see it (a printed phase the change does not touch), and a
    ratio against it would count perfscout's unchanged baseline as the expert's equal."""
    return by_hand >= 2.0 and ex.get("verdict") != "win" and (ex.get("ratio") or 0.0) < 1.5


def one(name: str, tmp: Path, reps: int) -> dict[str, Any]:
    bench = yaml.safe_load((program_dir(name) / "bench.yaml").read_text())
    home = tmp / name
    home.mkdir()
    t0 = time.monotonic()
    s = session(name, bench, home, tmp)
    row: dict[str, Any] = {"program": name, "set": set_name(program_dir(name).parent),
                           "expert_change": bench["expert"]["change"],
                           "expert_by_hand": bench["expert"]["by_hand"], **{
                               k: s.get(k) for k in ("offered", "approved", "findings",
                                                     "unconvertible", "error", "session")}}
    if "verify" not in s:  # nothing verified: perfscout's best is the baseline
        row["perfscout_best"] = {"variant": "baseline", "ratio": 1.0}
        row["ratio_to_expert"] = 1.0 / max(bench["expert"]["by_hand"], 1.0)
        row["expert_from"] = "by_hand (no verify)"
        row["elapsed_s"] = time.monotonic() - t0
        return row
    spec, wins = claimed_wins(home, s["verify"])
    row["claims"] = [{"variant": v.name, "proposal": v.proposal_id, "ratio": o.ratio,
                      "low": o.ratio_low, "high": o.ratio_high} for v, o in wins]
    row["verdicts"] = s["verify"].get("verdicts")
    row["unconvertible"] = [*(s.get("unconvertible") or []), *(
        {"id": u["id"], "reason": u["reason"]} for u in s["verify"].get("unconvertible", []))]
    rc = recheck(spec, wins, expert_variant(name, bench), home, reps)
    row["recheck"] = rc
    false = [c for i, c in enumerate(row["claims"])
             if rc[f"claim_{i}"]["verdict"] == "loss"
             or (rc[f"claim_{i}"]["high"] is not None and rc[f"claim_{i}"]["high"] < 1.0)]
    row["false_wins"] = [c["variant"] for c in false]
    confirmed = [(c, rc[f"claim_{i}"]) for i, c in enumerate(row["claims"])
                 if rc[f"claim_{i}"]["verdict"] == "win"]
    best = max(confirmed, key=lambda t: t[1]["ratio"], default=None)
    row["perfscout_best"] = ({"variant": best[0]["variant"], "ratio": best[1]["ratio"],
                              "low": best[1]["low"], "high": best[1]["high"]}
                             if best else {"variant": "baseline", "ratio": 1.0})
    ex = rc["expert"]
    row["expert_measured"] = ex
    if _metric_blind(ex, bench["expert"]["by_hand"]):
        # the guessed metric does not see the expert's change (a phase it does not touch):
        # the program counts against the figure measured by hand, never as a tie
        row["ratio_to_expert"] = row["perfscout_best"]["ratio"] / max(bench["expert"]["by_hand"],
                                                                      1.0)
        row["expert_from"] = "by_hand (the re-measure's metric does not see the expert change)"
    elif ex["ratio"] and ex["verdict"] != "invalid":
        row["ratio_to_expert"] = row["perfscout_best"]["ratio"] / max(ex["ratio"], 1.0)
    else:  # the expert's change could not be re-measured (the guessed check failed it too):
        # the program still counts, against the figure measured by hand
        row["ratio_to_expert"] = row["perfscout_best"]["ratio"] / max(bench["expert"]["by_hand"],
                                                                      1.0)
        row["expert_from"] = "by_hand (re-measure invalid)"
    row["elapsed_s"] = time.monotonic() - t0
    return row


def _geomean(xs: list[float]) -> float | None:
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def _commit() -> str:
    cp = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                        cwd=Path(__file__).resolve().parent)
    return cp.stdout.strip() or "unknown"


def _parse(argv: list[str]) -> tuple[list[str], Path | None, bool]:
    """The programs to run, the set folder named (``--set``/``--first-run``), first run?"""
    if argv == ["--heldout"]:
        return program_names(HELDOUT), HELDOUT, False
    if (len(argv) == 2 and argv[0] in ("--set", "--first-run")) or (
            len(argv) > 2 and argv[0] == "--set"):  # --set DIR NAME...: those programs of it
        root = Path(argv[1]).resolve()
        if not root.is_dir() or not program_names(root):
            raise SystemExit(f"{argv[1]}: no program folder with a bench.yaml in it")
        SETS.insert(0, root)
        return argv[2:] or program_names(root), root, argv[0] == "--first-run"
    if any(a.startswith("--") for a in argv):
        raise SystemExit(__doc__.split("usage: ")[1].split("\n")[0])
    return argv or [*program_names(PROGRAMS), *program_names(HELDOUT)], None, False


def main() -> None:
    names, root, first = _parse(sys.argv[1:])
    first_file = (Path(__file__).resolve().parent / "results"
                  / f"user_programs_{set_name(root)}_first_run.json") if root else None
    if first and first_file is not None and first_file.exists():
        raise SystemExit(f"{first_file} exists: a set has one first run (re-run it with --set)")
    reps = int(os.environ.get("BENCH_REPS", "7"))
    os.environ.setdefault("PERFSCOUT_EXPERIMENT_REPETITIONS", str(reps))
    load0 = os.getloadavg()
    rows = []
    jobs = int(os.environ.get("BENCH_JOBS", "1"))

    def run_one(n: str) -> dict[str, Any]:
        print(f"== {n}", file=sys.stderr, flush=True)
        try:
            row = one(n, Path(tmp), reps)
        except Exception as exc:  # one program's failure must not lose the others
            # the row still counts, conservatively: perfscout's best as the baseline, against
            # the expert's figure measured by hand
            by_hand = float(yaml.safe_load((program_dir(n) / "bench.yaml").read_text())
                            ["expert"]["by_hand"])
            row = {"program": n, "set": set_name(program_dir(n).parent),
                   "error": f"bench: {type(exc).__name__}: {exc}",
                   "perfscout_best": {"variant": "baseline", "ratio": 1.0},
                   "ratio_to_expert": 1.0 / max(by_hand, 1.0),
                   "expert_from": "by_hand (the bench failed on this program)"}
        print(json.dumps(row, default=str)[:2500], file=sys.stderr, flush=True)
        return row

    with tempfile.TemporaryDirectory(prefix="ps-userprog-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(run_one, names))
    meta = {"load_before": load0, "load_after": os.getloadavg(), "jobs": jobs,
            "repetitions": reps, "commit": _commit(),
            "note": "expert ratio floored at 1.0 (an expert keeps the baseline when a change "
                    "loses)"}
    if first and root is not None and first_file is not None:
        mine = [r["ratio_to_expert"] for r in rows if r.get("ratio_to_expert")]
        write_result(first_file.stem, {
            "set": str(root), "programs": rows, "geomean_ratio_to_expert": _geomean(mine),
            "false_wins": sum(len(r.get("false_wins", [])) for r in rows), **meta})
    previous = RESULTS_FILE.is_file() and json.loads(RESULTS_FILE.read_text())
    if sys.argv[1:] and previous:  # a partial re-run keeps the other programs' rows
        done = {r["program"] for r in rows}
        rows = [r for r in previous["figures"]["programs"] if r["program"] not in done] + rows
        rows.sort(key=lambda r: r["program"])
    ratios = [r["ratio_to_expert"] for r in rows if r.get("ratio_to_expert")]
    sets = sorted({r.get("set") or "tuning" for r in rows})
    write_result("user_programs", {
        "programs": rows,
        "geomean_ratio_to_expert": _geomean(ratios),
        "programs_with_ratio": len(ratios),
        **{f"geomean_{s}": _geomean([r["ratio_to_expert"] for r in rows if r.get("set") == s
                                     and r.get("ratio_to_expert")]) for s in sets},
        "false_wins": sum(len(r.get("false_wins", [])) for r in rows),
        **meta,
    })


if __name__ == "__main__":
    main()
