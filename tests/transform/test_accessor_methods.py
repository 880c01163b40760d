"""C++ element accessors (``cube.at(r, q, s)`` returning ``a[(r * nq + q) * np + s]``), defined
in a project header: the dependence tests read a call as the element it returns, so a nest
written through them is reordered like one over plain arrays (built with g++, same output), a
dependence through them is seen, and two classes with a method of the same name are told apart
by the object's declared class. A method that does more than return the element stays a call."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

HEADER = """#pragma once
#include <cstddef>
#include <vector>

struct Cube {
    int nr = 0, nq = 0, np = 0;
    std::vector<double> a;
    double &at(int r, int q, int p) { return a[(static_cast<std::size_t>(r) * nq + q) * np + p]; }
    double at(int r, int q, int p) const {
        return a[(static_cast<std::size_t>(r) * nq + q) * np + p];
    }
};

struct Weights {
    int n = 0;
    std::vector<double> w;
    double at(int s, int p) const { return w[static_cast<std::size_t>(s) * n + p]; }
};
"""

PROGRAM = """#include <cstdio>
#include <vector>
#include "cube.hpp"

static void mix(Cube &cube, const Weights &mw)
{
    const int np = cube.np;
    std::vector<double> sum(np);
    for (int r = 0; r < cube.nr; r++)
        for (int q = 0; q < cube.nq; q++) {
            for (int p = 0; p < np; p++) {
                sum[p] = 0.0;
                for (int s = 0; s < np; s++)
                    sum[p] += cube.at(r, q, s) * mw.at(s, p); // HOT
            }
            for (int p = 0; p < np; p++)
                cube.at(r, q, p) = sum[p];
        }
}

int main()
{
    Cube c;
    c.nr = 6; c.nq = 5; c.np = 96;
    c.a.resize(static_cast<std::size_t>(c.nr) * c.nq * c.np);
    for (std::size_t k = 0; k < c.a.size(); k++) c.a[k] = static_cast<double>((k * 37) % 101) / 7.0;
    Weights m;
    m.n = c.np;
    m.w.resize(static_cast<std::size_t>(m.n) * m.n);
    for (std::size_t k = 0; k < m.w.size(); k++) m.w[k] = static_cast<double>((k * 13) % 29) / 31.0;
    mix(c, m);
    double s = 0.0;
    for (std::size_t k = 0; k < c.a.size(); k++) s += c.a[k] * static_cast<double>(1 + k % 7);
    std::printf("checksum=%.17g\\n", s);
    return 0;
}
"""


def test_a_nest_through_accessor_methods_is_reordered_with_the_same_output(
        tmp_path: Path) -> None:
    """sum[p] += cube.at(r, q, s) * mw.at(s, p) walks mw's column: the (p, s) nest becomes
    (s, p) with the reset of sum[] run first; cube.at and mw.at are told apart by the class."""
    write(tmp_path, "cube.hpp", HEADER)
    prog = write(tmp_path, "mix.cpp", PROGRAM)
    g = generate("loop_interchange", PROGRAM, "mix.cpp", line_of(PROGRAM, "HOT"),
                 root=tmp_path)
    assert isinstance(g, Generated), g
    assert "reordered to (s, p)" in g.note, g.note
    after = build_run(write(tmp_path, "mixed.cpp", g.new_text))
    assert after == build_run(prog) and "checksum=" in after


def test_a_dependence_through_an_accessor_method_is_seen(tmp_path: Path) -> None:
    """Each band reads the band before it, updated in this same sweep (p - 1): walking s
    outermost would read it before its update. The write goes through cube.at, and the
    interchange is refused naming the array behind it."""
    write(tmp_path, "cube.hpp", HEADER)
    src = PROGRAM.replace(
        "            for (int p = 0; p < np; p++) {\n"
        "                sum[p] = 0.0;\n"
        "                for (int s = 0; s < np; s++)\n"
        "                    sum[p] += cube.at(r, q, s) * mw.at(s, p); // HOT\n"
        "            }\n",
        "            for (int p = 1; p < np; p++)\n"
        "                for (int s = 0; s < np; s++)\n"
        "                    cube.at(r, q, p) += cube.at(r, q, p - 1) * mw.at(s, p); // HOT\n")
    r = generate("loop_interchange", src, "mix.cpp", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "cube.a" in r.reason and "cube.at(r, q, p - 1)" in r.reason, r.reason


def test_a_method_that_checks_its_bounds_stays_a_call(tmp_path: Path) -> None:
    """An accessor with a bounds check (two statements) may do anything: the nest is refused
    on the call, as before."""
    write(tmp_path, "cube.hpp", HEADER.replace(
        "    double at(int s, int p) const { return w[static_cast<std::size_t>(s) * n + p]; }",
        "    double at(int s, int p) const {\n        if (s >= n) throw 1;\n"
        "        return w[static_cast<std::size_t>(s) * n + p];\n    }"))
    r = generate("loop_interchange", PROGRAM, "mix.cpp", line_of(PROGRAM, "HOT"),
                 root=tmp_path)
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "call to mw.at() at line" in r.reason, r.reason
