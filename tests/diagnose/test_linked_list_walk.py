"""A linked list walked in the hot code is a data-structure problem (pointer chasing), not a
vectorisation or loop-order one. Real programs built with g++ -pg and read with gprof (its
flat profile names a C++ routine with its parameters): a std::list whose nodes were linked in
shuffled order, walked every step, gives ``app.data_structure``; the vector-width and
loop-order proposals other findings would bring are refused by the guards with the reason.
The same walk over a std::vector (the look-alike) gives no such finding."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.pipeline.analyze import analyze

PROG = """#include <cstdio>
#include <list>
#include <vector>
#include <algorithm>
#include <random>
struct P { double x, v; };
__attribute__((noinline)) double energy(CONTAINER<P> &ps) {
    double e = 0.0;
    for (auto &p : ps) { e += p.v * p.v; p.x += 1e-3 * p.v; p.v *= 0.999999; }
    return e;
}
int main() {
    std::vector<int> order(400000);
    for (int i = 0; i < (int)order.size(); i++) order[i] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    CONTAINER<P> ps;
    std::vector<P> tmp(order.size());
    for (std::size_t i = 0; i < order.size(); i++) tmp[i] = P{(double)order[i], 1.0 + order[i] % 7};
    for (auto &p : tmp) ps.push_back(p);
    double e = 0.0;
    for (int s = 0; s < 300; s++) e += energy(ps);
    std::printf("energy %.6e\\n", e);
    return 0;
}
"""


def _analysis(tmp_path: Path, container: str):  # type: ignore[no-untyped-def]
    """Build with -pg, run, and read gprof's flat profile (it names C++ routines with their
    parameters, as callgrind does: the walk's container is in the hot routine's name)."""
    gxx = require_tool("g++")
    gprof = require_tool("gprof")
    src = tmp_path / "walk.cpp"
    src.write_text(PROG.replace("CONTAINER", container))
    exe = tmp_path / "walk"
    subprocess.run([gxx, "-O2", "-g", "-pg", "-o", str(exe), str(src)], check=True,
                   capture_output=True, timeout=300)
    subprocess.run([str(exe)], cwd=tmp_path, check=True, capture_output=True, timeout=300)
    r = subprocess.run([gprof, "-b", "-p", str(exe), str(tmp_path / "gmon.out")],
                       capture_output=True, text=True, timeout=300, check=True, cwd=tmp_path)
    (tmp_path / "gprof-flat.txt").write_text(r.stdout)
    return analyze([tmp_path / "gprof-flat.txt"]), r.stdout


def test_a_shuffled_list_walk_is_a_data_structure_finding(tmp_path: Path) -> None:
    a, report = _analysis(tmp_path, "std::list")
    assert "energy(std::__cxx11::list<P" in report  # the walk is inlined into it
    found = {f.id: f for f in a.findings}
    assert "app.data_structure" in found, [(f.id, f.title) for f in a.findings]
    f = found["app.data_structure"]
    assert f.title == "a linked list is walked in the hot code (pointer chasing)"
    assert (f.evidence[0].value or 0) >= 0.20
    offered = {p.id for p in a.proposals}
    assert not offered & {"omp_simd", "loop_interchange", "loop_tiling", "compiler_arch"}, \
        offered
    for r in a.rejected:
        if r.id in ("omp_simd", "loop_interchange", "loop_tiling"):
            assert r.guard in ("stride_before_width", "node_walk_first"), (r.id, r.guard)


@pytest.mark.parametrize("container", ["std::vector"])
def test_the_same_walk_over_a_vector_is_not(tmp_path: Path, container: str) -> None:
    a, _ = _analysis(tmp_path, container)
    assert "app.data_structure" not in {f.id for f in a.findings}


def test_loop_order_and_vector_changes_are_refused_when_the_list_explains_the_misses(
        ) -> None:
    """Findings as diagnose chains them (the list walk explaining the misses and the scalar
    code): interchange/tiling for the misses and omp simd for the scalar code are refused,
    each guard naming the container."""
    from dataclasses import replace

    from tests.advise.conftest import finding, good_proposal

    from perfscout.advise import check_proposals
    from perfscout.sandbox import default_runner

    ds = finding("app.data_structure", ("hotspot.share", 0.8))
    loc = replace(finding("hw.cache_locality", ("d1.miss_ratio", 0.3), root=False),
                  caused_by=("app.data_structure",))
    vec = replace(finding("hw.vectorization", ("vector.loops_missed", 3.0), root=False),
                  caused_by=("app.data_structure",))
    props = [good_proposal(id="loop_interchange", addresses=["hw.cache_locality"],
                           kind="source", change={"description": "swap the loops"}),
             good_proposal(id="omp_simd", addresses=["hw.vectorization"], kind="source",
                           change={"description": "add #pragma omp simd"})]
    ok, rej = check_proposals(props, None, [ds, loc, vec], [],
                              policy_check=default_runner().check)
    assert not ok
    got = {r.id: (r.guard, r.reason) for r in rej}
    assert got["loop_interchange"][0] == "node_walk_first"
    assert "walking a linked container" in got["loop_interchange"][1]
    assert got["omp_simd"][0] == "stride_before_width"
    assert "app.data_structure" in got["omp_simd"][1]
