"""The bundled kernels' result line as profile input (real kernel runs)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.experiment.kernels import kernels_dir
from perfscout.ingest import detect, load
from perfscout.model.errors import ParseError


def _run_kernel(tmp_path: Path, src: str, *args: str) -> Path:
    gcc = require_tool("gcc")
    exe = tmp_path / "k"
    subprocess.run([gcc, "-O2", "-fopenmp", "-I", str(kernels_dir()), "-o", str(exe),
                    str(kernels_dir() / src), "-lm"], check=True)
    out = tmp_path / "result.txt"
    out.write_text("some program output\n" + subprocess.run(
        [str(exe), *args], check=True, capture_output=True, text=True,
        env={"OMP_NUM_THREADS": "1"}).stdout)
    return out


def test_matmul_line_becomes_flop_rate_and_time(tmp_path: Path) -> None:
    f = _run_kernel(tmp_path, "matmul.c", "96")
    assert detect(f).name == "perfscout-result"
    p = load(f)
    line = f.read_text().splitlines()[1]
    fields = dict(t.split("=", 1) for t in line.split()[1:])
    flops = p.first("flops.dp")
    assert flops is not None and flops.unit == "MFLOP/s"
    assert flops.value == pytest.approx(float(fields["value"]) * 1000)
    assert flops.source is not None and flops.source.line == 2
    assert p.first("time.elapsed").value == pytest.approx(float(fields["time_s"]))  # type: ignore[union-attr]
    assert p.meta["kernel"] == "matmul" and p.meta["n"] == "96"
    assert p.unparsed_lines == 1  # the program's own output line is counted, not dropped


def test_triad_line_becomes_bandwidth(tmp_path: Path) -> None:
    f = _run_kernel(tmp_path, "stream.c", "200000", "triad")
    bw = load(f).first("mem.bandwidth")
    assert bw is not None and bw.value > 0 and bw.unit == "MB/s"


def test_no_result_line_is_a_parse_error(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("PERFSCOUT kernel=matmul metric=gflops value=1\n")
    assert load(f).first("flops.dp") is not None
    g = tmp_path / "y.txt"
    g.write_text("PERFSCOUT_SIZE bytes=8 latency_us=0.3\n")
    with pytest.raises(ParseError, match="result line"):
        load(g, "perfscout-result")
