"""What a hot loop's source text says about its walk through memory, read from the source lines
a profiler prints beside its samples (``perf annotate``'s interleaved source): the innermost
loop's variable, and whether an array index steps by a whole row when that variable does
(``K[(long)i * n + j]`` with ``i`` innermost, ``a[i][j]`` with ``i`` innermost in C, ``a(j, i)``
with ``i`` innermost in Fortran). Such a walk uses one element of each cache line it loads; no
vector width helps it, the loop order does. Text only, by regular expressions rather than the
tree-sitter grammars the transform stage uses: a listing prints single lines out of order and
in fragments, no unit a parser accepts; no claim is made beyond the lines printed (a macro or a
pointer set up elsewhere is not followed).
"""

from __future__ import annotations

import re

#: a C/C++ ``for`` header and the variable it counts (``for (int i = 0; ...``)
_FOR = re.compile(r"\bfor\s*\(\s*(?:(?:const|unsigned|signed|long|int|size_t|std::size_t|"
                  r"ptrdiff_t|auto|short|register)\s+)*(?P<v>[A-Za-z_]\w*)\s*=")
#: a Fortran ``do`` header (``do i = 1, n``, ``do 10 i = 1, n``)
_DO = re.compile(r"^\s*(?:\w+\s*:\s*)?do\s+(?:\d+\s+)?(?P<v>[A-Za-z_]\w*)\s*=", re.I)
#: C subscripts: each ``[...]`` (one level of nesting is enough for index expressions)
_C_SUB = re.compile(r"(?P<arr>[A-Za-z_][\w.]*(?:->\w+)?)\s*"
                    r"(?P<subs>(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\]\s*)+)")
_F_CALL = re.compile(r"(?P<arr>[A-Za-z_]\w*)\s*\((?P<args>[^()]*(?:\([^()]*\)[^()]*)*)\)")
#: Fortran intrinsics that look like an array reference of two or more subscripts
_F_INTRINSICS = frozenset({"min", "max", "mod", "modulo", "merge", "sign", "atan2", "dim",
                           "real", "int", "nint", "cmplx", "dble", "dot_product", "matmul",
                           "sum", "product", "maxval", "minval", "size", "shape", "reshape",
                           "ishft", "iand", "ior", "ieor", "btest", "hypot", "lbound", "ubound"})


def loop_variable(text: str) -> str | None:
    """The variable a loop header counts (C/C++ ``for``, Fortran ``do``); None for any other
    line."""
    m = _FOR.search(text) or _DO.match(text)
    return m["v"] if m is not None else None


def _times_row(var: str, expr: str) -> bool:
    """``expr`` multiplies ``var`` by a name (a row length), not by a literal: ``i * n``,
    ``(long)i*nx``, ``n * i``, ``i*ld + j``."""
    v = re.escape(var)
    name = r"(?:\(\s*[\w\s]+\)\s*)?[A-Za-z_]\w*"  # a name, after an optional cast
    return bool(re.search(rf"(?<![\w.]){v}\s*\)?\s*\*\s*{name}|{name}\s*\*\s*(?:\(\s*[\w\s]+\)\s*)?"
                          rf"{v}(?![\w(\[])", expr))


def strided_access(var: str, text: str, fortran: bool = False) -> str | None:
    """The array access of ``text`` that jumps a row each time ``var`` (the innermost loop's
    variable) steps, as printed; None when every access ``var`` indexes is contiguous in it."""
    code = re.split(r"!" if fortran else r"//|/\*", text, maxsplit=1)[0]
    v = re.compile(rf"(?<![\w.]){re.escape(var)}(?![\w])")
    if fortran:
        for m in _F_CALL.finditer(code):
            if m["arr"].lower() in _F_INTRINSICS:
                continue
            args = [a.strip() for a in m["args"].split(",")]
            if len(args) >= 2 and not v.search(args[0]) and any(v.search(a) for a in args[1:]):
                return m.group(0)
        return None
    for m in _C_SUB.finditer(code):
        subs = re.findall(r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]", m["subs"])
        if len(subs) >= 2 and any(v.search(s) for s in subs[:-1]) and not v.search(subs[-1]):
            return m.group(0).strip()  # a[i][j] with i innermost: a row per step
        if any(_times_row(var, s) for s in subs):
            return m.group(0).strip()  # K[i * n + j] with i innermost
    return None


def is_fortran(lines: dict[int, str]) -> bool:
    """The printed source is Fortran: a ``do`` header and no C ``for``."""
    return any(_DO.match(t) for t in lines.values()) and not any(
        _FOR.search(t) for t in lines.values())


def strided_loop(lines: dict[int, str], hot: int, fortran: bool = False
                 ) -> tuple[int, int, str] | None:
    """(header line, line, access) of a strided walk in the loop around source line ``hot``,
    from the printed source ``lines`` (number -> text): the loop is the nearest header at or above
    ``hot`` (samples often fall on the header's increment), its body the lines after it up to
    the next header. None when no header is printed or the body walks contiguously."""
    head = next((n for n in sorted(lines, reverse=True) if n <= hot
                 and loop_variable(lines[n]) is not None), None)
    if head is None:
        return None
    var = loop_variable(lines[head])
    assert var is not None
    for n in sorted(k for k in lines if head < k <= max(hot, head) + 4):
        if loop_variable(lines[n]) is not None:
            break
        access = strided_access(var, lines[n], fortran)
        if access is not None:
            return head, n, access
    return None
