"""Replace a hand-written LU factorisation without pivoting by LAPACK's ``dgetrf`` (``use_lapack``).

Tried by ``use_lapack`` after the solves and Cholesky. The nest around the hot line is
recognised by what it computes, not by its loop order (Doolittle's row by row as in
PolyBench's ``lu`` or Rodinia's ``lud``, Crout's, right-looking): it writes one square array
of doubles (``a[i][j]`` or ``a[i * n + j]``) and reads nothing else, its outer loop runs to a
size variable, and run on small diagonally dominant matrices (:mod:`.interpret`, two sizes)
it leaves exactly the in-place unpivoted factors (L below the diagonal, unit diagonal
implied, U on and above it).

The call factors a column-major copy; LAPACK pivots by the largest entry of each column, so
its factors are the unpivoted ones only when it chose no other row: the generated code checks
every pivot and runs the original loops when one moved (or a pivot was exactly zero), so the
result is the nest's own in every case. The build links ``-lopenblas``.

Refused, naming it: Fortran (not read this way yet); a nest writing several arrays, reading
another array or a value set before it; a size that is not one variable; element types that are
not double; a construct the interpreter does not run; a result that is not the LU factors.
"""

from __future__ import annotations

import random

from perfscout.transform.interpret import State, Unsupported, outer_nest, run_nest
from perfscout.transform.lapack import after_includes
from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import loop_end_line, make_diff, used_after
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop

WHAT = "use_lapack"
#: the sizes the nest is run at, and the largest difference from the factors accepted
#: (relative to the matrix's largest entry: the same arithmetic in the same order)
TRIAL_SIZES = (5, 9)
TOLERANCE = 1e-9

_PROTO = ("extern void dgetrf_(const int *m, const int *n, double *a, const int *lda, "
          "int *ipiv, int *info);\n")


def _matrix(n: int, rng: random.Random) -> list[list[float]]:
    """A random diagonally dominant matrix: its LU needs no pivoting."""
    m = [[rng.uniform(-1.0, 1.0) for _ in range(n)] for _ in range(n)]
    for i in range(n):
        m[i][i] = float(n) + abs(m[i][i])
    return m


def _lu(m: list[list[float]]) -> list[list[float]]:
    a = [row[:] for row in m]
    n = len(a)
    for k in range(n):
        for i in range(k + 1, n):
            a[i][k] /= a[k][k]
            for j in range(k + 1, n):
                a[i][j] -= a[i][k] * a[k][j]
    return a


def lu(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The diff calling ``dgetrf`` for the unpivoted LU nest around ``line`` (see the module
    text); a Refusal naming why the nest is not one."""
    nest = outer_nest(code, line, "an LU factorisation")
    if isinstance(nest, str):
        return Refusal(WHAT, nest)
    top, region, written, read = nest.top, nest.region, nest.written, nest.read
    if len(written) != 1 or read:
        return Refusal(WHAT, "not an LU factorisation in place: the nest writes "
                             f"{', '.join(written) or 'no array'}"
                             + (f" and reads {', '.join(read)}" if read else ""))
    name = written[0]
    refs = [r for r in region.refs if r.name == name]
    size = code.text_of(top.upper_node) if top.upper_node is not None else ""
    if top.upper_node is None or top.upper_node.type != "identifier" or top.inclusive or \
            top.lower.strip() != "0":
        return Refusal(WHAT, f"not an LU factorisation: the loop over {top.var} (line "
                             f"{top.line}) does not run from 0 to a size variable")
    linear = any(r.split for r in refs)
    if any(r.dims is None or len(r.dims) != 2 for r in refs) or (
            linear and any(r.dims is not None and r.dims[0].stride != (size,) for r in refs)):
        return Refusal(WHAT, f"not an LU factorisation: {name} is not addressed as a square "
                             f"{size} x {size} matrix")
    fn = code.function_of(top.node)
    kept = sorted({e.name for e in region.events if e.kind in ("def", "red")
                   and top not in region.declared.get(e.name, ()) and used_after(code, top,
                                                                                  e.name)})
    if kept:  # the call leaves them as they were: what reads them later would change
        return Refusal(WHAT, f"not replaced: {', '.join(kept)} set in the nest at line "
                             f"{top.line} is read after it")
    if "double" not in code.declared_type(fn, name):
        return Refusal(WHAT, f"not an LU factorisation of doubles: {name} is "
                             f"'{code.declared_type(fn, name) or 'undeclared'}'")
    rng = random.Random(7)
    for n in TRIAL_SIZES:
        m = _matrix(n, rng)
        cells: dict[tuple[int, ...], float] = {
            ((i * n + j,) if linear else (i, j)): m[i][j] for i in range(n) for j in range(n)}
        st = State(scalars={size: float(n)}, arrays={name: dict(cells)})
        try:
            run_nest(code, top.node, st)
        except Unsupported as exc:
            return Refusal(WHAT, f"not an LU factorisation read by running it: {exc}")
        want = _lu(m)
        got = st.arrays[name]
        worst = max(abs(got.get((i * n + j,) if linear else (i, j), 0.0) - want[i][j])
                    for i in range(n) for j in range(n))
        if not worst <= TOLERANCE * max(abs(x) for row in m for x in row):
            return Refusal(WHAT, f"not an LU factorisation: run on a {n} x {n} matrix, the "
                                 f"nest at line {top.line} does not leave its LU factors in "
                                 f"{name}")
    return _generate(code, top, name, size, linear, rel)


def _generate(code: Code, top: Loop, name: str, size: str, linear: bool,
              rel: str) -> Generated:
    p = fresh_name(code, "lapack_")
    r, c, s = f"{p}r", f"{p}c", "    "

    def el(row: str, col: str) -> str:
        return (f"{name}[(size_t)({row}) * {size} + ({col})]" if linear
                else f"{name}[{row}][{col}]")

    first, last = top.line, loop_end_line(top.node)
    indent = code.indent_at(first)
    original = [ln.rstrip("\n") for ln in code.lines[first - 1:last]]
    body = [
        "{",
        f"{s}/* dgetrf: LAPACK's LU (use_lapack) on a column-major copy; it pivots by the "
        "largest entry, so the copy is used only when it kept every pivot row, else the "
        "loops run */",
        f"{s}int {p}n = {size}, {p}info = 0, {p}kept = 1;",
        f"{s}double *{p}a = (double *)malloc(sizeof(double) * (size_t){p}n * (size_t){p}n);",
        f"{s}int *{p}piv = (int *)malloc(sizeof(int) * (size_t){p}n);",
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}for (int {c} = 0; {c} < {p}n; {c}++)",
        f"{s}{s}{s}{p}a[(size_t){c} * {p}n + {r}] = {el(r, c)};",
        f"{s}dgetrf_(&{p}n, &{p}n, {p}a, &{p}n, {p}piv, &{p}info);",
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}{p}kept = {p}kept && {p}piv[{r}] == {r} + 1;",
        f"{s}if ({p}kept && {p}info == 0) {{",
        f"{s}{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}{s}for (int {c} = 0; {c} < {p}n; {c}++)",
        f"{s}{s}{s}{s}{el(r, c)} = {p}a[(size_t){c} * {p}n + {r}];",
        f"{s}}} else {{",
        *[f"{s}{s}{ln[len(indent):] if ln.startswith(indent) else ln.lstrip()}"
          for ln in original],
        f"{s}}}",
        f"{s}free({p}a);",
        f"{s}free({p}piv);",
        "}",
    ]
    lines = list(code.lines)
    text = "".join(lines[:first - 1] + [(indent + ln).rstrip() + "\n" for ln in body]
                   + lines[last:])
    head = _PROTO.replace("extern void", 'extern "C" void', 1) if code.lang == "cpp" \
        else _PROTO
    if "<stdlib.h>" not in code.text and "<cstdlib>" not in code.text:
        head = "#include <stdlib.h>\n" + head
    text = after_includes(text, head)
    note = (f"the unpivoted LU of {name} at {rel}:{first} (recognised by running the nest on "
            f"{' and '.join(f'{n} x {n}' for n in TRIAL_SIZES)} matrices) replaced by dgetrf "
            "(LAPACK) on a column-major copy, used when LAPACK kept every pivot row (else the "
            "original loops run); link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


__all__ = ["WHAT", "lu"]
