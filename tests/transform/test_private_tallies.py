"""private_tallies: a ``critical`` block of several tally updates by computed index in a
``parallel for`` (which omp_reduction refuses) kept per thread and merged once. On an own
multi-file project with a Makefile (tests/transform/data/tallies): a C photon-scoring loop
(two global arrays with a known extent and a scalar: an array-section reduction) and a C++
histogram of two ``std::vector`` (private buffers merged after the loop in one critical),
built and run with 2 threads before and after: counts identical, floating sums equal within
rounding. Illegal: a max inside the critical, an update that reads another tally, a tally
read outside the critical, a rank-2 tally, a pointer tally of unknown extent: refused, the
statement named."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.model.proposals import Proposal
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "tallies"
SIM = (DATA / "sim.c").read_text()
HIST = (DATA / "hist.cpp").read_text()


def _make_run(work: Path) -> dict[str, list[float]]:
    require_tool("make")
    require_tool("g++")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "EVENTS=200000"], cwd=work, capture_output=True,
                       text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    out = {}
    for prog in ("slab", "hist", "beam"):
        r = subprocess.run([f"./{prog}"], cwd=work, capture_output=True, text=True,
                           timeout=300, env={**os.environ, "OMP_NUM_THREADS": "2"})
        assert r.returncode == 0, r.stderr
        out[prog] = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", r.stdout)]
    return out


def test_critical_tallies_become_per_thread_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    before = _make_run(work)
    for name, needle in (("sim.c", "edep[b] += w"), ("hist.cpp", "wsum[b] += x")):
        text = (work / name).read_text()
        assert isinstance(generate("omp_reduction", text, name, line_of(text, needle),
                                   root=work), Refusal)  # several updates in one critical
        got = generate("private_tallies", text, name, line_of(text, needle), root=work)
        assert isinstance(got, Generated), got
        assert "omp critical(score)" not in got.new_text
        (work / name).write_text(got.new_text)
    sim = (work / "sim.c").read_text()
    assert "#pragma omp parallel for schedule(static) reduction(+:edep[:NB], hits[:NB], " \
           "total)" in sim
    hist = (work / "hist.cpp").read_text()
    assert "ps_wsum[b] += x;" in hist and "wsum[ps_k] += ps_wsum[ps_k];" in hist
    assert "#pragma omp for schedule(static)" in hist
    assert hist.count("#pragma omp critical") == 1  # only the merge
    after = _make_run(work)
    for prog, vals in before.items():
        assert len(after[prog]) == len(vals)
        assert after[prog] == pytest.approx(vals, rel=1e-9), prog


@pytest.mark.parametrize(("old", "new", "why"), [
    ("            total += w;\n", "            if (w > wmax)\n                wmax = w;\n",
     "holds 'if (w > wmax)"),
    ("edep[b] += w;", "edep[b] += w * hits[b];", "reads hits, a tally"),
    ("        if (b >= NB)\n", "        if (hits[b] > 100 || b >= NB)\n",
     "hits is read or written outside the critical update"),
    ("edep[b] += w;", "prof[b][0] += w;", "prof[b][0] is an element of a rank-2 array"),
])
def test_tallies_that_cannot_be_split_are_refused_named(old: str, new: str, why: str) -> None:
    text = SIM.replace("double total = 0.0;", "double total = 0.0, wmax = 0.0;\n"
                       "    static double prof[NB][2];").replace(old, new)
    assert text != SIM
    got = generate("private_tallies", text, "sim.c", line_of(text, "for (i = 0"), root=DATA)
    assert isinstance(got, Refusal) and why in got.reason, got


def test_a_pointer_tally_of_unknown_extent_is_refused() -> None:
    text = ("void score(double *t, const int *bin, int n)\n{\n    int i;\n"
            "#pragma omp parallel for\n    for (i = 0; i < n; i++) {\n"
            "#pragma omp critical\n        {\n            t[bin[i]] += 1.0;\n"
            "            t[0] -= 0.5;\n        }\n    }\n}\n")
    got = generate("private_tallies", text, "score.c", 5)
    assert isinstance(got, Refusal) and "extent of t" in got.reason, got


def _offered(path: Path, line: int, fid: str) -> dict[str, Proposal]:
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.sandbox import default_runner

    prof = Profile("perf-annotate", "annotate.txt", meta={"command": "./slab"}, hotspots=(
        Hotspot(f"{path}:{line}", self_share=0.6, kind="line"),))
    adv = advise([finding(fid, scope="")], None, [prof], policy_check=default_runner().check)
    return {p.id: p for p in adv.proposals}


@pytest.mark.parametrize("fid", ["rt.sync_contention", "rt.serial_fraction"])
def test_offered_where_omp_reduction_is_not(tmp_path: Path, fid: str) -> None:
    """The hot line is the critical's update: private_tallies is offered with its diff,
    omp_reduction is not (several updates in one critical)."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    got = _offered(work / "sim.c", line_of(SIM, "edep[b] += w"), fid)
    assert "private_tallies" in got and "omp_reduction" not in got, list(got)
    p = got["private_tallies"]
    assert p.scope.endswith(f"/sim.c:{line_of(SIM, 'edep[b] += w')}")
    out, bad = attach_diffs([p], work)
    assert not bad, bad
    assert out[0].change is not None and "reduction(+:edep[:NB]" in out[0].change.diff


def test_not_offered_where_omp_reduction_applies(tmp_path: Path) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    one = SIM.replace("            hits[b]++;\n            total += w;\n", "")
    (work / "sim.c").write_text(one)
    got = _offered(work / "sim.c", line_of(one, "edep[b] += w"), "rt.sync_contention")
    assert "omp_reduction" in got and "private_tallies" not in got, list(got)


RUNTIME = """#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int nb = argc > 1 ? atoi(argv[1]) : 37;
    long n = 300000, i;
    double *w = calloc(nb, sizeof(double));
    long *c = malloc(nb * sizeof(long));
    for (i = 0; i < nb; i++)
        c[i] = 0;
#pragma omp parallel for
    for (i = 0; i < n; i++) {
        int b = (int)((i * 2654435761u) % (unsigned)nb);
#pragma omp critical
        {
            w[b] += 0.25 * (double)(i % 7);
            c[b]++;
        }
    }
    for (i = 0; i < nb; i += 5)
        printf("%ld %ld %.4f\\n", i, c[i], w[i]);
    free(w);
    free(c);
    return 0;
}
"""


def test_a_run_time_extent_allocated_in_the_function_is_an_array_section(
        tmp_path: Path) -> None:
    """Tallies calloc'd/malloc'd with a count from argv before the loop, in the same
    function: the count still names the extent at the loop, so the section is
    ``w[:nb]``; a count changed after the allocation is refused."""
    from transform._cc import build_run, write

    line = line_of(RUNTIME, "w[b] +=")
    got = generate("private_tallies", RUNTIME, "tally.c", line)
    assert isinstance(got, Generated), got
    assert "#pragma omp parallel for reduction(+:w[:nb], c[:nb])" in got.new_text
    before = build_run(write(tmp_path, "before.c", RUNTIME), ["-fopenmp"], args=["41"])
    after = build_run(write(tmp_path, "after.c", got.new_text), ["-fopenmp"], args=["41"])
    assert [float(x) for x in after.split()] == pytest.approx(
        [float(x) for x in before.split()], rel=1e-12)
    moved = RUNTIME.replace("    for (i = 0; i < nb; i++)\n        c[i] = 0;\n",
                            "    nb = nb / 2;\n")
    bad = generate("private_tallies", moved, "tally.c", line_of(moved, "w[b] +="))
    assert isinstance(bad, Refusal) and "extent of w" in bad.reason, bad


SCORE = (DATA / "score.c").read_text()
BEAM = (DATA / "beam.c").read_text()


def test_a_critical_in_the_called_function_becomes_a_private_tally_per_thread(
        tmp_path: Path) -> None:
    """score() (score.c) adds into its Tally *t inside a critical; the parallel loop in
    beam.c calls score(&tally, ...): each thread gets a zeroed Tally, merged once after the
    loop, and the callee's critical goes. Built with the Makefile, run with 2 threads."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    before = _make_run(work)["beam"]
    got = generate("private_tallies", SCORE, "score.c", line_of(SCORE, "t->prof[iz] += w"),
                   root=work)
    assert isinstance(got, Generated), got
    assert "#pragma omp critical" not in got.new_text
    caller = dict(got.others)["beam.c"]
    assert "Tally ps_tally = {0};" in caller and "score(&ps_tally, (int)depth, w);" in caller
    assert "tally.events += ps_tally.events;" in caller
    assert "--- a/score.c" in got.diff and "--- a/beam.c" in got.diff
    (work / "score.c").write_text(got.new_text)
    (work / "beam.c").write_text(caller)
    after = _make_run(work)["beam"]
    assert len(after) == len(before)
    assert after == pytest.approx(before, rel=1e-9)


@pytest.mark.parametrize(("score", "beam", "why"), [
    (SCORE.replace("t->absorbed += w;", "t->absorbed = w;"), BEAM,
     "'t->absorbed = w;' in the critical section is not a commutative"),
    (SCORE.replace("    if (iz < 0)\n", "    if (t->events > 100000000)\n        w = 0;\n"
                   "    if (iz < 0)\n"), BEAM,
     "score() uses t outside its critical updates ('if (t->events > 100000000)')"),
    (SCORE, BEAM.replace("    printf(\"absorbed", "    score(&tally, 0, 1.0);\n"
                         "    printf(\"absorbed"),
     "score() is called at beam.c:17 outside a 'parallel for' loop"),
    (SCORE, BEAM.replace("        score(&tally, (int)depth, w);",
                         "        score(&tally, (int)depth, w + tally.prof[0]);"),
     "tally is used in the loop outside the tally argument of score()"),
])
def test_a_called_critical_that_cannot_be_split_is_refused_named(
        tmp_path: Path, score: str, beam: str, why: str) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    (work / "score.c").write_text(score)
    (work / "beam.c").write_text(beam)
    got = generate("private_tallies", score, "score.c", line_of(score, "t->prof[iz] += w"),
                   root=work)
    assert isinstance(got, Refusal) and why in got.reason, got


def test_a_pointer_variable_passed_is_refused(tmp_path: Path) -> None:
    """score(tp, ...) with ``Tally *tp``: a private copy of the pointer would share the
    tally; refused, naming how it is passed and declared."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    beam = BEAM.replace("    Tally tally = {0};\n",
                        "    Tally tally = {0};\n    Tally *tp = &tally;\n").replace(
        "score(&tally, (int)depth, w);", "score(tp, (int)depth, w);")
    (work / "beam.c").write_text(beam)
    got = generate("private_tallies", SCORE, "score.c", line_of(SCORE, "t->prof[iz] += w"),
                   root=work)
    assert isinstance(got, Refusal) and "tp is passed as tp but declared a Tally" in got.reason, \
        got


def test_offered_at_the_callee_critical_with_both_files_changed(tmp_path: Path) -> None:
    """The profile's hot line is the update inside score()'s critical (score.c): the
    proposal carries the change of both files through the session's diff step."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    got = _offered(work / "score.c", line_of(SCORE, "t->prof[iz] += w"), "rt.sync_contention")
    assert "private_tallies" in got and "omp_reduction" not in got, list(got)
    out, bad = attach_diffs([got["private_tallies"]], work)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change is not None else ""
    assert "--- a/score.c" in diff and "--- a/beam.c" in diff
    assert "+        score(&ps_tally, (int)depth, w);" in diff
