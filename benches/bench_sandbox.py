"""Runner overhead: LocalRunner vs bare subprocess.run on /bin/true, interleaved, medians."""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from _common import median, write_result

from perfscout.model.runs import RunRequest
from perfscout.sandbox.containment import netns_available
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import load_policy


def main(n: int = 60) -> None:
    with tempfile.TemporaryDirectory() as d:
        ws = Path(d)
        runner = LocalRunner(load_policy(), ws, ws / "home")
        bare: list[float] = []
        sand: list[float] = []
        for _ in range(n):
            t = time.perf_counter()
            subprocess.run(["/bin/true"], capture_output=True)
            bare.append(time.perf_counter() - t)
            t = time.perf_counter()
            runner.run(RunRequest(("true",)))
            sand.append(time.perf_counter() - t)
    b, s = median(bare[5:]), median(sand[5:])
    write_result("sandbox", {"bare_median_ms": b * 1e3, "runner_median_ms": s * 1e3,
                             "ratio": s / b, "overhead_ms": (s - b) * 1e3, "n": n - 5,
                             "network_isolated": netns_available()})


if __name__ == "__main__":
    main()
