"""Replace a hand-written dense linear solve by LAPACK's ``dgesv`` (``use_lapack``).

Recognised structurally, on the parsed tree, in one function:

* the **elimination** ``for k: [pivot search; singular check; row swap;] for i = k+1..n:
  [f = A(i,k) / A(k,k); A(i,k) = f;] for j = k|k+1..n: A(i,j) -= f * A(k,j); B(i[,r]) -= f *
  B(k[,r])`` (C/C++ ``for`` from 0, Fortran ``do`` from 1; the multiplier may be a scalar or
  the stored ``A(i,k)``; the right-hand side a vector or a loop over its columns); also its
  column-oriented orderings ``for k: for m > k: A(m,k) /= A(k,k); for j > k: for i > k:
  A(i,j) -= A(i,k) * A(k,j)`` (or ``for i: for j``) ``[; for i > k: B(i) -= A(i,k) * B(k)]``,
  the right-hand side possibly forward-substituted after the factorisation;
* followed (nothing that touches the arrays in between) by the **back substitution**
  ``for i = n-1..0 (do i = n, 1, -1): t = B(i); for m = i+1..n: t -= A(i,m) * X(m); X(i) =
  t / A(i,i)`` (also ``t = 0; t += ...; X(i) = (B(i) - t) / A(i,i)`` and the in-place
  ``B(i) -= ...; B(i) /= A(i,i)``), possibly inside a loop over the right-hand sides.

``A(r, c)`` stands for however the program addresses element (r, c): the template is read from
the update statement itself (``a[i][j]``, ``a[i * n + j]``, ``a[j][i]``, Fortran ``a(i, j)``),
and every other reference must follow it. Fortran passes the arrays to ``call dgesv``
directly (column-major, the declared first extent as leading dimension); C/C++ copy the matrix
and the right-hand sides through the program's own element expressions into column-major
buffers, call ``dgesv_`` (declared in the diff: the Fortran symbol of OpenBLAS, which has no
LAPACKE) and copy back. The build links ``-lopenblas``.

Refused, naming it: another statement inside the elimination, or between the elimination
and the back substitution, that touches the matrix or the right-hand side (the call would
not reproduce it); a row swap that is not an exact exchange; bounds that are not the square
system's (an augmented matrix ``j <= n``); a matrix whose element expression does not use
both indices (its layout is unknown); the matrix or a right-hand side read again later in the
function while the call leaves it different from the hand-written code (the factors, the
forward-substituted right-hand side); element types that are not all double or all single.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.model.fptypes import blas_prefix
from perfscout.model.languages import language_of
from perfscout.transform.gauss import NoSolve, Solve, branch, find_solve, read_later
from perfscout.transform.mathtable import fortran_decl_end, fresh_name
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node

WHAT = "use_lapack"


def real_kind(code: Code, fn: Node, names: list[str], root: Path | None) -> str:
    """``d`` or ``s`` from the declarations of ``names``; raises naming what is not."""
    kinds = set()
    for nm in names:
        t = code.declared_type(fn, nm).lower().replace(" ", "")
        base = t.replace("const", "").replace("static", "").replace("*", "").replace("[]", "")
        while re.fullmatch(r"(std::)?(vector|array|valarray)<.+>&*", base):  # C++ containers
            base = re.sub(r"^(std::)?(vector|array|valarray)<(.+?)(,\w+)?>&*$", r"\3", base)
        k = blas_prefix(base)
        if k is None and code.fortran:
            m = re.fullmatch(r"real\((?:kind=)?(\w+)\)", base)
            k = _fortran_kind_param(code, m.group(1), root) if m else None
        if k is None:
            raise NoSolve(f"the element type of {nm} ({t or 'no declaration found'}) is not "
                      "double or single precision")
        kinds.add(k)
    if len(kinds) != 1:
        raise NoSolve(f"{' and '.join(names)} mix double and single precision")
    return kinds.pop()


_PARAM = re.compile(r"parameter\s*::\s*(\w+)\s*=\s*([^!\n]+)", re.I)


def _fortran_kind_param(code: Code, name: str, root: Path | None) -> str | None:
    """``d``/``s`` for a kind parameter (``dp = selected_real_kind(15, 300)``, ``kind(1.0d0)``,
    ``real64``, ``8``) defined in this file or a Fortran file of the project."""
    texts = [code.text]
    if root is not None:
        for p in sorted(root.rglob("*"))[:400]:
            if language_of(p.name) == "fortran" and p.is_file():
                texts.append(p.read_text(errors="replace"))
    for t in texts:
        for m in _PARAM.finditer(t):
            if m.group(1).lower() != name.lower():
                continue
            v = re.sub(r"\s+", "", m.group(2)).lower()
            if v in ("8", "real64", "c_double") or re.fullmatch(r"kind\([\d.]+d[+-]?\d+\)", v):
                return "d"
            if v in ("4", "real32", "c_float") or re.fullmatch(r"kind\([\d.]+(e[+-]?\d+)?\)", v):
                return "s"
            sk = re.fullmatch(r"selected_real_kind\((?:p=)?(\d+)(?:,.*)?\)", v)
            if sk:
                return "d" if 7 <= int(sk.group(1)) <= 15 else "s" if int(sk.group(1)) <= 6 \
                    else None
    return None


def lapack(code: Code, line: int, rel: str, root: Path | None = None) -> Generated | Refusal:
    """The diff replacing the Gaussian elimination and back substitution around ``line`` by
    one LAPACK ``dgesv`` (``sgesv``); a Refusal naming what does not match or is not legal."""
    try:
        return _lapack(code, line, rel, root)
    except NoSolve as e:
        return Refusal(WHAT, str(e))


def _lapack(code: Code, line: int, rel: str, root: Path | None) -> Generated:
    fn, sol = find_solve(code, line)
    names = sorted({sol.a.name, sol.b.name, sol.x.name} | ({sol.src.name} if sol.src else
                                                            set()))
    prec = real_kind(code, fn, names, root)
    # what the replaced code leaves behind, read again in this function
    later = {}
    for nm in sorted(sol.scalars - {sol.k} if sol.singular is not None else sol.scalars):
        ln = read_later(code, fn, sol, nm)
        if ln:
            raise NoSolve(f"{nm}, set by the replaced code, is read again at line {ln}")
    if not sol.lu_form:
        later[sol.a.name] = "holds the hand-written upper triangle, not LAPACK's LU factors"
    if sol.x.name != sol.b.name:
        later[sol.b.name] = "holds the forward-substituted right-hand side, which the call " \
                            "does not produce"
    if sol.factor_only:
        notes_pair = "an LU factorisation followed by forward and back substitution"
        sol.notes.append(notes_pair)
    for nm, what in later.items():
        ln = read_later(code, fn, sol, nm)
        if ln:
            raise NoSolve(f"{nm} is read again at line {ln}; after the hand-written solve "
                          f"it {what}")
    if sol.lu_form and sol.pivoting is False:
        ln = read_later(code, fn, sol, sol.a.name)
        if ln:
            raise NoSolve(f"{sol.a.name} is read again at line {ln}; LAPACK pivots, so its factors "
                      "differ from the unpivoted hand-written ones")
    routine = f"{prec}gesv"
    first, last = sol.first.start_point[0] + 1, sol.last.end_point[0] + 1
    indent = code.indent_at(first)
    if code.fortran:
        new_text = _fortran(code, fn, sol, routine, first, last, indent)
    else:
        new_text = _c(code, fn, sol, routine, prec, first, last, indent)
    notes = [f"Gaussian elimination{' with partial pivoting' if sol.pivoting else ''} and back "
             f"substitution at {rel}:{first}-{last} replaced by {routine} (LU with partial "
             f"pivoting, {sol.nrhs} right-hand side(s)); results differ by rounding"]
    if not sol.pivoting:
        notes.append("the hand-written code did not pivot, LAPACK does")
    if not sol.lu_form:
        notes.append(f"{sol.a.name} is left holding LAPACK's LU factors, where the hand-written "
                     "code left its upper triangle (not read again in this function)")
    notes.extend(sol.notes)
    return Generated(WHAT, rel, make_diff(code.text, new_text, rel), new_text,
                     "; ".join(notes), libs=("-lopenblas",))


def _fortran(code: Code, fn: Node, sol: Solve, routine: str, first: int, last: int,
             indent: str) -> str:
    a, b, x = sol.a, sol.src or sol.b, sol.x
    if a.tpl != f"{a.name}({{0}},{{1}})":
        raise NoSolve(f"{a.name} is addressed {a.at('i', 'j')} for element (i, j): not the "
                  "column-major a(i, j) that LAPACK takes")
    vec_ok = {f"{b.name}({{0}})", f"{b.name}({{0}},{{1}})"}
    if b.tpl not in vec_ok or x.tpl.replace(x.name, b.name, 1) not in vec_ok:
        raise NoSolve(f"the right-hand side is addressed {b.tpl.format('i', 'r')}: not b(i) or "
                  "b(i, r)")
    lda = leading_dim(code, fn, a.name, sol.n)
    ldb = leading_dim(code, fn, x.name, sol.n)
    ipiv, info = fresh_name(code, "lapack_ipiv"), fresh_name(code, "lapack_info")
    body = [f"! {routine}: LAPACK's LU with partial pivoting and the solve (use_lapack)"]
    if x.name != b.name:
        col = ", :" if sol.nrhs != "1" else ""
        body.append(f"{x.name}(1:{sol.n}{col}) = {b.name}(1:{sol.n}{col})")
    body += [f"allocate ({ipiv}({sol.n}))",
             f"call {routine}({sol.n}, {sol.nrhs}, {a.name}, {lda}, {ipiv}, {x.name}, {ldb}, "
             f"{info})",
             f"deallocate ({ipiv})"]
    body += singular_lines(code, sol, info)
    text = _splice(code, sol, first, last, [indent + ln for ln in body])
    return with_fortran_decls(code, fn, text,
                              f"{indent}integer, allocatable :: {ipiv}(:)\n"
                              f"{indent}integer :: {info}\n{indent}external :: {routine}\n")


def with_fortran_decls(code: Code, fn: Node, text: str, decl: str) -> str:
    """``text`` (the file after a change) with the lines ``decl`` put where the declarations of
    the Fortran unit ``fn`` end (as read from the unchanged ``code``, before the change's
    lines): where a generator declares the work arrays and the routine it calls."""
    at = fortran_decl_end_or_nosolve(code, fn)
    data = text.encode()
    return (data[:at] + decl.encode() + data[at:]).decode()


def singular_lines(code: Code, sol: Solve, info: str) -> list[str]:
    """The singular check of the hand-written solve, run after the LAPACK call when it reports
    a zero pivot (``info > 0``), with the pivot index the check names set from ``info``; no
    lines when the solve has none."""
    if sol.singular is None:
        return []
    handler = _handler_lines(code, sol)
    if code.fortran:
        return [f"if ({info} > 0) then", f"  {sol.k} = {info}", *["  " + h for h in handler],
                "end if"]
    uses_k = any(re.search(rf"\b{re.escape(sol.k)}\b", h) for h in handler)
    return [f"if ({info} > 0) {{", *([f"    int {sol.k} = {info} - 1;"] if uses_k else []),
            *[f"    {h}" for h in handler], "}"]


def fortran_decl_end_or_nosolve(code: Code, fn: Node) -> int:
    """Where a Fortran unit's declarations end, raising :class:`NoSolve` (a refusal) when
    the unit has none, so LAPACK generators can refuse instead of failing."""
    try:
        return fortran_decl_end(code, fn)
    except Exception as e:  # mathtable's own "no declarations" signal
        raise NoSolve(str(e)) from e


def _handler_lines(code: Code, sol: Solve) -> list[str]:
    assert sol.singular is not None
    kids = branch(code, sol.singular)
    if not kids:
        raise NoSolve(f"the singular check at line {sol.singular.start_point[0] + 1} does nothing")
    return [ln.strip() for c in kids for ln in code.text_of(c).splitlines()]


def leading_dim(code: Code, fn: Node, name: str, n: str) -> str:
    """The leading dimension to pass for Fortran array ``name`` in ``fn``: its declared first
    extent, ``size(name, 1)`` for assumed/deferred shapes, else ``n``."""
    ext = code.array_extents(fn, name)
    if not ext or ext[0] in (":", "*", "") or ":" in ext[0]:
        return f"size({name}, 1)" if ext and ext[0] != "*" else n
    return ext[0]


_PROTO = ("extern void {r}_(const int *n, const int *nrhs, {t} *a, const int *lda, int *ipiv, "
          "{t} *b, const int *ldb, int *info); /* LAPACK (use_lapack) */\n")


def _c(code: Code, fn: Node, sol: Solve, routine: str, prec: str, first: int, last: int,
       indent: str) -> str:
    t = "double" if prec == "d" else "float"
    a, b, x = sol.a, sol.src or sol.b, sol.x
    n = sol.n
    p = fresh_name(code, "lapack_")
    r, c = f"{p}r", f"{p}c"
    multi = sol.nrhs != "1"
    bi = b.at(r, c) if multi else b.at(r)
    xi = x.at(r, c) if multi else x.at(r)
    step = "    "
    body = [
        "{",
        f"{step}/* {routine}: LAPACK's LU with partial pivoting and the solve (use_lapack); "
        "column-major copies */",
        f"{step}int {p}n = {n}, {p}nrhs = {sol.nrhs}, {p}info = 0;",
        f"{step}int *{p}ipiv = (int *)malloc(sizeof(int) * (size_t){p}n);",
        f"{step}{t} *{p}a = ({t} *)malloc(sizeof({t}) * (size_t){p}n * (size_t){p}n);",
        f"{step}{t} *{p}b = ({t} *)malloc(sizeof({t}) * (size_t){p}n * (size_t){p}nrhs);",
        f"{step}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{step}{step}for (int {c} = 0; {c} < {p}n; {c}++)",
        f"{step}{step}{step}{p}a[(size_t){c} * {p}n + {r}] = {a.at(r, c)};",
        f"{step}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{step}{step}for (int {c} = 0; {c} < {p}nrhs; {c}++)",
        f"{step}{step}{step}{p}b[(size_t){c} * {p}n + {r}] = {bi};",
        f"{step}{routine}_(&{p}n, &{p}nrhs, {p}a, &{p}n, {p}ipiv, {p}b, &{p}n, &{p}info);",
        f"{step}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{step}{step}for (int {c} = 0; {c} < {p}n; {c}++)",
        f"{step}{step}{step}{a.at(r, c)} = {p}a[(size_t){c} * {p}n + {r}];",
        f"{step}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{step}{step}for (int {c} = 0; {c} < {p}nrhs; {c}++)",
        f"{step}{step}{step}{xi} = {p}b[(size_t){c} * {p}n + {r}];",
        f"{step}free({p}a);",
        f"{step}free({p}b);",
        f"{step}free({p}ipiv);",
    ]
    body += [step + ln for ln in singular_lines(code, sol, f"{p}info")]
    body.append("}")
    text = _splice(code, sol, first, last, [indent + ln for ln in body])
    head = _PROTO.format(r=routine, t=t)
    if code.lang == "cpp":  # the Fortran symbol, not a mangled C++ one
        head = head.replace("extern void", 'extern "C" void', 1)
    if "<stdlib.h>" not in text and "<cstdlib>" not in text:
        head = "#include <stdlib.h>\n" + head
    return after_includes(text, head)


def _splice(code: Code, sol: Solve, first: int, last: int, lines: list[str]) -> str:
    """The file with lines ``first..last`` replaced by ``lines`` and the statements that stood
    between the elimination and the back substitution (they touch neither array) after them."""
    kept = [ln for s in sol.between
            for ln in code.lines[s.start_point[0]:s.end_point[0] + 1]]
    old = code.lines
    return "".join(old[:first - 1] + [ln + "\n" for ln in lines] + kept + old[last:])


def after_includes(text: str, head: str) -> str:
    """The text with ``head`` inserted after the last ``#include`` line (at the top when
    there is none); where generators put prototypes for the library they call."""
    lines = text.splitlines(keepends=True)
    at = 0
    for n, ln in enumerate(lines):
        if ln.lstrip().startswith("#include"):
            at = n + 1
    return "".join([*lines[:at], head, *lines[at:]])


__all__ = ["WHAT", "lapack"]
