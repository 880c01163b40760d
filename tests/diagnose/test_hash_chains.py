"""A hash table walking long bucket chains is ``app.data_structure``: perf srcline rows on
the lines of libstdc++'s ``_M_find_before_node`` loop that run once per node past a bucket's
first (found by parsing this machine's ``hashtable.h``) at or above ``app.hash_share``. The
same share on the lines every lookup runs (the bucket load, the first node's compare) is a
healthy table and gives no finding. Real programs are in tests/advise/test_mix_hash_offered.py;
here the rows are written by hand on the header's own line numbers."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest

from perfscout.diagnose.rules.contention import hash_key, stepping_lines
from perfscout.pipeline.analyze import analyze

HEADERS = sorted(glob.glob("/usr/include/c++/*/bits/hashtable.h"))
HEAD = """# Samples: 5K of event 'cpu-clock'
# Event count (approx.): 1317750000
#
# Overhead  Source:Line
# ........  ..........................
#
"""


def _srcline(tmp_path: Path, rows: list[tuple[float, str]]) -> Path:
    p = tmp_path / "perf-report-srcline.txt"
    p.write_text(HEAD + "".join(f"    {s:5.2f}%  {where}\n" for s, where in rows))
    return p


@pytest.mark.skipif(not HEADERS, reason="no libstdc++ hashtable.h on this machine")
def test_steps_past_the_first_node_are_long_chains(tmp_path: Path) -> None:
    hdr = HEADERS[-1]
    steps = sorted(stepping_lines(hdr))
    assert steps, "the walk loop of _M_find_before_node was not found in " + hdr
    first = min(steps) - 5  # before the loop's body: the bucket load, the first node
    long_chains = _srcline(tmp_path, [(60.0, f"{hdr}:{steps[len(steps) // 2]}"),
                                      (30.0, f"{hdr}:{first}"), (10.0, "main+12")])
    a = analyze([long_chains])
    f = next((x for x in a.findings if x.id == "app.data_structure"), None)
    assert f is not None, [(x.id, x.title) for x in a.findings]
    assert f.title == "a hash table walks long bucket chains in the hot code"
    assert f.evidence[0].value == pytest.approx(0.6)
    healthy = _srcline(tmp_path, [(60.0, f"{hdr}:{first}"), (30.0, f"{hdr}:{first + 1}"),
                                  (10.0, "main+12")])
    assert "app.data_structure" not in {x.id for x in analyze([healthy]).findings}


def test_the_key_type_comes_from_the_demangled_table() -> None:
    name = ("std::_Hashtable<std::pair<int, int>, std::pair<std::pair<int, int> const, int>, "
            "std::allocator<...>>::_M_find_before_node(unsigned long, std::pair<int, int> "
            "const&, unsigned long) const")
    assert hash_key(["main", name]) == "std::pair<int, int>"
    assert hash_key(["main"]) == ""
