"""LINPACK's factor-and-solve pair, carried in the program's own sources, replaced by LAPACK's
(``use_lapack``).

Many Fortran codes still carry LINPACK's ``dgefa`` (LU with partial pivoting, column by column
through the BLAS-1 ``idamax``/``dscal``/``daxpy``) and ``dgesl`` (the solve with those factors),
as the LINPACK benchmark does. LAPACK's ``dgetrf``/``dgetrs`` compute the same factorisation
blocked (level-3 BLAS) and the same solve. When the hot line is in one of those routines (or
the BLAS-1 routines they call) and the program calls them, each call is replaced:
``call dgefa(a, lda, n, ipvt, info)`` by ``call dgetrf(n, n, a, lda, ipvt, info)`` and
``call dgesl(a, lda, n, ipvt, b, job)`` by ``call dgetrs(trans, n, 1, a, lda, ipvt, b, n,
info_getrs)`` (``'N'`` for ``job = 0``, ``'T'`` otherwise).

The two libraries store the multipliers differently (LINPACK negated), so the pair is replaced
together or not at all: refused, naming the line, when the factored matrix is used between the
factorisation and the end of the unit other than by the solve calls with the same matrix,
leading dimension, order and pivots, when a solve call names another matrix, when ``job`` is
not a literal, or when no solve call follows the factorisation. ``info`` keeps its meaning
(the index of a zero pivot). Single precision (``sgefa``/``sgesl``) maps to ``sgetrf``/
``sgetrs``. Fortran only; the programs link LAPACK (``-llapack -lblas``).
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, language_of

WHAT = "use_lapack"
#: how a refusal begins when the program carries no LINPACK pair at the hot line
NOT_LINPACK = "not LINPACK's dgefa/dgesl: "
#: LINPACK's factorisation -> (its solve, LAPACK's factorisation, LAPACK's solve)
PAIRS = {"dgefa": ("dgesl", "dgetrf", "dgetrs"), "sgefa": ("sgesl", "sgetrf", "sgetrs")}
#: the routines whose hot lines lead here: the pair and the BLAS-1 routines they call
LINPACK_ROUTINES = frozenset({"dgefa", "dgesl", "sgefa", "sgesl", "idamax", "isamax", "daxpy",
                              "saxpy", "dscal", "sscal", "ddot", "sdot"})
_CALL = re.compile(r"^(?P<ind>\s*)call\s+(?P<name>[ds]ge(?:fa|sl))\s*\((?P<args>.*)\)\s*"
                   r"(?:!.*)?$", re.IGNORECASE)
_DECL = re.compile(r"^\s*(?:integer|real|double\s+precision|logical|character|complex|type\s*\(|"
                   r"implicit\b|use\b|dimension\b|parameter\b)", re.IGNORECASE)


def _args(text: str) -> list[str]:
    """The arguments of a call, split at top-level commas, spaces removed, lower case."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    out.append(cur)
    return [a.replace(" ", "").lower() for a in out]


def _unit_of(code: Code, at: int) -> tuple[str, int, int]:
    """(name, first, last) 0-based lines of the program unit holding 0-based line ``at`` (the
    parsed file's own view); ("", at, at) outside any unit."""
    node = code.node_at_line(at + 1)
    fn = code.function_of(node) if node is not None else None
    if fn is None:
        return "", at, at
    return code.function_name(fn).lower(), fn.start_point[0], fn.end_point[0]


def linpack_pair(code: Code, line: int, rel: str, root: Path | None) -> Generated | Refusal:
    """The diff replacing the program's LINPACK factor and solve calls (see the module text),
    or a Refusal naming why."""
    if not code.fortran:
        return Refusal(WHAT, f"{NOT_LINPACK}C and C++ sources are not read for it")
    hot, _, _ = _unit_of(code, max(line - 1, 0))
    if hot not in LINPACK_ROUTINES:
        return Refusal(WHAT, f"{NOT_LINPACK}the hot line is in {hot or 'no unit'}")
    texts = {rel: code.text}
    if root is not None:
        for p in sorted(root.rglob("*")):
            if p.is_file() and language_of(p.name) == "fortran" and str(p.relative_to(root)) != rel:
                texts[str(p.relative_to(root))] = p.read_text(errors="replace")
    for f, text in texts.items():
        got = _replace_in(text, f)
        if got is not None:
            return got
    return Refusal(WHAT, f"{NOT_LINPACK}no call of dgefa followed by dgesl in the program's "
                         "Fortran sources")


def _replace_in(text: str, rel: str) -> Generated | Refusal | None:
    """The replacement in one file; None when it calls no LINPACK factorisation."""
    code = Code(text, rel)
    lines = text.splitlines(keepends=True)
    facts = [(i, m) for i, ln in enumerate(lines) if (m := _CALL.match(ln))
             and m["name"].lower() in PAIRS]
    if not facts:
        return None
    new = list(lines)
    notes: list[str] = []
    decls: dict[int, str] = {}
    for i, m in facts:
        args = _args(m["args"])
        if len(args) != 5:
            return Refusal(WHAT, f"{rel}:{i + 1}: {m['name']} is not called with LINPACK's "
                                 "five arguments")
        a, lda, n, ipvt, info = args
        solve, getrf, getrs = PAIRS[m["name"].lower()]
        unit, _first, last = _unit_of(code, i)
        new[i] = f"{m['ind']}call {getrf}({n}, {n}, {a}, {lda}, {ipvt}, {info})\n"
        info_x = f"{info}_{getrs}"
        solves = 0
        for k in range(i + 1, last + 1):
            s = _CALL.match(lines[k])
            if s is not None and s["name"].lower() == solve:
                sa = _args(s["args"])
                if len(sa) != 6 or sa[:4] != [a, lda, n, ipvt]:
                    return Refusal(WHAT, f"{rel}:{k + 1}: {solve} solves with other factors "
                                         f"than {m['name']} at line {i + 1} left")
                if not re.fullmatch(r"\d+", sa[5]):
                    return Refusal(WHAT, f"{rel}:{k + 1}: {solve}'s job ({sa[5]}) is not a "
                                         "literal: the transpose cannot be chosen")
                trans = "'N'" if int(sa[5]) == 0 else "'T'"
                new[k] = (f"{s['ind']}call {getrs}({trans}, {n}, 1, {a}, {lda}, {ipvt}, "
                          f"{sa[4]}, {n}, {info_x})\n")
                solves += 1
                continue
            if re.search(rf"(?<![\w%]){re.escape(a.split('(')[0])}(?!\w)", lines[k],
                         re.IGNORECASE) and not lines[k].lstrip().startswith("!"):
                return Refusal(WHAT, f"{rel}:{k + 1}: the factored {a} is used by more than "
                                     f"{solve}: LAPACK's factors are stored otherwise "
                                     "(LINPACK negates the multipliers)")
        if not solves:
            return Refusal(WHAT, f"{rel}:{i + 1}: no {solve} call uses the factors {m['name']} "
                                 "leaves")
        decl_at = max((j for j in range(_first, i) if _DECL.match(lines[j])), default=_first)
        decls[decl_at] = f"{m['ind']}integer :: {info_x}\n"
        notes.append(f"{m['name']} -> {getrf} at {rel}:{i + 1} and {solves} {solve} call(s) "
                     f"-> {getrs} in {unit}")
    for at in sorted(decls, reverse=True):
        new.insert(at + 1, decls[at])
    out = "".join(new)
    note = ("; ".join(notes) + ": LAPACK's blocked LU with partial pivoting and its solve "
            "(the same factorisation and pivots; info keeps its meaning)")
    return Generated(WHAT, rel, make_diff(text, out, rel), out, note,
                     libs=("-llapack", "-lblas"))


__all__ = ["LINPACK_ROUTINES", "NOT_LINPACK", "linpack_pair"]
