"""parallelize_caller: omp parallel for on the loop that calls the hot function, when each call
writes only its own state. Legal callers (C++ over two files, C through the loop's own element)
build with -fopenmp and print the same output; callers of functions with shared state are
refused, naming the function and the statement."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from perfscout.transform.caller import callers_of
from transform._cc import build_run, line_of, write

LATTICE = """#include <algorithm>
#include <cmath>
#include <vector>
#include "lattice.hpp"

double price(const Contract& c, int steps) {
    const double u = std::exp(c.vol / std::sqrt(double(steps)));
    std::vector<double> v(steps + 1);
    for (int j = 0; j <= steps; ++j)
        v[j] = std::max(c.spot * std::pow(u, 2 * j - steps) - c.strike, 0.0);
    for (int i = steps - 1; i >= 0; --i)
        for (int j = 0; j <= i; ++j) v[j] = 0.5 * (v[j] + v[j + 1]);  // HOTLOOP
    return v[0];
}
"""
HEADER = """#pragma once
struct Contract { double spot, strike, vol; };
double price(const Contract& c, int steps);
"""
MAIN = """#include <cstdio>
#include <vector>
#include "lattice.hpp"

int main() {
    std::vector<Contract> book;
    for (int n = 0; n < 60; ++n) book.push_back({90.0 + n, 100.0, 0.1 + 0.01 * (n % 9)});
    std::vector<double> prem(book.size());
    for (std::size_t n = 0; n < book.size(); ++n) {
        prem[n] = price(book[n], 700);  // CALL
    }
    double s = 0.0;
    for (double p : prem) s += p;
    std::printf("book %.12f first %.12f last %.12f\\n", s, prem.front(), prem.back());
    return 0;
}
"""


def _project(tmp: Path, lattice: str = LATTICE, main: str = MAIN) -> Path:
    write(tmp, "lattice.hpp", HEADER)
    write(tmp, "lattice.cpp", lattice)
    write(tmp, "main.cpp", main)
    return tmp


def _run(tmp: Path, main: str, flags: list[str]) -> str:
    one = main.replace('#include "lattice.hpp"', '#include "lattice.hpp"\n'
                       + (tmp / "lattice.cpp").read_text().replace('#include "lattice.hpp"', ""))
    return build_run(write(tmp, f"all{len(flags)}.cpp", one), flags)


def test_cpp_caller_parallel_keeps_output(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert callers_of(root, "price") == [("main.cpp", line_of(MAIN, "CALL"))]
    g = generate("parallelize_caller", MAIN, "main.cpp", line_of(MAIN, "CALL"), root=root)
    assert isinstance(g, Generated), g
    assert "#pragma omp parallel for schedule(dynamic)" in g.new_text
    assert g.flags == ("-fopenmp",) and "price" in g.note
    before = _run(root, MAIN, [])
    after = _run(root, g.new_text, ["-fopenmp"])
    assert after == before and before.startswith("book ")


BAD = [
    ("    return v[0];", "    calls++;\n    return v[0];", "int calls = 0;\n",
     "writes calls at line"),
    ("    std::vector<double> v(steps + 1);", "    static std::vector<double> v(steps + 1);",
     "", "keeps the static v"),
    ("    return v[0];", "    std::printf(\"%f\\n\", v[0]);\n    return v[0];",
     "#include <cstdio>\n", "calls std::printf()"),
]


@pytest.mark.parametrize(("old", "new", "top", "why"), BAD, ids=[b[3] for b in BAD])
def test_callee_with_shared_state_refused(old: str, new: str, top: str, why: str,
                                          tmp_path: Path) -> None:
    root = _project(tmp_path, top + LATTICE.replace(old, new))
    r = generate("parallelize_caller", MAIN, "main.cpp", line_of(MAIN, "CALL"), root=root)
    assert isinstance(r, Refusal), r
    assert why in r.reason and "price()" in r.reason, r.reason


def test_loop_carried_value_refused(tmp_path: Path) -> None:
    main = MAIN.replace("prem[n] = price(book[n], 700);  // CALL",
                        "prem[n] = price(book[n], 700) + (n ? prem[n - 1] : 0.0);  // CALL")
    root = _project(tmp_path, main=main)
    r = generate("parallelize_caller", main, "main.cpp", line_of(main, "CALL"), root=root)
    assert isinstance(r, Refusal) and "prem" in r.reason, r


C_PROG = """#include <stdio.h>
#include <math.h>

static void smooth_row(double *out, const double *in, int m) {
    double acc = 0.0;
    for (int k = 0; k < m; k++) acc += sin(in[k] * (k + 1));
    *out = acc;
}

int main(void) {
    double in[300], res[200];
    for (int k = 0; k < 300; k++) in[k] = 0.01 * k;
    for (int i = 0; i < 200; i++) {
        smooth_row(&res[i], in, 100 + i);  /* CALL */
    }
    double s = 0.0;
    for (int i = 0; i < 200; i++) s += res[i];
    printf("sum %.12f\\n", s);
    return 0;
}
"""


def test_c_write_through_own_element(tmp_path: Path) -> None:
    g = generate("parallelize_caller", C_PROG, "p.c", line_of(C_PROG, "CALL"), root=tmp_path)
    assert isinstance(g, Generated), g
    before = build_run(write(tmp_path, "a.c", C_PROG))
    after = build_run(write(tmp_path, "b.c", g.new_text), ["-fopenmp"])
    assert after == before and before.startswith("sum ")


def test_c_write_through_shared_argument_refused(tmp_path: Path) -> None:
    src = C_PROG.replace("smooth_row(&res[i], in, 100 + i);", "smooth_row(&res[0], in, 100 + i);")
    r = generate("parallelize_caller", src, "p.c", line_of(src, "CALL"), root=tmp_path)
    assert isinstance(r, Refusal) and "parameter out" in r.reason and "&res[0]" in r.reason, r
