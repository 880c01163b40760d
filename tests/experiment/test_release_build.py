"""The release_build variant on real multi-file Makefile projects built here (C++ with
-D_GLIBCXX_DEBUG at -O0, Fortran with -fcheck=bounds, C with -fsanitize=address): the baseline
is read from the Makefile as ``perfscout init`` reads it, built and its make log analysed; the
proposal's variant is built without exactly the checking words, keeps every other flag, define,
include and library, and prints the same output."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import require_tool
from perfscout.experiment.build import build_variant
from perfscout.experiment.convert import to_variant
from perfscout.experiment.program import build_commands, flag_words
from perfscout.experiment.spec import Variant, inherit, resolve, spec_from_dict
from perfscout.model.checking import checking_words
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.init_program import Guess, _from_make
from perfscout.sandbox.runner import default_runner

DATA = Path(__file__).parent / "data" / "checkbuild"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 1,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05, "experiment.margin": 0.03}


@pytest.mark.parametrize("proj,tool,removed", [
    ("cxx_debug", "g++", {"-O0", "-D_GLIBCXX_DEBUG"}),
    ("f90_bounds", "gfortran", {"-fcheck=bounds"}),
    ("c_asan", "gcc", {"-fsanitize=address"}),
])
def test_release_variant_drops_only_the_checks_and_prints_the_same(
        proj: str, tool: str, removed: set[str], tmp_path: Path) -> None:
    require_tool(tool)
    require_tool("make")
    root = tmp_path / proj
    shutil.copytree(DATA / proj, root)
    g = Guess(spec={})
    _from_make(root, g)
    data: dict[str, Any] = {**g.spec, "name": proj, "project": str(root),
                            "measure": {"regex": r"time: *([0-9.]+)"},
                            "metric": "time_s", "direction": "lower",
                            "check": {"kind": "stdout", "ignore": "^time:"}}
    spec = spec_from_dict(data, need_variants=False)
    runner = default_runner(tmp_path / "ws")
    base = build_variant(runner, spec, spec.baseline, tmp_path / "ws" / "exp")
    log = tmp_path / "build.log"
    log.write_text(base.log)  # make's echo of the compile lines, as the session keeps it
    a = analyze([log])
    p = next(p for p in a.proposals if p.id == "release_build")
    assert p.change is not None
    v = to_variant(p)
    assert isinstance(v, Variant) and set(v.remove_flags) == removed
    full = resolve(dataclasses.replace(spec, variants=(v,)), CFG.__getitem__)
    rel = full.variants[0]
    assert inherit(spec.baseline, rel) == rel  # inheriting again changes nothing
    bw, vw = flag_words(full, full.baseline), flag_words(full, rel)
    # every flag, define and include of the baseline but the removed ones survives, in order;
    # the proposal adds only -O2 in place of a removed -O0
    assert [w for w in bw if w not in removed] == [w for w in vw if w not in p.change.flags]
    assert not removed & set(vw) and rel.libs == full.baseline.libs
    (bcmd,) = build_commands(full, full.baseline, tmp_path / "c")
    (vcmd,) = build_commands(full, rel, tmp_path / "c")
    assert [w for w in bcmd if "FLAGS=" not in w] == [w for w in vcmd if "FLAGS=" not in w]
    built = build_variant(runner, full, rel, tmp_path / "ws" / "exp")
    assert checking_words(built.log.split()) == []
    outs = []
    for b in (base, built):
        exe = b.exe.parent / "project" / (spec.build.exe if spec.build else "")
        # run directly: the sandbox's address-space limit leaves ASan no room for its shadow
        # memory (the checked baseline cannot run there; the release variant can)
        res = subprocess.run([str(exe)], cwd=exe.parent, capture_output=True, text=True,
                             timeout=120, check=True)
        outs.append([ln for ln in res.stdout.splitlines() if not ln.startswith("time:")])
    assert outs[0] == outs[1] and any("checksum" in ln for ln in outs[0])


def test_the_profiled_baseline_keeps_the_build_log_of_a_checking_build(tmp_path: Path) -> None:
    """The session's collect step (profile_baseline) keeps make's compile lines when they
    build a checking configuration: its analysis finds the debug build, measures the share of
    the samples in debug-mode code and proposes release_build."""
    for tool in ("g++", "make", "perf"):
        require_tool(tool)
    from perfscout.pipeline.demo import profile_baseline

    root = tmp_path / "cxx_debug"
    shutil.copytree(DATA / "cxx_debug", root)
    g = Guess(spec={})
    _from_make(root, g)
    spec = spec_from_dict({**g.spec, "name": "cxx", "project": str(root),
                           "measure": {"regex": r"time: *([0-9.]+)"}, "metric": "time_s",
                           "direction": "lower", "check": {"kind": "stdout", "ignore": "^time:"}},
                          need_variants=False)
    files = profile_baseline(default_runner(tmp_path / "ws"), spec, tmp_path / "ws", [])
    assert "build.log" in {f.name for f in files}
    a = analyze(files)
    f = next(f for f in a.findings if any(e.metric == "build.checking_flags"
                                           for e in f.evidence))
    share = next((e.value for e in f.evidence if e.metric == "checking.share"), None)
    assert share is not None and share >= 0.05
    p = next(p for p in a.proposals if p.id == "release_build")
    assert p.change is not None and set(p.change.remove) == {"-O0", "-D_GLIBCXX_DEBUG"}


def test_remove_flags_takes_out_those_words_only() -> None:
    """From a user's spec too: the words leave flags, extra flags and defines (a -DNAME by its
    name, whatever its value); the rest is inherited, and inheriting again changes nothing."""
    s = spec_from_dict({"name": "x", "source": "a.c", "metric": "t", "direction": "lower",
                        "baseline": {"flags": ["-O0", "-g"], "extra_flags": ["-fcheck=all"],
                                     "defines": {"_GLIBCXX_DEBUG": "", "N": "4"}},
                        "variants": [{"name": "rel", "extra_flags": ["-O2"],
                                      "remove_flags": "-O0 -fcheck=all -D_GLIBCXX_DEBUG"}]})
    v = inherit(s.baseline, s.variants[0])
    assert (v.flags, v.extra_flags, dict(v.defines)) == (("-g",), ("-O2",), {"N": "4"})
    assert inherit(s.baseline, v) == v
