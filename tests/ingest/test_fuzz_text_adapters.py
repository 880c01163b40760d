"""Hypothesis mutations for the text adapters that had no fuzz test yet: perf annotate, the
hatchet-read text formats (.cali, gprof2dot DOT, pyinstrument / timemory / Caliper JSON, TAU
profile files, HPCToolkit experiment.xml), the bundled kernels' result lines, and cProfile
bytes. Each mutated input either parses or raises ParseError, nothing else; each test first
checks that the unmutated input parses, so a test cannot pass by rejecting everything."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS, require_tool
from ingest.fuzzing import mutated_lines
from perfscout.experiment.kernels import kernels_dir
from perfscout.ingest.registry import get_adapter
from perfscout.model.errors import ParseError

ANNOTATE = "perf_report/annotate-stdio-cpp-source-disasm-task-clock.txt"


def _lines(rel: str, limit: int | None = None) -> list[str]:
    p = CORPUS / rel
    if not p.is_file():
        return ["(corpus absent)"]
    return p.read_text(encoding="utf-8", errors="replace").splitlines()[:limit]


def _parse_or_parse_error(fmt: str, target: Path) -> None:
    with contextlib.suppress(ParseError):
        get_adapter(fmt).parse(target)


# (adapter, corpus file, file name the mutation is written to, lines kept, examples)
SINGLE_FILES = [
    # the first two annotated symbols (lines 1-2215 of 79 blocks): the whole file is 2 MB
    ("perf-annotate", ANNOTATE, "annotate.txt", 2215, 30),
    ("caliper", "caliper/example-profile.cali", "p.cali", None, 25),
    ("gprof2dot", "gprof/gprof2dot-callgrind-cpi.dot", "g.dot", None, 25),
    ("pyinstrument", "pyinstrument/pyinstrument-hatchet-profile.json", "p.json", None, 20),
    ("timemory", "timemory/wall.tree.json", "t.json", None, 20),
    ("caliper_json", "caliper/lulesh-annotation-profile.json", "c.json", None, 25),
]


def _single_file_test(fmt: str, rel: str, fname: str, limit: int | None, examples: int):  # type: ignore[no-untyped-def]
    seed = _lines(rel, limit)

    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=mutated_lines(seed))
    def test(data: list[str]) -> None:
        with tempfile.TemporaryDirectory() as d:
            target = Path(d) / fname
            target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
            _parse_or_parse_error(fmt, target)

    return test


@pytest.mark.parametrize("fmt,rel,fname,limit", [s[:4] for s in SINGLE_FILES],
                         ids=[s[0] for s in SINGLE_FILES])
def test_unmutated_seed_parses(corpus: Path, tmp_path: Path, fmt: str, rel: str, fname: str,
                               limit: int | None) -> None:
    target = tmp_path / fname
    target.write_text("\n".join(_lines(rel, limit)) + "\n", encoding="utf-8")
    p = get_adapter(fmt).parse(target)
    assert p.hotspots, fmt


test_fuzz_perf_annotate = _single_file_test(*SINGLE_FILES[0])
test_fuzz_caliper_cali = _single_file_test(*SINGLE_FILES[1])
test_fuzz_gprof2dot = _single_file_test(*SINGLE_FILES[2])
test_fuzz_pyinstrument = _single_file_test(*SINGLE_FILES[3])
test_fuzz_timemory = _single_file_test(*SINGLE_FILES[4])
test_fuzz_caliper_json = _single_file_test(*SINGLE_FILES[5])


def _dir_test(fmt: str, rel_dir: str, mutate: str, examples: int):  # type: ignore[no-untyped-def]
    """Mutate one text file of a profile directory (a copy), parse the directory."""
    seed = _lines(f"{rel_dir}/{mutate}")

    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=mutated_lines(seed))
    def test(data: list[str]) -> None:
        src = CORPUS / rel_dir
        if not src.is_dir():
            pytest.skip("corpus absent")
        with tempfile.TemporaryDirectory() as d:
            copy = Path(d) / src.name
            shutil.copytree(src, copy)
            (copy / mutate).write_text("\n".join(data) + "\n", encoding="utf-8",
                                       errors="replace")
            _parse_or_parse_error(fmt, copy)

    return test


test_fuzz_tau = _dir_test("tau", "tau/cpi-mpi", "profile.0.0.0", 20)
test_fuzz_hpctoolkit_xml = _dir_test("hpctoolkit", "hpctoolkit/cpi-database", "experiment.xml",
                                     15)


def test_unmutated_dirs_parse(corpus: Path) -> None:
    assert get_adapter("tau").parse(corpus / "tau/cpi-mpi").hotspots
    assert get_adapter("hpctoolkit").parse(corpus / "hpctoolkit/cpi-database").hotspots


@pytest.fixture(scope="module")
def kernel_output(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Real result lines of the bundled matmul kernel (compiled and run here)."""
    gcc = require_tool("gcc")
    d = tmp_path_factory.mktemp("kernel")
    exe = d / "k"
    subprocess.run([gcc, "-O2", "-fopenmp", "-I", str(kernels_dir()), "-o", str(exe),
                    str(kernels_dir() / "matmul.c"), "-lm"], check=True)
    out = subprocess.run([str(exe), "64"], check=True, capture_output=True, text=True,
                         env={"OMP_NUM_THREADS": "1"}).stdout
    return ["program output", *out.splitlines()]


def test_fuzz_perfscout_result(kernel_output: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        seed = Path(d) / "r.txt"
        seed.write_text("\n".join(kernel_output) + "\n")
        assert get_adapter("perfscout-result").parse(seed).metrics  # the seed itself parses

    @settings(max_examples=40, deadline=None)
    @given(data=mutated_lines(kernel_output))
    def run(data: list[str]) -> None:
        with tempfile.TemporaryDirectory() as d:
            target = Path(d) / "r.txt"
            target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
            _parse_or_parse_error("perfscout-result", target)

    run()


@settings(max_examples=30, deadline=None)
@given(cut=st.floats(0, 1), flip=st.floats(0, 1), junk=st.integers(1, 255))
def test_fuzz_cprofile_bytes(cut: float, flip: float, junk: int) -> None:
    src = CORPUS / "cprofile/cprofile-cycle.pstats"
    if not src.is_file():
        pytest.skip("corpus absent")
    data = bytearray(src.read_bytes())
    k = int(flip * (len(data) - 1))
    data[k] ^= junk
    with tempfile.TemporaryDirectory() as d:
        target = Path(d) / "p.pstats"
        target.write_bytes(bytes(data[: max(1, int(cut * len(data)))]))
        _parse_or_parse_error("cprofile", target)
