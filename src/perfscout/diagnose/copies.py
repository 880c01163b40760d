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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from perfscout.diagnose.libwork import family_of
from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.model.languages import COMPILED_EXT
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
    # lines that copy elements; a vector's own lines (stl_vector.h: its constructors, element
    # access, push_back's bookkeeping) copy nothing themselves, and new_allocator.h's lines
    # are the call into operator new: allocation (ALLOC_LINE), whatever the container does
    r"|bits/(stl_uninitialized|basic_string\.tcc|stl_algobase)\.h?:")
#: allocator rows by the source file perf names for their lines (glibc's malloc.c,
#: libstdc++'s new_allocator.h: the inlined call into operator new / operator delete)
ALLOC_LINE = re.compile(r"malloc/malloc\.c:|malloc/arena\.c:|bits/new_allocator\.h:")


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


@dataclass(frozen=True)
class AppendGrowth:
    """An append by a few elements (``a = [a, x]``, ``realloc(p, (n + 1) * ...)``) that the
    ``geometric_growth`` generator rewrites, in the user's code where a sampling profile (or
    a simulator's instruction counts: callgrind's line costs) puts its time: ``own`` is the
    self share of the hot line in the append's loop (``basis`` "line") or of the routine
    holding the append (``basis`` "routine"; function-level data only), ``share`` that plus
    the block copies, the allocator and fresh-page faults of the same profile (what doubling
    the capacity removes, at most)."""

    share: float
    own: float
    where: str  # path:line of the append
    hot: str  # the hot line (path:line) or routine the time was sampled in
    basis: str  # "line" or "routine"
    profile: Profile


#: a line that may hold an append (what the generator is tried on in a whole routine)
_APPEND_HINT = re.compile(r"\[|\(/|\brealloc\s*\(|\bmove_alloc\b", re.I)
#: source files read when a profile names only routines (no file of the program's own)
_SOURCE_GLOBS = tuple(f"*{ext}" for ext in sorted(COMPILED_EXT))


def _source_name(symbol: str) -> str:
    """A routine's source name from its symbol: ``__hits_mod_MOD_collect``, ``collect_``,
    ``collect.constprop.0`` and ``collect(int)`` are ``collect``."""
    from perfscout.diagnose.rules.application import _fortran_name

    return _fortran_name(symbol.split(".")[0])


def _append_in(text: str, path: str, lines: Iterable[int]) -> int | None:
    """The first append among ``lines`` of ``path`` (or in a loop around one) that the
    ``geometric_growth`` generator rewrites; None when it rewrites none."""
    from perfscout.transform.growth import append_line, geometric_growth
    from perfscout.transform.result import Generated
    from perfscout.transform.source import Code

    code = Code(text, path)
    for ln in lines:
        at = append_line(code, ln)
        if at is not None and isinstance(geometric_growth(code, ln, Path(path).name),
                                         Generated):
            return at
    return None


def _line_rows(rows: list[tuple[Hotspot, float]]) -> list[tuple[str, int, float]]:
    """(path, line, share) of the program's own source lines a profile names, hottest first."""
    from perfscout.ingest.source_paths import library_source
    from perfscout.transform.source import language_of

    out = []
    for h, s in rows:
        loc = h.location
        named = re.match(r"^(?P<path>.+):(?P<line>\d+)$", h.name.strip())
        if loc is not None and loc.file and loc.line:
            path, line = loc.file, int(loc.line)
        elif named is not None:
            path, line = named["path"], int(named["line"])
        else:
            continue
        if language_of(path) is not None and not library_source(path):
            out.append((path, line, s))
    return sorted(out, key=lambda r: -r[2])


def _routine_source(profile: Profile, h: Hotspot) -> tuple[str, str, range] | None:
    """(path, text, its lines) of the definition of the program routine ``h`` names, looked
    for in the file the profile places it in, else in the source files of the profile's
    folder and the folder above it."""
    from perfscout.transform.source import FUNCTION_NODES, Code, language_of, walk

    want = _source_name(h.name)
    if not want or is_copy(h) or is_alloc(h):
        return None
    base = Path(profile.path).parent
    files = [Path(h.location.file)] if h.location is not None and h.location.file else []
    for d in (base, base.parent):
        for g in _SOURCE_GLOBS:
            files.extend(sorted(d.glob(g))[:100])
    for f in files:
        try:
            text = f.read_text(errors="replace")
        except OSError:
            continue
        if language_of(str(f)) is None or want not in text.lower():
            continue
        code = Code(text, str(f))
        for n in (x for x in walk(code.tree.root_node) if x.type in FUNCTION_NODES):
            if code.function_name(n).lower() == want:
                return str(f), text, range(n.start_point[0] + 1, n.end_point[0] + 2)
    return None


def append_growth(profiles: tuple[Profile, ...] | list[Profile],
                  hot: float) -> AppendGrowth | None:
    """The append the generator rewrites where a sampling profile's own time is, when a
    compiler copies the array inline (gfortran's array constructor: no ``memmove`` row) and
    its fresh blocks fault across many kernel symbols, so that :func:`fresh_copy_share` sees
    too little: a program line holding ``hot`` or more of a profile whose loop holds the
    append (when the copies, the allocator and the faults hold ``hot`` or more themselves,
    as with C's ``realloc``, also one of the program's three hottest lines at half the
    hottest one's share or more), or, with no line of the program's own in that profile, a
    program routine holding ``hot`` or more whose loops hold it. Only the profile's hot
    lines/routines are tried (an append in a cold routine while another loop is hot is not
    this cost). A line-level profile's answer comes before a routine's; among equals, the
    largest share. None when no profile has one."""
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.rules.system import FAULT_PATH

    best: AppendGrowth | None = None
    for p in profiles:
        if source_kind(p.format) not in ("sampling", "simulator"):
            continue  # a simulator's instruction shares: the copies are instructions too
        rows = [(h, s) for h, s in hotspot_shares(p) if s > 0]
        lines = _line_rows(rows)
        # the library's copies, allocator and faults, counted once: a profile with both
        # function and line rows (callgrind) gives each cost twice
        mixed = len({h.kind == "line" for h, _ in rows}) == 2
        lib = sum(s for h, s in rows if (not mixed or (h.kind == "line") == bool(lines))
                  and (BLOCK_COPY.search(h.name.strip()) or is_alloc(h)
                       or h.name.split("+")[0].strip() in FAULT_PATH))
        got: AppendGrowth | None = None
        tops = [r for r in lines if r[2] >= hot][:5]
        if lib >= hot:  # the copies are the library's (C realloc): the program's top lines
            tops += [r for r in lines[:3] if r[2] >= lines[0][2] / 2 and r not in tops]
        for path, line, s in tops:
            try:
                text = Path(path).read_text(errors="replace")
            except OSError:
                continue
            at = _append_in(text, path, [line])
            if at is not None:
                got = AppendGrowth(min(1.0, s + lib), s, f"{path}:{at}", f"{path}:{line}",
                                   "line", p)
                break
        if got is None and not lines:
            for h, s in sorted(rows, key=lambda r: -r[1]):
                if s < hot:
                    break
                if h.kind == "line" or h.module.startswith("[") or h.name.startswith("["):
                    continue
                src = _routine_source(p, h)
                if src is None:
                    continue
                path, text, span = src
                todo = [n for n in span if n <= len(text.splitlines())
                        and _APPEND_HINT.search(text.splitlines()[n - 1])]
                at = _append_in(text, path, todo)
                if at is not None:
                    got = AppendGrowth(min(1.0, s + lib), s, f"{path}:{at}", h.name,
                                       "routine", p)
                    break
        if got is not None and (best is None or (got.basis == "line", got.share) > (
                best.basis == "line", best.share)):
            best = got  # a line found by line-level data before a routine's scanned loops
    return best
