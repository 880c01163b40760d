"""STREAM, OSU, IMB and HPL outputs: corpus values, a real STREAM-like kernel, and an
OSU-like ping-pong under Open MPI."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from ingest.fuzzing import make_fuzz_test
from perfscout.ingest.registry import detect, load
from perfscout.model.metrics import Profile


def _val(p: Profile, name: str, scope: str) -> float:
    return next(m.value for m in p.metrics if m.name == name and m.scope.name == scope)


# (path under benchmarks/, format, [(metric, scope name, value)] read off the file)
CASES = [
    ("stream/stream-5.10-omp-2threads-in-notes.txt", "stream", [
        ("bench.bandwidth", "Copy", 10156.2),   # "Copy:           10156.2     0.015772 ..."
        ("bench.bandwidth", "Triad", 14586.1),  # "Triad:          14586.1     0.017472 ..."
        ("time.elapsed", "Add", 0.016692),      # "Add:            14378.0     0.017095  0.016692"
    ]),
    ("stream/stream-5.10-omp-8threads-riscv-lpi4a-in-doc.md", "stream", [
        ("bench.bandwidth", "Copy", 8239.8),    # "Copy:            8239.8     0.019513 ..."
        ("bench.bandwidth", "Triad", 6125.3),   # "Triad:           6125.3     0.039404 ..."
        ("time.elapsed", "Copy", 0.019418),
    ]),
    ("osu/osu_latency-v5.3.2-infiniband-cofc-compute001.log", "osu", [
        ("bench.latency", "size=0", 1.07),         # "0                       1.07"
        ("bench.latency", "size=1048576", 103.43),  # "1048576               103.43"
        ("bench.latency", "size=4194304", 355.08),
    ]),
    ("osu/osu_bibw-v5.3.2-infiniband-cofc-gpu001.log", "osu", [
        ("bench.bandwidth", "size=1", 3.33),        # "1                       3.33"
        ("bench.bandwidth", "size=2048", 1872.62),  # "2048                 1872.62"
        ("bench.bandwidth", "size=4194304", 24455.32),
    ]),
    ("osu/osu_get_bw-v4.2-intelmpi-2nodes.log", "osu", [
        ("bench.bandwidth", "size=1", 0.75),        # "1                       0.75"
        ("bench.bandwidth", "size=256", 193.16),    # "256                   193.16"
        ("bench.msg_size", "size=16", 16.0),
    ]),
    ("osu/osu_get_latency-v4.2-mvapich2-2nodes.log", "osu", [
        ("bench.latency", "size=0", 2.48),
        ("bench.latency", "size=1", 4.64),
        ("bench.msg_size", "size=2", 2.0),
    ]),
    ("osu/osu_get_latency-v4.2-openmpi-2nodes-with-launcher-header.log", "osu", [
        ("bench.latency", "size=0", 1.98),          # "0                       1.98"
        ("bench.latency", "size=1", 5.96),          # "1                       5.96"
        ("bench.latency", "size=128", 4.79),        # "128                     4.79"
    ]),
    ("osu/osu-summary-table-cofc.dat", "osu", [
        ("bench.bandwidth", "compute001", 20136),   # "openhpc compute001  20136  103"
        ("bench.latency", "compute001", 103),
        ("bench.bandwidth", "stor3", 24358),        # "openhpc stor3  24358  95"
    ]),
    ("imb/imb-2018-pingpong-azure-2nodes-in-readme.md", "imb", [
        ("bench.latency", "size=0", 1.97),          # "   0  1000  1.97  0.00"
        ("bench.latency", "size=4194304", 1156.95),  # "4194304 10 1156.95 3625.31"
        ("bench.bandwidth", "size=131072", 5523.54),
    ]),
    ("hpl/hpl-2.1-intel-32ranks-result.out", "hpl", [
        ("bench.gflops", "N=73497 NB=96 P=1 Q=32", 478.2),   # "WR11C2R4 73497 96 1 32 553.50 4.782e+02"  # noqa: E501
        ("time.elapsed", "N=73497 NB=96 P=1 Q=32", 553.50),
        ("bench.gflops", "N=73497 NB=96 P=2 Q=16", 512.1),   # "WR11C2R4 73497 96 2 16 516.87 5.121e+02"  # noqa: E501
    ]),
    ("hpl/hpl-2.1-intel-mkl-10nodes-xeonphi-banner.log", "hpl", [
        ("bench.gflops", "N=448512 NB=384 P=2 Q=5", 22218.8),  # "WC00C2R2 448512 384 2 5 2707.15 2.22188e+04"  # noqa: E501
        ("time.elapsed", "N=448512 NB=384 P=2 Q=5", 2707.15),
        ("bench.gflops", "N=448512 NB=384 P=2 Q=5", 2.22188e4),
    ]),
]


@pytest.mark.parametrize("rel,fmt,values", CASES, ids=[c[0] for c in CASES])
def test_corpus_values(corpus: Path, rel: str, fmt: str,
                       values: list[tuple[str, str, float]]) -> None:
    path = corpus / "benchmarks" / rel
    assert detect(path).name == fmt
    p = load(path)
    assert p.unparsed_lines == 0
    for name, scope, value in values:
        assert _val(p, name, scope) == pytest.approx(value), (name, scope)


def test_imb_2021_and_hpl_checks(corpus: Path) -> None:
    p = load(corpus / "benchmarks/imb/imb-2021.2-pingpong-azure-lustre-in-readme.md")
    assert p.meta["benchmarks"] == "PingPong"
    assert _val(p, "bench.latency", "size=0") == pytest.approx(1.73)
    h = load(corpus / "benchmarks/hpl/hpl-2.1-intel-32ranks-result.out")
    assert h.meta["passed"] == "24" and h.meta["failed"] == "0"
    s = load(corpus / "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt")
    assert s.meta["threads"] == "2" and s.meta["array_size"] == "10000000"


STREAM_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 2000000
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
  for (long i = 0; i < N; i++) { a[i] = 1; b[i] = 2; c[i] = 0; }
  const char *names[4] = {"Copy:", "Scale:", "Add:", "Triad:"};
  double bytes[4] = {16.0 * N, 16.0 * N, 24.0 * N, 24.0 * N}, best[4], sum[4], worst[4];
  for (int k = 0; k < 4; k++) { best[k] = 1e30; sum[k] = 0; worst[k] = 0; }
  for (int rep = 0; rep < 5; rep++) for (int k = 0; k < 4; k++) {
    double t = now();
    if (k == 0) for (long i = 0; i < N; i++) c[i] = a[i];
    if (k == 1) for (long i = 0; i < N; i++) b[i] = 3.0 * c[i];
    if (k == 2) for (long i = 0; i < N; i++) c[i] = a[i] + b[i];
    if (k == 3) for (long i = 0; i < N; i++) a[i] = b[i] + 3.0 * c[i];
    t = now() - t; if (t < best[k]) best[k] = t; if (t > worst[k]) worst[k] = t; sum[k] += t; }
  printf("-------------------------------------------------------------\n");
  printf("STREAM version $Revision: 5.10 $\n");
  printf("-------------------------------------------------------------\n");
  printf("Array size = %d (elements), Offset = 0 (elements)\n", N);
  printf("Number of Threads counted = 1\n");
  printf("Function    Best Rate MB/s  Avg time     Min time     Max time\n");
  for (int k = 0; k < 4; k++)
    printf("%-12s%11.1f  %11.6f  %11.6f  %11.6f\n", names[k], 1e-6 * bytes[k] / best[k],
           sum[k] / 5, best[k], worst[k]);
  printf("-------------------------------------------------------------\n");
  printf("Solution Validates: avg error less than 1.000000e-13 on all three arrays\n");
  return a[7] > 0 ? 0 : 1; }
"""


def test_real_stream_like_kernel(tmp_path: Path) -> None:
    require_tool("gcc")
    (tmp_path / "s.c").write_text(STREAM_C)
    subprocess.run(["gcc", "-O2", "s.c", "-o", "s"], cwd=tmp_path, check=True)
    out = subprocess.run(["./s"], cwd=tmp_path, check=True, capture_output=True, text=True)
    f = tmp_path / "stream.txt"
    f.write_text("my job log line\n" + out.stdout)
    p = load(f)
    assert p.format == "stream"
    rows = {m.scope.name: m.value for m in p.get("bench.bandwidth")}
    assert set(rows) == {"Copy", "Scale", "Add", "Triad"}
    printed = {ln.split()[0].rstrip(":"): float(ln.split()[1])
               for ln in out.stdout.splitlines() if ln.split()[:1] in (["Copy:"], ["Triad:"])}
    assert rows["Copy"] == printed["Copy"] and rows["Triad"] == printed["Triad"]
    # the job-log line and the dashes printed before "STREAM version" are outside the block
    assert p.meta["outside_lines"] == "2" and p.meta["validates"] == "yes"


PINGPONG_C = r"""
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *buf = calloc(1 << 16, 1);
  if (rank == 0) { printf("# OSU MPI Latency Test v5.9\n# Size          Latency (us)\n"); }
  for (int size = 0; size <= (1 << 16); size = size ? size * 4 : 1) {
    int iters = 200; MPI_Barrier(MPI_COMM_WORLD); double t = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
      if (rank == 0) { MPI_Send(buf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(buf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
      else { MPI_Recv(buf, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD); } }
    t = MPI_Wtime() - t;
    if (rank == 0) printf("%-10d%18.2f\n", size, 1e6 * t / (2.0 * iters));
  }
  MPI_Finalize(); return 0; }
"""


@pytest.mark.mpi
def test_real_osu_like_pingpong_under_open_mpi(tmp_path: Path) -> None:
    require_tool("mpicc")
    require_tool("mpirun")
    (tmp_path / "pp.c").write_text(PINGPONG_C)
    subprocess.run(["mpicc", "-O2", "pp.c", "-o", "pp"], cwd=tmp_path, check=True)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = subprocess.run(["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2",
                          "./pp"], cwd=tmp_path, check=True, capture_output=True, text=True,
                         env=env, timeout=120)
    f = tmp_path / "osu.log"
    f.write_text(out.stdout)
    p = load(f)
    assert p.format == "osu"
    lat = {m.scope.name: m.value for m in p.get("bench.latency")}
    assert list(lat) == [f"size={s}" for s in (0, 1, 4, 16, 64, 256, 1024, 4096, 16384,
                                                65536)]
    assert all(v > 0 for v in lat.values())
    assert p.meta["version"] == "5.9"


test_fuzz_stream = make_fuzz_test("stream", "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt")  # noqa: E501
test_fuzz_osu = make_fuzz_test("osu", "benchmarks/osu/osu_get_latency-v4.2-openmpi-2nodes-with-launcher-header.log")  # noqa: E501
test_fuzz_imb = make_fuzz_test("imb", "benchmarks/imb/imb-2018-pingpong-azure-2nodes-in-readme.md")
test_fuzz_hpl = make_fuzz_test("hpl", "benchmarks/hpl/hpl-2.1-intel-32ranks-result.out")
