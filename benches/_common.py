"""Helpers every benchmark uses: the machine key and writing ``benches/results/NAME.json``."""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import statistics
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
