"""Replace a recognised matrix-matrix or matrix-vector nest by one BLAS call.

Recognised, after the exact normalisation of :mod:`nest` (loops from 0 with ``<`` in C/C++, from
1 in Fortran, unit step):

* GEMM ``C[i][j] += A[i][k] * B[k][j]`` over (i, j, k) in any order, ``A``/``B`` possibly
  transposed (``A[k][i]``); beta is 0 when the nest started each element at zero, 1 when it
  accumulated into ``C``;
* GEMV ``y[i] += A[i][j] * x[j]`` (or ``A[j][i]``, the transposed product).

A matrix is either one contiguous block addressed ``M[r * ld + c]`` (C/C++, row-major, ``ld``
read from the subscript), a declared 2-D C array (``&M[0][0]``, ``ld`` its declared row length)
or a Fortran array (column-major, ``ld`` its declared first extent). C/C++ call CBLAS
(``<cblas.h>``), Fortran calls the BLAS routine; both link ``-lopenblas``, part of the result.
The element type (double or float) comes from the declarations. Anything else is refused with
what did not match.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.model.fptypes import blas_prefix
from perfscout.transform.declared import declaration
from perfscout.transform.depend import dependences
from perfscout.transform.fission import Fissioned, fission, split_statements
from perfscout.transform.macros import Headers, Macros
from perfscout.transform.nest import (
    Nest,
    assignment,
    is_zero,
    make_diff,
    map_line,
    perfect_nest,
    replace_lines,
)
from perfscout.transform.region import Ref
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.rowsyrk import row_syrk
from perfscout.transform.scaled import Scaled, scalar_problem, scale_of, widen
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk
from perfscout.transform.syrk import syrk

WHAT = "use_blas"


@dataclass(frozen=True)
class _Matrix:
    trans: bool
    ld: str
    arg: str  # what is passed: A, &A[0][0]


def _accumulation(code: Code, nest: Nest) -> tuple[Ref, Node, str] | str:
    """(target, accumulated product, beta) of the nest; the mismatch as text otherwise."""
    if nest.store is not None:
        if nest.red_op != "+":
            return f"the nest accumulates with {nest.red_op}, not a sum"
        if nest.init and not is_zero(code.expand(nest.init_value).replace("(", "").replace(
                ")", "").replace(" ", "")):
            return f"each element starts at {nest.init_value}, not 0"
        target = next((r for r in nest.region.refs if r.write), None)
        if target is None or nest.product is None:
            return "no array element is accumulated"
        return target, nest.product, "0" if nest.init else "1"
    inner = nest.loops[-1]
    got = assignment(code, inner.body[0]) if len(inner.body) == 1 else None
    if got is None:
        return "the innermost statement is not 'X += A * B'"
    left, op, right = got
    product: Node | None = None
    if op == "+=":
        product = right
    elif op == "=" and right.type in ("binary_expression", "math_expression"):
        a, b = right.child_by_field_name("left"), right.child_by_field_name("right")
        rop = right.child_by_field_name("operator")
        if a is not None and b is not None and rop is not None and code.text_of(rop) == "+":
            if code.text_of(a).replace(" ", "") == code.text_of(left).replace(" ", ""):
                product = b
            elif code.text_of(b).replace(" ", "") == code.text_of(left).replace(" ", ""):
                product = a
    writes = [r for r in nest.region.refs if r.write]
    if product is None or len(writes) != 1:
        return f"'{code.text_of(inner.body[0]).strip()}' is not 'X += A * B'"
    return writes[0], product, "1"


def _leaves(code: Code, e: Node) -> list[Node]:
    """The operands of a product ``a * b * c`` (parentheses looked through)."""
    while e.type == "parenthesized_expression" and e.named_children:
        e = e.named_children[0]
    op = e.child_by_field_name("operator")
    if e.type in ("binary_expression", "math_expression") and op is not None and \
            code.text_of(op) == "*":
        a, b = e.child_by_field_name("left"), e.child_by_field_name("right")
        if a is not None and b is not None:
            return _leaves(code, a) + _leaves(code, b)
    return [e]


def product_factors(code: Code, nest: Nest, e: Node) -> tuple[list[Ref], str] | str:
    """The two array references multiplied in the accumulated expression and the product of
    the scalar factors beside them (alpha, "" when none)."""
    refs, scalars = [], []
    loop_vars = {lp.var for lp in nest.loops}
    for p in _leaves(code, e):
        r = next((x for x in nest.region.refs if not x.write and
                  x.line == p.start_point[0] + 1 and x.text == code.text_of(p)), None)
        if r is not None:
            refs.append(r)
            continue
        why = scalar_problem(code, p, loop_vars)
        if why:
            return f"'{code.text_of(p)}' in '{code.text_of(e)}': {why}"
        scalars.append(code.text_of(p))
    if len(refs) != 2:
        return f"'{code.text_of(e)}' is not a product of two array elements"
    return refs, " * ".join(scalars)


def blas_matrix_arg(code: Code, nest: Nest, r: Ref, rows: str, cols: str, m: Macros
            ) -> _Matrix | str:
    """How ``r`` (indexed by loop vars rows/cols) is passed to BLAS."""
    if r.dims is None or len(r.dims) != 2:
        return f"{r.text} is not a matrix element"
    d0, d1 = r.dims
    if d0.const or d1.const or len(d0.vars) != 1 or len(d1.vars) != 1 or \
            set(d0.vars.values()) != {1} or set(d1.vars.values()) != {1}:
        return f"{r.text} has offsets or scaled indices"
    v0, v1 = next(iter(d0.vars)), next(iter(d1.vars))
    if {v0, v1} != {rows, cols}:
        return f"{r.text} is not indexed by ({rows}, {cols})"
    trans = (v0, v1) != (rows, cols)
    if r.split:
        if not r.fits:
            return (f"{r.text}: the column loop may run past the row length "
                    f"{'*'.join(d0.stride)}, so it is not one row-major block")
        return _Matrix(trans, "*".join(d0.stride), r.name)
    ext = declaration(code, code.function_of(nest.loops[0].node), r.name, m).extents
    if ext is None or len(ext) != 2:
        return (f"{r.text}: {r.name} is not a declared 2-D array nor one block addressed "
                "M[row * ld + col]")
    if code.fortran:
        ld = ext[0] if ext[0] not in ("", ":", "*") else f"size({r.name}, 1)"
        return _Matrix(trans, ld, r.name)
    return _Matrix(trans, ext[1], f"&{r.name}[0][0]")


def _vector(code: Code, r: Ref, var: str) -> str:
    if r.dims is None or len(r.dims) != 1 or r.dims[0].vars != {var: 1} or r.dims[0].const:
        return f"{r.text} is not the vector element [{var}]"
    return ""


def blas_elem_type(code: Code, nest: Nest, names: list[str], m: Macros) -> str | Refusal:
    """``"d"`` or ``"s"`` when every array in ``names`` is declared double or single
    precision (the BLAS routine prefix), else the refusal naming the one that is not."""
    fn = code.function_of(nest.loops[0].node)
    kinds = set()
    for n in names:
        got = declaration(code, fn, n, m)
        if got.why:
            return Refusal(WHAT, f"the element type of {n}: {got.why}")
        t = got.type.lower()
        if not code.fortran and "*" not in t and "[]" not in t:
            return Refusal(WHAT, f"{n} is not declared as a pointer or an array in this "
                                 f"function ({t or 'no declaration found'})")
        base = t.replace("const", "").replace("static", "").replace("*", "").replace(
            "[]", "").replace(" ", "")
        kinds.add(blas_prefix(base) or base or "?")
    if len(kinds) == 1 and kinds <= {"d", "s"}:
        return kinds.pop()
    return Refusal(WHAT, f"element types {sorted(kinds)}: BLAS needs all double or all single "
                         "precision")


#: the parameter names of <cblas.h>'s prototypes (OpenBLAS and the reference CBLAS): a
#: program macro of one of these names (``-DN=4000``, ``#define M 100``) would be expanded
#: inside the header's prototypes and break them
CBLAS_PARAMETERS = (
    "A", "Ap", "B", "C", "CORDER", "CTRANS", "Diag", "K", "KL", "KU", "M", "N", "Order", "P",
    "Side", "Trans", "TransA", "TransB", "Uplo", "X", "Y", "a", "alpha", "b", "b1", "b2",
    "beta", "c", "calpha", "cbeta", "ccols", "clda", "cldb", "cldc", "cpu_set", "cpusetsize",
    "crows", "d1", "d2", "form", "in", "incX", "incY", "incin", "incout", "incx", "incy", "lda",
    "ldb", "ldc", "m", "n", "num_threads", "order", "out", "p", "ret", "rout", "s",
    "thread_idx", "trans", "x", "y")


def _guarded_include(code: Code) -> list[str]:
    """``#include <cblas.h>`` with the program's macros that could clash kept out of it:
    every upper-case parameter name (a size macro may come from ``-D`` on the command line,
    which the source cannot show) and every other one the file ``#define``s, saved with
    ``#pragma push_macro``, undefined for the header, restored after it."""
    defs = (d.child_by_field_name("name") for d in walk(code.tree.root_node)
            if d.type in ("preproc_def", "preproc_function_def"))
    defined = {code.text_of(n) for n in defs if n is not None}
    names = [n for n in CBLAS_PARAMETERS if n.isupper() or n in defined]
    if not names:
        return ["#include <cblas.h>\n"]
    out = ["/* cblas.h names its parameters like these macros: keep them out of it */\n"]
    out += [f'#pragma push_macro("{n}")\n#undef {n}\n' for n in names]
    out.append("#include <cblas.h>\n")
    out += [f'#pragma pop_macro("{n}")\n' for n in names]
    return out


def with_cblas_include(code: Code, text: str) -> str:
    """The text with the guarded ``cblas.h`` include after the last include (unchanged when
    the file already includes it); used by every generator that emits a CBLAS call."""
    if "cblas.h" in {code.text_of(n).split("<")[-1].split(">")[0].strip('"')
                     for n in walk(code.tree.root_node) if n.type == "preproc_include"}:
        return text
    incs = [n for n in code.tree.root_node.children if n.type == "preproc_include"]
    at = (incs[-1].end_point[0] if incs[-1].end_point[1] == 0 else
          incs[-1].end_point[0] + 1) if incs else 0
    lines = text.splitlines(keepends=True)
    lines[at:at] = _guarded_include(code)
    return "".join(lines)


def _bounds(code: Code, nest: Nest) -> Refusal | None:
    first = "1" if code.fortran else "0"
    for lp in nest.loops:
        if lp.lower.strip() != first or (lp.inclusive and not code.fortran) or lp.step != 1:
            return Refusal(WHAT, f"loop {lp.var} (line {lp.line}) does not run from {first} "
                                 "by 1 over the whole extent")
    return None


def blas(code: Code, line: int, rel: str, headers: Headers | None = None,
         split: bool = True) -> Generated | Refusal:
    """The BLAS call replacing the GEMM/GEMV nest at ``line``; ``headers`` reads the project's
    local headers (for the macros its declarations go through). When the nest is not one
    product but a loop holding several (two matrix-vector products fused in one outer loop),
    the loop is split (:func:`perfscout.transform.fission.fission`, with its legality check)
    and each piece that is a product becomes a call; the piece holding ``line`` must be one."""
    got = _blas(code, line, rel, headers)
    if not isinstance(got, Refusal) or not split:
        return got
    sym = syrk(code, line, rel, headers)
    if sym is None:
        sym = row_syrk(code, line, rel, headers)
    if sym is not None:
        return sym
    why = got.reason
    for isolate in (False, True):  # pieces as products with their resets, then loops alone
        fz = fission(code, line, WHAT, isolate=isolate)
        if isinstance(fz, Refusal):
            if not isolate and "fission" in fz.reason:
                why = f"{got.reason}; {fz.reason}"
            continue
        made = _pieces_to_blas(code, fz, rel, headers)
        if not isolate or not isinstance(made, Refusal):
            if not isinstance(made, Refusal):
                return made
            why = made.reason
    # several products in one innermost loop (bicg, gesummv): one loop per statement first
    st = split_statements(code, line, WHAT)
    if isinstance(st, Refusal):
        return _by_running(code, line, rel, headers, why)
    made = blas(code.rewritten(st.text), st.targets[st.hot], rel, headers)
    if isinstance(made, Refusal):
        return _by_running(code, line, rel, headers,
                           f"{why}; after splitting the loop at line {st.outer_line} into one "
                           f"loop per statement: {made.reason}")
    return Generated(WHAT, rel, make_diff(code.text, made.new_text, rel), made.new_text,
                     f"the loop at {rel}:{st.outer_line} split into {len(st.targets)} loops, "
                     f"one per statement; then {made.note}", libs=made.libs)


def _by_running(code: Code, line: int, rel: str, headers: Headers | None, why: str
                ) -> Generated | Refusal:
    """The triangular or symmetric product the nest computes, read by running it
    (:mod:`.blas3run`); ``why`` (no GEMM/GEMV) joined with its reason otherwise."""
    from perfscout.transform.blas3run import blas3_by_running

    got = blas3_by_running(code, line, rel, headers)
    return got if isinstance(got, Generated) else Refusal(WHAT, f"{why}; {got.reason}")


def _pieces_to_blas(code: Code, fz: Fissioned, rel: str, headers: Headers | None
                    ) -> Generated | Refusal:
    """Each piece of the split loop that is a product, replaced (the last piece first)."""
    cur = Code(fz.text, rel)
    made: list[str] = []
    why: dict[int, str] = {}
    for k in reversed(range(len(fz.targets))):
        at = map_line(fz.text, cur.text, fz.targets[k])
        g = blas(cur, at, rel, headers, split=False) if at is not None else \
            Refusal(WHAT, "rewritten")
        if isinstance(g, Refusal):
            why[k] = g.reason
            continue
        cur = Code(g.new_text, rel)
        made.insert(0, g.note.split(" at ")[0] + " of part " + str(k + 1))
    if fz.hot in why:
        return Refusal(WHAT, f"after splitting the loop at line {fz.outer_line}: {why[fz.hot]}")
    note = (f"the loop at {rel}:{fz.outer_line} split into {len(fz.targets)} loops (each "
            f"iteration's elements are its own); " + "; ".join(made) + " replaced by CBLAS/BLAS"
            " calls"
            + "".join(f"; part {k + 1} kept as a loop ({r})" for k, r in sorted(why.items()))
            + "; link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, cur.text, rel), cur.text, note,
                     libs=("-lopenblas",))


def _blas(code: Code, line: int, rel: str, headers: Headers | None = None
          ) -> Generated | Refusal:
    nest = perfect_nest(code, line, WHAT)
    if isinstance(nest, Refusal):
        return nest
    acc = _accumulation(code, nest)
    if isinstance(acc, str):
        after = _scaled_before(code, nest)
        return _blas(code, after, rel, headers) if after else Refusal(WHAT, acc)
    out, product, beta = acc
    if out.dims is None:
        return Refusal(WHAT, f"{out.text} has no affine subscript")
    wide = widen(code, nest, out)
    if isinstance(wide, str):
        return Refusal(WHAT, wide)
    if isinstance(wide, Scaled):
        if nest.init:
            return Refusal(WHAT, f"{out.text} is both scaled and reset to {nest.init_value}")
        nest, beta = wide.nest, wide.beta
        out = next(r for r in nest.region.refs if r.write and r.line == out.line)
    if nest.region.blockers:
        return Refusal(WHAT, nest.region.blockers[0].reason)
    bad = _bounds(code, nest)
    if bad is not None:
        return bad
    facs = product_factors(code, nest, product)
    if isinstance(facs, str):
        return Refusal(WHAT, facs)
    refs, alpha = facs
    same = [r for r in refs if r.name == out.name]
    if same:
        dep = next((d for d in dependences(nest.region) if d.array == out.name), None)
        return Refusal(WHAT, f"{out.name} is both the result and a factor ({same[0].text}): "
                             + (dep.describe() if dep is not None else "an in-place product")
                             + "; BLAS needs distinct arrays")
    return _replace(code, nest, out, refs, (alpha or "1", beta), rel, headers)


def _scaled_before(code: Code, nest: Nest) -> int:
    """When ``nest`` is a scaling ``X *= s`` followed by a loop, a line of that loop's innermost
    statement (the accumulation the scaling belongs to); 0 otherwise."""
    inner = nest.loops[-1]
    if len(inner.body) != 1 or scale_of(code, inner.body[0]) is None:
        return 0
    nxt = nest.loops[0].node.next_named_sibling
    while nxt is not None and nxt.type == "comment":
        nxt = nxt.next_named_sibling
    if nxt is None or nxt.type not in (C_LOOP, F_LOOP):
        return 0
    while nxt.type in (C_LOOP, F_LOOP) and len(code.loop(nxt).body) == 1:
        nxt = code.loop(nxt).body[0]
    return nxt.start_point[0] + 1 if nxt.type not in (C_LOOP, F_LOOP) else 0


def _replace(code: Code, nest: Nest, out: Ref, refs: list[Ref], ab: tuple[str, str], rel: str,
             headers: Headers | None) -> Generated | Refusal:
    m = Macros.of(code, headers) if not code.fortran else Macros()
    loops = {lp.var: lp for lp in nest.loops}
    if len(nest.loops) == 3:
        call = _gemm(code, nest, out, refs, loops, ab, m)
    elif len(nest.loops) == 2 and out.dims is not None and len(out.dims) == 2:
        call = _ger(code, nest, out, refs, loops, ab, m)
    elif len(nest.loops) == 2:
        call = _gemv(code, nest, out, refs, loops, ab, m)
    else:
        return Refusal(WHAT, f"a nest of {len(nest.loops)} loops is neither GEMM (3) nor GEMV (2)")
    if isinstance(call, Refusal):
        return call
    text = replace_lines(code, nest.first_line, nest.last_line,
                         [nest.indent + ln for ln in call])
    if not code.fortran:
        text = with_cblas_include(code, text)
    kind = "GEMM" if len(nest.loops) == 3 else "GER" if out.dims is not None and len(
        out.dims) == 2 else "GEMV"
    api = "BLAS" if code.fortran else "CBLAS"
    note = (f"the {kind} nest at {rel}:{nest.first_line} replaced by one {api} call "
            f"(alpha {ab[0]}, beta {ab[1]}); link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


def _scalar(code: Code, t: str, v: str) -> str:
    """``v`` as a BLAS scalar argument: the literals 0 and 1 in the element type, anything else
    (the program's alpha or beta) as written."""
    if v not in ("0", "1"):
        return v
    if code.fortran:
        return f"{v}.0d0" if t == "d" else f"{v}.0"
    return f"{v}.0" if t == "d" else f"{v}.0f"


def _size(code: Code, lp: Loop) -> str:
    return lp.upper if code.fortran else f"(int)({lp.upper})"


def _gemm(code: Code, nest: Nest, c: Ref, facs: list[Ref], loops: dict[str, Loop],
          ab: tuple[str, str], m: Macros) -> list[str] | Refusal:
    if c.dims is None or len(c.dims) != 2 or any(len(d.vars) != 1 for d in c.dims):
        return Refusal(WHAT, f"{c.text} is not a matrix element indexed by two loops")
    i, j = (next(iter(d.vars)) for d in c.dims)
    rest = [v for v in loops if v not in (i, j)]
    if len(rest) != 1:
        return Refusal(WHAT, f"{c.text} is not indexed by two of the nest's loops")
    k = rest[0]
    cm = blas_matrix_arg(code, nest, c, i, j, m)
    if isinstance(cm, str) or cm.trans:
        return Refusal(WHAT, cm if isinstance(cm, str) else f"{c.text} is stored transposed")
    a = next((r for r in facs if r.dims and {v for d in r.dims for v in d.vars} == {i, k}),
             None)
    b = next((r for r in facs if r is not a and r.dims and
              {v for d in r.dims for v in d.vars} == {k, j}), None)
    if a is None or b is None:
        return Refusal(WHAT, f"the factors {' and '.join(r.text for r in facs)} are not "
                             f"A[{i}][{k}] and B[{k}][{j}]")
    am, bm = blas_matrix_arg(code, nest, a, i, k, m), blas_matrix_arg(code, nest, b, k, j, m)
    if isinstance(am, str):
        return Refusal(WHAT, am)
    if isinstance(bm, str):
        return Refusal(WHAT, bm)
    t = blas_elem_type(code, nest, [c.name, a.name, b.name], m)
    if isinstance(t, Refusal):
        return t
    m_, n_, k_ = (_size(code, loops[v]) for v in (i, j, k))
    one, bt = (_scalar(code, t, v) for v in ab)
    if code.fortran:
        return [f"call {t}gemm('{'T' if am.trans else 'N'}', '{'T' if bm.trans else 'N'}', "
                f"{m_}, {n_}, {k_}, {one}, &",
                f"  {am.arg}, {am.ld}, {bm.arg}, {bm.ld}, {bt}, {cm.arg}, {cm.ld})"]

    def trans(x: bool) -> str:
        return "CblasTrans" if x else "CblasNoTrans"
    return [f"cblas_{t}gemm(CblasRowMajor, {trans(am.trans)}, {trans(bm.trans)}, {m_}, {n_}, "
            f"{k_},",
            f"            {one}, {am.arg}, (int)({am.ld}), {bm.arg}, (int)({bm.ld}), {bt}, "
            f"{cm.arg}, (int)({cm.ld}));"]


def _ger(code: Code, nest: Nest, a: Ref, facs: list[Ref], loops: dict[str, Loop],
         ab: tuple[str, str], m: Macros) -> list[str] | Refusal:
    """The rank-1 update ``A[i][j] += alpha * x[i] * y[j]`` as ``cblas_?ger`` (C/C++; the
    element must accumulate onto what it holds: beta 1)."""
    if code.fortran:
        return Refusal(WHAT, f"a rank-1 update of {a.text} in Fortran is not generated")
    if ab[1] != "1":
        return Refusal(WHAT, f"{a.text} is scaled or reset before the rank-1 update (beta "
                             f"{ab[1]}); ger only adds onto the matrix")
    i, j = list(loops)
    am = blas_matrix_arg(code, nest, a, i, j, m)
    if isinstance(am, str):
        return Refusal(WHAT, am)
    r, c = (j, i) if am.trans else (i, j)
    xr = next((x for x in facs if not _vector(code, x, r)), None)
    xc = next((x for x in facs if x is not xr and not _vector(code, x, c)), None)
    if xr is None or xc is None:
        return Refusal(WHAT, f"the factors {' and '.join(x.text for x in facs)} are not "
                             f"x[{r}] and y[{c}]")
    t = blas_elem_type(code, nest, [a.name, xr.name, xc.name], m)
    if isinstance(t, Refusal):
        return t
    one = _scalar(code, t, ab[0])
    return [f"cblas_{t}ger(CblasRowMajor, {_size(code, loops[r])}, {_size(code, loops[c])}, "
            f"{one},",
            f"           {xr.name}, 1, {xc.name}, 1, {am.arg}, (int)({am.ld}));"]


def _gemv(code: Code, nest: Nest, y: Ref, facs: list[Ref], loops: dict[str, Loop],
          ab: tuple[str, str], m: Macros) -> list[str] | Refusal:
    if y.dims is None or len(y.dims) != 1 or len(y.dims[0].vars) != 1:
        return Refusal(WHAT, f"{y.text} is not a vector element")
    i = next(iter(y.dims[0].vars))
    j = next(v for v in loops if v != i)
    if _vector(code, y, i):
        return Refusal(WHAT, _vector(code, y, i))
    a = next((r for r in facs if r.dims is not None and len(r.dims) == 2), None)
    x = next((r for r in facs if r is not a), None)
    if a is None or x is None or _vector(code, x, j):
        return Refusal(WHAT, f"the factors {' and '.join(r.text for r in facs)} are not "
                             f"A[{i}][{j}] and x[{j}]")
    am = blas_matrix_arg(code, nest, a, i, j, m)
    if isinstance(am, str):
        return Refusal(WHAT, am)
    t = blas_elem_type(code, nest, [y.name, a.name, x.name], m)
    if isinstance(t, Refusal):
        return t
    rows, cols = (loops[j], loops[i]) if am.trans else (loops[i], loops[j])
    one, bt = (_scalar(code, t, v) for v in ab)
    if code.fortran:
        return [f"call {t}gemv('{'T' if am.trans else 'N'}', {_size(code, rows)}, "
                f"{_size(code, cols)}, {one}, &",
                f"  {am.arg}, {am.ld}, {x.name}, 1, {bt}, {y.name}, 1)"]
    return [f"cblas_{t}gemv(CblasRowMajor, {'CblasTrans' if am.trans else 'CblasNoTrans'}, "
            f"{_size(code, rows)}, {_size(code, cols)},",
            f"            {one}, {am.arg}, (int)({am.ld}), {x.name}, 1, {bt}, {y.name}, 1);"]
