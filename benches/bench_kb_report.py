"""KB and report costs: adding cards, stats over many cards, rendering a report (en vs zh).

Figures: medians of a few repetitions, and ratios side by side (stats at 10x the cards, zh vs en
rendering), so a regression shows as a ratio change rather than an absolute time.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "src"),
                str(Path(__file__).resolve().parents[1])]

from benches._common import median, write_result  # noqa: E402
from tests.report.build import sample_input  # noqa: E402

from perfscout.kb import Card, CardStore, Gain, kb_stats  # noqa: E402
from perfscout.report import write_report  # noqa: E402


def cards(n: int) -> list[Card]:
    return [Card(f"p{i % 23}-{i}", f"p{i % 23}", ("win", "loss", "neutral", "invalid")[i % 4],
                 f"cpu{i % 5}|gcc-12|nompi", expected_low=1.0, expected_high=2.0,
                 actual=Gain(1.0 + (i % 7) / 10, 0.9, 1.9), experiments=(f"e{i}",))
            for i in range(n)]


def timed(fn: object, reps: int = 3) -> float:
    xs = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        xs.append(time.perf_counter() - t0)
    return median(xs)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "perfscout.db"
        batch = cards(500)
        with CardStore(db) as cs:
            t_add = timed(lambda: [cs.add(c) for c in batch], reps=1)
            all_cards = cs.cards()
        small, big = cards(1000), cards(10000)
        t_small = timed(lambda: kb_stats(small))
        t_big = timed(lambda: kb_stats(big))
        inp = sample_input()
        t_en = timed(lambda: write_report(inp, Path(tmp) / "en", "en"))
        t_zh = timed(lambda: write_report(inp, Path(tmp) / "zh", "zh"))
    write_result("kb_report", {
        "add_card_ms": 1000 * t_add / len(batch), "cards_read_back": len(all_cards),
        "kb_stats_1000_ms": 1000 * t_small, "kb_stats_10000_ms": 1000 * t_big,
        "kb_stats_ratio_10x_cards": t_big / t_small,
        "report_en_s": t_en, "report_zh_s": t_zh, "report_zh_over_en": t_zh / t_en,
    })


if __name__ == "__main__":
    main()
