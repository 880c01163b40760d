"""Parse throughput of the perf script and perf stat -I adapters vs a plain split loop.

Generates (under benches/work/, gitignored) a perf script file of BENCH_INGEST_MB megabytes
(default 200) by repeating the FlameGraph corpus file with varied addresses, and a perf stat
-I file of BENCH_INGEST_LINES lines (default 1,000,000) by repeating the rows of a real
``perf stat -I 20`` run here with advancing time stamps. Each parse runs in a child process
(peak RSS from ru_maxrss), interleaved with a child running a loop that only reads and splits
the same lines; medians of REPEATS runs and their ratio go to benches/results/ingest.json.
Target: parse within 3x of the split loop, peak memory below 2x the file size.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import median, write_result

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "benches" / "work"
CORPUS = Path(os.environ.get("PERFSCOUT_CORPUS", ROOT.parent / "shared" / "corpus"))
REPEATS = int(os.environ.get("BENCH_INGEST_REPEATS", "3"))

CHILD = r"""
import resource, sys, time
from pathlib import Path
mode, path = sys.argv[1], Path(sys.argv[2])
if mode != "split":
    from perfscout.ingest import get_adapter  # imports are not parse time
t = time.perf_counter()
if mode == "split":
    n = 0
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            n += len(line.split())
else:
    get_adapter(mode).parse(path)
dt = time.perf_counter() - t
print(dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def make_script(mb: int) -> Path:
    out = WORK / f"perf-script-{mb}MB.txt"
    if out.exists():
        return out
    src = (CORPUS / "perf_report/perf-script-numa-stacks.txt").read_text().splitlines()
    body = [ln for ln in src if not ln.startswith("#")]
    rnd = random.Random(1)
    tmp = out.with_suffix(".tmp")
    with tmp.open("w") as fh:
        size = 0
        while size < mb * 1_000_000:
            chunk = []
            for ln in body:
                if ln.startswith("\t"):
                    _addr, _, rest = ln.strip().partition(" ")
                    ln = f"\t{rnd.getrandbits(48):16x} {rest}"
                chunk.append(ln)
            text = "\n".join(chunk) + "\n\n"
            fh.write(text)
            size += len(text)
    tmp.replace(out)
    return out


def _recorded_interval_rows() -> list[tuple[str, str]]:
    """(value-and-rest, ...) rows of one real ``perf stat -I`` run here, timestamps split off;
    the synthetic shape when perf cannot record."""
    perf = shutil.which("perf")
    if perf:
        prog = WORK / "spin"
        if not prog.exists():
            src = WORK / "spin.c"
            src.write_text("int main(void){volatile double s=0;"
                           "for(long i=0;i<200000000;i++)s+=i*0.5;return s<0;}\n")
            subprocess.run(["gcc", "-O1", "-o", str(prog), str(src)], check=True)
        out = WORK / "perf-stat-I-recorded.txt"
        cp = subprocess.run([perf, "stat", "-I", "20", "-e",
                             "task-clock,context-switches,cpu-migrations,page-faults",
                             "-o", str(out), str(prog)], capture_output=True, text=True)
        if cp.returncode == 0:
            rows = []
            for ln in out.read_text().splitlines():
                ts, _, rest = ln.strip().partition(" ")
                if ts[:1].isdigit() and rest:
                    rows.append((ts, rest))
            if rows:
                return rows
    return [("0.1", f"{1000:18,} {unit:5} {ev:32} {com}") for ev, unit, com in (
        ("task-clock", "msec", "#    0.110 CPUs utilized"), ("context-switches", "", ""),
        ("page-faults", "", "#  359.918 K/sec"))]


def make_interval(lines: int) -> Path:
    """A ``lines``-line interval file: a real run's rows repeated with advancing stamps."""
    out = WORK / f"perf-stat-I-{lines}.txt"
    if out.exists():
        return out
    rows = _recorded_interval_rows()
    stamps = sorted({float(ts) for ts, _ in rows})
    span = stamps[-1] + (stamps[-1] - stamps[0]) / max(len(stamps) - 1, 1)
    tmp = out.with_suffix(".tmp")
    with tmp.open("w") as fh:
        fh.write("#           time             counts unit events\n")
        for i in range(lines - 1):
            ts, rest = rows[i % len(rows)]
            t = float(ts) + span * (i // len(rows))
            fh.write(f"{t:16.9f} {rest}\n")
    tmp.replace(out)
    return out


def child(mode: str, path: Path) -> tuple[float, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1]) * 1024


def measure(fmt: str, path: Path) -> dict[str, float]:
    parse_t: list[float] = []
    split_t: list[float] = []
    rss: list[int] = []
    for _ in range(REPEATS):
        st, _ = child("split", path)
        pt, r = child(fmt, path)
        split_t.append(st)
        parse_t.append(pt)
        rss.append(r)
    size = path.stat().st_size
    return {"file_mb": size / 1e6, "parse_s_median": median(parse_t),
            "split_s_median": median(split_t), "ratio": median(parse_t) / median(split_t),
            "peak_rss_mb": max(rss) / 1e6, "rss_over_size": max(rss) / size,
            "repeats": REPEATS}


def main() -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    mb = int(os.environ.get("BENCH_INGEST_MB", "200"))
    lines = int(os.environ.get("BENCH_INGEST_LINES", "1000000"))
    t = time.time()
    figures = {"perf_script": measure("perf-script", make_script(mb)),
               "perf_stat_interval": measure("perf-stat", make_interval(lines)),
               "wall_s": time.time() - t}
    figures["perf_stat_interval"]["rows_from"] = (
        "a real perf stat -I 20 run here, repeated with advancing time stamps"
        if (WORK / "perf-stat-I-recorded.txt").exists() else "synthetic rows (no perf)")
    write_result("ingest", figures)


if __name__ == "__main__":
    main()
