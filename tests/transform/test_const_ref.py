"""const_ref: C++ parameters copied by value that the function only reads become ``const T&``,
in the header's declarations and the definition, on a multi-file program with a Makefile
(tests/transform/data/cpp_stats). Legal: a vector, a member function's vector, a struct
holding a string and a vector, a string; the patched program is built with its Makefile and
prints exactly what the original prints. Illegal (refused, the reason named): the vector is
sorted, moved from, passed where the same object is also the output; a small trivially
copyable struct; a non-const member called; a global the function writes passed to it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.model.proposals import Proposal, Verification
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "cpp_stats"
MAIN = (DATA / "main.cpp").read_text()


def _make_run(work: Path) -> str:
    require_tool("make")
    require_tool("g++")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "SAMPLES=3000"], cwd=work, capture_output=True,
                       text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run(["./stats"], cwd=work, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_read_only_copies_become_const_references_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    work = tmp_path / "stats"
    shutil.copytree(DATA, work)
    before = _make_run(work)
    lines = [line_of(MAIN, s) for s in ("acc += mean(series.values)", "series.weighted(",
                                        "spread(series)", "label_len(")]
    p = Proposal(id="const_ref", kind="source", scope=f"main.cpp:{lines[0]}",
                 addresses=("app.redundant_work",),
                 verification=Verification((("perf", "stat", "--", "./stats"),),
                                           "time.elapsed", "lower"))
    out, bad = attach_diffs([p], work, also=[("main.cpp", ln) for ln in lines[1:]])
    assert not bad, bad
    ch = out[0].change
    assert ch is not None
    for old, new in [("double mean(std::vector<double> v);",
                      "double mean(const std::vector<double>& v);"),
                     ("double mean(std::vector<double> v)",
                      "double mean(const std::vector<double>& v)"),
                     ("    double weighted(std::vector<double> weights) const;",
                      "    double weighted(const std::vector<double>& weights) const;"),
                     ("double Series::weighted(std::vector<double> weights) const",
                      "double Series::weighted(const std::vector<double>& weights) const"),
                     ("double spread(Series s);", "double spread(const Series& s);"),
                     ("std::size_t label_len(std::string label);",
                      "std::size_t label_len(const std::string& label);")]:
        assert f"-{old}" in ch.diff and f"+{new}" in ch.diff, old
    assert "--- a/stats.h" in ch.diff and "--- a/stats.cpp" in ch.diff
    assert "main.cpp" not in ch.diff  # the calls stay as they are
    # every other by-value parameter stays
    assert "-double trimmed" not in ch.diff and "-double consume" not in ch.diff
    from perfscout.pipeline.source_changes import apply_unified_diff
    for name in ("stats.h", "stats.cpp"):
        part = ch.diff[ch.diff.index(f"--- a/{name}"):]
        nxt = part.find("--- a/", 1)
        part = part if nxt < 0 else part[:nxt]
        f = work / name
        f.write_text(apply_unified_diff(f.read_text(), part, name))
    assert _make_run(work) == before


@pytest.mark.parametrize(("call", "why"), [
    ("trimmed(", "v through .begin() is handed to std::sort(), which writes through it"),
    ("consume(", "v is moved from: std::move(v)"),
    ("normalise(series", "centred is also passed as parameter 2, which normalise() may write"),
])
def test_copies_that_must_stay_are_refused_named(call: str, why: str) -> None:
    got = generate("const_ref", MAIN, "main.cpp", line_of(MAIN, call), root=DATA)
    assert isinstance(got, Refusal) and why in got.reason, got


def test_a_small_trivially_copyable_struct_stays_a_copy_and_is_named() -> None:
    """dist(Point a, Point b) is called in the same hot loop as the others: they change, it
    does not (two doubles: the copy costs no allocation), and the note says so."""
    got = generate("const_ref", MAIN, "main.cpp", line_of(MAIN, "dist(Point"), root=DATA)
    assert isinstance(got, Generated)
    assert "dist(Point a): a scalar, pointer or small trivially copyable type" in got.note
    header = dict(got.others)["stats.h"]
    assert "double dist(Point a, Point b);" in header
    assert "double spread(const Series& s);" in header


NON_CONST = """#include <vector>
struct Bag { std::vector<int> v; void add(int x) { v.push_back(x); }
             int total() const { int s = 0; for (int x : v) s += x; return s; } };
int grow(Bag b) { b.add(1); return b.total(); }
int sum(Bag b) { return b.total(); }
std::vector<double> g;
double first(std::vector<double> v) { g[0] = 2.0; return v[0]; }
double head(std::vector<double> v) { auto &r = v; return r[0]; }
struct Acc { std::vector<double> hist; double total = 0;
             void add(std::vector<double> v) { for (double x : v) total += x;
                                                hist.push_back(total); } };
int main() { Bag b; int s = grow(b) + sum(b); Acc a; a.add(a.hist);
             return s + (int)first(g) + (int)head(g); }
"""


@pytest.mark.parametrize(("call", "why", "ok"), [
    ("int grow", "calls Bag::add(), which is not declared const", False),
    ("int sum", "", True),
    ("double first", "g is passed while first() writes g itself", False),
    ("double head", "is bound to the non-const reference &r", False),
    ("void add(std::vector", "a.hist is passed while add() writes hist itself", False),
])
def test_members_globals_and_references(call: str, why: str, ok: bool) -> None:
    got = generate("const_ref", NON_CONST, "bag.cpp", line_of(NON_CONST, call))
    if ok:
        assert isinstance(got, Generated) and "int sum(const Bag& b)" in got.new_text
        assert "int grow(Bag b)" in got.new_text
    else:
        assert isinstance(got, Refusal) and why in got.reason, got


def test_c_is_refused() -> None:
    got = generate("const_ref", "int f(int a) { return a; }\n", "f.c", 1)
    assert isinstance(got, Refusal) and "not C++" in got.reason


def test_a_cpp_header_is_read_as_cpp(tmp_path: Path) -> None:
    """The hot line in an inline function of a .h header of a C++ project."""
    (tmp_path / "sum.h").write_text(
        "#include <vector>\ninline double total(std::vector<double> v) {\n"
        "    double s = 0;\n    for (double x : v) s += x;\n    return s;\n}\n")
    text = (tmp_path / "sum.h").read_text()
    got = generate("const_ref", text, "sum.h", 4, root=tmp_path)
    assert isinstance(got, Generated), got
    assert "inline double total(const std::vector<double>& v) {" in got.new_text
