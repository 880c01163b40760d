"""A complete Chinese report: every sentence the stages generate is rendered from its message
id, so the ZH body holds no English sentence (identifiers, paths, numbers, units and code spans
apart). Built from real data: corpus profiles analysed by the real pipeline on corpus machines
(multi-socket, NUMA, Arm, GPU), both live and after the JSON round trip a stored run makes, with
experiment reasons from the real validity gate."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.advise.conftest import DGX2, EPYC, GRACE, corpus_platform
from tests.i18n.zhcheck import english_left
from tests.report.build import sample_input
from tests.report.test_summary_checks import loaded_input, texts

from perfscout.experiment.spec import Check
from perfscout.experiment.validity import Sample, gate
from perfscout.model.errors import InputError
from perfscout.model.message import Text
from perfscout.model.proposals import Rejected
from perfscout.model.serialize import to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.report.collect import parse_analysis, platform_rows
from perfscout.report.data import ReportInput
from perfscout.report.document import document

MACHINES = {"dual-epyc": EPYC, "grace": GRACE, "dgx2": DGX2}
PROFILES = [
    "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt",
    "perf_report/report-stdio-children-callgraph-cycles-P.txt",
    "perf_stat/appended-11-runs-dtlb.txt",
]
HERE = Path(__file__).resolve().parent
FIVE = HERE.parent / "advise" / "data" / "five-proposals.json"
TRIAD = [HERE.parent / "diagnose" / "data" / n for n in ("stream-triad-8t.txt",
                                                         "perf-stat-triad-8t.txt")]
# one proposal per hazard the five do not cover (each replaces fields of the first one)
EXTRA: list[dict[str, Any]] = [
    {"title": "Use the GPU", "change": {"description": "offload to the GPU with cudaMemcpyAsync"}},
    {"change": {"flags": ["-xHost"]}},
    {"change": {"flags": ["-march=native"]}},
    {"change": {"launcher": ["numactl", "--cpunodebind=0", "--membind=0"]}},
    {"change": {"env": {"OMP_NUM_THREADS": "4096"}}},
    {"expected_gain": {"low": 1.5, "high": 80, "basis": "hope"}},
    {"addresses": ["hw.nonsense"]},
]
GLOBS = ["gprof/flat-*", "mpip/*", "callgrind/*", "cprofile/*", "hpctoolkit/*", "tau/*",
         "scorep/*", "likwid/*", "caliper/*", "pyinstrument/*", "timemory/*", "perf_stat/*"]


def _checked(a: Any, snap: PlatformSnapshot) -> tuple[Rejected, ...]:
    from perfscout.advise import check_proposals
    from perfscout.sandbox import default_runner

    extra = [{**json.loads(FIVE.read_text())[0], "id": f"llm.{i}", **over}
             for i, over in enumerate(EXTRA)]
    with tempfile.TemporaryDirectory() as ws:
        shutil.copy("/usr/bin/true", Path(ws) / "kernel")
        _, rej = check_proposals([*json.loads(FIVE.read_text()), *extra], snap, a.findings,
                                 a.profiles, policy_check=default_runner(Path(ws)).check)
    return rej


def _inputs(corpus: Path) -> list[ReportInput]:
    """Report inputs from real analyses: per machine, several profile families; each once as
    the pipeline returns it and once through JSON (what a stored run or --analysis gives)."""
    from perfscout.pipeline.analyze import analyze

    groups = [[corpus / p for p in PROFILES], TRIAD]
    for g in GLOBS:
        found = sorted(f for f in corpus.glob(g) if f.is_file())[:2]
        groups += [[f] for f in found]
    out = []
    invalid = gate([Sample("base", 0, False, True, 1.0, 1.0, "7", 10)],
                   [Sample("v", 0, False, True, 2.0, 0.5, "8", 20),
                    Sample("v", 1, False, False, error="exit 1: segfault")], check=Check())
    assert invalid, "the gate found the variant invalid"
    base = sample_input()
    exp = base.experiments[0]
    bad = replace(exp, variants=(*exp.variants, replace(exp.variants[1], name="bad",
                                                         verdict="invalid",
                                                         reasons=tuple(invalid))))
    for i, files in enumerate(MACHINES.values()):
        snap = corpus_platform(corpus, files)
        for j, g in enumerate(groups):
            if (i + j) % len(MACHINES) and g != TRIAD:  # each group on one machine
                continue
            try:
                a = analyze(g, snapshot=snap)
            except InputError:  # a corpus file no reader takes (a CSV export): not a profile
                continue
            live = {"findings": a.findings, "proposals": a.proposals, "rejected": a.rejected,
                    "do_not": a.do_not, "limits": a.limits}
            if g == TRIAD:  # proposals from elsewhere through every guard, as advise --check
                live["rejected"] = (*a.rejected, *_checked(a, snap))
            stored = parse_analysis(json.loads(json.dumps(to_jsonable(live))))
            for an in (live, stored):
                out.append(replace(base, platform=platform_rows(snap), experiments=(bad,),
                                   rejected_scopes=(), do_not_scopes=(), **an))
    assert len(out) >= 20, len(out)
    return out


@pytest.fixture(scope="module")
def inputs(corpus: Path) -> list[ReportInput]:
    return _inputs(corpus)


def test_the_real_analyses_say_many_different_sentences(inputs: list[ReportInput]) -> None:
    """The data exercises the stages: guards, preconditions, limits, do-not reasons, bases."""
    said = {x for inp in inputs for x in [*(r.reason for r in inp.rejected), *inp.limits,
                                          *(d.reason for d in inp.do_not)]}
    assert len(said) > 20, said
    assert any(r.guard == "precondition" for inp in inputs for r in inp.rejected)
    assert any(r.guard not in ("precondition", "") for inp in inputs for r in inp.rejected)


def test_no_english_sentence_in_the_chinese_report(inputs: list[ReportInput],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # every section with its plots and their captions, on the hand-made inputs
    for inp in (sample_input(), loaded_input()):
        assert english_left(texts(document(inp, "en")[0])), "the check sees English"
        left = english_left(texts(document(inp, "zh")[0]))
        assert not left, left
    # the real analyses: the same text without drawing the same plots 40 times
    monkeypatch.setattr("perfscout.report.document.figures", lambda inp, lang: [])
    for inp in inputs:
        assert english_left(texts(document(inp, "en")[0])), "the check sees English"
        left = english_left(texts(document(inp, "zh")[0]))
        assert not left, left


def test_the_check_fails_on_a_new_untranslated_sentence() -> None:
    """A stage that writes a plain English sentence (no message id) is caught, wherever it
    lands: a limit, a guard's reason, a do-not reason, an experiment's reason."""
    base = sample_input()
    plain = "the new rule found something odd"
    exp = base.experiments[0]
    for broken in (
            replace(base, limits=(*base.limits, plain)),
            replace(base, rejected=(replace(base.rejected[0], reason=plain),)),
            replace(base, do_not=(replace(base.do_not[0], reason=plain),)),
            replace(base, experiments=(replace(exp, variants=(
                replace(exp.variants[0], reasons=(plain,)),)),)),
            replace(base, notes=(plain,))):
        assert english_left(texts(document(broken, "zh")[0])), broken
    # an id-carrying sentence is fine, and so is code
    ok = replace(base, limits=(Text("limit.no_snapshot"), "`--platform-dir` x.json"))
    assert not english_left(texts(document(ok, "zh")[0]))
