"""Run every ``benches/bench_*.py`` in turn (``make bench``); each writes its own results file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    only = set(sys.argv[1:])
    for bench in sorted(HERE.glob("bench_*.py")):
        if only and bench.stem.removeprefix("bench_") not in only:
            continue
        print(f"== {bench.name}", flush=True)
        rc = subprocess.call([sys.executable, str(bench)], cwd=HERE.parent)
        if rc != 0:
            failed.append(bench.name)
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
