"""The generated changes are offered as proposals by the shape of the parsed hot loop: the
catalog tries each generator on the hottest lines of the line profile that lie in a readable
source (a libm line hotter than the program's own loop does not hide it), and offers the
proposal with the generated note only where the generator succeeds."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import finding

from perfscout.advise import advise
from perfscout.model.metrics import Hotspot, Profile
from perfscout.sandbox import default_runner
from transform._cc import line_of
from transform.test_caller_parallel import HEADER, LATTICE, MAIN
from transform.test_math_table import C_DFT
from transform.test_restrict_rows import FLOYD


def _offered(path: Path, line: int, fid: str = "hw.vectorization") -> dict[str, str]:
    prof = Profile("perf-annotate", "annotate.txt", meta={"command": "./prog"}, hotspots=(
        Hotspot("__sin_fma", self_share=0.6),
        Hotspot("./math/../sysdeps/ieee754/dbl-64/s_sin.c:144", self_share=0.5, kind="line"),
        Hotspot(f"{path}:{line}", self_share=0.3, kind="line")))
    adv = advise([finding(fid, scope="")], None, [prof],
                 policy_check=default_runner().check)
    return {p.id: f"{p.scope} {p.change.description if p.change else ''}"
            for p in adv.proposals}


def test_trig_table_offered_past_a_libm_line(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -o dft dft.c -lm\n")
    src = tmp_path / "dft.c"
    src.write_text(C_DFT)
    got = _offered(src, line_of(C_DFT, "HOT"))
    assert "hoist_math" in got and f"{src}:{line_of(C_DFT, 'HOT')}" in got["hoist_math"]
    assert "table" in got["hoist_math"]
    assert "restrict_rows" not in got  # no row aliasing in a dft loop


def test_restrict_rows_offered_on_floyd(tmp_path: Path) -> None:
    src = tmp_path / "f.c"
    src.write_text(FLOYD)
    got = _offered(src, line_of(FLOYD, "HOT"))
    assert "restrict_rows" in got and "split at j == k" in got["restrict_rows"]
    assert "hoist_math" not in got


def test_caller_offered_when_the_hot_loop_carries_a_dependence(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text("project(p CXX)\n")
    (tmp_path / "lattice.hpp").write_text(HEADER)
    (tmp_path / "lattice.cpp").write_text(LATTICE)
    (tmp_path / "main.cpp").write_text(MAIN)
    got = _offered(tmp_path / "lattice.cpp", line_of(LATTICE, "HOTLOOP"))
    assert "parallelize_caller" in got, got
    assert f"main.cpp:{line_of(MAIN, 'CALL')}" in got["parallelize_caller"]


def test_caller_not_offered_when_the_callee_keeps_state(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text("project(p CXX)\n")
    (tmp_path / "lattice.hpp").write_text(HEADER)
    (tmp_path / "lattice.cpp").write_text("int calls = 0;\n" + LATTICE.replace(
        "    return v[0];", "    calls++;\n    return v[0];"))
    (tmp_path / "main.cpp").write_text(MAIN)
    got = _offered(tmp_path / "lattice.cpp", line_of(LATTICE, "HOTLOOP") + 1)
    assert "parallelize_caller" not in got


def test_lapack_offered_on_a_hand_written_solve(tmp_path: Path) -> None:
    from transform.test_lapack_solve import C_PIVOT

    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -o s s.c -lm\n")
    src = tmp_path / "s.c"
    src.write_text(C_PIVOT)
    for fid in ("hw.vectorization", "hw.cache_locality", "hw.compute_bound"):
        got = _offered(src, line_of(C_PIVOT, "HOT"), fid)
        assert "use_lapack" in got and "dgesv" in got["use_lapack"], (fid, got)
    # a loop that is no solve: not offered
    src.write_text(FLOYD)
    assert "use_lapack" not in _offered(src, line_of(FLOYD, "HOT"))


def test_lapack_offered_on_a_hand_written_cholesky(tmp_path: Path) -> None:
    from transform.test_lapack_cholesky import C_MAKE, C_RIGHT, C_ROW, HDR

    (tmp_path / "Makefile").write_text(C_MAKE)
    (tmp_path / "chol.h").write_text(HDR)
    src = tmp_path / "chol.c"
    for text in (C_ROW, C_RIGHT):
        src.write_text(text)
        for fid in ("hw.vectorization", "hw.cache_locality", "hw.compute_bound"):
            got = _offered(src, line_of(text, "HOT"), fid)
            assert "use_lapack" in got and "dpotrf" in got["use_lapack"], (fid, got)
            assert f"chol.c:{line_of(text, 'HOT')}" in got["use_lapack"]
    # the LDL^T (no sqrt): not offered
    src.write_text(C_ROW.replace("sqrt(s)", "s"))
    assert "use_lapack" not in _offered(src, line_of(C_ROW, "HOT"))


def test_round_robin_offered_for_an_imbalance_with_the_block_loop(tmp_path: Path) -> None:
    from transform.test_cyclic_decomposition import GATHER, IMAGE

    (tmp_path / "Makefile").write_text("all:\n\tmpicc -O2 -o img img.c\n")
    src = tmp_path / "img.c"
    src.write_text(IMAGE)
    got = _offered(src, line_of(IMAGE, "s += 1.0"), "alg.load_imbalance")
    assert "rebalance_decomposition" in got, got
    assert f"img.c:{line_of(IMAGE, 'for (int r = me * h')}" in got["rebalance_decomposition"]
    assert "round-robin" in got["rebalance_decomposition"] or "rank r takes" in \
        got["rebalance_decomposition"]
    # gathered by position: the generic (param) advice only, with no loop named
    src.write_text(GATHER)
    got = _offered(src, line_of(GATHER, "HOT"), "alg.load_imbalance")
    assert "rank r takes" not in got.get("rebalance_decomposition", "")
