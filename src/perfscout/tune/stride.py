"""Which loop index walks memory with unit stride, read from a loop body's array subscripts.

Loop-order narrowing (a cache-locality finding) keeps the orders whose innermost loop is the
unit-stride index. A space can name that index (``contiguous: j``), or give the loop body
(``body: "C[i*n+j] += A[i*n+k] * B[k*n+j]"``) or its source line (``source: kernel.c:29``) and
let :func:`unit_stride_index` read it: each array access votes for the loop index that appears
alone (no factor) in its last subscript, the one that varies fastest in C's row-major layout
(``X[a][b]`` and ``X[a*n + b]`` alike); the index with the most votes wins. An access whose last
subscript holds no bare loop index (a gather ``X[idx[i]]``, a stride ``X[2*i]``) does not vote.
Fortran (column-major, ``X(i,j)``) bodies are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from perfscout.model.errors import InputError, NotFoundError

_NAME = re.compile(r"[A-Za-z_]\w*")


def _accesses(body: str) -> list[tuple[str, list[str]]]:
    """(array, [subscript, …]) for every ``NAME[...]...`` in ``body``; nested brackets allowed."""
    out: list[tuple[str, list[str]]] = []
    i = 0
    while True:
        m = _NAME.search(body, i)
        if m is None:
            return out
        j = m.end()
        subs: list[str] = []
        while True:
            k = j
            while k < len(body) and body[k].isspace():
                k += 1
            if k >= len(body) or body[k] != "[":
                break
            depth, end = 0, k
            for end in range(k, len(body)):
                depth += {"[": 1, "]": -1}.get(body[end], 0)
                if depth == 0:
                    break
            if depth != 0:
                raise InputError(f"unbalanced '[' in loop body {body.strip()!r}")
            subs.append(body[k + 1:end])
            j = end + 1
        if subs:
            out.append((m.group(), subs))
            # subscripts may hold accesses of their own (a gather): read them too
            for s in subs:
                out.extend(_accesses(s))
        i = j


def _terms(expr: str) -> list[str]:
    """Top-level additive terms of a subscript (signs dropped, parentheses kept)."""
    terms, depth, cur = [], 0, ""
    for ch in expr:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch in "+-" and depth == 0:
            terms.append(cur)
            cur = ""
            continue
        cur += ch
    terms.append(cur)
    return [t.strip() for t in terms if t.strip()]


def _unit_index(subscript: str, indices: Iterable[str]) -> str | None:
    """The loop index that is a term on its own in ``subscript`` (coefficient 1), if exactly one."""
    idx = set(indices)
    bare = {t.strip("() ") for t in _terms(subscript)} & idx
    return next(iter(bare)) if len(bare) == 1 else None


def unit_stride_index(body: str, indices: Iterable[str]) -> tuple[str | None, str]:
    """The index among ``indices`` with unit stride in most accesses of ``body``, and why.

    Returns ``(None, reason)`` when no access votes or the vote is tied, so narrowing keeps
    every order and says so; a body with no array access at all is an InputError (the space
    points at the wrong line)."""
    accesses = _accesses(body)
    if not accesses:
        raise InputError(f"no array access in loop body {body.strip()!r}",
                         hint="give the statement inside the loop nest, e.g. "
                              "C[i*n+j] += A[i*n+k] * B[k*n+j]")
    votes: dict[str, list[str]] = {}
    for name, subs in accesses:
        u = _unit_index(subs[-1], indices)
        if u is not None:
            votes.setdefault(u, []).append(name)
    if not votes:
        return None, "no access has a bare loop index in its last subscript"
    ranked = sorted(votes.items(), key=lambda kv: -len(kv[1]))
    detail = "; ".join(f"{k}: {', '.join(v)}" for k, v in ranked)
    if len(ranked) > 1 and len(ranked[0][1]) == len(ranked[1][1]):
        return None, f"unit stride tied ({detail})"
    return ranked[0][0], f"unit stride by access ({detail})"


def source_line(ref: str, base: Path | None) -> tuple[str, str]:
    """The text of ``FILE:LINE`` (FILE relative to ``base``) and a short ``name:line`` label."""
    path_s, sep, line_s = ref.rpartition(":")
    if not sep or not line_s.isdigit() or int(line_s) < 1:
        raise InputError(f"source {ref!r} is not FILE:LINE", hint="e.g. source: kernel.c:29")
    path = Path(path_s)
    if not path.is_absolute() and base is not None:
        path = base / path
    if not path.is_file():
        raise NotFoundError(f"loop body source {path} not found",
                            hint="FILE is read relative to the space file's folder")
    lines = path.read_text(errors="replace").splitlines()
    n = int(line_s)
    if n > len(lines):
        raise InputError(f"source {ref!r}: {path.name} has {len(lines)} lines")
    return lines[n - 1], f"{path.name}:{n}"


def read_body(text: str, label: str, values: Iterable[Any]) -> tuple[str, str]:
    """``(unit-stride index or "", "read from LABEL: why")`` for loop-body ``text``, over the
    index letters of the loop-order ``values``."""
    letters = sorted({ch for v in values for ch in str(v)})
    index, why = unit_stride_index(text, letters)
    return index or "", f"read from {label}: {why}"


def contiguous_of(spec: Mapping[str, Any], role: str, values: Iterable[Any], where: str,
                  base: Path | None = None, *, files: bool = True) -> tuple[str, str]:
    """``(contiguous index, where it came from)`` for a parameter spec of a space or table.

    ``contiguous`` is taken as given (and the second item is empty); ``body`` or ``source`` is
    read with :func:`read_body`. Any of the three on a parameter that is not a loop order, more
    than one of them, or ``source`` where ``files`` is false (a replay table has no folder to
    read it from), is an InputError."""
    given = [k for k in ("contiguous", "body", "source") if spec.get(k)]
    if not given:
        return "", ""
    if role != "loop_order":
        raise InputError(f"{where}: `{given[0]}` applies to loop_order only")
    if len(given) > 1:
        raise InputError(f"{where}: give one of `contiguous`, `body`, `source`, not "
                         + " and ".join(f"`{g}`" for g in given))
    if given[0] == "contiguous":
        return str(spec["contiguous"]), ""
    if given[0] == "body":
        return read_body(str(spec["body"]), "the given loop body", values)
    if not files:
        raise InputError(f"{where}: give `body` or `contiguous` here, not `source`",
                         hint="paste the loop body as `body`")
    text, label = source_line(str(spec["source"]), base)
    return read_body(text, label, values)


_ASSIGN = re.compile(r"(?<![=!<>+\-*/%&|^])([+\-*/%&|^]?=)(?!=)")


def written_index(text: str, values: Iterable[Any]) -> str:
    """The unit-stride index of the array the loop body *writes* (the left of its first
    assignment), or "". A preference only, for a tied vote: a strided store costs a
    read-for-ownership of a whole line per element, a strided load only the load."""
    m = _ASSIGN.search(text)
    if m is None:
        return ""
    letters = sorted({ch for v in values for ch in str(v)})
    lhs = _accesses(text[:m.start()])
    return (_unit_index(lhs[0][1][-1], letters) or "") if lhs else ""


def written_of(spec: Mapping[str, Any], values: Iterable[Any], base: Path | None = None, *,
               files: bool = True) -> str:
    """:func:`written_index` of a parameter spec's ``body`` or ``source`` (else "")."""
    if spec.get("body"):
        return written_index(str(spec["body"]), values)
    if spec.get("source") and files:
        return written_index(source_line(str(spec["source"]), base)[0], values)
    return ""
