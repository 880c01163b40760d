"""callgrind_annotate / cg_annotate text and raw callgrind/cachegrind files."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from ingest.fuzzing import make_fuzz_test
from perfscout.ingest.registry import load
from perfscout.ingest.summary import drill
from perfscout.model.metrics import Profile


def _fn(p: Profile, name: str):  # type: ignore[no-untyped-def]
    return next(h for h in p.hotspots if h.name == name and h.kind == "function")


# (file, format, total Ir, function, its Ir, a hot line "file:line" or None, its Ir)
CASES = [
    # "5,229,753  952  931  PROGRAM TOTALS" / "5,000,015    1    1  a.c:main"
    # "3,000,004    0    0     for (int i = 0; i < 1000000; i++) {"  (line 3 of a.c)
    ("callgrind_annotate-3.2x-ann1-expected.txt", "callgrind_annotate", 5229753, "main",
     5000015, "a.c:3", 3000004),
    # "18,005 (100.0%) 4,057,955 (100.0%) 5,229,753 (100.0%)  PROGRAM TOTALS"  (Dw Dr Ir)
    # "    3 ( 0.02%) 4,000,004 (98.57%) 5,000,015 (95.61%)  a.c:main"
    ("callgrind_annotate-3.2x-ann2-expected.txt", "callgrind_annotate", 5229753, "main",
     5000015, "a.c:4", 2000000),
    # "752,320 (100.0%)  PROGRAM TOTALS"
    # "66,157 ( 8.79%)  ???:miniz_oxide::inflate::core::decompress [/home/mat/...]"
    ("callgrind_annotate-3.21-rust-simdnbt.txt", "callgrind_annotate", 752320,
     "miniz_oxide::inflate::core::decompress", 66157, None, 0),
    # "> 5,000,015    1    1  main:a.c" and ">    48,347   20   20  do_lookup_x:"
    ("cg_annotate-ann1a-expected.txt", "callgrind_annotate", 5229753, "do_lookup_x", 48347,
     "a.c:4", 2000000),
    # "summary: 5229753 952 931 4057955 ..." ; main's cost lines in a.c sum to 5000015
    ("cachegrind.out-ann1-raw.cgout", "callgrind_out", 5229753, "main", 5000015, "a.c:3",
     3000004),
]


@pytest.mark.parametrize("fname,fmt,total,func,ir,line,line_ir", CASES)
def test_corpus_values(corpus: Path, fname: str, fmt: str, total: int, func: str, ir: int,
                       line: str | None, line_ir: int) -> None:
    p = load(corpus / "callgrind" / fname)
    assert p.format == fmt
    assert p.unparsed_lines == 0
    ir_m = p.first("ir")
    assert ir_m is not None and ir_m.value == total
    assert _fn(p, func).self_value == ir
    if line:
        hl = next(h for h in p.hotspots if h.kind == "line" and h.name == line)
        assert hl.self_value == line_ir


def test_rust_module_and_share(corpus: Path) -> None:
    # "86,883 (11.55%)  /usr/src/debug/glibc/.../memset-vec-unaligned-erms.S:
    #   __memset_avx2_unaligned_erms [/usr/lib/libc.so.6]"
    p = load(corpus / "callgrind" / "callgrind_annotate-3.21-rust-simdnbt.txt")
    top = p.hotspots[0]
    assert top.name == "__memset_avx2_unaligned_erms"
    assert top.module == "/usr/lib/libc.so.6"
    assert top.self_share == pytest.approx(0.1155, abs=1e-4)


C_PROG = r"""
#include <stdio.h>
double leaf(int n) { double s = 0; for (int i = 0; i < n; i++) s += i * 0.5; return s; }
double mid(int n) { return leaf(n) + leaf(n / 2); }
int main(void) { double t = 0; for (int k = 0; k < 20; k++) t += mid(20000);
  printf("%f\n", t); return 0; }
"""


@pytest.fixture(scope="module")
def callgrind_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_tool("valgrind")
    require_tool("gcc")
    d = tmp_path_factory.mktemp("cg")
    (d / "p.c").write_text(C_PROG)
    subprocess.run(["gcc", "-O0", "-g", "-fno-inline", "p.c", "-o", "p"], cwd=d, check=True)
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=callgrind.out.1",
                    "./p"], cwd=d, check=True, capture_output=True)
    return d


def test_real_callgrind_raw_has_call_edges(callgrind_run: Path) -> None:
    p = load(callgrind_run / "callgrind.out.1")
    assert p.format == "callgrind_out"
    leaf = _fn(p, "leaf")
    mid = _fn(p, "mid")
    assert leaf.self_value is not None and mid.self_value is not None
    assert leaf.self_value > mid.self_value  # the loop is in leaf
    assert mid.inclusive_value is not None and mid.inclusive_value >= leaf.self_value
    d = drill(p, "leaf")
    assert [c.name for c in d.callers] == ["mid"]
    assert any(path[-3:] == ("main", "mid", "leaf") for path in d.callpaths)


def test_real_callgrind_annotate(callgrind_run: Path) -> None:
    require_tool("callgrind_annotate")
    out = subprocess.run(["callgrind_annotate", "--auto=yes", "callgrind.out.1"],
                         cwd=callgrind_run, check=True, capture_output=True, text=True).stdout
    f = callgrind_run / "annotate.txt"
    f.write_text(out)
    p = load(f)
    assert p.format == "callgrind_annotate"
    assert p.hotspots[0].name == "leaf"
    lines = [h for h in p.hotspots if h.kind == "line"]
    assert lines, "auto-annotation gives per-line costs"
    # the hottest line is the loop in leaf(), line 3 of p.c
    assert lines[0].location is not None and lines[0].location.line == 3


test_fuzz_annotate = make_fuzz_test("callgrind_annotate",
                                    "callgrind/callgrind_annotate-3.2x-ann1-expected.txt")
test_fuzz_cg_annotate = make_fuzz_test("callgrind_annotate",
                                       "callgrind/cg_annotate-ann1a-expected.txt")
test_fuzz_raw = make_fuzz_test("callgrind_out", "callgrind/cachegrind.out-ann1-raw.cgout",
                               examples=25)
