"""Where a user's metric and correctness come from: wall/task-clock time of a silent program,
byte-identical stdout, an output file within a tolerance; and the spec's one-line refusals."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import require_tool
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant, spec_from_dict
from perfscout.experiment.stats import INVALID
from perfscout.experiment.store import Store
from perfscout.model.errors import InputError
from perfscout.sandbox.runner import default_runner

PROJECT = Path(__file__).parent / "data" / "gridproj"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 0,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05,
       "experiment.margin": 0.03}
BUILD = {"kind": "compile", "sources": ["src/main.c", "src/grid.c"], "include": ["include"],
         "exe": "grid"}


def _run(tmp: Path, variants: tuple[Variant, ...], **spec: Any) -> Any:
    require_tool("gcc")
    proj = tmp / "gridproj"
    shutil.copytree(PROJECT, proj)
    data = {"name": "g", "project": str(proj), "args": ["2"], "build": BUILD,
            "baseline": {"flags": ["-O2"], "defines": {"N": "300"}, "libs": ["-lm"]}, **spec}
    sp = dataclasses.replace(spec_from_dict(data, "g.yaml", need_variants=False),
                             variants=variants)
    store = Store(tmp / "db.sqlite")
    try:
        res = run_experiment(sp, default_runner(tmp / "ws"), store, tmp / "ws",
                             cfg_get=CFG.__getitem__)
        return res, store.samples(res.id)
    finally:
        store.close()


def test_wall_time_of_a_program_and_byte_identical_stdout(tmp_path: Path) -> None:
    """No regex at all: perfscout times the run (wall_s, task_clock_s fields); stdout must be
    byte-identical but for the timing line, which a different N breaks."""
    res, samples = _run(tmp_path, (Variant("o3", extra_flags=("-O3",)),
                                   Variant("n200", defines={"N": "200"})),
                        measure={"source": "wall"}, metric="wall_s",
                        check={"kind": "stdout", "ignore": "^Elapsed"})
    ok = [s for s in samples if s.ok]
    assert ok and all(float(s.fields["wall_s"]) == s.value > 0 for s in ok)
    assert all(float(s.fields["task_clock_s"]) >= 0 for s in ok)
    assert res.outcome("o3").verdict != INVALID, res.outcome("o3").reasons
    assert res.outcome("n200").verdict == INVALID
    assert any("output differs" in r for r in res.outcome("n200").reasons)


def test_output_file_compared_within_a_tolerance(tmp_path: Path) -> None:
    res, _ = _run(tmp_path, (Variant("fast", extra_flags=("-O3", "-ffast-math")),
                             Variant("n301", defines={"N": "301"})),
                  measure={"key": "Elapsed"}, metric="time_s", direction="lower",
                  check={"kind": "file", "file": "field.out", "rel_tol": 1e-6})
    assert res.outcome("fast").verdict != INVALID, res.outcome("fast").reasons
    assert res.outcome("n301").verdict == INVALID


@pytest.mark.parametrize(("change", "message"), [
    ({"measure": None}, "say where the metric comes from"),
    ({"build": None}, "needs `build`"),
    ({"build": {**BUILD, "sourcez": []}}, "unknown build keys"),
    ({"build": {**BUILD, "sources": ["../outside.c"]}}, "inside it"),
    ({"measure": {"regex": "Elapsed: [0-9.]+"}}, "has no group 1"),
    ({"measure": {"regex": "Elapsed: ([0-9.]+)"}, "direction": ""}, "direction: higher|lower"),
    ({"check": {"kind": "tolerance"}}, "needs check.regex"),
    ({"measure": {"source": "clock"}}, "measure.source must be one of"),
    ({"check": {"kind": "file"}}, "needs check.file"),
])
def test_spec_refusals_name_the_key(change: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"name": "g", "project": "p", "build": BUILD, "direction": "lower",
                            "measure": {"source": "wall"}, "check": {"kind": "none"}}
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(InputError) as err:
        spec_from_dict(data, "g.yaml", need_variants=False)
    assert message in err.value.message


def test_a_plain_source_spec_still_needs_no_program_keys() -> None:
    sp = spec_from_dict({"source": "x.c", "args": ["{size}"]}, "x.yaml", need_variants=False)
    assert isinstance(sp, ExperimentSpec) and sp.measure is None and sp.build is None


BIG = r"""
#include <stdio.h>
#ifndef TAIL
#define TAIL 0.0
#endif
int main(void) {
    FILE *f = fopen("dump.out", "w");
    for (int i = 0; i < 150000; i++)
        fprintf(f, "%.6f\n", (i % 97) * 0.25 + (i == 149999 ? TAIL : 0.0));
    fclose(f);
    printf("Elapsed: 0.5 s\n");
    return 0;
}
"""


def _o3_passes_and_a_changed_last_value_fails(sp: ExperimentSpec, tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    try:
        res = run_experiment(sp, default_runner(tmp_path / "ws"), store, tmp_path / "ws",
                             cfg_get=CFG.__getitem__)
    finally:
        store.close()
    assert res.outcome("o3").verdict != INVALID, res.outcome("o3").reasons
    assert res.outcome("tail").verdict == INVALID
    assert any("differs-150000-values" in r for r in res.outcome("tail").reasons), \
        res.outcome("tail").reasons


def test_every_number_of_a_large_dump_is_compared(tmp_path: Path) -> None:
    """A dump of 150 000 numbers: a variant that changes only the last one is invalid (the
    harness once compared the first 100 000 only), one that changes none is not."""
    require_tool("gcc")
    proj = tmp_path / "bigdump"
    proj.mkdir()
    (proj / "big.c").write_text(BIG)
    data = {"name": "b", "project": str(proj), "args": [],
            "build": {"kind": "compile", "sources": ["big.c"], "exe": "big"},
            "baseline": {"flags": ["-O2"]}, "measure": {"key": "Elapsed"},
            "metric": "time_s", "direction": "lower",
            "check": {"kind": "file", "file": "dump.out", "rel_tol": 1e-9}}
    sp = dataclasses.replace(spec_from_dict(data, "b.yaml", need_variants=False),
                             variants=(Variant("o3", extra_flags=("-O3",)),
                                       Variant("tail", defines={"TAIL": "1.0"})))
    _o3_passes_and_a_changed_last_value_fails(sp, tmp_path)


def test_a_checksum_regex_reads_every_line_of_a_large_dump(tmp_path: Path) -> None:
    """The regex route over 150 000 ``v: x`` lines on stdout (each search bounded by the text's
    end, REG_STARTEND): a line-anchored pattern still matches at every line start, every value
    is captured, and a change in the last one is caught."""
    require_tool("gcc")
    proj = tmp_path / "bigout"
    proj.mkdir()
    src = BIG.replace('FILE *f = fopen("dump.out", "w");', "FILE *f = stdout;")
    (proj / "big.c").write_text(src.replace('"%.6f\\n"', '"v: %.6f\\n"')
                                .replace("fclose(f);", ""))
    data = {"name": "r", "project": str(proj), "args": [],
            "build": {"kind": "compile", "sources": ["big.c"], "exe": "big"},
            "baseline": {"flags": ["-O2"]}, "measure": {"key": "Elapsed"},
            "metric": "time_s", "direction": "lower",
            "check": {"kind": "tolerance", "regex": "^v: ([0-9.]+)$", "rel_tol": 1e-9}}
    sp = dataclasses.replace(spec_from_dict(data, "r.yaml", need_variants=False),
                             variants=(Variant("o3", extra_flags=("-O3",)),
                                       Variant("tail", defines={"TAIL": "1.0"})))
    _o3_passes_and_a_changed_last_value_fails(sp, tmp_path)
