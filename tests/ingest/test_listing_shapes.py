"""Listing shapes users hand over (tests/ingest/data/listing_shapes/make.sh, real tools run
here): callgrind_annotate's ``--inclusive=yes`` listing keeps the parts inlined from each
header apart (regions, each at its own cost), the annotated source pasted without its header is
read with its total recovered from the percentages, and perf stat of one program at two sizes
is a size sweep of CPU time."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.ingest.registry import load

D = Path(__file__).parent / "data" / "listing_shapes"


def test_an_inclusive_listing_keeps_each_inlined_row() -> None:
    p = load(D / "callgrind-inclusive.txt")
    rows = {h.name: (h.self_share, h.kind, Path(h.location.file).name if h.location else "")
            for h in p.hotspots if h.kind != "line"}
    # main's inlined std::map code: stl_tree.h 13,887,577 and char_traits.h 66,289,706 of
    # 112,274,606 (the listing's own figures), each its own row
    assert rows["main (inlined from stl_tree.h)"] == (
        pytest.approx(13_887_577 / 112_274_606), "region", "stl_tree.h")
    assert rows["main (inlined from char_traits.h)"][0] == pytest.approx(66_289_706 / 112_274_606)
    assert all(s is not None and s <= 1.0 for n, (s, k, _) in rows.items() if k == "region")


def test_the_ordered_map_is_found_in_the_inclusive_listing(tmp_path: Path) -> None:
    shutil.copy(D / "callgrind-inclusive.txt", tmp_path / "cg.txt")
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    top = json.loads(cp.stdout)["data"]["findings"][0]
    assert top["id"] == "app.data_structure"
    share = top["evidence"][0]["value"]
    assert share == pytest.approx(66_289_706 / 112_274_606)  # the largest row, not a sum


def test_the_annotated_source_alone_is_read_with_its_total() -> None:
    p = load(D / "callgrind-source-only.txt")
    total = float((D / "program-totals.txt").read_text().split()[0].replace(",", ""))
    got = p.first("profile.total")
    assert p.format == "callgrind_annotate" and got is not None
    assert got.value == pytest.approx(total, rel=0.01)  # from the printed percentages
    lines = [h for h in p.hotspots if h.kind == "line"]
    # the program's own lines among them (the headers it inlines are annotated after it)
    assert any(h.location is not None and h.location.file.endswith("rates.cpp")
               for h in lines)


def test_perf_stat_at_two_sizes_is_a_sweep_of_cpu_time(tmp_path: Path) -> None:
    for n in (20000, 40000):
        shutil.copy(D / f"perf-stat-{n}.txt", tmp_path / f"perf-stat-{n}.txt")
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    f = next(x for x in json.loads(cp.stdout)["data"]["findings"] if x["id"] == "alg.complexity")
    quote = f["evidence"][0]["quote"]
    assert "task-clock" in quote and "2 sizes" in quote
