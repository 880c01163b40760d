"""cutoff_bounds: a nest that visits every grid point and tests its distance against a cutoff
gets each loop restricted to the cutoff's bounding box, the test kept. Legal nests (a 3-D
potential map in C, a 2-D C++ deposit whose offset runs against the index with an inclusive
bound and ``<=``) are built and run with the real compilers and print the same sums; nests
whose skipped iterations would do something, whose term reads two indices, whose compared
quantity is no sum of squares, or whose cutoff changes in the nest are refused naming why."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

POTMAP_C = """#include <math.h>
#include <stdio.h>

#define NX 48
#define NY 40
#define NZ 36

static float pot[NZ][NY][NX];

static void deposit(const float *xs, const float *ys, const float *zs, const float *qs,
                    int n, float h, float cut)
{
    const float a2 = cut * cut;
    for (int m = 0; m < n; m++) {
        const float ax = xs[m], ay = ys[m], az = zs[m];
        for (int k = 0; k < NZ; k++) {
            const float dz = k * h - az;
            for (int j = 0; j < NY; j++) {
                const float dy = (j + 0.5f) * h - ay;
                for (int i = 0; i < NX; i++) {
                    const float dx = i * h - ax;
                    const float r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < a2) {
                        const float s = 1.0f - r2 / a2;
                        pot[k][j][i] += qs[m] * s * s / sqrtf(r2 + 0.01f);
                    }
                }
            }
        }
    }
}

int main(void)
{
    float xs[64], ys[64], zs[64], qs[64];
    for (int m = 0; m < 64; m++) {
        xs[m] = (float)((m * 37) % 97) * 0.26f - 1.0f;
        ys[m] = (float)((m * 53) % 89) * 0.24f;
        zs[m] = (float)((m * 71) % 83) * 0.22f + 0.5f;
        qs[m] = (m % 3 == 0) ? -1.0f : 0.7f;
    }
    deposit(xs, ys, zs, qs, 64, 0.5f, 3.2f);
    double sum = 0.0, sq = 0.0;
    for (int k = 0; k < NZ; k++)
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++) {
                sum += pot[k][j][i];
                sq += (double)pot[k][j][i] * pot[k][j][i];
            }
    printf("%.9e %.9e %.9e\\n", sum, sq, (double)pot[NZ / 2][NY / 3][NX / 4]);
    return 0;
}
"""

SPLAT_CPP = """#include <cstdio>
#include <vector>

int main()
{
    const int n = 300;
    std::vector<double> grid((n + 1) * (n + 1), 0.0);
    const double h = 0.01, r = 0.037;
    for (int p = 0; p < 200; p++) {
        const double px = 0.5 + 0.4 * ((p * 17) % 101) / 101.0 - 0.2;
        const double py = 0.1 + 0.8 * ((p * 29) % 97) / 97.0;
        for (int j = 0; j <= n; j++) {
            const double ey = py - j * h;
            for (int i = 0; i <= n; i++) {
                const double ex = px - h * i;
                if (ex * ex + ey * ey <= r * r) {
                    grid[j * (n + 1) + i] += 1.0 - (ex * ex + ey * ey) / (r * r);
                }
            }
        }
    }
    double s = 0.0, w = 0.0;
    for (int k = 0; k < (n + 1) * (n + 1); k++) { s += grid[k]; w += k * grid[k]; }
    std::printf("%.12e %.12e\\n", s, w);
    return 0;
}
"""


def _gen(tmp: Path, name: str, text: str, needle: str) -> tuple[Path, Generated | Refusal]:
    src = write(tmp, name, text)
    return src, generate("cutoff_bounds", text, name, line_of(text, needle))


def _same_output(tmp: Path, name: str, text: str, needle: str) -> Generated:
    src, g = _gen(tmp, name, text, needle)
    assert isinstance(g, Generated), g
    before = build_run(src)
    (tmp / "after").mkdir()
    after = build_run(write(tmp / "after", name, g.new_text))
    assert after == before
    return g


def test_a_3d_potential_map_visits_only_the_cutoff_box(tmp_path: Path) -> None:
    g = _same_output(tmp_path, "potmap.c", POTMAP_C, "if (r2 < a2)")
    # each of the three loops now runs between bounds computed from the cutoff
    for v in ("k", "j", "i"):
        assert f"for (int {v} = ps_lo_{v}; {v} < ps_hi_{v}; {v}++)" in g.new_text
    assert "if (r2 < a2)" in g.new_text  # the test itself stays
    assert "j, i" in g.note or "k, j, i" in g.note


def test_an_offset_against_the_index_with_inclusive_bounds(tmp_path: Path) -> None:
    g = _same_output(tmp_path, "splat.cpp", SPLAT_CPP, "if (ex * ex")
    assert "for (int i = ps_lo_i; i < ps_hi_i; i++)" in g.new_text
    assert "for (int j = ps_lo_j; j < ps_hi_j; j++)" in g.new_text


def _refused(tmp: Path, text: str, needle: str) -> str:
    _src, g = _gen(tmp, "k.c", text, needle)
    assert isinstance(g, Refusal), g.diff if isinstance(g, Generated) else g
    return g.reason


def test_an_iteration_that_counts_outside_the_test_is_not_skipped(tmp_path: Path) -> None:
    text = POTMAP_C.replace("const float dx = i * h - ax;",
                            "const float dx = i * h - ax; tested++;").replace(
        "static float pot", "static long tested;\nstatic float pot")
    why = _refused(tmp_path, text, "if (r2 < a2)")
    assert "tested++" in why and "cannot be skipped" in why


def test_an_outer_index_in_a_term_is_fixed_in_the_inner_loop(tmp_path: Path) -> None:
    # dx also reads j: the i loop is bounded with j fixed, the j loop by dy alone
    text = POTMAP_C.replace("const float dx = i * h - ax;",
                            "const float dx = i * h - ax + 0.01f * j;")
    g = _same_output(tmp_path, "potmap.c", text, "if (r2 < a2)")
    assert "for (int i = ps_lo_i; i < ps_hi_i; i++)" in g.new_text


def test_two_terms_of_one_index_are_refused(tmp_path: Path) -> None:
    text = POTMAP_C.replace("const float r2 = dx * dx + dy * dy + dz * dz;",
                            "const float ex = i * h - ay;\n"
                            "                    const float r2 = dx * dx + ex * ex + dz * dz;")
    assert "two terms depend on i" in _refused(tmp_path, text, "if (r2 < a2)")


def test_no_sum_of_squares_is_refused(tmp_path: Path) -> None:
    text = POTMAP_C.replace("dx * dx + dy * dy + dz * dz", "dx * dy + dz * dz")
    assert "not a sum of squares" in _refused(tmp_path, text, "if (r2 < a2)")


def test_a_cutoff_that_changes_in_the_nest_is_refused(tmp_path: Path) -> None:
    text = POTMAP_C.replace("const float a2 = cut * cut;", "float a2 = cut * cut;").replace(
        "const float dz = k * h - az;", "const float dz = k * h - az; a2 = a2 * 1.0f;")
    why = _refused(tmp_path, text, "if (r2 < a2)")
    assert "a2" in why
