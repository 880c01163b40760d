"""rebalance_decomposition: an MPI loop that gives each rank a contiguous block is dealt
round-robin. Legal cases (a scalar count reduced with MPI_Allreduce over a triangular
workload, with the remainder rows kept by the last rank; an array filled by global index and
summed with MPI_Reduce) are built with mpicc and run with Open MPI on 2 and 3 ranks, printing
what the original prints; a gather by position, a block-relative index and a carried scalar
are refused, naming them."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of, write

TRIANGLE = """#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nprocs;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int chunk = n / nprocs;
    int lo = rank * chunk;
    int hi = rank == nprocs - 1 ? n : lo + chunk;
    long pairs = 0, local = 0;
    for (int i = lo; i < hi; i++) {
        for (int j = 0; j < i; j++)  /* HOT */
            if ((i * 31 + j * 17) % 7 == 0)
                local++;
    }
    MPI_Allreduce(&local, &pairs, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pairs = %ld\\n", pairs);
    MPI_Finalize();
    return 0;
}
"""

IMAGE = """#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void fill(int row, int w, double *out)
{
    for (int c = 0; c < w; c++) {
        double s = 0.0;
        for (int k = 0; k < row + c; k++)
            s += 1.0 / (1.0 + k);
        out[c] = s;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int h = 301, w = 40;
    double *mine = calloc((size_t)h * w, sizeof(double));
    double *all = malloc((size_t)h * w * sizeof(double));
    for (int r = me * h / np; r < (me + 1) * h / np; r++)
        fill(r, w, mine + (size_t)r * w);  /* HOT */
    MPI_Reduce(mine, all, h * w, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        double t = 0.0;
        for (int p = 0; p < h * w; p += 7)
            t += all[p] * (1 + p % 5);
        printf("image = %.15e\\n", t);
    }
    free(mine);
    free(all);
    MPI_Finalize();
    return 0;
}
"""

#: the remainder spread over the first ranks, the upper bound an expression
TRIANGLE_REM = TRIANGLE.replace("""    int chunk = n / nprocs;
    int lo = rank * chunk;
    int hi = rank == nprocs - 1 ? n : lo + chunk;""",
                                """    int base = n / nprocs, rem = n % nprocs;
    int lo = rank * base + (rank < rem ? rank : rem);
    int count = base + (rank < rem ? 1 : 0);""").replace("i < hi;", "i < lo + count;")

GATHER = """#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = 1200, chunk = n / size;
    double *part = malloc(sizeof(double) * chunk), *all = malloc(sizeof(double) * n);
    for (int i = rank * chunk; i < (rank + 1) * chunk; i++)
        part[i - rank * chunk] = i * 0.5;  /* HOT */
    MPI_Gather(part, chunk, MPI_DOUBLE, all, chunk, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def _mpirun(src: Path, ranks: int) -> str:
    cc = require_tool("mpicc")
    run = require_tool("mpirun")
    exe = src.with_suffix(".exe")
    b = subprocess.run([cc, "-O2", "-o", str(exe), str(src)], capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stderr
    env = {**os.environ, "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}
    r = subprocess.run([run, "--oversubscribe", "-np", str(ranks), str(exe)], capture_output=True,
                       text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize(("src", "loop", "header"), [
    (TRIANGLE, "for (int i = lo; i < hi; i++)", "for (int i = rank; i < n; i += nprocs)"),
    (IMAGE, "for (int r = me * h / np;", "for (int r = me; r < h; r += np)"),
    (TRIANGLE_REM, "int count = base", "for (int i = rank; i < n; i += nprocs)"),
])
def test_block_loop_dealt_round_robin_prints_the_same(tmp_path: Path, src: str, loop: str,
                                                       header: str) -> None:
    got = generate("rebalance_decomposition", src, "prog.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Generated), got
    assert header in got.new_text and loop not in got.new_text
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    before, after = write(tmp_path / "a", "prog.c", src), write(tmp_path / "b", "prog.c",
                                                                 got.new_text)
    for ranks in (2, 3):
        out0, out1 = _mpirun(before, ranks), _mpirun(after, ranks)
        v0 = float(re.search(r"= (\S+)", out0).group(1))  # type: ignore[union-attr]
        v1 = float(re.search(r"= (\S+)", out1).group(1))  # type: ignore[union-attr]
        assert abs(v0 - v1) <= 1e-12 * abs(v0), (ranks, out0, out1)


def test_the_unused_block_bounds_are_removed() -> None:
    got = generate("rebalance_decomposition", TRIANGLE, "prog.c", line_of(TRIANGLE, "/* HOT */"))
    assert isinstance(got, Generated), got
    assert "int lo = rank * chunk;" not in got.new_text
    assert "int hi = rank == nprocs - 1" not in got.new_text


@pytest.mark.parametrize(("src", "why"), [
    (GATHER, r"part\[i - rank \* chunk\] is placed by its position in the rank's block"),
    (GATHER.replace("part[i - rank * chunk] = i * 0.5;", "part[i] = i * 0.5;"),
     r"combined by MPI_Gather at line \d+, which places each rank's block by its position"),
    (TRIANGLE.replace("    printf(\"pairs = %ld\\n\", pairs);",
                      "    printf(\"pairs = %ld from %d\\n\", pairs, hi);"),
     r"hi, computed from the rank's block, is used again at line \d+ after the loop"),
    (TRIANGLE.replace("            if ((i * 31 + j * 17) % 7 == 0)\n                local++;",
                      "            if ((i * 31 + j * 17 + last) % 7 == 0)\n"
                      "                last = j;").replace(
        "long pairs = 0, local = 0;", "long pairs = 0, local = 0; int last = 0;"),
     r"last is read before it is set in an iteration"),
    (IMAGE.replace("    MPI_Reduce(mine, all, h * w, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);\n",
                   ""),
     r"mine, produced by the loop over r .* is not combined by an MPI reduction"),
])
def test_refused_naming_why(src: str, why: str) -> None:
    got = generate("rebalance_decomposition", src, "prog.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Refusal), got.diff if isinstance(got, Generated) else got
    assert re.search(why, got.reason), got.reason


def test_the_session_gets_the_diff_for_the_named_block_loop(tmp_path: Path) -> None:
    """advise names the block loop (not the hot line, which is in the work function of
    another file) and attach_diffs puts the generated diff into the proposal's change."""
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.pipeline.source_changes import attach_diffs
    from perfscout.sandbox import default_runner

    work, main = IMAGE.split("int main(", 1)
    (tmp_path / "Makefile").write_text("all:\n\tmpicc -O2 -o img main.c work.c\n")
    (tmp_path / "work.c").write_text(work.replace("static void fill", "void fill"))
    main_c = ("#include <mpi.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
              "void fill(int row, int w, double *out);\nint main(" + main)
    (tmp_path / "main.c").write_text(main_c)
    hot = f"{tmp_path / 'work.c'}:{line_of(work, 's += 1.0')}"
    prof = Profile("perf-annotate", "a.txt", meta={"command": "mpirun -np 2 ./img"},
                   hotspots=(Hotspot(hot, self_share=0.7, kind="line"),))
    adv = advise([finding("alg.load_imbalance", scope="")], None, [prof],
                 policy_check=default_runner().check)
    props = [p for p in adv.proposals if p.id == "rebalance_decomposition"]
    assert props and props[0].kind == "source" and props[0].scope.endswith(
        f"main.c:{line_of(main_c, 'for (int r = me * h')}"), props
    out, bad = attach_diffs(props, tmp_path)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change is not None else ""
    assert "+    for (int r = me; r < h; r += np)" in diff, diff
