"""Whose code a profile's symbol is: the user's own function, or code that stands in for it.

A proposal that changes code must name the user's source, never a library's internal symbol
(``__ieee754_exp_fma``, ``__GI___printf_fp_l``), a system call counted by strace (``write``,
``newfstatat``), a runtime entry point (``GOMP_loop_nonmonotonic_dynamic_next``), a template
instantiated from a standard header (``std::__introsort_loop<...>``) or a compiler-outlined
OpenMP region (gcc's ``main._omp_fn.0`` is the body of a ``#pragma omp`` in ``main``). These
helpers tell them apart by name and by what the inputs say (a profile row's module, a
tracer's table of calls) and walk call chains and call trees to the user's caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from perfscout.model.metrics import CallNode, Profile, ScopeKind

#: gcc/gfortran's outlined OpenMP region body: ``<parent>._omp_fn.<n>``
_OUTLINED = re.compile(r"^(?P<parent>.+?)\._omp_fn\.\d+$")
#: names that are never the user's own code, whatever module a profile gives them: reserved
#: identifiers (``__``-prefixed: libc, libm and libgcc internals), stdio and loader internals,
#: OpenMP and MPI runtimes, standard-library templates, unresolved addresses, PLT stubs,
#: inlined library frames, the process entry, and the rows of a profile sorted by CPU, pid
#: or thread (``000``, ``4242:prog``), which name no code at all
_INTERNAL = re.compile(
    r"^(?:__|_IO_|_dl_|_int_|_start$|GOMP_|gomp_|omp_|kmp_|MPI_|PMPI_|ompi_|opal_|mca_|pmix_|"
    r"std::|__gnu_cxx::|0x[0-9a-fA-F]+$|\[|\d+$|\d+:|\(below main\)$)|@plt$|^@plt|"
    r"\(inlined\)$|"
    # a versioned symbol (exp@@GLIBC_2.29, _gfortran_st_write@GFORTRAN_8): symbol versions
    # are a shared library's, never a program's own function
    r"@@?[A-Za-z][\w.]*_\d[\d.]*$")
#: the C library's entry points a profile without module names (callgrind_annotate, gprof)
#: shows like the program's own functions: allocation, copies, strings, stdio
LIBC_ENTRY = frozenset({
    "malloc", "free", "calloc", "realloc", "cfree", "memcpy", "memmove", "memset", "memcmp",
    "strlen", "strcmp", "strncmp", "strcpy", "strchr", "qsort", "bsearch", "printf", "fprintf",
    "sprintf", "snprintf", "vfprintf", "vsnprintf", "fwrite", "fread", "fputs", "fputc",
    "puts", "putc", "fflush", "fopen", "fclose", "write", "read", "strtod", "strtol", "atof",
    "localtime", "localtime_r", "strftime", "mktime", "rand", "random", "drand48",
    "operator new", "operator delete", "operator new[]", "operator delete[]"})
#: inputs that tabulate calls into the C library or the kernel: every routine they name is
#: someone else's code (strace counts system calls, ltrace library calls)
TRACER_FORMATS = frozenset({"strace-c", "ltrace-c"})


def outlined_parent(name: str) -> str | None:
    """The function whose ``#pragma omp`` region ``name`` is the outlined body of
    (``main._omp_fn.0`` -> ``main``), else None."""
    m = _OUTLINED.match(name.strip())
    return m["parent"] if m else None


#: gfortran's module procedures (``__solverlib_MOD_solve``): reserved-looking, the user's code
_FORTRAN_MODULE_PROC = re.compile(r"^__\w+_MOD_\w+")


def internal_name(name: str) -> bool:
    """Whether ``name`` is by its spelling a library, runtime or compiler symbol (valgrind's
    ``(below main)`` and glibc's ``_int_malloc`` included), or one of the C library's entry
    points (:data:`LIBC_ENTRY`)."""
    n = name.strip()
    if n.split("(")[0].split("@")[0] in LIBC_ENTRY or n in LIBC_ENTRY:
        return True
    return bool(_INTERNAL.search(n)) and not _FORTRAN_MODULE_PROC.match(n)


def traced_calls(profiles: Sequence[Profile]) -> set[str]:
    """Routines a system-call or library-call tracer counted (strace -c, ltrace -c)."""
    out: set[str] = set()
    for p in profiles:
        if p.format not in TRACER_FORMATS:
            continue
        out |= {h.name for h in p.hotspots}
        out |= {m.scope.name for m in p.metrics if m.scope.kind == ScopeKind.FUNCTION}
    return out


_FRAME_TAIL = re.compile(r"(?:\s+\S+:\d+)?(?:\s+\(inlined\))?$")


def frame_function(frame: str) -> str:
    """The function of one call-chain frame: ``work callpow.c:9`` -> ``work``; a C++ name
    with spaces (``Grid::step(int, double)``) is kept whole; ``(inlined)`` is kept, so that an
    inlined library frame stays recognisable as one."""
    s = frame.strip()
    inlined = s.endswith("(inlined)")
    base = _FRAME_TAIL.sub("", s)
    return f"{base} (inlined)" if inlined and base else base


def callers_in_tree(tree: CallNode, fn: str) -> Iterator[tuple[tuple[str, ...], float]]:
    """(path from the root down to the parent, inclusive value of ``fn``'s node) for every
    node of routine ``fn`` in a call tree (gprof, callgrind)."""
    def walk(n: CallNode, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], float]]:
        if same_routine(n.name, fn) and path:
            yield path, n.inclusive_value
        for c in n.children:
            yield from walk(c, (*path, n.name))
    yield from walk(tree, ())


def same_routine(a: str, b: str) -> bool:
    """``pow@@GLIBC_2.29``, ``pow (inlined)`` and ``pow`` are one routine."""
    def base(x: str) -> str:
        return x.strip().removesuffix("(inlined)").strip().split("@", 1)[0]
    return base(a) == base(b)


#: a C++ function's parameter list (one level of nested parentheses) at the end of its name,
#: with an optional ``const``: ``walk(std::vector<double, ...> const&, int)``
_CXX_PARAMS = re.compile(r"\((?:[^()]|\([^()]*\))*\)(?:\s*const)?$")


def same_function(a: str, b: str) -> bool:
    """Whether two tools name one function: equal names, or equal once a C++ parameter list
    is dropped (perf report prints ``walk`` where perf annotate and callgrind print
    ``walk(std::vector<double, std::allocator<double> > const&, int)``). Outlined regions and
    clones keep their suffix (``main._omp_fn.0`` is not ``main``)."""
    if a == b:
        return True
    x, y = (_CXX_PARAMS.sub("", n.strip()).strip() for n in (a, b))
    return bool(x) and x == y


def innermost_first(name: str, path: Sequence[str]) -> tuple[str, ...]:
    """A perf call chain of the sample row ``name`` as printed, innermost frame first: perf
    prints callee order by default (the row's routine first) and ``-g caller`` outermost
    first (``_start`` first, the row's routine last)."""
    frames = tuple(path)
    if not frames:
        return frames
    first, last = frame_function(frames[0]), frame_function(frames[-1])
    outer_first = (first == "_start" or first.startswith("__libc_start")
                   or (same_routine(last, name) and not same_routine(first, name)))
    return tuple(reversed(frames)) if outer_first else frames
