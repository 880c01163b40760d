"""What a debug or checking build is, declared once: the compiler flags and defines that add
run-time checks or turn optimisation off, and the runtime symbols a profile shows when those
checks run.

A program left in the configuration of a bug hunt (``-D_GLIBCXX_DEBUG``, ``-fsanitize=``,
``-fcheck=bounds``, ``-O0``) spends its time in checks that compute nothing the result needs.
The build log adapter counts these words (``build.checking_flags``); the
``app.redundant_work`` rule (:mod:`perfscout.diagnose.rules.checking_build`) reads the count
and a profile's share in the checking runtime; the ``release_build`` proposal removes exactly
the words found here from the variant's flags and defines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: defines that switch a C++ standard library to its checking mode
CHECKING_DEFINES = ("_GLIBCXX_DEBUG", "_GLIBCXX_DEBUG_PEDANTIC", "_GLIBCXX_ASSERTIONS",
                    "_LIBCPP_DEBUG", "_LIBCPP_ENABLE_ASSERTIONS", "_ITERATOR_DEBUG_LEVEL")
#: optimisation levels of a debug build (the last -O of a line decides)
DEBUG_LEVELS = ("-O0", "-Og")
_FLAG = re.compile(r"^(?:-fsanitize=\S+|-fcheck=(?:all|bounds|array-temps|do|mem|pointer|"
                   r"recursion)(?:,\S+)?|-ftrapv|-fstack-protector-all|"
                   r"-fno-inline|-fstack-check|-fbounds-check|"
                   r"-ffpe-trap=\S+|-finit-real=snan)$")
#: the checking runtime a profile shows: libstdc++ debug mode, the sanitizers, gfortran's
#: run-time error reporting, the stack protector's failure handler
_SYMBOL = re.compile(r"(?:__gnu_debug::|std::__debug::|_Safe_iterator|_Safe_sequence|"
                     r"_Safe_container|"
                     r"__asan_|__ubsan_|__sanitizer|__tsan_|__msan_|__lsan_|"
                     r"_gfortran_runtime_error|_gfortran_generate_error|__stack_chk_fail)")


def define_name(word: str) -> str:
    """The macro a ``-DNAME[=value]`` word defines ("" for any other word)."""
    return word[2:].split("=", 1)[0] if word.startswith("-D") else ""


def checking_words(words: Iterable[str]) -> list[str]:
    """The words of a compile line (flags and ``-D`` defines) that make a checking or debug
    build, in order and without repeats: checking defines, sanitizers and run-time checks,
    ``-fno-inline``, and the line's effective ``-O`` level when it is ``-O0``/``-Og``."""
    ws = list(words)
    out: list[str] = []
    for w in ws:
        if define_name(w) in CHECKING_DEFINES or _FLAG.match(w):
            out.append(w)
    levels = [w for w in ws if re.fullmatch(r"-O(?:\d|s|fast|g|z)?", w)]
    if levels and levels[-1] in DEBUG_LEVELS:
        out.append(levels[-1])
    return list(dict.fromkeys(out))


def is_checking_symbol(name: str) -> bool:
    """A profile row in a checking runtime (debug-mode iterators, a sanitizer, gfortran's
    bounds-error reporting, the stack protector). Template arguments are left out: an
    ordinary iterator over the debug container's base (``__normal_iterator<...,
    std::__cxx1998::vector<...>>``) is unoptimised code, not a check."""
    bare, prev = name, ""
    while bare != prev:
        prev, bare = bare, _TEMPLATE_ARGS.sub("", bare)
    return bool(_SYMBOL.search(bare))


_TEMPLATE_ARGS = re.compile(r"<[^<>]*>")
