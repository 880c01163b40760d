"""How long ``message.parse`` takes to recover a sentence's id, against the full scan of
every English template it replaced (the same answers: tests/report/test_message_parse.py).

Run: ``.venv/bin/python benches/bench_message_parse.py`` -> ``benches/results/message_parse.json``
(microseconds per sentence over every catalog sentence plus text no template matches, the
median of 7 rounds, and the load average while it ran).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import median, write_result  # noqa: E402
from tests.report.parse_reference import full_scan, rendered  # noqa: E402

from perfscout.model.message import EN, parse  # noqa: E402


def _texts() -> list[str]:
    return [rendered(key, "v") for key in EN] + [
        "a line of a program's output that no template says"] * 50


def _us_per_text(fn: Callable[[str], object], texts: list[str]) -> float:
    rounds = []
    for _ in range(7):
        t0 = time.perf_counter()
        for t in texts:
            fn(t)
        rounds.append((time.perf_counter() - t0) / len(texts) * 1e6)
    return round(median(rounds), 1)


def main() -> None:
    texts = _texts()
    parse(texts[0])  # build the patterns and the index outside the timing
    load = [round(x, 2) for x in os.getloadavg()]
    figures = {"sentences": len(texts), "indexed_us": _us_per_text(parse, texts),
               "full_scan_us": _us_per_text(full_scan, texts),
               "load_average": load, "load_average_after": [round(x, 2)
                                                            for x in os.getloadavg()]}
    figures["speedup"] = round(figures["full_scan_us"] / figures["indexed_us"], 1)
    write_result("message_parse", figures)


if __name__ == "__main__":
    main()
