"""gcc -fopt-info-vec-all remarks from a real compile, and clang -Rpass remark text."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings

from conftest import require_tool
from ingest.fuzzing import check_only_parse_error, mutated_lines
from perfscout.ingest.adapters.compiler_remarks import access_of
from perfscout.ingest.registry import detect, get_adapter, load

LOOPS_C = """\
void saxpy(int n, float a, const float *restrict x, float *restrict y) {
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}
void prefix(int n, float *restrict y) {
    for (int i = 1; i < n; i++)
        y[i] = y[i - 1] + y[i];
}
"""


@pytest.fixture(scope="module")
def gcc_remarks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_tool("gcc")
    d = tmp_path_factory.mktemp("rem")
    (d / "loops.c").write_text(LOOPS_C)
    r = subprocess.run(["gcc", "-O3", "-fopt-info-vec-all", "-c", "loops.c", "-o", "loops.o"],
                       cwd=d, capture_output=True, text=True, check=True)
    f = d / "remarks.txt"
    f.write_text(r.stderr)
    return f


def test_gcc_vectorized_and_missed(gcc_remarks: Path) -> None:
    assert detect(gcc_remarks).name == "compiler_remarks"
    p = load(gcc_remarks)
    by_line = {r.line: r for r in p.remarks}
    assert by_line[2].vectorized  # the saxpy loop (line 2)
    assert not by_line[6].vectorized  # the prefix sum carries a dependence (line 6)
    assert by_line[6].message  # gcc's reason is kept
    assert p.first("vector.loops_vectorized").value == 1  # type: ignore[union-attr]
    assert p.first("vector.loops_missed").value == 1  # type: ignore[union-attr]
    assert p.meta["compiler"] == "gcc"
    assert p.unparsed_lines == 0


def test_gcc_missed_only_flag(tmp_path: Path) -> None:
    require_tool("gcc")
    (tmp_path / "loops.c").write_text(LOOPS_C)
    r = subprocess.run(["gcc", "-O3", "-fopt-info-vec-missed", "-c", "loops.c", "-o", "l.o"],
                       cwd=tmp_path, capture_output=True, text=True, check=True)
    f = tmp_path / "missed.txt"
    f.write_text(r.stderr)
    p = load(f)
    assert [r.line for r in p.remarks if not r.vectorized] == [6]
    assert not any(r.vectorized for r in p.remarks)


# clang's documented remark layout: "file:line:col: remark: text [-Rpass...=loop-vectorize]",
# each followed by the echoed source line and a caret line.
CLANG = (
"""\
k.c:3:5: remark: vectorized loop (vectorization width: 8, interleaved count: 4) """
"""[-Rpass=loop-vectorize]
    for (int i = 0; i < n; i++)
    ^
k.c:7:5: remark: loop not vectorized [-Rpass-missed=loop-vectorize]
    for (int i = 0; i < n; i++)
    ^
k.c:7:5: remark: loop not vectorized: cannot identify array bounds [-Rpass-analysis=loop-vectorize]
    for (int i = 0; i < n; i++)
    ^
k.c:11:5: remark: the cost-model indicates that vectorization is not beneficial; """
"""gather/scatter accesses [-Rpass-analysis=loop-vectorize]
    for (int i = 0; i < n; i++)
    ^
"""
)


def test_clang_remark_text(tmp_path: Path) -> None:
    f = tmp_path / "clang.txt"
    f.write_text(CLANG)
    p = load(f)
    assert p.format == "compiler_remarks" and p.meta["compiler"] == "clang"
    by_line = {r.line: r for r in p.remarks}
    assert by_line[3].vectorized
    assert not by_line[7].vectorized and "array bounds" in by_line[7].message
    assert by_line[11].access == "gather"
    assert p.first("vector.loops_missed").value == 2  # type: ignore[union-attr]
    assert p.unparsed_lines == 0


@pytest.mark.parametrize("msg,access", [
    ("not vectorized: not suitable for gather load _5 = *_4;", "gather"),
    ("Detected interleaving load of size 2", "strided"),
    ("not vectorized: complicated access pattern with non-consecutive stride", "strided"),
    ("loop vectorized using 32 byte vectors", ""),
])
def test_access_words(msg: str, access: str) -> None:
    assert access_of(msg) == access


@settings(max_examples=60, deadline=None)
@given(data=mutated_lines(CLANG.splitlines()))
def test_fuzz_only_parse_error(data: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        check_only_parse_error(get_adapter("compiler_remarks"), Path(d) / "m.txt", data)
