"""``perfscout diff A B`` on two real callgrind profiles of one program whose second version
does four times the work in one function, and ``summarize --csv`` / headline metrics."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

from conftest import require_tool, run_cli

SRC = """
#include <stdio.h>
static volatile double sink;
__attribute__((noinline)) void light(long n) { double s = 0; for (long i = 0; i < n; i++)
  s += i * 0.5; sink = s; }
__attribute__((noinline)) void heavy(long n) { double s = 0; for (long i = 0; i < n; i++)
  s += i * 0.25; sink = s; }
int main(void) { light(2000000); heavy(WORK); printf("%f\\n", sink); return 0; }
"""


def _profile(tmp: Path, name: str, work: int) -> Path:
    exe = tmp / name
    (tmp / f"{name}.c").write_text(SRC)
    subprocess.run(["gcc", "-O1", "-g", f"-DWORK={work}", "-o", str(exe), str(tmp / f"{name}.c")],
                   check=True)
    out = tmp / f"callgrind.out.{name}"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(exe)],
                   check=True, capture_output=True, timeout=300)
    return out


def test_diff_names_the_function_that_moved_and_by_how_much(tmp_path: Path) -> None:
    require_tool("gcc")
    require_tool("valgrind")
    a = _profile(tmp_path, "a", 2_000_000)
    b = _profile(tmp_path, "b", 8_000_000)
    r = run_cli("diff", str(a), str(b), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    d = json.loads(r.stdout)["data"]["diff"]
    by = {m["name"]: m for m in d["moved"]}
    heavy = next(m for n, m in by.items() if n.startswith("heavy"))
    light = next(m for n, m in by.items() if n.startswith("light"))
    assert d["moved"][0]["name"] in (heavy["name"], light["name"])  # the two that moved
    # heavy did the same work as light in A and four times it in B: about 1/2 -> 4/5
    assert 0.35 < heavy["self_a"] < 0.6 and 0.7 < heavy["self_b"] < 0.9, heavy
    assert abs(heavy["self_delta"] - (heavy["self_b"] - heavy["self_a"])) < 1e-12
    assert light["self_delta"] < -0.2 and heavy["self_delta"] > 0.2
    text = run_cli("diff", str(a), str(b), env={"COLUMNS": "80"}).stdout
    assert "heavy" in text and "pp" in text


def test_summarize_csv_and_metric_only_headlines(corpus: Path, tmp_path: Path) -> None:
    stream = corpus / "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt"
    hpl = corpus / "benchmarks/hpl/hpl-2.1-intel-32ranks-result.out"
    r = run_cli("summarize", str(stream), str(hpl))
    assert r.returncode == 0, r.stderr
    assert "bench.bandwidth[Triad]" in r.stdout and "bench.gflops[" in r.stdout
    r = run_cli("summarize", "--csv", str(stream))
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    triad = next(x for x in rows if x["metric"] == "bench.bandwidth" and x["scope"] == "Triad")
    assert float(triad["value"]) > 0 and triad["unit"] == "MB/s"
