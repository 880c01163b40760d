"""The session's collection records the call chains of library routines (``perf record
--call-graph dwarf``) when its per-line report leaves a large share of the samples outside the
project's lines: a loop calling libm's ``exp`` spends most of its time in libm, whose own lines
(``e_exp.c``, ``w_exp.c``) are no change's target, and frame pointers lose the caller through a
library built without them. With the chains, a change aimed at the routine names the user's
calling line. Real programs (gcc, perf record in the real sandbox): a libm-bound loop gets the
chains and its calling line; a loop whose samples are all on its own lines does not."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from perfscout.advise.facts import Facts
from perfscout.ingest.registry import load
from perfscout.pipeline.line_profile import outside_share, record_callers, record_lines
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import default_policy_text, parse_policy

TOOLS = ("gcc", "perf", "bwrap")
LIBM = """#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double work(int n) {
    double s = 0.0;
    for (int r = 0; r < 400; r++)
        for (int i = 0; i < n; i++)
            s += exp(-1e-6 * (double)i * (double)(r + 1));
    return s;
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    printf("s=%.6f\\n", work(n));
    return 0;
}
"""
OWN = """#include <stdio.h>
int main(void) {
    double s = 0.0;
    for (long i = 1; i < 200000000; i++)
        s += 1.0 / (double)i;
    printf("s=%.9f\\n", s);
    return 0;
}
"""
needs_tools = pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS) and not os.environ.get(
        "PERFSCOUT_REQUIRE_SERVICES"), reason=f"needs {', '.join(TOOLS)}")


def _collect(tmp_path: Path, src: str) -> tuple[Path, Path | None, str]:
    ws, home = tmp_path / "ws", tmp_path / "home"
    proj = ws / "project"
    proj.mkdir(parents=True)
    home.mkdir()
    (proj / "prog.c").write_text(src)
    subprocess.run(["gcc", "-O2", "-g", str(proj / "prog.c"), "-o", str(proj / "prog"), "-lm"],
                   check=True)
    runner = LocalRunner(parse_policy(yaml.safe_load(default_policy_text()), "test"), ws, home)
    lines, note = record_lines(runner, [str(proj / "prog")], {}, ws, 120)
    assert lines is not None, note
    calls, note = record_callers(runner, [str(proj / "prog")], {}, ws, lines, proj, 120)
    return lines, calls, note


@needs_tools
def test_a_libm_bound_loop_gets_the_line_that_calls_the_routine(tmp_path: Path) -> None:
    lines, calls, note = _collect(tmp_path, LIBM)
    assert outside_share(lines.read_text(), tmp_path / "ws" / "project") >= 0.2
    assert calls is not None, note
    p = load(calls)
    libm = [h for h in p.hotspots if h.module.startswith("libm")]
    assert libm and any(h.callpath for h in libm)
    facts = Facts.build([], None, [load(lines), p])
    target = facts.target_line(max(libm, key=lambda h: h.self_share or 0.0).name)
    # prog.c line 8: `s += exp(...)` inside work(); never a line of libm's own sources
    assert target.where is not None and target.where.endswith("prog.c:8"), target
    assert not (tmp_path / "ws" / "perf-callers.data").exists()  # the stacks are not kept


@needs_tools
def test_a_loop_on_its_own_lines_records_no_chains(tmp_path: Path) -> None:
    _lines, calls, note = _collect(tmp_path, OWN)
    assert calls is None and "not needed" in note, note


def test_a_symbol_where_a_file_goes_is_no_project_file(tmp_path: Path) -> None:
    # a profile row that prints a C++ symbol where a line's file goes: longer than a file name
    # may be, it names no file of the project (it raised ENAMETOOLONG in a session before)
    from perfscout.model.proposals import Proposal
    from perfscout.pipeline.line_profile import HotLine, target_hot_line
    from perfscout.pipeline.source_changes import project_relative

    sym = "std::_Hashtable<" + "std::pair<int, int>, " * 20 + "EdgeHash>::clear()"
    assert project_relative(tmp_path, sym) is None
    assert project_relative(tmp_path, f"{sym}:12") is None
    (tmp_path / "mesh.cpp").write_text("int main() { return 0; }\n")
    got = target_hot_line([Proposal(id="hoist_invariant", kind="source", scope=f"{sym}:12")],
                          [HotLine("mesh.cpp", 1, 0.9)], tmp_path)
    assert got[0].scope == "mesh.cpp:1"
