"""Forms held-out set 23 brought (tests/diagnose/data/heldout23_forms/README.md): a user's table
of two builds with a repeat column, read as the program's A/B of its data type, which places
the time on the bytes moved when the printed bandwidth stays put; and ``callgrind_annotate
--tree=caller``, whose caller lines are call edges, not functions, so text formatted with
``snprintf`` into a map key is not taken for I/O."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.callgraph import walk
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "heldout23_forms"


def _ab(f: Path) -> list[tuple[float, str]]:
    return [(m.value, m.raw_name) for m in derive(load(f)).metrics if m.name == "ab.ratio"]


def test_a_table_of_builds_with_a_repeat_column_is_an_ab_of_the_type() -> None:
    # double 2.709 and 2.492 s (median 2.6005), float 1.696 and 1.312 s (median 1.504); the
    # run column numbers the repeats of each build, 'real 8 bytes' echoes the build's type
    got = _ab(D / "aquifer-builds.csv")
    assert len(got) == 1
    ratio, name = got[0]
    assert abs(ratio - 2.6005 / 1.504) < 1e-9
    assert name == "real: aquifer vs aquifer_f32"


def test_a_repeat_column_that_differs_between_builds_is_work(tmp_path: Path) -> None:
    # numbered 1, 2 for one build and 1, 3 for the other: not the same repeats, no A/B
    text = (D / "aquifer-builds.csv").read_text().replace("aquifer_f32,2,2,", "aquifer_f32,2,3,")
    (tmp_path / "b.csv").write_text(text)
    assert _ab(tmp_path / "b.csv") == []


def test_fewer_bytes_faster_at_the_same_bandwidth_is_memory_bandwidth() -> None:
    a = analyze([D / "aquifer-builds.csv", D / "aquifer-lscpu.txt"])
    top = a.findings[0]
    assert top.id == "hw.memory_bandwidth" and top.status.value == "hypothesis"
    assert {e.metric for e in top.evidence} >= {"mem.bandwidth", "ab.ratio"}
    assert "reduce_precision" in [p.id for p in a.proposals]
    assert any("likwid-bench" in r.command for r in a.data_requests)


def test_a_bandwidth_that_moved_with_the_time_says_nothing(tmp_path: Path) -> None:
    # the float build's printed rates halved: the bytes per second fell as the time did
    text = (D / "aquifer-builds.csv").read_text().replace("4.53 GB/s", "2.50 GB/s").replace(
        "5.85 GB/s", "2.70 GB/s")
    (tmp_path / "b.csv").write_text(text)
    a = analyze([tmp_path / "b.csv", D / "aquifer-lscpu.txt"])
    assert "hw.memory_bandwidth" not in [f.id for f in a.findings]


def test_callgrind_tree_caller_lines_are_edges_not_functions() -> None:
    p = load(D / "gaugeacc-callgrind-tree.txt")
    assert p.format == "callgrind_annotate"
    names = [h.name for h in p.hotspots if h.kind == "function"]
    assert not [n for n in names if "x)" in n]  # no '(220,000x)' caller line as a function
    # the '*' rows: memcmp 88,763,857 of 378,227,925
    memcmp = next(h for h in p.hotspots if h.name == "__memcmp_avx2_movbe")
    assert abs((memcmp.self_value or 0) - 88_763_857) < 1
    assert p.calltree is not None
    paths = [path for _n, path in walk(p.calltree) if path[-1] == "__vfprintf_internal"]
    assert ("main", "snprintf", "__vsnprintf_internal", "__vfprintf_internal") in [
        x[-4:] for x in paths]


def test_text_formatted_into_a_map_key_is_not_io() -> None:
    a = analyze([D / "gaugeacc-callgrind-tree.txt"])
    ids = [f.id for f in a.findings]
    assert ids[0] == "app.data_structure", ids
    assert "app.io_hotspot" not in ids


def test_an_index_chase_is_a_linked_walk() -> None:
    from perfscout.diagnose.rules.contention import POINTER_WALK

    assert POINTER_WALK.search("while (parent[i] >= 0) { i = parent[i]; d++; }")
    assert POINTER_WALK.search("k = tree->next[k];")
    assert not POINTER_WALK.search("i = parent[j];")
    assert not POINTER_WALK.search("v = a[v] + 1;")


def test_loop_order_is_not_offered_for_a_walk_up_parent_indices() -> None:
    a = analyze([D / "ancestry-cg_annotate.txt"])
    by = {f.id: f for f in a.findings}
    assert a.findings[0].id == "app.data_structure"
    assert "kept as indices" in str(a.findings[0].title)
    assert "app.data_structure" in by["hw.cache_locality"].caused_by
    assert not {"loop_interchange", "loop_tiling"} & {p.id for p in a.proposals}
