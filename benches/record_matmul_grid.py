"""Record the exhaustive tiled-matmul table that bench_tune_replay.py replays.

Grid: loop order (6) x tile (6) x flag set (3) x threads (2) = 216 points of the bundled tunable
matmul at N=512, each the median of 5 runs, built and run through perfscout's sandbox runner.
Writes benches/data/matmul_grid.json in the replay-table format (objective ``t`` in seconds,
minimize) and the machine's snapshot, benches/data/matmul_snapshot.json. Also writes
benches/data/matmul_analysis.json: ``perfscout analyze`` of a cachegrind
run and gcc vectorization remarks of the naive matmul, the findings the narrowed search uses.
Takes a few minutes; run with `nice` on a shared machine.
"""

from __future__ import annotations

import itertools
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from perfscout.experiment.kernels import kernels_dir, parse_result_line  # noqa: E402
from perfscout.model.runs import RunRequest  # noqa: E402
from perfscout.sandbox import default_runner  # noqa: E402
from perfscout.tune.evaluate import LOOP_ORDERS, tunable_matmul_source  # noqa: E402

N = 512
TILES = (8, 16, 32, 64, 128, 512)
FLAGS = ("-O2", "-O3", "-O3 -march=native")
THREADS = (1, 2)
RUNS = 5


def main() -> None:
    work = ROOT / "benches" / "work" / "grid"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    runner = default_runner(work)
    src = work / "matmul_tunable.c"
    for f in tunable_matmul_source().parent.glob("*.[ch]"):  # the .c and its tile header
        shutil.copyfile(f, work / f.name)
    rows = []
    for oi, (order, tile, flags) in enumerate(itertools.product(LOOP_ORDERS, TILES, FLAGS)):
        exe = work / f"mm_{order}_{tile}_{flags.replace(' ', '').replace('-', '')}"
        cc = ("gcc", *flags.split(), "-fopenmp", f"-DORDER={LOOP_ORDERS.index(order)}",
              f"-DTILE={tile}", "-o", str(exe), str(src))
        b = runner.run(RunRequest(cc, cwd=str(work), timeout_s=120, purpose="bench:build"))
        assert b.ok, b.stderr
        for th in THREADS:
            ts = []
            for _ in range(RUNS):
                r = runner.run(RunRequest((str(exe), str(N)), cwd=str(work),
                                          env={"OMP_NUM_THREADS": str(th)}, timeout_s=60,
                                          purpose="bench:run"))
                assert r.ok, r.stderr
                ts.append(parse_result_line(r.stdout, "grid").time_s)
            rows.append({"order": order, "tile": tile, "flags": flags, "threads": th,
                         "t": round(statistics.median(ts), 6)})
        print(f"{oi + 1}/{len(LOOP_ORDERS) * len(TILES) * len(FLAGS)} {order} {tile} {flags}",
              flush=True)
    table = {
        "objective": "t", "direction": "minimize",
        "machine": __import__("_common").machine_key(), "n": N, "runs_per_point": RUNS,
        "params": {
            # BODY of the kernel: C[i*n+j] += A[i*n+k] * B[k*n+j], so j is the unit-stride index
            "order": {"role": "loop_order", "values": list(LOOP_ORDERS), "contiguous": "j"},
            "tile": {"role": "tile", "values": list(TILES)},
            "flags": {"role": "compiler_flags", "values": list(FLAGS)},
            "threads": {"role": "threads", "values": list(THREADS)},
        },
        "rows": rows,
    }
    out = ROOT / "benches" / "data" / "matmul_grid.json"
    out.write_text(json.dumps(table, indent=1) + "\n")
    print(f"wrote {out} ({len(rows)} rows)")
    record_snapshot(work)
    record_analysis(work)


def record_snapshot(work: Path, out: Path | None = None) -> None:
    """The recording machine's snapshot: the replay narrows with its caches and cores, so a
    replay elsewhere uses the machine the table was measured on."""
    from perfscout.model.serialize import to_jsonable
    from perfscout.snapshot import take_snapshot

    snap = take_snapshot(default_runner(work))
    out = out or ROOT / "benches" / "data" / "matmul_snapshot.json"
    out.write_text(json.dumps(to_jsonable(snap), indent=1) + "\n")
    print(f"wrote {out}")


def record_analysis(work: Path) -> None:
    """Findings for the naive matmul from real cachegrind output and gcc remarks."""
    src = work / "matmul.c"
    shutil.copyfile(kernels_dir() / "matmul.c", src)
    shutil.copyfile(kernels_dir() / "ps_common.h", work / "ps_common.h")
    remarks = work / "remarks.txt"
    cp = subprocess.run(["gcc", "-O2", "-fopenmp", "-fopt-info-vec-all", "-o",
                         str(work / "mm"), str(src)], capture_output=True, text=True, check=True)
    remarks.write_text(cp.stderr)
    cg = work / "cachegrind.out"
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes",
                    f"--cachegrind-out-file={cg}", str(work / "mm"), "128"],
                   capture_output=True, check=True)
    ann = work / "cg_annotate.txt"
    ann.write_text(subprocess.run(["cg_annotate", str(cg)], capture_output=True, text=True,
                                  check=True).stdout)
    res = subprocess.run([sys.executable, "-m", "perfscout", "analyze", str(ann), str(remarks),
                          "--json"], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    out = ROOT / "benches" / "data" / "matmul_analysis.json"
    out.write_text(res.stdout)
    ids = [f["id"] for f in json.loads(res.stdout)["data"]["findings"]]
    print(f"wrote {out}: findings {ids}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
