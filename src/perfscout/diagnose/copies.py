"""Values copied at every call: the allocator and the copy routines under the program's code.

A function taking a ``std::vector``/``std::string``/a struct holding them by value makes the
caller allocate, copy every element and free at each call. A sampling profile then shows the
time in ``memmove``/``memcpy`` (glibc's ``__memmove_avx_unaligned_erms``...), the allocator
(``malloc``/``free``/``operator new``, :mod:`perfscout.diagnose.libwork`'s allocation family)
and libstdc++'s copy code (the copy constructors, ``_M_construct``, ``_M_allocate``,
``__uninitialized_copy``). One classification, read by ``app.redundant_work`` and by the
catalog entry that answers it (``const_ref``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.diagnose.libwork import family_of
from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.model.metrics import Hotspot, Profile

#: the C library's block copies, by symbol or by the source file perf names for their lines
BLOCK_COPY = re.compile(r"^_*(?:gi_+)?(?:memcpy|memmove|mempcpy)(?:_[a-z0-9_]+)?(?:@.*)?$"
                        r"|memmove-vec-unaligned|memcpy-[a-z0-9-]+\.S:|memmove-[a-z0-9-]+\.S:",
                        re.I)
#: libstdc++'s code that copies a container or a string element by element
CONTAINER_COPY = re.compile(
    r"_M_construct|_M_allocate|_M_create|__uninitialized_copy|__do_uninit_copy|_M_copy\b|"
    r"_M_assign|_M_range_initialize|"
    # gfortran's packing of a non-contiguous actual into a temporary and back
    r"_gfortran_internal_(?:un)?pack|"
    r"\b(vector|basic_string|map|set|unordered_map|unordered_set|deque|list)<.*>::\1\(.*const\s*&"
    r"|bits/(stl_uninitialized|new_allocator|basic_string\.tcc|stl_vector|stl_algobase)\.h?:")
#: allocator rows by the source file perf names for their lines (glibc's malloc.c)
ALLOC_LINE = re.compile(r"malloc/malloc\.c:|malloc/arena\.c:")


@dataclass(frozen=True)
class CopyShare:
    """The copying and allocation share of one profile (of its whole total)."""

    share: float
    copy: float  # block copies and container copy code
    alloc: float  # the allocator
    rows: tuple[tuple[Hotspot, float], ...]  # the rows counted, largest first
    profile: Profile


def is_copy(h: Hotspot) -> bool:
    name = h.name.strip()
    return bool(BLOCK_COPY.search(name) or CONTAINER_COPY.search(name))


def is_alloc(h: Hotspot) -> bool:
    return family_of(h) == "allocation" or bool(ALLOC_LINE.search(h.name))


def copy_share(profiles: tuple[Profile, ...] | list[Profile]) -> CopyShare | None:
    """The profile whose copy and allocation rows hold the largest share, when both kinds
    are sampled there (a copy of an owned value allocates, then copies); None otherwise."""
    best: CopyShare | None = None
    for p in profiles:
        rows = [(h, s) for h, s in hotspot_shares(p) if s > 0 and (is_copy(h) or is_alloc(h))]
        copy = sum(s for h, s in rows if is_copy(h))
        alloc = sum(s for h, s in rows if not is_copy(h))
        if copy <= 0 or alloc <= 0:
            continue
        got = CopyShare(copy + alloc, copy, alloc, tuple(sorted(rows, key=lambda r: -r[1])), p)
        if best is None or got.share > best.share:
            best = got
    return best


def fresh_copy_share(profiles: tuple[Profile, ...] | list[Profile]) -> CopyShare | None:
    """The profile with the largest share in block copies (``memmove``/``memcpy``) plus the
    allocator and the kernel's fault path of fresh pages (``alloc`` here counts both), when
    the copies are at least ``app.fresh_copy_part`` of it: a block copied whole into newly
    allocated memory again and again, a container grown by one element per append (a large
    block comes from ``mmap``, so its cost is page faults, not ``malloc``). Only sampling
    profiles count (a simulator's or a tracer's rows are not shares of the run's time). None
    when no profile has both."""
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.rules.system import FAULT_PATH
    from perfscout.diagnose.thresholds import DEFAULTS

    best: CopyShare | None = None
    for p in profiles:
        if source_kind(p.format) != "sampling":
            continue
        rows = [(h, s) for h, s in hotspot_shares(p) if s > 0]
        copy = [(h, s) for h, s in rows if BLOCK_COPY.search(h.name.strip())]
        fresh = [(h, s) for h, s in rows if not BLOCK_COPY.search(h.name.strip()) and (
            is_alloc(h) or h.name.split("+")[0].strip() in FAULT_PATH)]
        c, f = sum(s for _, s in copy), sum(s for _, s in fresh)
        if c <= 0 or f <= 0 or c < DEFAULTS["app.fresh_copy_part"].value * (c + f):
            continue
        got = CopyShare(c + f, c, f, tuple(sorted(copy + fresh, key=lambda r: -r[1])), p)
        if best is None or got.share > best.share:
            best = got
    return best
