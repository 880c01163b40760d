"""Triage accuracy: the pre-registered sets beside the corpus logs and the baseline.

Held-out: tests/triage/heldout (44 jobs run on the local Slurm, labels committed before the
logs existed; the classifier was then developed while reading these logs). Unseen:
tests/triage/unseen and tests/triage/unseen2 (27 and 18 more jobs, labels committed after the
classifier, logs scored once before any further change: that first score is kept in
first_score.json and reported as is, beside today's figure). A case is right when the cause
AND the evidence line are the labelled ones; the negative controls must give no failure.
Corpus: the shared corpus's Slurm logs (tests/triage/test_corpus_logs.EXPECTED). Baseline:
the classifier as it was before issue #21 (git revision BASELINE_REV), loaded from git into a
private package and scored the same way.
Writes benches/results/triage.json.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import write_result  # noqa: E402
from tests.triage.heldout_set import (  # noqa: E402
    HELDOUT,
    UNSEEN,
    UNSEEN2,
    Triage,
    load_cases,
    score,
    summary,
)

from perfscout.triage import triage_text  # noqa: E402

BASELINE_REV = "3c2dbaa"  # main when issue #21 was taken up: the old classifier
PKG = "src/perfscout/triage"


def baseline(rev: str, into: Path) -> ModuleType:
    """The triage package at ``rev``, importable as ``perfscout_triage_baseline``."""
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:{PKG}"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    pkg = into / "perfscout_triage_baseline"
    pkg.mkdir()
    for name in (n for n in names if n.endswith(".py")):
        src = subprocess.run(["git", "show", f"{rev}:{PKG}/{name}"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        (pkg / name).write_text(src.replace("perfscout.triage", "perfscout_triage_baseline"))
    sys.path.insert(0, str(into))
    return importlib.import_module("perfscout_triage_baseline")


def corpus_figure(fn: Triage) -> dict[str, Any]:
    from tests.triage.test_corpus_logs import EXPECTED

    corpus = Path(os.environ.get("PERFSCOUT_CORPUS", ROOT.parent / "shared" / "corpus"))
    if not (corpus / "slurm").is_dir():
        return {"cases": 0, "note": f"no corpus at {corpus}"}
    right = []
    for name, (want, _line, text) in sorted(EXPECTED.items()):
        path = corpus / "slurm" / name
        rep = fn(path.read_bytes(), str(path), None)
        ev = rep.matches[0].evidence[0] if rep.primary and rep.matches else ""
        right.append(rep.primary == want and text in ev)
    return {"cases": len(right), "right": sum(right), "accuracy": round(sum(right) / len(right), 3)}


def main() -> None:
    cases, unseen, unseen2 = load_cases(HELDOUT), load_cases(UNSEEN), load_cases(UNSEEN2)
    now = summary([score(c, triage_text) for c in cases])
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline(BASELINE_REV, Path(tmp))
        before = summary([score(c, old.triage_text) for c in cases])
        before_unseen = summary([score(c, old.triage_text) for c in unseen])
        before_unseen2 = summary([score(c, old.triage_text) for c in unseen2])
        old_corpus = corpus_figure(old.triage_text)
    first = json.loads((UNSEEN / "first_score.json").read_text())
    first2 = json.loads((UNSEEN2 / "first_score.json").read_text())
    keep = ("classifier_revision", "cases", "right", "accuracy", "false_failures",
            "negative_controls", "misses")
    figures = {
        "heldout": now,
        "unseen_first_score": {k: first[k] for k in keep},
        "unseen2_first_score": {k: first2[k] for k in keep},
        "unseen_pooled_first_score": {
            "cases": first["cases"] + first2["cases"], "right": first["right"] + first2["right"],
            "accuracy": round((first["right"] + first2["right"])
                              / (first["cases"] + first2["cases"]), 3),
            "false_failures": first["false_failures"] + first2["false_failures"]},
        "unseen_now": summary([score(c, triage_text) for c in unseen]),
        "unseen2_now": summary([score(c, triage_text) for c in unseen2]),
        "corpus": corpus_figure(triage_text),
        "baseline": {"revision": BASELINE_REV, "heldout": before, "unseen": before_unseen,
                     "unseen2": before_unseen2, "corpus": old_corpus},
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "note": "no-match of the baseline is scored as 'none' (no failure), in its favour; "
                "the *_now figures of the unseen sets come after changes made on seeing them",
    }
    path = write_result("triage", figures)
    print(path, {"heldout": now["accuracy"], "false_failures": now["false_failures"],
                 "unseen_first": first["accuracy"], "unseen2_first": first2["accuracy"],
                 "unseen_now": figures["unseen_now"]["accuracy"],
                 "unseen2_now": figures["unseen2_now"]["accuracy"],
                 "baseline": before["accuracy"], "baseline_unseen": before_unseen["accuracy"],
                 "corpus": figures["corpus"].get("accuracy")})


if __name__ == "__main__":
    main()
