"""A compiler build log: ``make`` (or a script) echoing gcc / g++ / gfortran / clang / Intel /
NVIDIA / MPI-wrapper command lines, with the compiler's warnings between them.

It measures nothing; it says how the code was built. The facts go into ``meta``: ``compiler``
(the first compile line's driver, as ``advise/facts`` reads it), ``opt_level`` (the distinct
``-O`` levels of the compile lines, in order; ``-O0`` when one has none), ``march`` (distinct
``-march=``/``-mcpu=``/``-x`` targets), ``openmp`` and ``debug`` (1 when every compile line has
``-fopenmp``/``-qopenmp``/``-mp`` resp. ``-g``, ``some`` when only part has), ``flags`` (the
distinct flags of the compile lines), ``flags_all`` (the flags every compile line has: what
the whole build is known to use), ``defines`` (their distinct ``-D`` words),
``checking`` (the words of a debug or checking build, :mod:`perfscout.model.checking`,
also counted as the ``build.checking_flags`` metric), ``compile_lines``, ``link_lines`` and
``warnings``.
Read so that an analysis of a lone build log asks for a measurement instead of refusing the
file. A log holding ``-Warray-temporaries`` copy warnings is the ``compiler-warnings``
adapter's (it sniffs higher). Family: compiler.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.checking import checking_words
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_DRIVER = re.compile(r"^(?:[\w.+-]*-)?(?P<cc>gcc|g\+\+|cc|c\+\+|clang\+\+|clang|gfortran|"
                     r"icx|icpx|icc|icpc|ifx|ifort|nvc\+\+|nvc|nvfortran|mpicc|mpicxx|mpic\+\+|"
                     r"mpiCC|mpif77|mpif90|mpifort|mpiicc|mpiicpc|mpiifort)(?:-\d+(?:\.\d+)*)?$")
_SOURCE = re.compile(r"\.(?:c|cc|cpp|cxx|C|c\+\+|f|for|f77|f90|f95|f03|f08|F|F90|cu)$")
_WARNING = re.compile(r"(?:^|:\s*)(?:warning|Warning):")
_OPENMP = ("-fopenmp", "-qopenmp", "-openmp", "-mp", "-fiopenmp")
_WRAPPERS = {"ccache", "distcc", "libtool", "time", "env", "sccache"}
#: what a log puts before an echoed command: ``sh -x``'s ``+``, a prompt, ninja's ``[3/7]``,
#: libtool's ``libtool: compile:``
_PREFIX = re.compile(r"^(?:[+$>]+\s+|\[\d+/\d+\]\s+|libtool:\s+(?:compile|link):\s+)")


def compiler_command(line: str) -> tuple[str, list[str]] | None:
    """The driver and arguments of a compiler command line, None for any other line: the
    line starts with the driver (after a path, ``ccache`` or a ``cd dir &&``), has at least one
    ``-`` option and a ``-c``, ``-o`` or a source file argument. A Makefile recipe (a tab
    first) or a command with unexpanded ``$`` variables is a script, not a log."""
    if line.startswith("\t") or "$" in _PREFIX.sub("", line.strip()):
        return None
    text = _PREFIX.sub("", line.strip().split("&&")[-1].strip())
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    while words and (words[0].rsplit("/", 1)[-1] in _WRAPPERS or "=" in words[0]):
        words = words[1:]
    if not words:
        return None
    m = _DRIVER.match(words[0].rsplit("/", 1)[-1])
    args = words[1:]
    if m is None or not any(a.startswith("-") for a in args):
        return None
    if not ("-c" in args or "-o" in args or any(_SOURCE.search(a) for a in args)):
        return None
    return m["cc"], args


def build_meta(compiles: list[tuple[str, list[str]]]) -> dict[str, str]:
    """The build facts of compile lines (``compiler_command`` results), as ``Profile.meta``
    keys (see the module docstring); ``flags_all`` holds the flags every compile line has,
    what the whole build is known to use (``advise.facts.Facts.build_flags`` reads it). One
    reading for a build log and for compile lines echoed in a program's printout."""
    opts = [[a for a in args if a.startswith("-")] for _, args in compiles]
    levels = list(dict.fromkeys(next((a for a in reversed(o) if re.fullmatch(
        r"-O(?:\d|s|fast|g|z)?", a)), "-O0") for o in opts))
    march = list(dict.fromkeys(a.split("=", 1)[1] if "=" in a else a[2:] for o in opts
                               for a in o if a.startswith(("-march=", "-mcpu="))
                               or re.fullmatch(r"-x[A-Z][\w-]*", a)))

    def plain(o: list[str]) -> list[str]:
        return [a for a in o if a not in ("-c", "-o")
                and not a.startswith(("-I", "-D", "-l", "-L"))]

    flags = list(dict.fromkeys(a for o in opts for a in plain(o)))
    every = [a for a in flags if all(a in o for o in opts)]
    if levels and len(levels) == 1 and levels[0] not in every:  # no -O at all: -O0
        every.append(levels[0])
    defines = list(dict.fromkeys(a for _, args in compiles for a in args
                                 if a.startswith("-D") and len(a) > 2))
    checking = list(dict.fromkeys(w for _, args in compiles for w in checking_words(args)))
    meta = {"compiler": (compiles[0][0] if compiles else ""),
            "opt_level": " ".join(levels), "march": " ".join(march),
            "openmp": _share([any(a in _OPENMP for a in o) for o in opts]) if opts else "",
            "debug": _share([any(re.fullmatch(r"-g\d?|-ggdb\d?", a) for a in o)
                             for o in opts]) if opts else "",
            "flags": " ".join(flags), "flags_all": " ".join(every),
            "defines": " ".join(defines), "checking": " ".join(checking),
            "compile_lines": str(len(compiles))}
    return {k: v for k, v in meta.items() if v}


def _script(head: str) -> bool:
    """A shell script that would run the compiler (``#!``, ``set -e``), not the log of a
    build that ran."""
    first = head.lstrip()[:2]
    return first == "#!" or bool(re.search(r"^\s*set\s+-[a-z]+\s*$", head, re.M))


def _share(flags: list[bool]) -> str:
    return "1" if all(flags) else "some" if any(flags) else "0"


@register_adapter
class BuildLogAdapter(Adapter):
    """A compiler build log (see module docstring)."""

    name = "build-log"
    description = "make / compiler build log: compile and link command lines, flags, warnings"
    family = "compiler"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096] or _script(head):
            return 0.0
        return 0.6 if any(compiler_command(ln) for ln in head.splitlines()[:400]) else 0.0

    def parse(self, path: Path) -> Profile:
        compiles: list[tuple[str, list[str]]] = []
        links = warnings = 0
        for _no, line in iter_lines(path):
            got = compiler_command(line)
            if got is None:
                warnings += bool(_WARNING.search(line))
                continue
            args = got[1]
            if "-c" in args or any(_SOURCE.search(a) for a in args):
                compiles.append(got)  # gcc -O2 a.c -o a compiles and links
            if "-c" not in args:
                links += 1
        if not compiles and not links:
            raise ParseError(str(path), None, "compiler command lines (gcc/g++/gfortran/clang "
                             "... -c file or -o prog)")
        meta = build_meta(compiles)
        meta.update({k: v for k, v in (("link_lines", str(links)),
                                       ("warnings", str(warnings))) if v})
        checking = meta.get("checking", "").split()
        note = (f"built with {meta.get('compiler', '?')} {meta.get('opt_level', '')}"
                f"{' -march=' + meta['march'] if 'march' in meta else ''}"
                f"{' OpenMP' if meta.get('openmp') in ('1', 'some') else ''}: build facts, "
                "no measurement")
        metrics = (Metric("build.checking_flags", float(len(checking)), "count",
                          Scope(ScopeKind.PROCESS, ""), SourceRef(str(path), None)),
                   ) if checking else ()
        return Profile(format=self.name, path=str(path), meta=meta, notes=(note,),
                       metrics=metrics)
