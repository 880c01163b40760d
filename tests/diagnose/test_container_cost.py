"""A container's cost seen two ways where the profile's function rows hide it (the walk is
inlined into the loop): cg_annotate's self-cost rows of code inlined from a system header
(``bits/stl_tree.h:main``) are kept apart as a region, so the tree rule sees the std::map's
walk; and the program's own A/B of the container (``build=std::map`` against
``build=flat-vector``, the same work; ``std::map`` one word) is ``app.data_structure``. An A/B
whose slower side names no node or hashed container, or both sides do, decides nothing here.
Fixtures: ``data/container_ab/make.sh`` (real g++, valgrind cachegrind, cg_annotate)."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest import load
from perfscout.ingest.ab_runs import ab_metrics
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "container_ab"


def test_the_walk_inlined_into_main_is_kept_apart_from_main() -> None:
    p = load(D / "cg-annotate.txt")
    part = next(h for h in p.hotspots if h.name == "main (inlined from stl_tree.h)")
    assert part.kind == "region" and 0.45 < (part.self_share or 0) < 0.55  # 49.66% in the file
    assert next(h for h in p.hotspots if h.name == "main").kind == "function"


def test_the_simulated_walk_is_the_container_not_the_loop() -> None:
    a = analyze([D / "cg-annotate.txt"])
    assert a.findings and a.findings[0].id == "app.data_structure", [f.id for f in a.findings]
    offered = {p.id for p in a.proposals}
    assert not offered & {"loop_interchange", "loop_tiling"}, offered


def test_a_qualified_name_is_one_word_of_the_ab() -> None:
    lines = list(enumerate((D / "builds.txt").read_text().splitlines(), 1))
    (m,) = ab_metrics(lines, "builds.txt")
    assert m.raw_name == "build: std::map vs flat-vector" and m.value > 20


def test_the_programs_ab_of_its_container_is_the_finding() -> None:
    a = analyze([D / "builds.txt"])
    top = a.findings[0]
    assert top.id == "app.data_structure", [f.id for f in a.findings]
    assert any(e.metric == "ab.ratio" and "std::map takes" in e.quote for e in top.evidence)


def _ab_finding(tmp_path: Path, slow: str, fast: str) -> list[str]:
    text = "".join(f"$ ./run\nrun build={b} items=1000 seconds={t} sum=5.000\n"
                   for b, t in ((slow, 0.80), (slow, 0.82), (fast, 0.20), (fast, 0.21)))
    f = tmp_path / "builds.txt"
    f.write_text(text)
    return [x.id for x in analyze([f]).findings]


def test_an_ab_that_names_no_node_container_on_its_slow_side_decides_nothing(
        tmp_path: Path) -> None:
    assert "app.data_structure" not in _ab_finding(tmp_path, "scalar", "simd")
    assert "app.data_structure" not in _ab_finding(tmp_path, "std::map", "std::unordered_map")
    assert "app.data_structure" in _ab_finding(tmp_path, "std::list", "std::vector")
