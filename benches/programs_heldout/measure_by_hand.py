"""The expert's reference measured by hand, outside perfscout (plain make, patch and a clock).

For each held-out program: copy it twice, build the baseline with its own Makefile and the
expert's change (``bench.yaml``: patch applied with ``patch -p1``, flags put in CFLAGS, libraries
in LDLIBS), run them alternately 5 times with the bench's arguments, read the program's own
timer (the bare number it prints) and report the ratio of the medians and the checksums.

usage: python benches/programs_heldout/measure_by_hand.py [NAME ...]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


def build(src: Path, dst: Path, patch: str | None, flags: list[str], libs: list[str],
          defines: dict[str, str]) -> Path:
    shutil.copytree(src, dst)
    if patch:
        subprocess.run(["patch", "-p1", "-s", "-i", str(src / patch)], cwd=dst, check=True)
    mk = (dst / "Makefile").read_text()
    cflags = " ".join(["-O2", *flags]) if flags else "-O2"
    cpp = next(ln.split("=", 1)[1].strip() for ln in mk.splitlines()
               if ln.startswith("CPPFLAGS"))
    cpp += "".join(f" -D{k}={v}" for k, v in defines.items())
    subprocess.run(["make", "-s", "-B", f"CFLAGS={cflags}", f"CPPFLAGS={cpp}",
                    f"LDLIBS=-lm {' '.join(libs)}"], cwd=dst, check=True)
    exe = next(p for p in dst.iterdir() if p.is_file() and os.access(p, os.X_OK)
               and p.name.endswith("_bench"))
    return exe


def run(exe: Path, args: list[str]) -> tuple[float, str]:
    cp = subprocess.run([str(exe), *args], cwd=exe.parent, capture_output=True, text=True,
                        check=True)
    return float(cp.stdout.split()[0]), " ".join(ln for ln in cp.stderr.splitlines()
                                                if ":" in ln)


def main() -> None:
    names = sys.argv[1:] or sorted(p.name for p in HERE.iterdir() if (p / "bench.yaml").exists())
    for name in names:
        bench = yaml.safe_load((HERE / name / "bench.yaml").read_text())
        ex = bench["expert"]["variant"]
        defines = {k: str(v) for k, v in ((bench.get("baseline") or {}).get("defines") or {}
                                         ).items()}
        with tempfile.TemporaryDirectory() as tmp:
            base = build(HERE / name, Path(tmp) / "base", None, [], [], defines)
            expert = build(HERE / name, Path(tmp) / "expert", ex.get("patch"),
                           list(ex.get("extra_flags", [])), list(ex.get("libs", [])), defines)
            tb, te, sums = [], [], set()
            for _ in range(5):
                t, s = run(base, bench.get("args", []))
                tb.append(t)
                sums.add(("base", s))
                t, s = run(expert, bench.get("args", []))
                te.append(t)
                sums.add(("expert", s))
        mb, me = statistics.median(tb), statistics.median(te)
        print(f"{name}: baseline median {mb:.4f} s, expert median {me:.4f} s, "
              f"speedup {mb / me:.2f}x, "
              f"load {os.getloadavg()[0]:.1f}; checksums {sorted(sums)}")


if __name__ == "__main__":
    main()
