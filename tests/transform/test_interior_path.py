"""interior_path: a loop that reads its neighbours through a clamp gets an unclamped copy,
taken when the clamped positions at its first and last iteration are inside. A block-matching
search with a clamp helper (C) and a 1-D blur with ``std::min(std::max(...))`` (C++) are built
and run with the real compilers and print the same numbers; a clamp of an index that is not
linear in the loop variable, or whose bound the loop changes, is refused naming why."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

MATCH_C = """#include <stdio.h>
#include <stdlib.h>

static inline int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

int main(void)
{
    const int w = 200, h = 120, B = 8, R = 6;
    unsigned char *cur = malloc(w * h), *ref = malloc(w * h);
    for (int i = 0; i < w * h; i++) {
        cur[i] = (unsigned char)((i * 131) ^ (i >> 3));
        ref[i] = (unsigned char)((i * 131 + 7) ^ (i >> 3));
    }
    unsigned long total = 0, best = 0;
    for (int by = 0; by < h / B; by++)
        for (int bx = 0; bx < w / B; bx++)
            for (int dy = -R; dy <= R; dy++)
                for (int dx = -R; dx <= R; dx++) {
                    unsigned s = 0;
                    for (int y = 0; y < B; y++) {
                        const int ry = clampi(by * B + y + dy, 0, h - 1);
                        for (int x = 0; x < B; x++) {
                            const int rx = clampi(bx * B + x + dx, 0, w - 1);
                            int d = cur[(by * B + y) * w + bx * B + x] - ref[ry * w + rx];
                            s += d < 0 ? -d : d;
                        }
                    }
                    total += s;
                    if (s > best) best = s;
                }
    printf("%lu %lu\\n", total, best);
    free(cur);
    free(ref);
    return 0;
}
"""

BLUR_CPP = """#include <algorithm>
#include <cstdio>
#include <vector>

int main()
{
    const int n = 5000, r = 3;
    std::vector<double> in(n), out(n);
    for (int i = 0; i < n; i++) in[i] = (i * 37 % 101) * 0.01;
    for (int pass = 0; pass < 20; pass++) {
        for (int i = 0; i < n; i++) {
            double s = 0.0;
            for (int k = -r; k <= r; k++) {
                const int j = std::min(std::max(i + k, 0), n - 1);
                s += in[j];
            }
            out[i] = s / (2 * r + 1);
        }
        in.swap(out);
    }
    double t = 0.0;
    for (int i = 0; i < n; i++) t += in[i] * (i % 13);
    std::printf("%.15e\\n", t);
    return 0;
}
"""


def _same(tmp: Path, name: str, text: str, needle: str) -> Generated:
    g = generate("interior_path", text, name, line_of(text, needle))
    assert isinstance(g, Generated), g
    before = build_run(write(tmp, name, text))
    (tmp / "after").mkdir()
    assert build_run(write(tmp / "after", name, g.new_text)) == before
    return g


def test_a_block_search_gets_an_unclamped_interior(tmp_path: Path) -> None:
    g = _same(tmp_path, "match.c", MATCH_C, "const int rx = clampi(")
    assert "const int rx = (bx * B + x + dx);" in g.new_text
    assert "const int rx = clampi(bx * B + x + dx, 0, w - 1);" in g.new_text  # edges kept
    # the row's clamp belongs to the loop around: left as it is
    assert g.new_text.count("clampi(by * B + y + dy, 0, h - 1)") == 1


def test_a_blur_through_min_and_max(tmp_path: Path) -> None:
    g = _same(tmp_path, "blur.cpp", BLUR_CPP, "std::min(std::max(")
    assert "const int j = (i + k);" in g.new_text


def test_an_index_not_linear_in_the_loop_is_refused() -> None:
    text = MATCH_C.replace("clampi(bx * B + x + dx, 0, w - 1)",
                           "clampi(bx * B + x * x + dx, 0, w - 1)")
    got = generate("interior_path", text, "match.c", line_of(text, "const int rx = clampi("))
    assert isinstance(got, Refusal) and "not linear" in got.reason


def test_a_bound_the_loop_changes_is_refused() -> None:
    text = BLUR_CPP.replace("int main()\n{\n    const int n = 5000, r = 3;",
                            "int main()\n{\n    int n = 5000; const int r = 3;").replace(
        "s += in[j];", "s += in[j]; n += 0;")
    got = generate("interior_path", text, "blur.cpp", line_of(text, "std::min(std::max("))
    assert isinstance(got, Refusal) and "'n' changes" in got.reason
