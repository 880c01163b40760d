"""The session's collection keeps a per-library report (``perf report --sort dso,sym``) when its
per-line report leaves samples on no source line: a stripped libgomp's iteration handout shows
as ``??:0`` there, so the line view alone finds nothing, while the library rows name the
runtime. Real programs (gcc -fopenmp, perf record in the real sandbox): a ``schedule(dynamic,1)``
loop over tiny iterations gets the report and the runtime finding; a serial loop whose samples
all have lines does not get it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.registry import load
from perfscout.pipeline.line_profile import record_lines, report_libraries, unresolved_share
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import default_policy_text, parse_policy

TOOLS = ("gcc", "perf", "bwrap")
DYNAMIC = """#include <stdio.h>
static int hits(long i) { return (int)((i * 2654435761u) >> 29) & 1; }
int main(void) {
    long total = 0;
    #pragma omp parallel for schedule(dynamic,1) reduction(+:total)
    for (long i = 0; i < 30000000; i++)
        total += hits(i);
    printf("total=%ld\\n", total);
    return 0;
}
"""
SERIAL = """#include <stdio.h>
int main(void) {
    double s = 0.0;
    for (long i = 1; i < 300000000; i++)
        s += 1.0 / (double)i;
    printf("s=%.9f\\n", s);
    return 0;
}
"""


def _collect(tmp_path: Path, src: str, flags: list[str]) -> tuple[Path, Path | None, str]:
    ws, home = tmp_path / "ws", tmp_path / "home"
    ws.mkdir()
    home.mkdir()
    (ws / "prog.c").write_text(src)
    subprocess.run(["gcc", "-O2", "-g", *flags, str(ws / "prog.c"), "-o", str(ws / "prog")],
                   check=True)
    runner = LocalRunner(parse_policy(yaml.safe_load(default_policy_text()), "test"), ws, home)
    lines, note = record_lines(runner, ["./prog"], {"OMP_NUM_THREADS": "2"}, ws, 120)
    assert lines is not None, note
    libs, note = report_libraries(runner, ws, lines, 120)
    return lines, libs, note


@pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS) and
                    not os.environ.get("PERFSCOUT_REQUIRE_SERVICES"),
                    reason=f"needs {', '.join(TOOLS)}")
def test_the_runtime_unnamed_in_the_lines_is_named_by_the_library_report(
        tmp_path: Path) -> None:
    lines, libs, note = _collect(tmp_path, DYNAMIC, ["-fopenmp"])
    assert unresolved_share(lines.read_text()) >= 0.10
    assert libs is not None, note
    assert "libgomp" in libs.read_text()
    # --sort dso,sym: the column before Symbol is read as the library, not the command
    mods = {h.module for h in load(libs).hotspots}
    assert any(m.startswith("libgomp") for m in mods), mods
    alone = {f.id for f in diagnose([load(lines)]).findings}
    both = {f.id for f in diagnose([load(lines), load(libs)]).findings}
    assert both & {"rt.sync_contention", "rt.serial_fraction", "rt.region_overhead"}, both
    assert not alone & {"rt.sync_contention", "rt.serial_fraction", "rt.region_overhead"}, alone


@pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS) and
                    not os.environ.get("PERFSCOUT_REQUIRE_SERVICES"),
                    reason=f"needs {', '.join(TOOLS)}")
def test_a_program_whose_samples_all_have_lines_gets_no_library_report(
        tmp_path: Path) -> None:
    _lines, libs, note = _collect(tmp_path, SERIAL, [])
    assert libs is None and "not needed" in note, note


def test_the_unresolved_share_counts_rows_with_no_line() -> None:
    report = ("# Overhead  Source:Line\n    38.73%  ??:0\n    15.11%  /p/src/boris.c:19\n"
              "     2.00%  [unknown]\n     1.00%  0x4f94\n")
    assert abs(unresolved_share(report) - 0.4173) < 1e-9
