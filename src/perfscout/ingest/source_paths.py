"""Which source files are the program's: a system header's or a library's own source is not.

Line-level profiles charge code inlined from ``<vector>`` or ``<algorithm>`` to the header's
lines, and debug info names the C library's sources by their build paths; a code change never
goes there. Readers use :func:`library_source` to place a function in the program's file
rather than a header's, and the advice uses it to skip such lines when it names a hot line.
"""

from __future__ import annotations

import functools
import glob
import os
import re

__all__ = ["library_source", "standard_header_names"]

#: source files that are not the program's: system and compiler headers (code from
#: ``<vector>``, ``<string>``, ``<random>`` inlined into the user's function is charged to the
#: header's lines), installed library sources, and the build-relative paths of the C library's
#: own sources that debug info gives (``./malloc/./malloc/malloc.c``,
#: ``./csu/../csu/libc-start.c``, ``./string/../sysdeps/x86_64/...``,
#: ``./stdio-common/../include/rounding-mode.h``: a source folder of the C library, then a
#: step through ``.`` or ``..``; a project's own ``./src/../lib/grid.c`` is not one)
_LIBRARY_SOURCE = re.compile(
    r"^/usr/(?:include|lib|lib32|lib64|libexec|share|src)/|^/usr/local/include/|"
    r"^/opt/[^/]+/(?:.*/)?include/|^\./(?P<d>[\w.+-]+)/\.{1,2}/(?P=d)/|/sysdeps/|"
    r"^\./(?:stdio-common|libio|string|malloc|csu|elf|nptl|posix|misc|stdlib|math|wcsmbs|"
    r"locale|iconv|time|io|dirent|socket|signal|resolv|inet|debug|rt|setjmp|ctype|argp|"
    r"assert|intl|dlfcn|nss|pwd|grp|termios|resource|sunrpc|gmon|soft-fp|support)/\.{1,2}/")


#: the folders of the C and C++ standard libraries and the compiler's intrinsics, whose
#: headers' code is inlined into the program (a bare ``stl_algobase.h:921`` from perf report
#: --sort srcline, which prints no folder, is one of theirs)
_STANDARD_HEADER_DIRS = ("/usr/include", "/usr/include/c++/*", "/usr/include/c++/*/bits",
                         "/usr/include/c++/*/ext", "/usr/include/*-linux-gnu/bits",
                         "/usr/lib/gcc/*/*/include")
_HEADER = re.compile(r"\.(?:h|hh|hpp|hxx|tcc|inl)$")


@functools.lru_cache(maxsize=1)
def standard_header_names() -> frozenset[str]:
    """Base names of the headers in this machine's standard-library and intrinsics folders
    (:data:`_STANDARD_HEADER_DIRS`, not their sub-libraries), read once."""
    names: set[str] = set()
    for pattern in _STANDARD_HEADER_DIRS:
        for d in glob.glob(pattern):
            try:
                names.update(e.name for e in os.scandir(d)
                             if e.is_file() and _HEADER.search(e.name))
            except OSError:
                continue
    return frozenset(names)


def library_source(path: str) -> bool:
    """Whether source file ``path`` is a system header or a library's own source, never the
    program's: a line there (a header's inlined loop, libc's ``malloc.c``) is not where a
    code change goes, so line-level targets skip it and look for the program's own line.
    A bare header name with no folder (perf report's srcline) is one when the standard
    library's folders hold a header of that name."""
    p = path.strip()
    if _LIBRARY_SOURCE.search(p):
        return True
    return "/" not in p and bool(_HEADER.search(p)) and p in standard_header_names()
