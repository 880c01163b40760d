"""Helpers every benchmark uses: the machine key and writing ``benches/results/NAME.json``."""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def machine_key() -> str:
    """CPU model | online CPUs | kernel: the snapshot key of the machine the figures came from."""
    model = "unknown-cpu"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}|{os.cpu_count()}cpu|{platform.release()}"


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def write_result(name: str, figures: dict[str, Any]) -> Path:
    """Write the figures with the machine key and the UTC date; returns the path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"{name}.json"
    doc = {
        "bench": name,
        "machine": machine_key(),
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "figures": figures,
    }
    tmp = out.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    tmp.replace(out)
    print(json.dumps(doc, indent=2))
    return out


def stress_argv(cpus: int) -> list[str]:
    """The issue's shared-node load, scaled with the number of online CPUs."""
    return ["stress-ng", "--cpu", str(5 * cpus), "--cpu-load", "50", "--vm", str(cpus),
            "--vm-bytes", "1G", "--hdd", "1", "--hdd-bytes", "1G", "--quiet"]


@contextmanager
def background_load(enabled: bool, where: Path) -> Iterator[list[str]]:
    """Run stress-ng in its own process group for the duration; stop it by its pid."""
    if not enabled:
        yield []
        return
    if shutil.which("stress-ng") is None:
        sys.exit("stress-ng is not installed (scripts/install-system.sh installs it)")
    argv = stress_argv(os.cpu_count() or 1)
    proc = subprocess.Popen(argv, cwd=where, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        time.sleep(5)  # let the load build up before the first experiment
        yield argv
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # its own group: proc.pid leads it
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
