"""Record exhaustive replay tables of three single-threaded kernels (benches/data/kernels/).

    python benches/record_tables.py [NAME ...]      # default: every table below

Each point is a build of the kernel (flags and -D values) timed by its own thread CPU time
(``CLOCK_THREAD_CPUTIME_ID`` around the kernel loop only), not wall time: on a busy shared
machine a preempted thread's wait is not the configuration's cost, and the kernels are
single-threaded. Every point is run ROUNDS times, the rounds interleaved (each round runs
every point once in a fresh random order, so a burst of load spreads over all points), and the
table keeps the median. Also recorded, per table: ``perfscout analyze`` of a cachegrind run and
gcc vectorization remarks of the table's baseline configuration (its first values): the findings
the evidence-guided search starts from; and the machine's snapshot (caches, cores) once.

- ``transpose``: tiled out-of-place transpose, order x tile x flags x unroll (168 points); the
  cache heuristic is right (small tiles win by about 2x over the untiled walk).
- ``matmul_rows``: tiled matmul at N=384, order x tile x flags (108 points); tiles barely
  matter at this size, the loop order and flags decide.
- ``rowsweep``: a tiled 2D sweep ``B += s*A`` with no reuse, order x tile x flags x unroll (168
  points); the cache heuristic is wrong on purpose: the best tile is the whole row (2048), outside
  "three tiles fit L2" (<= 256), since a tile only cuts the rows into short streams.
- ``dot_blocked``: blocked dot product of L2-resident vectors, accumulators x block x flags
  (100 points): compute-bound, the vectorization evidence decides.
- ``stencil2d``, ``stencil3d``, ``conv1d``, ``blur3``, ``poly_simd``, ``gather_hp``,
  ``spmv_sell``, ``nbody_pairs``, ``wht_cols``, ``fw_blocked``, ``bmm_batch``,
  ``band_trsm``, ``spmm_csr``, ``bs_price``, ``lu_forms``, ``hist_priv``, ``rare_eval``:
  PRE-REGISTERED
  (benches/data/*_prereg.md), never used to tune the guide. A pre-registration commits the
  baseline's analysis and the snapshot first (``ANALYSIS_ONLY=1``); the recording keeps them
  and adds the rows.

A parameter reaches the build as ``-DNAME=value`` (``define``), as the flag set
(``compiler_flags``) or as one flag made from its value (``flag``, e.g.
``-mprefer-vector-width={}``), and reaches the run as an environment variable (``env``, its
text ``env_format`` filled with the value): the kernel is the same build for every value.
A table's ``libs`` (e.g. ``["-lm"]``) are linked after the source.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
KERNELS = HERE / "data" / "kernels"
#: matmul_rows.c includes the tunable matmul's tile (matmul_tile.h)
TUNE_KERNELS = ROOT / "src" / "perfscout" / "tune" / "kernels"
ROUNDS = 5
#: RECORD_REUSE=1 keeps the builds of an interrupted recording (same source, same flags)
REUSE = os.environ.get("RECORD_REUSE") == "1"
ORDERS3 = ["ijk", "ikj", "jik", "jki", "kij", "kji"]

FLAGS3 = ["-O2", "-O3", "-O3 -march=native"]


def _tiled_sweep(source: str, n: int, reps: int, body: str, tiles: list[int]
                 ) -> dict[str, Any]:
    """A single-tile 2D kernel's table: order (ij, ji) x tile x flags x unroll."""
    return {
        "source": source, "args": [str(n), str(reps)], "small_args": ["256", "1"],
        "params": {
            "order": {"role": "loop_order", "values": ["ij", "ji"], "define": "ORDER",
                      "body": body},
            "tile": {"role": "tile", "values": tiles, "define": "TILE"},
            "flags": {"role": "compiler_flags", "values": FLAGS3},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
        }}


TABLES: dict[str, dict[str, Any]] = {
    "transpose": _tiled_sweep("transpose.c", 2048, 2, "B[j*n+i] = A[i*n+j]",
                              [8, 16, 32, 64, 128, 256, 2048]),
    "matmul_rows": {
        "source": "matmul_rows.c", "args": ["384", "2"], "small_args": ["96", "1"],
        "params": {
            "order": {"role": "loop_order", "values": ORDERS3, "define": "ORDER",
                      "body": "C[i*n+j] += A[i*n+k] * B[k*n+j]"},
            "tile": {"role": "tile", "values": [16, 32, 64, 128, 256, 384], "define": "TILE"},
            "flags": {"role": "compiler_flags", "values": FLAGS3},
        }},
    "rowsweep": _tiled_sweep("rowsweep.c", 2048, 4, "B[i*n+j] += s*A[i*n+j]",
                             [16, 32, 64, 128, 256, 512, 2048]),
    "dot_blocked": {
        "source": "dot_blocked.c", "args": ["16384", "20000"], "small_args": ["16384", "20"],
        "params": {
            "acc": {"role": "unroll", "values": [1, 2, 4, 8], "define": "ACC"},
            "block": {"role": "tile", "values": [64, 256, 1024, 4096, 16384],
                      "define": "BLOCK"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native", "-O2 -ffast-math",
                                 "-O3 -march=native -ffast-math"]},
        }},
    # PRE-REGISTERED (benches/data/stencil2d_prereg.md): never used to tune the guide
    "stencil2d": {
        "source": "stencil2d.c", "args": ["2000", "2"], "small_args": ["512", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["ij", "ji"], "define": "ORDER",
                      "body": "B[i*n+j] = 0.25*(A[(i-1)*n+j] + A[(i+1)*n+j] + A[i*n+j-1]"
                              " + A[i*n+j+1])"},
            "ti": {"role": "tile", "values": [3000, 16, 64, 256], "define": "TI"},
            "tj": {"role": "tile", "values": [3000, 16, 64, 256], "define": "TJ"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags", "values": FLAGS3},
        }},
    # PRE-REGISTERED (benches/data/stencil3d_prereg.md): never used to tune the guide
    "stencil3d": {
        "source": "stencil3d.c", "args": ["192", "8"], "small_args": ["48", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["ijk", "jik", "ikj", "kji"],
                      "define": "ORDER",
                      "body": "B[(i*n+j)*n+k] = c*(A[(i*n+j)*n+k] + A[((i-1)*n+j)*n+k]"
                              " + A[((i+1)*n+j)*n+k] + A[(i*n+j-1)*n+k] + A[(i*n+j+1)*n+k]"
                              " + A[(i*n+j)*n+k-1] + A[(i*n+j)*n+k+1])"},
            "tj": {"role": "tile", "values": [192, 8, 32, 128], "define": "TJ"},
            "tk": {"role": "tile", "values": [192, 32], "define": "TK"},
            "unroll": {"role": "unroll", "values": [1, 4], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3 -march=native",
                                 "-O3 -march=native -fno-tree-vectorize"]},
        }},
    # PRE-REGISTERED (benches/data/conv1d_prereg.md): never used to tune the guide
    "conv1d": {
        "source": "conv1d.c", "args": ["1048576", "8"], "small_args": ["65536", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["ik", "ki"], "define": "ORDER",
                      "body": "y[i] += w[k] * x[i + k]"},
            "block": {"role": "tile", "values": [1048576, 256, 1024, 4096, 16384],
                      "define": "BLOCK"},
            "unroll": {"role": "unroll", "values": [1, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -ffast-math"]},
        }},
    # PRE-REGISTERED (benches/data/blur3_prereg.md): never used to tune the guide
    "blur3": {
        "source": "blur3.c", "args": ["2048", "8"], "small_args": ["512", "1"],
        "preregistered": True,
        "params": {
            "algo": {"role": "other", "values": ["direct", "separable"], "define": "ALGO",
                     "index": True},
            "rb": {"role": "tile", "values": [2048, 4, 16, 64, 256], "define": "RB"},
            "unroll": {"role": "unroll", "values": [1, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -funroll-loops"]},
        }},
    # PRE-REGISTERED (benches/data/poly_simd_prereg.md): never used to tune the guide
    "poly_simd": {
        "source": "poly_simd.c", "args": ["4096", "100000"], "small_args": ["1024", "4"],
        "preregistered": True,
        "params": {
            "scheme": {"role": "other", "values": ["horner", "estrin"], "define": "SCHEME",
                       "index": True},
            "width": {"role": "simd_width", "values": [128, 256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=x86-64-v3", "-O3 -march=native",
                                 "-O3 -march=native -ffast-math"]},
        }},
    # PRE-REGISTERED (benches/data/gather_hp_prereg.md): never used to tune the guide
    "gather_hp": {
        "source": "gather_hp.c", "args": ["16777216", "4194304", "6"],
        "small_args": ["1048576", "262144", "1"],
        "preregistered": True,
        "params": {
            "hugepages": {"role": "other", "values": [0, 1], "env": "GLIBC_TUNABLES",
                          "env_format": "glibc.malloc.hugetlb={}"},
            "prefetch": {"role": "other", "values": [0, 8, 32, 128], "define": "PF"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -mprefer-vector-width=512"]},
        }},
    # PRE-REGISTERED (benches/data/spmv_sell_prereg.md): never used to tune the guide
    "spmv_sell": {
        "source": "spmv_sell.c", "args": ["4096", "3000"], "small_args": ["4096", "200"],
        "preregistered": True,
        "params": {
            "chunk": {"role": "other", "values": [1, 4, 8, 16, 32], "define": "C"},
            "sigma": {"role": "other", "values": [1, 64, 4096], "define": "SIGMA"},
            "unroll": {"role": "unroll", "values": [1, 2, 4], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -ffast-math"]},
        }},
    # PRE-REGISTERED (benches/data/nbody_pairs_prereg.md): never used to tune the guide
    "nbody_pairs": {
        "source": "nbody_pairs.c", "args": ["2048", "24"], "small_args": ["512", "2"],
        "preregistered": True, "libs": ["-lm"],
        "params": {
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native", "-O3 -ffast-math",
                                 "-O3 -march=native -ffast-math"]},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
            "jb": {"role": "tile", "values": [2048, 64, 256, 1024], "define": "JB"},
            "form": {"role": "other", "values": ["inv3", "pow"], "define": "FORM",
                     "index": True},
        }},
    # PRE-REGISTERED (benches/data/wht_cols_prereg.md): never used to tune the guide
    "wht_cols": {
        "source": "wht_cols.c", "args": ["1024", "40"], "small_args": ["1024", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["ji", "ij"], "define": "ORDER",
                      "body": "a[i*n+j] = c*(a[i*n+j] + a[(i+s)*n+j])"},
            "tj": {"role": "tile", "values": [1024, 8, 16, 32, 64, 128, 256, 512],
                   "define": "TJ"},
            "unroll": {"role": "unroll", "values": [1, 2, 4], "define": "UNROLL"},
            "flags": {"role": "compiler_flags", "values": FLAGS3},
        }},
    # PRE-REGISTERED (benches/data/fw_blocked_prereg.md): never used to tune the guide
    "fw_blocked": {
        "source": "fw_blocked.c", "args": ["480", "1"], "small_args": ["480", "1"],
        "preregistered": True,
        "params": {
            "tile": {"role": "tile", "values": [480, 16, 24, 32, 48, 60, 80, 120, 160, 240],
                     "define": "T"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native", "-Ofast -march=native"]},
        }},
    # PRE-REGISTERED (benches/data/bmm_batch_prereg.md): never used to tune the guide
    "bmm_batch": {
        "source": "bmm_batch.c", "args": ["16384", "16"], "small_args": ["16384", "2"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["ijkb", "bijk"], "define": "ORDER",
                      "body": "C[(i*M+j)*nb+b] += A[(i*M+k)*nb+b] * B[(k*M+j)*nb+b]"},
            "tb": {"role": "tile", "values": [16384, 16, 32, 64, 128, 256, 1024, 4096],
                   "define": "TB"},
            "unroll": {"role": "unroll", "values": [1, 2, 4], "define": "UNROLL"},
            "width": {"role": "simd_width", "values": [256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "flags": {"role": "compiler_flags", "values": FLAGS3},
        }},
    # PRE-REGISTERED (benches/data/band_trsm_prereg.md): never used to tune the guide
    "band_trsm": {
        "source": "band_trsm.c", "args": ["1024", "64", "8", "400"],
        "small_args": ["1024", "64", "8", "2"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["rik", "irk", "ikr"], "define": "ORDER",
                      "body": "X[i*nr+r] -= L[i*w+k] * X[(i-w+k)*nr+r]"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -ffast-math"]},
            "width": {"role": "simd_width", "values": [256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 3, 4, 5, 6, 7, 8],
                       "define": "UNROLL"},
        }},
    # PRE-REGISTERED (benches/data/spmm_csr_prereg.md): never used to tune the guide
    "spmm_csr": {
        "source": "spmm_csr.c", "args": ["2048", "64", "16", "100"],
        "small_args": ["2048", "64", "16", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["cip", "ipc"], "define": "ORDER",
                      "body": "Y[i*nc+c] += val[p] * X[col[p]*nc+c]"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=x86-64-v2", "-O3 -march=x86-64-v3",
                                 "-O3 -march=native", "-O3 -march=native -ffast-math"]},
            "width": {"role": "simd_width", "values": [128, 256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
        }},
    # PRE-REGISTERED (benches/data/bs_price_prereg.md): never used to tune the guide
    "bs_price": {
        "source": "bs_price.c", "args": ["16384", "400"], "small_args": ["16384", "10"],
        "preregistered": True, "libs": ["-lm"],
        "params": {
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native", "-O3 -ffast-math",
                                 "-O3 -march=native -ffast-math"]},
            "width": {"role": "simd_width", "values": [128, 256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 3, 4, 5, 6, 7, 8],
                       "define": "UNROLL"},
        }},
    # PRE-REGISTERED (benches/data/lu_forms_prereg.md): never used to tune the guide
    "lu_forms": {
        "source": "lu_forms.c", "args": ["400", "6"], "small_args": ["400", "1"],
        "preregistered": True,
        "params": {
            "order": {"role": "loop_order", "values": ["kji", "jki", "ijk", "jik", "kij", "ikj"],
                      "define": "ORDER", "body": "A[i*n+j] -= A[i*n+k] * A[k*n+j]"},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -ffast-math"]},
            "width": {"role": "simd_width", "values": [128, 256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
        }},
    # PRE-REGISTERED (benches/data/hist_priv_prereg.md): never used to tune the guide
    "hist_priv": {
        "source": "hist_priv.c", "args": ["1048576", "100"], "small_args": ["1048576", "2"],
        "preregistered": True,
        "params": {
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O3", "-O3 -march=native",
                                 "-O3 -march=native -funroll-loops"]},
            "copies": {"role": "other", "values": [1, 2, 4, 8, 16], "define": "COPIES"},
            "ctr": {"role": "other", "values": ["u32", "u16"], "define": "CTR", "index": True},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
        }},
    # PRE-REGISTERED (benches/data/rare_eval_prereg.md): never used to tune the guide
    "rare_eval": {
        "source": "rare_eval.c", "args": ["1048576", "200"], "small_args": ["1048576", "2"],
        "preregistered": True,
        "params": {
            "variant": {"role": "other", "values": ["inline", "compact"], "define": "VARIANT",
                        "index": True},
            "flags": {"role": "compiler_flags",
                      "values": ["-O2", "-O2 -march=native", "-O3", "-O3 -march=x86-64-v3",
                                 "-O3 -march=native"]},
            "width": {"role": "simd_width", "values": [128, 256, 512],
                      "flag": "-mprefer-vector-width={}"},
            "unroll": {"role": "unroll", "values": [1, 2, 4, 8], "define": "UNROLL"},
        }},
}
#: tables with their own snapshot file (the tuning tables share tables_snapshot.json)
OWN_SNAPSHOT = {"stencil2d", "stencil3d", "conv1d", "blur3", "poly_simd", "gather_hp",
                "spmv_sell", "nbody_pairs", "wht_cols", "fw_blocked", "bmm_batch",
                "band_trsm", "spmm_csr", "bs_price", "lu_forms", "hist_priv", "rare_eval"}
#: the keys a recorded row holds besides the parameters: no parameter may be named so
ROW_KEYS = frozenset({"t", "spread"})
#: how a parameter reaches the build or the run (not part of the recorded table's space)
HOW = ("define", "index", "flag", "env", "env_format")
#: ANALYSIS_ONLY=1: only the baseline's analysis and the snapshot (a pre-registration commits
#: them, with its predictions, before any row is recorded; the recording then keeps them)
ANALYSIS_ONLY = os.environ.get("ANALYSIS_ONLY") == "1"


def _build_argv(params: dict[str, Any], point: dict[str, Any], src: Path, exe: Path,
                libs: list[str] | None = None) -> list[str]:
    argv = ["gcc", "-I", str(KERNELS), "-I", str(TUNE_KERNELS)]
    for name, spec in params.items():
        v = point[name]
        if spec["role"] == "compiler_flags":
            argv += str(v).split()
        elif "flag" in spec:
            argv.append(spec["flag"].format(v))
        elif "define" in spec:
            # a loop order's (or an indexed choice's) define is its index among the values
            by_index = spec["role"] == "loop_order" or spec.get("index")
            d = spec["values"].index(v) if by_index else v
            argv.append(f"-D{spec['define']}={d}")
    return [*argv, "-o", str(exe), str(src), *(libs or [])]


def _env(params: dict[str, Any], point: dict[str, Any]) -> dict[str, str]:
    """The run's environment: this process's, with each ``env`` parameter's value set."""
    env = dict(os.environ)
    for name, spec in params.items():
        if "env" in spec:
            env[spec["env"]] = spec.get("env_format", "{}").format(point[name])
    return env


def _run(exe: Path, args: list[str], env: dict[str, str] | None = None) -> float:
    out = subprocess.run([str(exe), *args], capture_output=True, text=True, check=True,
                         timeout=120, env=env).stdout
    return float(out.split("cpu_s=")[1].split()[0])


def record(name: str, work: Path) -> None:
    t = TABLES[name]
    analysis = HERE / "data" / f"{name}_analysis.json"
    if ANALYSIS_ONLY:
        (work / name).mkdir(parents=True, exist_ok=True)
        record_analysis(name, work / name)
        return
    params = t["params"]
    names = list(params)
    clash = sorted(set(names) & ROW_KEYS)
    if clash:  # fw_blocked's tile was once named "t" and lost to the time column
        raise SystemExit(f"{name}: parameter name(s) {clash} are the row's own keys "
                         f"{sorted(ROW_KEYS)}; rename the parameter")
    src = KERNELS / t["source"]
    points = [dict(zip(names, vals, strict=True))
              for vals in itertools.product(*(params[n]["values"] for n in names))]
    d = work / name
    d.mkdir(parents=True, exist_ok=True)
    exes = []
    for i, p in enumerate(points):
        exe = d / f"p{i}"
        if not (REUSE and exe.exists() and exe.stat().st_mtime > src.stat().st_mtime):
            subprocess.run(_build_argv(params, p, src, exe, t.get("libs")), check=True,
                           capture_output=True)
        exes.append(exe)
    envs = [_env(params, p) for p in points]
    times: list[list[float]] = [[] for _ in points]
    rng = random.Random(0)
    t0 = time.time()
    load = [os.getloadavg()]
    for r in range(ROUNDS):
        order = list(range(len(points)))
        rng.shuffle(order)
        for i in order:
            times[i].append(_run(exes[i], t["args"], envs[i]))
        load.append(os.getloadavg())
        print(f"{name}: round {r + 1}/{ROUNDS} ({time.time() - t0:.0f} s, load {load[-1]})",
              flush=True)
    rows = [{**p, "t": round(statistics.median(ts), 6),
             "spread": round((max(ts) - min(ts)) / statistics.median(ts), 3)}
            for p, ts in zip(points, times, strict=True)]
    table = {
        "objective": "t", "direction": "minimize", "kernel": t["source"], "args": t["args"],
        "preregistered": bool(t.get("preregistered")),
        "machine": __import__("_common").machine_key(), "rounds": ROUNDS,
        "measured": "median of ROUNDS interleaved runs of the kernel loop's thread CPU time (s)",
        "loadavg_per_round": [[round(x, 2) for x in la] for la in load],
        "recorded_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "params": {n: {k: v for k, v in s.items() if k not in HOW}
                   for n, s in params.items()},
        "rows": rows,
    }
    (HERE / "data" / f"{name}.json").write_text(json.dumps(table, indent=1) + "\n")
    if t.get("preregistered"):  # not looked at before its one replay
        print(f"wrote {name}.json: {len(rows)} rows", flush=True)
    else:
        print(f"wrote {name}.json: {len(rows)} rows, best {min(rows, key=lambda r: r['t'])}",
              flush=True)
    if t.get("preregistered") and analysis.exists():
        print(f"kept the pre-registered {analysis.name}", flush=True)
    else:
        record_analysis(name, d)


def record_analysis(name: str, work: Path) -> None:
    """``perfscout analyze`` of cachegrind and gcc remarks of the baseline configuration."""
    t = TABLES[name]
    params = t["params"]
    base = {n: s["values"][0] for n, s in params.items()}
    exe = work / "baseline"
    argv = _build_argv(params, base, KERNELS / t["source"], exe, t.get("libs"))
    tail = 3 + len(t.get("libs", []))  # "-o EXE SRC" and the libraries after it
    cp = subprocess.run([*argv[:-tail], "-fopt-info-vec-all", *argv[-tail:]],
                        capture_output=True, text=True, check=True)
    remarks = work / "remarks.txt"
    remarks.write_text(cp.stderr)
    cg = work / "cachegrind.out"
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes",
                    f"--cachegrind-out-file={cg}", str(exe), *t["small_args"]],
                   capture_output=True, check=True, env=_env(params, base))
    ann = work / "cg_annotate.txt"
    ann.write_text(subprocess.run(["cg_annotate", str(cg)], capture_output=True, text=True,
                                  check=True).stdout)
    res = subprocess.run([sys.executable, "-m", "perfscout", "analyze", str(ann), str(remarks),
                          "--json"], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    out = HERE / "data" / f"{name}_analysis.json"
    out.write_text(res.stdout)
    ids = [f["id"] for f in json.loads(res.stdout)["data"]["findings"]]
    print(f"wrote {out.name}: findings {ids}", flush=True)


def main() -> None:
    sys.path.insert(0, str(HERE))
    names = sys.argv[1:] or list(TABLES)
    work = HERE / "work" / "tables"
    if work.exists() and not REUSE:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    from record_matmul_grid import record_snapshot

    for name in names:
        record(name, work)
        snap = HERE / "data" / f"{name}_snapshot.json"
        if TABLES[name].get("preregistered") and snap.exists() and not ANALYSIS_ONLY:
            print(f"kept the pre-registered {snap.name}", flush=True)
        elif name in OWN_SNAPSHOT:
            record_snapshot(work, HERE / "data" / f"{name}_snapshot.json")
    if set(names) - OWN_SNAPSHOT:
        record_snapshot(work, HERE / "data" / "tables_snapshot.json")


if __name__ == "__main__":
    main()
