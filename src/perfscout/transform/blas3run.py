"""A triangular or symmetric matrix product written by hand, recognised by running it
(``use_blas``: ``cblas_dtrmm``, ``cblas_dsymm``).

PolyBench's ``trmm`` (``B := alpha A^T B``, A unit lower triangular) and ``symm`` (``C := alpha A
B + beta C``, A symmetric, its lower triangle read) come in loop orders no structural GEMM
pattern meets. Tried by ``use_blas`` when nothing else applies: the outermost loop around the
hot line must write one 2-D array of doubles (``a[i][j]``, or a flat block ``a[i * lda + j]``
strided by one variable) and read one or two others, its bounds must be
one or two size variables and its other values the function's scalar parameters. Run on small
matrices (:mod:`.interpret`, sizes 5 and 7, the triangles the routine must not read filled with
values too), its result is compared with every form of the BLAS routine (left or right, lower
or upper, transposed or not, unit diagonal or not); the one form that matches (to 1e-9 of the
scale) is the call. Refused, naming why, otherwise.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from perfscout.transform.blas import with_cblas_include
from perfscout.transform.declared import declaration
from perfscout.transform.interpret import State, Unsupported, outer_nest, run_nest
from perfscout.transform.macros import Headers, Macros
from perfscout.transform.nest import loop_end_line, make_diff
from perfscout.transform.region import Region
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop, Node

WHAT = "use_blas"
TOLERANCE = 1e-9
_M, _N = 5, 7  # the trial sizes: unequal, so rows and columns are told apart

Mat = list[list[float]]


def _mul(a: Mat, b: Mat) -> Mat:
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def _t(a: Mat) -> Mat:
    return [list(r) for r in zip(*a, strict=True)]


def _tri(a: Mat, lower: bool, unit: bool) -> Mat:
    n = len(a)
    return [[(1.0 if unit else a[i][j]) if i == j else
             (a[i][j] if (i > j) == lower else 0.0) for j in range(n)] for i in range(n)]


def _sym(a: Mat, lower: bool) -> Mat:
    n = len(a)
    return [[a[max(i, j)][min(i, j)] if lower else a[min(i, j)][max(i, j)] for j in range(n)]
            for i in range(n)]


def _grid(rows: int, cols: int, rng: random.Random) -> Mat:
    return [[rng.uniform(-1.0, 1.0) for _ in range(cols)] for _ in range(rows)]


def blas3_by_running(code: Code, line: int, rel: str, headers: Headers | None = None
                     ) -> Generated | Refusal:
    """The CBLAS call a triangular or symmetric product nest around ``line`` computes (see
    the module text), or a Refusal naming why it is none."""
    nest = outer_nest(code, line, "a BLAS-3 product")
    if isinstance(nest, str):
        return Refusal(WHAT, nest)
    top, region, written, read = nest.top, nest.region, nest.written, nest.read
    if len(written) != 1 or not 1 <= len(read) <= 2 or any(
            r.dims is None or len(r.dims) != 2 for r in region.refs):
        return Refusal(WHAT, "not a BLAS-3 product: the nest does not write one 2-D array "
                             "from one or two others")
    flat = _leading_dims(region)
    if isinstance(flat, str):
        return Refusal(WHAT, f"not a BLAS-3 product: {flat}")
    fn = code.function_of(top.node)
    loops = region.loops
    bound_names: list[str] = []
    for lp in loops:
        for b in (lp.lower_node, lp.upper_node):
            for v in sorted(code.identifiers(b)) if b is not None else []:
                if v not in {x.var for x in loops} and v not in bound_names:
                    bound_names.append(v)
    if not 1 <= len(bound_names) <= 2:
        return Refusal(WHAT, "not a BLAS-3 product: its loops do not run to one or two sizes")
    params = _scalar_params(code, fn, bound_names)
    out = written[0]
    sizes = dict(zip(bound_names, (_M, _N), strict=False))
    rng = random.Random(11)
    got = _run(code, top, out, read, sizes, params, rng, flat)
    if isinstance(got, str):
        return Refusal(WHAT, f"not a BLAS-3 product read by running it: {got}")
    arrays, result, scal = got
    rows, cols = len(result), len(result[0]) if result else 0
    for form in _forms(out, read, arrays, scal):
        want = form.compute()
        if want is None or len(want) != rows or any(len(r) != cols for r in want):
            continue
        scale = max(1.0, max(abs(x) for r in want for x in r))
        if all(abs(result[i][j] - want[i][j]) <= TOLERANCE * scale for i in range(rows)
               for j in range(cols)):
            return _emit(code, top, form, sizes, rows, cols, rel, fn, headers, flat)
    return Refusal(WHAT, "not a BLAS-3 product: run on small matrices, the nest matches no "
                         "form of dtrmm or dsymm")


def _scalar_params(code: Code, fn: Node | None, sizes: list[str]) -> list[str]:
    if fn is None:
        return []
    decl = fn.child_by_field_name("declarator")
    plist = decl.child_by_field_name("parameters") if decl is not None else None
    out = []
    for p in plist.named_children if plist is not None else []:
        d = p.child_by_field_name("declarator")
        typ = code.text_of(p.child_by_field_name("type") or p)
        if d is not None and d.type == "identifier" and code.text_of(d) not in sizes and \
                typ in ("double", "float"):
            out.append(code.text_of(d))
    return out


def _leading_dims(region: Region) -> dict[str, str] | str:
    """The arrays addressed as one flat block (``a[i * lda + j]``) with the variable that
    strides their rows; a string naming an array whose references disagree (flat in one place,
    2-D in another, two strides) or whose stride is no single variable."""
    flat: dict[str, str] = {}
    for name in sorted({r.name for r in region.refs}):
        refs = [r for r in region.refs if r.name == name]
        strides = {r.dims[0].stride if r.split and r.dims else None for r in refs}
        if len(strides) != 1:
            return f"{name} is addressed both as a flat block and as a 2-D array"
        stride = next(iter(strides))
        if stride is None:
            continue
        if len(stride) != 1 or not all(r.fits for r in refs):
            return (f"{name}'s rows are strided by {' * '.join(stride)}, not by one size "
                    "variable whose rows its column index stays inside")
        flat[name] = stride[0]
    return flat


def _run(code: Code, top: Loop, out: str, read: list[str], sizes: dict[str, int],
         params: list[str], rng: random.Random, flat: dict[str, str]
         ) -> tuple[dict[str, Mat], Mat, dict[str, float]] | str:
    """Run the nest once; the input matrices (big enough for any form), its result and the
    scalars' values. A flat array (``flat``: name -> its row stride's variable) holds row i at
    i times that variable's value (the largest trial size when it is no loop bound), so only
    its columns below that exist. A string: why it could not run."""
    big = max(sizes.values())
    arrays = {name: _grid(big, big, rng) for name in [out, *read]}
    scal = {p: 1.3 + 0.4 * k for k, p in enumerate(params)}
    lds = {v: float(sizes.get(v, big)) for v in flat.values()}
    for name, v in flat.items():  # the cells a row of that stride cannot hold do not exist
        arrays[name] = [[x if j < lds[v] else 0.0 for j, x in enumerate(row)]
                        for row in arrays[name]]

    def key(name: str, i: int, j: int) -> tuple[int, ...]:
        return (i * int(lds[flat[name]]) + j,) if name in flat else (i, j)

    def cell(name: str, k: tuple[int, ...]) -> tuple[int, int]:
        return divmod(k[0], int(lds[flat[name]])) if name in flat else (k[0], k[1])

    st = State(scalars={**lds, **{k: float(v) for k, v in sizes.items()}, **scal},
               arrays={name: {key(name, i, j): m[i][j] for i in range(big) for j in range(big)
                              if name not in flat or j < lds[flat[name]]}
                       for name, m in arrays.items()})
    try:
        run_nest(code, top.node, st)
    except Unsupported as exc:
        return str(exc)
    got = {cell(out, k): v for k, v in st.arrays[out].items()}
    if any(not (0 <= i < big and 0 <= j < big) for i, j in got):
        return "it writes outside the trial matrices"
    touched = [k for k, v in got.items() if v != arrays[out][k[0]][k[1]]]
    if not touched:
        return "it changes nothing"
    rows = max(i for i, _ in touched) + 1
    cols = max(j for _, j in touched) + 1
    result = [[got.get((i, j), 0.0) for j in range(cols)] for i in range(rows)]
    return arrays, result, scal


class _Form:
    def __init__(self, routine: str, args: dict[str, str], names: dict[str, str],
                 compute: Callable[[], Mat | None]) -> None:
        self.routine, self.args, self.names, self.compute = routine, args, names, compute


def _forms(out: str, read: list[str], arrays: dict[str, Mat], scal: dict[str, float]
           ) -> list[_Form]:
    forms: list[_Form] = []
    alphas = [(name, v) for name, v in scal.items()] + [("1.0", 1.0)]
    c0 = arrays[out]

    def crop(m: Mat, r: int, c: int) -> Mat:
        return [row[:c] for row in m[:r]]

    if len(read) == 1:
        a_name = read[0]
        for (al, av), left, lower, trans, unit in itertools.product(
                alphas, (True, False), (True, False), (False, True), (True, False)):
            def trmm(al: str = al, av: float = av, left: bool = left, lower: bool = lower,
                     trans: bool = trans, unit: bool = unit) -> Mat | None:
                k = _M if left else _N
                a = _tri(crop(arrays[a_name], k, k), lower, unit)
                a = _t(a) if trans else a
                b = crop(c0, _M, _N)
                p = _mul(a, b) if left else _mul(b, a)
                return [[av * x for x in r] for r in p]
            forms.append(_Form("trmm", {"side": "Left" if left else "Right",
                                        "uplo": "Lower" if lower else "Upper",
                                        "trans": "Trans" if trans else "NoTrans",
                                        "diag": "Unit" if unit else "NonUnit", "alpha": al},
                               {"A": a_name, "B": out}, trmm))
    if len(read) == 2 and len(scal) == 2:
        for (an, bn), (al, be), left, lower in itertools.product(
                itertools.permutations(read), itertools.permutations(scal), (True, False),
                (True, False)):
            def symm(an: str = an, bn: str = bn, al: str = al, be: str = be,
                     left: bool = left, lower: bool = lower) -> Mat | None:
                k = _M if left else _N
                a = _sym(crop(arrays[an], k, k), lower)
                b = crop(arrays[bn], _M, _N)
                p = _mul(a, b) if left else _mul(b, a)
                c = crop(c0, _M, _N)
                return [[scal[al] * p[i][j] + scal[be] * c[i][j] for j in range(_N)]
                        for i in range(_M)]
            forms.append(_Form("symm", {"side": "Left" if left else "Right",
                                        "uplo": "Lower" if lower else "Upper", "alpha": al,
                                        "beta": be}, {"A": an, "B": bn, "C": out}, symm))
    return forms


def _emit(code: Code, top: Loop, form: _Form, sizes: dict[str, int], rows: int, cols: int,
          rel: str, fn: Node | None, headers: Headers | None, flat: dict[str, str]
          ) -> Generated | Refusal:
    by_value = {v: k for k, v in sizes.items()}
    m_, n_ = by_value.get(rows), by_value.get(cols)
    if m_ is None or n_ is None:
        return Refusal(WHAT, "not a BLAS-3 product: the result's rows and columns are not "
                             "the nest's sizes")
    macros = Macros.of(code, headers)

    def arg(name: str) -> tuple[str, str] | None:
        if name in flat:  # a flat block of doubles: the pointer, its row stride
            typ = code.declared_type(fn, name)
            ok = "double" in typ and ("*" in typ or "[" in typ) and typ.count("*") + \
                typ.count("[") == 1
            return (name, flat[name]) if ok else None
        ext = declaration(code, fn, name, macros).extents
        if ext is None or len(ext) != 2:
            return None
        return f"&{name}[0][0]", ext[1]

    parts = {k: arg(v) for k, v in form.names.items()}
    missing = [form.names[k] for k, v in parts.items() if v is None]
    if missing:
        return Refusal(WHAT, f"not replaced: {missing[0]} is not a declared 2-D array or a "
                             "pointer to doubles")
    a, b = parts["A"], parts["B"]
    assert a is not None and b is not None
    g = form.args
    if form.routine == "trmm":
        call = [f"cblas_dtrmm(CblasRowMajor, Cblas{g['side']}, Cblas{g['uplo']}, "
                f"Cblas{g['trans']}, Cblas{g['diag']}, (int)({m_}), (int)({n_}),",
                f"            {g['alpha']}, {a[0]}, (int)({a[1]}), {b[0]}, (int)({b[1]}));"]
        what = (f"B := {g['alpha']} op(A) B" if g["side"] == "Left" else
                f"B := {g['alpha']} B op(A)") + f", A {g['uplo'].lower()} triangular"
    else:
        c = parts["C"]
        assert c is not None
        call = [f"cblas_dsymm(CblasRowMajor, Cblas{g['side']}, Cblas{g['uplo']}, "
                f"(int)({m_}), (int)({n_}),",
                f"            {g['alpha']}, {a[0]}, (int)({a[1]}), {b[0]}, (int)({b[1]}), "
                f"{g['beta']}, {c[0]}, (int)({c[1]}));"]
        what = f"C := {g['alpha']} A B + {g['beta']} C, A symmetric ({g['uplo'].lower()})"
    first, last = top.line, loop_end_line(top.node)
    indent = code.indent_at(first)
    lines = list(code.lines)
    text = "".join(lines[:first - 1] + [indent + ln + "\n" for ln in call] + lines[last:])
    text = with_cblas_include(code, text)
    note = (f"the nest at {rel}:{first} computes {what} (recognised by running it on "
            f"{_M} x {_N} matrices against every form of d{form.routine}) replaced by one "
            f"cblas_d{form.routine} call; link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


__all__ = ["blas3_by_running"]
