"""Readings that must not hang on which draw of a sampling profile a user happens to hold, from
tests/diagnose/data/diag32 (each case's gen.sh runs the project's own program under real perf).

- libstdc++'s vector lines (``stl_vector.h``: constructors, element access, ``push_back``'s
  bookkeeping) copy nothing, and ``new_allocator.h``'s lines are the inlined call into
  ``operator new``: allocation. A program that allocates per point but copies almost nothing
  is allocator churn ("memory allocated and freed in the inner loop"), not values copied at
  every call, in the draw where those lines happened to be largest.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from perfscout.diagnose.copies import copy_share, is_alloc, is_copy
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.ingest.registry import load
from perfscout.model.metrics import Profile
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.sandbox import default_runner

D = Path(__file__).parent / "data" / "diag32"


def _profile(path: Path) -> Profile:
    got = load(str(path))
    profiles = [p for p in (got if isinstance(got, (list, tuple)) else [got])
                if isinstance(p, Profile)]
    assert len(profiles) == 1, profiles
    return profiles[0]


def test_vector_and_allocator_lines_are_not_copies() -> None:
    rows = {h.name.strip(): h for h in _profile(
        D / "spline-alloc-srcline" / "data" / "srcline.txt").hotspots}
    alloc_line = next(n for n in rows if "bits/new_allocator.h:" in n)
    vector_line = next(n for n in rows if "bits/stl_vector.h:" in n)
    copy_line = next(n for n in rows if "memmove-vec-unaligned" in n or "stl_algobase.h:" in n)
    assert is_alloc(rows[alloc_line]) and not is_copy(rows[alloc_line])
    assert not is_copy(rows[vector_line]) and not is_alloc(rows[vector_line])
    assert is_copy(rows[copy_line])


def test_allocation_per_point_with_few_copies_is_churn_not_copied_values() -> None:
    case = D / "spline-alloc-srcline"
    src = _profile(case / "data" / "srcline.txt")
    got = copy_share([src])
    assert got is not None
    # the allocator holds the run; the copies stay under the part that reads as copying
    assert got.alloc >= 0.3, got.alloc
    assert got.copy < DEFAULTS["app.copy_part"].value * got.share, (got.copy, got.share)
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((case / "platform.json").read_text())["data"])
    with tempfile.TemporaryDirectory() as ws:
        a = analyze(sorted((case / "data").iterdir()), snapshot=snap,
                    runner=default_runner(Path(ws)))
    found = {f.id: f.title for f in a.findings}
    assert found.get("app.redundant_work") == "memory allocated and freed in the inner loop", \
        found
