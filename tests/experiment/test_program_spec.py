"""A user's project as an experiment: copied, built with its own compile line / make / cmake
through the sandbox, measured from its own output (or by wall time), and every variant built
with everything of the baseline (the -DN=8000 loss of issue 16)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import require_tool
from perfscout.experiment.build import build_variant
from perfscout.experiment.convert import to_variant
from perfscout.experiment.runner import run_argv, run_experiment
from perfscout.experiment.spec import (
    ExperimentSpec,
    Variant,
    inherit,
    load_spec,
    resolve,
)
from perfscout.experiment.stats import INVALID
from perfscout.experiment.store import Store
from perfscout.kb.record import cards_from_experiment
from perfscout.model.errors import InputError
from perfscout.model.proposals import Change, Proposal
from perfscout.model.runs import RunRequest
from perfscout.sandbox.runner import default_runner

PROJECT = Path(__file__).parent / "data" / "gridproj"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 1,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05,
       "experiment.margin": 0.03}


def _spec(tmp: Path, **over: Any) -> ExperimentSpec:
    proj = tmp / "gridproj"
    if not proj.exists():
        shutil.copytree(PROJECT, proj)
    data: dict[str, Any] = {
        "name": "grid", "project": "gridproj", "args": ["3"],
        "build": {"kind": "compile", "sources": ["src/main.c", "src/grid.c"],
                  "include": ["include"], "exe": "grid"},
        "measure": {"regex": r"Elapsed: ([0-9.]+) s", "size_regex": r"grid (\d+) x"},
        "metric": "time_s", "direction": "lower",
        "check": {"kind": "tolerance", "regex": r"checksum = (\S+)", "rel_tol": 1e-9},
        "baseline": {"flags": ["-O2"], "defines": {"N": "8000"}, "libs": ["-lm"]},
    }
    data.update(over)
    path = tmp / "grid.yaml"
    import yaml

    path.write_text(yaml.safe_dump(data))
    return load_spec(path, need_variants=False)


def _o3() -> Proposal:
    return Proposal("compiler_opt_level", kind="flags", title="-O3",
                    change=Change(flags=("-O3",)))


def test_every_variant_keeps_the_baselines_defines_includes_and_libs(tmp_path: Path) -> None:
    """The -D loss: a flags proposal's variant is built with the baseline's -DN=8000, its
    include dirs and its libraries; only -O3 is added."""
    spec = _spec(tmp_path)
    v = to_variant(_o3())
    assert isinstance(v, Variant)
    param = to_variant(Proposal("thread_count", kind="param",
                                change=Change(params={"threads": 2})))
    assert isinstance(param, Variant)
    full = resolve(dataclasses.replace(spec, variants=(v, param)), CFG.__getitem__)
    from perfscout.experiment.program import build_commands

    for var in full.variants:
        (cmd,) = build_commands(full, var, tmp_path / "copy")
        assert "-DN=8000" in cmd and "-lm" in cmd and "-O2" in cmd, cmd
        assert cmd[cmd.index("-I") + 1] == str(tmp_path / "copy" / "include")
    o3 = build_commands(full, full.variants[0], tmp_path / "copy")[0]
    assert o3.index("-O3") > o3.index("-O2")  # the proposal's flag comes last and wins
    # make and cmake receive the same words through {cflags}/{ldlibs}
    mk = dataclasses.replace(full, build=dataclasses.replace(
        full.build, kind="make", exe="grid", vars={"CFLAGS": "-Iinclude {cflags}",
                                                   "LDLIBS": "{ldlibs}"}))
    (make,) = build_commands(mk, full.variants[0], tmp_path / "copy")
    assert "CFLAGS=-Iinclude -O2 -O3 -DN=8000" in make and "LDLIBS=-lm" in make
    cm = dataclasses.replace(mk, build=dataclasses.replace(mk.build, kind="cmake", vars={}))
    conf, _build = build_commands(cm, full.variants[0], tmp_path / "copy")
    assert "-DCMAKE_C_FLAGS=-O2 -O3 -DN=8000" in conf
    assert "-DCMAKE_C_STANDARD_LIBRARIES=-lm" in conf
    # inheritance: the variant's own values win, the baseline fills the rest, idempotent
    b = Variant("baseline", flags=("-O2",), defines={"N": "8000", "M": "1"}, env={"A": "1"},
                threads=1, libs=("-lm",))
    w = inherit(b, Variant("w", defines={"M": "2"}, threads=2, libs=("-lopenblas",)))
    assert w.defines == {"N": "8000", "M": "2"} and w.threads == 2 and w.env == {"A": "1"}
    assert w.libs == ("-lm", "-lopenblas") and inherit(b, w) == w


def test_the_minus_D_loss_is_caught_end_to_end(tmp_path: Path) -> None:
    """Built and run for real: the -O3 variant runs the baseline's problem (the size the
    program prints); a variant that drops to a smaller N is invalid for size and output, and
    its card claims no gain."""
    require_tool("gcc")
    spec = _spec(tmp_path, baseline={"flags": ["-O2"], "defines": {"N": "1200"},
                                     "libs": ["-lm"]})
    o3 = to_variant(_o3())
    assert isinstance(o3, Variant)
    small = Variant("smaller", defines={"N": "300"}, proposal_id="shrink")
    spec = dataclasses.replace(spec, variants=(o3, small), repetitions=3, warmup=1)
    runner = default_runner(tmp_path / "ws")
    with_store = Store(tmp_path / "db.sqlite")
    try:
        res = run_experiment(spec, runner, with_store, tmp_path / "ws", cfg_get=CFG.__getitem__)
        samples = with_store.samples(res.id)
    finally:
        with_store.close()
    ok = [s for s in samples if s.ok]
    assert {s.n for s in ok if s.variant in ("baseline", o3.name)} == {1200}
    assert {s.n for s in ok if s.variant == "smaller"} == {300}
    assert res.outcome(o3.name).verdict != INVALID, res.outcome(o3.name).reasons
    bad = res.outcome("smaller")
    assert bad.verdict == INVALID
    assert any("problem size differs" in r for r in bad.reasons)
    assert any("output differs" in r for r in bad.reasons)
    cards = cards_from_experiment(res, {}, platform_key="test")
    card = next(c for c in cards if c.proposal_id == "shrink")
    assert card.verdict == INVALID and card.actual.value is None and card.actual.low is None
    # the project directory itself was never written
    assert sorted(p.name for p in (tmp_path / "gridproj").rglob("*")) == \
        sorted(p.name for p in PROJECT.rglob("*"))


@pytest.mark.parametrize("kind", ["make", "cmake"])
def test_make_and_cmake_projects_build_in_a_copy(kind: str, tmp_path: Path) -> None:
    require_tool(kind)
    build: dict[str, Any] = {"kind": kind, "exe": "grid" if kind == "make" else
                             "_perfscout_build/grid"}
    if kind == "make":
        build.update(target="grid", vars={"CFLAGS": "-Iinclude {cflags}", "LDLIBS": "{ldlibs}"})
    spec = _spec(tmp_path, build=build,
                 baseline={"flags": ["-O2"], "defines": {"N": "400"}, "libs": ["-lm"]})
    v = resolve(dataclasses.replace(spec, variants=(to_variant(_o3()),)),  # type: ignore[arg-type]
                CFG.__getitem__)
    runner = default_runner(tmp_path / "ws")
    for var in v.all_variants():
        b = build_variant(runner, v, var, tmp_path / "ws" / "exp")
        argv, env = run_argv(v, var, b.exe)
        res = runner.run(RunRequest(tuple(argv), cwd=str(b.exe.parent), env=env))
        assert res.ok, res.stderr
        assert " n=400 " in res.stdout and "metric=time_s" in res.stdout, res.stdout
        again = build_variant(runner, v, var, tmp_path / "ws" / "exp")
        assert again.reused


def test_a_parameter_that_is_a_command_line_is_no_define() -> None:
    """bind_threads carries params {threads: 2, likwid_pin: "likwid-pin -c M0:0-1"}: the
    command line must not become -DLIKWID_PIN=... (make split it into '-c', found by the
    bench on the MPI program)."""
    p = Proposal("bind_threads", kind="env", change=Change(
        env={"OMP_PROC_BIND": "close"}, params={"threads": 2, "likwid_pin": "likwid-pin -c 0",
                                                "tile": 64, "order": "ikj"}))
    v = to_variant(p)
    assert isinstance(v, Variant) and v.threads == 2
    assert v.defines == {"TILE": "64", "ORDER": "ikj"}


def test_a_multi_file_diff_applies_to_the_project_copy(tmp_path: Path) -> None:
    """A source proposal's diff may touch several files of the project (a/ b/ prefixes);
    a path outside the project or a stale hunk is refused with the file named."""
    from perfscout.experiment.patching import apply_patch_to_tree

    shutil.copytree(PROJECT, tmp_path / "p")
    diff = ("--- a/src/grid.c\n+++ b/src/grid.c\n@@ -5,3 +5,3 @@\n"
            "     double s = 0;\n-    for (int j = 0; j < n; j++)\n-        for (int i = 0;"
            " i < n; i++) s += a[i * n + j] * 0.5;\n+    for (int i = 0; i < n; i++)\n"
            "+        for (int j = 0; j < n; j++) s += a[i * n + j] * 0.5;\n"
            "--- a/include/grid.h\n+++ b/include/grid.h\n@@ -4,3 +4,3 @@\n #ifndef N\n"
            "-#define N 100\n+#define N 120\n #endif\n")
    changed = apply_patch_to_tree(tmp_path / "p", diff)
    assert [c.name for c in changed] == ["grid.c", "grid.h"]
    assert "for (int i = 0; i < n; i++)\n        for (int j" in \
        (tmp_path / "p" / "src" / "grid.c").read_text()
    assert "#define N 120" in (tmp_path / "p" / "include" / "grid.h").read_text()
    with pytest.raises(InputError, match="does not apply"):
        apply_patch_to_tree(tmp_path / "p", diff)  # already applied: stale
    with pytest.raises(InputError, match="not a file of the project"):
        apply_patch_to_tree(tmp_path / "p", diff.replace("src/grid.c", "src/nothere.c"))
