"""How often the source-change generator is right on loops it was not built from.

Two suites: the pre-registered held-out loops (each ``benches/data/transform_heldout*``
folder, labels committed before the generator ever ran on them; a set's first scoring is kept
as its ``first_run``) and the tuning programs of
``tests/transform/programs.py``. A case is right when the label says ``generate`` and the
generator wrote a change that builds with the real compiler and prints exactly what the original
prints, or when the label says ``refuse`` and it refused. Wrong answers are split into the unsafe
kind (a change where none is legal, or a change that alters the output) and the safe kind (a
refusal of a legal change). Records the load while it ran. Run:
``.venv/bin/python benches/bench_transform.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from _common import RESULTS, write_result

from perfscout.transform import Generated, generate

DATA = Path(__file__).resolve().parent / "data" / "transform_heldout"
CC = {".c": "gcc", ".cpp": "g++", ".f90": "gfortran"}


def _run(src: Path, text: str, flags: tuple[str, ...], libs: tuple[str, ...], tmp: Path,
         tag: str) -> str | None:
    f = tmp / f"{tag}{src.suffix}"
    f.write_text(text)
    exe = tmp / f"{tag}.exe"
    b = subprocess.run([CC[src.suffix], "-O2", "-fopenmp", *flags, "-o", str(exe), str(f),
                        *libs, "-lm"], capture_output=True, text=True, timeout=300)
    if b.returncode != 0:
        return None
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "OMP_NUM_THREADS": "2"})
    return r.stdout if r.returncode == 0 else None


def _hot(text: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if "HOT" in ln)


def evaluate(cases: list[dict[str, str]], source: dict[str, tuple[Path, str]]
             ) -> dict[str, object]:
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for i, c in enumerate(cases):
            path, text = source[c["file"]]
            g = generate(c["transform"], text, path.name, int(c.get("line") or _hot(text)))
            row: dict[str, object] = {**c, "got": "generate" if isinstance(g, Generated)
                                      else "refuse"}
            if isinstance(g, Generated):
                base = _run(path, text, (), (), tmp, f"b{i}")
                new = _run(path, g.new_text, g.flags, g.libs, tmp, f"n{i}")
                row["same_output"] = base is not None and new == base
                row["note"] = g.note
            else:
                row["reason"] = g.reason
            ok = (c["expect"] == row["got"] and (row["got"] == "refuse" or row["same_output"]))
            row["right"] = ok
            row["unsafe"] = row["got"] == "generate" and (c["expect"] == "refuse"
                                                          or not row.get("same_output"))
            rows.append(row)
    right = sum(1 for r in rows if r["right"])
    return {"cases": len(rows), "right": right, "accuracy": round(right / len(rows), 3),
            "unsafe": sum(1 for r in rows if r["unsafe"]),
            "safe_refusals_of_legal": sum(1 for r in rows if not r["right"] and not r["unsafe"]),
            "rows": rows}


def _tuning() -> tuple[list[dict[str, str]], dict[str, tuple[Path, str]]]:
    from transform import programs as P

    c_cases = [("COLUMN_WALK", "loop_interchange", "generate"), ("DOT", "omp_simd", "generate"),
               ("REDUCE_PRIVATE", "parallelize_omp", "generate"),
               ("TRANSPOSE", "loop_tiling", "generate"), ("DOT", "loop_unroll", "generate"),
               ("GEMV", "use_blas", "generate"), ("GEMM_BT", "use_blas", "generate"),
               ("SKEWED_2D", "loop_interchange", "refuse"), ("SKEWED_2D", "loop_tiling", "refuse"),
               ("PREFIX_SUM", "omp_simd", "refuse"), ("PREFIX_SUM", "parallelize_omp", "refuse"),
               ("CARRIED_SCALAR", "parallelize_omp", "refuse"),
               ("SKIP_AHEAD", "loop_unroll", "refuse"), ("GEMM_IN_PLACE", "use_blas", "refuse")]
    source = {name: (Path(f"{name.lower()}.c"), getattr(P, name)) for name, _, _ in c_cases}
    cases = [{"file": n, "transform": t, "expect": e} for n, t, e in c_cases]
    return cases, source


def _sets() -> dict[str, Path]:
    """Every pre-registered folder (``data/transform_heldout*`` with a ``labels.json``), by the
    key its figures are kept under: the first set's ``heldout_preregistered``, then
    ``heldout_preregistered_2``..."""
    out: dict[str, Path] = {}
    for d in sorted(DATA.parent.glob("transform_heldout*")):
        if (d / "labels.json").is_file():
            suffix = d.name.removeprefix("transform_heldout")
            out["heldout_preregistered" + (f"_{suffix}" if suffix else "")] = d
    return out


def _previous() -> dict[str, object]:
    try:
        return dict(json.loads((RESULTS / "transform.json").read_text())["figures"])
    except (OSError, ValueError, KeyError):
        return {}


def _commit() -> str:
    out = subprocess.run(["git", "-C", str(DATA.parents[2]), "rev-parse", "HEAD"],
                         capture_output=True, text=True, check=False)
    return out.stdout.strip()


def main() -> None:
    """Score every pre-registered set and the tuning programs; a set scored for the first
    time keeps that figure (commit, date, load) under ``first_run``, never re-measured."""
    import datetime

    before = _previous()
    figures: dict[str, object] = {}
    load0 = os.getloadavg()[0]
    for key, d in _sets().items():
        labels = json.loads((d / "labels.json").read_text())["cases"]
        held = {c["file"]: (d / c["file"], (d / c["file"]).read_text()) for c in labels}
        got = evaluate(labels, held)
        old = before.get(key)
        first = old.get("first_run") if isinstance(old, dict) else None
        if first is None and key != "heldout_preregistered":  # the first set's is in README
            first = {k: got[k] for k in ("cases", "right", "accuracy", "unsafe",
                                         "safe_refusals_of_legal")}
            first.update(commit=_commit(), date=datetime.datetime.now(datetime.UTC).strftime(
                "%Y-%m-%dT%H:%M:%SZ"), load_avg1=round(os.getloadavg()[0], 2))
        figures[key] = {**got, **({"first_run": first} if first else {})}
    tcases, tsource = _tuning()
    figures["tuning"] = evaluate(tcases, tsource)
    figures["load_avg_1min"] = {"start": round(load0, 2), "end": round(os.getloadavg()[0], 2)}
    write_result("transform", figures)


if __name__ == "__main__":
    main()
