"""template_callable: a ``std::function`` parameter that the function only calls becomes a
template parameter, on the own multi-file program tests/transform/data/devirt (a 1-D upwind
sweep whose flux comes in as ``const std::function&`` from a header, a source term taken by
value in the translation unit of its only caller; Makefile, sizes from argv, own timer).
Legal: both become templates, the patched program builds with its Makefile, prints exactly
what the original prints, and takes less CPU time (interleaved runs, medians). Refused, the
reason named: the callable kept in a member, tested for emptiness, declared in a header whose
body is in a .cpp other translation units use, called from another translation unit, virtual,
passed an empty callable."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "devirt"


def _gen(root: Path, rel: str, line: int) -> Generated | Refusal:
    return generate("template_callable", (root / rel).read_text(), rel, line, root=root)


def _build(work: Path) -> None:
    require_tool("make")
    require_tool("g++")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s"], cwd=work, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr


def _run(work: Path, argv: list[str]) -> tuple[str, float]:
    """(stdout without the program's own timing line, CPU seconds of the run)."""
    p = subprocess.Popen(["./flow", *argv], cwd=work, stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    out = p.stdout.read()
    _pid, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    assert p.returncode == 0
    return "".join(ln for ln in out.splitlines(True) if not ln.startswith("time ")), \
        ru.ru_utime + ru.ru_stime


def test_the_kernel_and_the_source_term_become_templates_same_output_less_cpu(
        tmp_path: Path) -> None:
    main = (DATA / "main.cpp").read_text()
    g = _gen(DATA, "main.cpp", line_of(main, "sweep(u, un, 0.4, burgers);"))
    assert isinstance(g, Generated), g
    assert "template <class Src>\nstatic void relax(" in g.new_text
    assert "double dt, const Src& src)" in g.new_text
    header = dict(g.others)["sweep.hpp"]
    assert "template <class Flux>\ninline void sweep(" in header
    assert "const Flux& flux) {" in header
    # the refused ones are left as they were, their reasons in the note
    assert "const std::function<double(double)>& flux) {\n  if (!flux)" in header
    assert "flux_sum(): flux at line 18 is tested for emptiness" in g.note
    assert "phi_, a std::function member" in g.note
    assert "integrate() is declared in split.hpp" in g.note
    before, after = tmp_path / "before", tmp_path / "after"
    shutil.copytree(DATA, before)
    shutil.copytree(DATA, after)
    (after / "main.cpp").write_text(g.new_text)
    for rel, text in g.others:
        (after / rel).write_text(text)
    _build(before)
    _build(after)
    argv = ["200000", "150"]
    cpu: dict[str, list[float]] = {"before": [], "after": []}
    outs: dict[str, set[str]] = {"before": set(), "after": set()}
    for _ in range(5):  # interleaved: the load changes both alike
        for name, work in (("before", before), ("after", after)):
            out, secs = _run(work, argv)
            outs[name].add(out)
            cpu[name].append(secs)
    assert outs["before"] == outs["after"] and len(outs["after"]) == 1, outs
    ratio = statistics.median(cpu["after"]) / statistics.median(cpu["before"])
    assert ratio < 0.85, (ratio, cpu)


@pytest.mark.parametrize(("rel", "anchor", "reason"), [
    ("stored.hpp", "for (double& v : u) v = phi_(v);",
     "apply() calls phi_, a std::function member stored in the object"),
    ("sweep.hpp", "for (double v : u) s += flux(v);",
     "flux_sum(): flux at line 18 is tested for emptiness (!flux)"),
    ("split.cpp", "for (double v : u) s += g(v);",
     "integrate() is declared in split.hpp:6 without its body (defined in split.cpp:3)"),
])
def test_refused_with_the_reason(rel: str, anchor: str, reason: str) -> None:
    r = _gen(DATA, rel, line_of((DATA / rel).read_text(), anchor))
    assert isinstance(r, Refusal), r
    assert reason in r.reason


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    return tmp_path


KERNEL = ("#include <functional>\n"
          "double total(const double* x, int n, std::function<double(double)> f) {\n"
          "  double s = 0;\n  for (int i = 0; i < n; ++i) s += f(x[i]);\n  return s;\n}\n")


def test_a_definition_in_a_source_called_from_another_translation_unit_is_refused(
        tmp_path: Path) -> None:
    root = _project(tmp_path, {"kernel.cpp": KERNEL, "main.cpp": (
        "#include <functional>\ndouble total(const double*, int, std::function<double(double)>);"
        "\nint main() { double x[2] = {1, 2}; return (int)total(x, 2, [](double v) "
        "{ return v; }); }\n")})
    r = _gen(root, "kernel.cpp", 4)
    assert isinstance(r, Refusal)
    assert "called from main.cpp:3, another translation unit" in r.reason


@pytest.mark.parametrize(("extra", "reason"), [
    ("int use() { double x[1] = {1}; return (int)total(x, 1, nullptr); }\n",
     "passes nullptr (an empty callable)"),
    ("int use() { double x[1] = {1}; int c = 0; return (int)total(x, 1, "
     "[c](double v) mutable { return v + ++c; }); }\n", "passes a mutable lambda"),
    ("auto ptr = &total;\n", "total is used as a value at kernel.cpp:7"),
])
def test_callers_that_need_the_std_function_are_refused(tmp_path: Path, extra: str,
                                                        reason: str) -> None:
    root = _project(tmp_path, {"kernel.cpp": KERNEL + extra})
    r = _gen(root, "kernel.cpp", 4)
    assert isinstance(r, Refusal)
    assert reason in r.reason


def test_a_virtual_member_and_a_stored_parameter_are_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, {"k.hpp": (
        "#include <functional>\n#include <vector>\nstruct Base {\n"
        "  virtual double run(const std::vector<double>& u, "
        "const std::function<double(double)>& f) {\n"
        "    double s = 0;\n    for (double v : u) s += f(v);\n    return s;\n  }\n};\n"
        "struct Keep {\n  std::function<double(double)> g;\n"
        "  double run(const std::vector<double>& u, std::function<double(double)> f) {\n"
        "    g = f;\n    double s = 0;\n    for (double v : u) s += f(v);\n    return s;\n"
        "  }\n};\n")})
    r = _gen(root, "k.hpp", 6)
    assert isinstance(r, Refusal) and "Base::run() is virtual" in r.reason, r
    r = _gen(root, "k.hpp", 15)
    assert isinstance(r, Refusal) and "f at line 13 is stored or replaced (g = f)" in r.reason, r


GRID = """#include <functional>
#include <vector>
struct Grid {
  std::vector<double> u;
  double total(const std::function<double(double)>& g) const {
    double s = 0;
    for (double v : u) s += g(v);
    return s;
  }
  double apply2(std::function<double(double)> g, std::function<double(double)> h) const;
};
inline double Grid::apply2(std::function<double(double)> g, std::function<double(double)> h) const {
  double s = 0;
  for (double v : u) s += g(v) * h(v);
  return s;
}
template <class T>
T scaled(const std::vector<T>& x, std::function<T(T)> f) {
  T s = 0;
  for (const T& v : x) s += f(v);
  return s;
}
"""
GRID_MAIN = """#include <cstdio>
#include "k.hpp"
static double sq(double v) { return v * v; }
int main() {
  Grid g{{1, 2, 3}};
  std::printf("%g %g %g\\n", g.total([](double v) { return v + 1; }),
              g.apply2(sq, [](double v) { return 2 * v; }), scaled<double>(g.u, sq));
}
"""


def test_members_and_a_function_template_build_and_print_the_same(tmp_path: Path) -> None:
    """An in-class member, an out-of-class member with its in-class declaration (two
    parameters), a function template (one more template parameter); callers pass a lambda, a
    function and an explicit template argument, all unchanged."""
    gxx = require_tool("g++")
    root = _project(tmp_path, {"k.hpp": GRID, "main.cpp": GRID_MAIN})

    def run() -> str:
        subprocess.run([gxx, "-O2", "main.cpp", "-o", "a"], cwd=root, check=True,
                       capture_output=True, timeout=300)
        return subprocess.run(["./a"], cwd=root, check=True, capture_output=True,
                              text=True).stdout

    before = run()
    for anchor in ("for (double v : u) s += g(v);", "s += g(v) * h(v);", "s += f(v);"):
        g = _gen(root, "k.hpp", line_of((root / "k.hpp").read_text(), anchor))
        assert isinstance(g, Generated), g
        (root / "k.hpp").write_text(g.new_text)
    text = (root / "k.hpp").read_text()
    assert "  template <class G>\n  double total(const G& g) const {" in text
    assert "  template <class G_, class H>\n  double apply2(const G_& g, const H& h) const;" in text
    assert "template <class G_, class H>\ninline double Grid::apply2(const G_& g, const H& h)" \
        in text
    assert "template <class T, class F>\nT scaled(const std::vector<T>& x, const F& f) {" in text
    assert "std::function" not in text.split("\n", 2)[2]
    assert run() == before
