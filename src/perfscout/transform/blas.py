"""Replace a recognised matrix-matrix or matrix-vector nest by one CBLAS call.

Recognised (C/C++, row-major, each matrix one contiguous block addressed ``M[r * ld + c]``, loops
from 0 with ``<`` and unit step), after the exact normalisation of :mod:`nest`:

* GEMM ``C[i*ldc+j] += A[i*lda+k] * B[k*ldb+j]`` over (i, j, k) in any order, with ``A``/``B``
  possibly transposed (``A[k*lda+i]``); beta is 0 when the nest started each element at zero,
  1 when it accumulated into ``C``;
* GEMV ``y[i] += A[i*lda+j] * x[j]`` (or ``A[j*lda+i]``, the transposed product).

The element type (double or float) comes from the declarations; the call needs ``<cblas.h>``
and ``-lopenblas``, both part of the result. Anything else is refused with what did not match.
"""

from __future__ import annotations

from perfscout.transform.depend import dependences
from perfscout.transform.nest import Nest, make_diff, perfect_nest, replace_lines
from perfscout.transform.region import Ref
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop, walk

WHAT = "use_blas"


def _factors(code: Code, nest: Nest) -> list[Ref] | str:
    """The two array references multiplied in the accumulated expression."""
    e = nest.product
    if e is None:
        return "the nest does not accumulate a product into an array element"
    if e.type == "parenthesized_expression" and e.named_children:
        e = e.named_children[0]
    op = e.child_by_field_name("operator")
    if e.type not in ("binary_expression", "math_expression") or op is None or \
            code.text_of(op) != "*":
        return f"'{code.text_of(e)}' is not a product of two array elements"
    parts = [e.child_by_field_name("left"), e.child_by_field_name("right")]
    lines = {e.start_point[0] + 1}
    refs = []
    for p in parts:
        r = next((x for x in nest.region.refs if x.line in lines and not x.write and p is not
                  None and x.text == code.text_of(p)), None)
        if r is None:
            return f"'{code.text_of(p) if p is not None else '?'}' is not an array element"
        refs.append(r)
    return refs


def _target(nest: Nest) -> Ref | None:
    if nest.store is not None:
        return next((r for r in nest.region.refs if r.write), None)
    writes = [r for r in nest.region.refs if r.write]
    return writes[0] if len(writes) == 1 else None


def _matrix(r: Ref, rows: str, cols: str) -> tuple[bool, str] | str:
    """(transposed, leading dimension) of ``r`` indexed by loop vars rows/cols."""
    if r.dims is None or len(r.dims) != 2 or not r.split:
        return (f"{r.text} is not a contiguous row-major matrix addressed as "
                "M[row * ld + col]")
    d0, d1 = r.dims
    if d0.const or d1.const or len(d0.vars) != 1 or len(d1.vars) != 1 or \
            set(d0.vars.values()) != {1} or set(d1.vars.values()) != {1}:
        return f"{r.text} has offsets or scaled indices"
    v0, v1 = next(iter(d0.vars)), next(iter(d1.vars))
    ld = "*".join(d0.stride)
    if (v0, v1) == (rows, cols):
        return False, ld
    if (v0, v1) == (cols, rows):
        return True, ld
    return f"{r.text} is not indexed by ({rows}, {cols})"


def _vector(r: Ref, var: str) -> str:
    if r.dims is None or len(r.dims) != 1 or r.dims[0].vars != {var: 1} or r.dims[0].const:
        return f"{r.text} is not the vector element [{var}]"
    return ""


def _elem(code: Code, nest: Nest, names: list[str]) -> str | Refusal:
    fn = code.function_of(nest.loops[0].node)
    kinds = set()
    for n in names:
        t = code.declared_type(fn, n)
        if "*" not in t:
            return Refusal(WHAT, f"{n} is not declared as a pointer in this function "
                                 f"({t or 'no declaration found'})")
        base = t.replace("const", "").replace("*", "").strip()
        kinds.add(base)
    if kinds == {"double"}:
        return "d"
    if kinds == {"float"}:
        return "s"
    return Refusal(WHAT, f"element types {sorted(kinds)}: CBLAS needs all double or all float")


def _include(code: Code, text: str) -> str:
    if "cblas.h" in {code.text_of(n).split("<")[-1].split(">")[0].strip('"')
                     for n in walk(code.tree.root_node) if n.type == "preproc_include"}:
        return text
    incs = [n for n in code.tree.root_node.children if n.type == "preproc_include"]
    at = (incs[-1].end_point[0] if incs[-1].end_point[1] == 0 else
          incs[-1].end_point[0] + 1) if incs else 0
    lines = text.splitlines(keepends=True)
    lines.insert(at, "#include <cblas.h>\n")
    return "".join(lines)


def _bounds(nest: Nest) -> Refusal | None:
    for lp in nest.loops:
        if lp.lower.strip() != "0" or lp.inclusive or lp.step != 1:
            return Refusal(WHAT, f"loop {lp.var} (line {lp.line}) does not run 0 <= {lp.var} < "
                                 "bound by 1")
    return None


def blas(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The CBLAS call replacing the GEMM/GEMV nest at ``line``."""
    if code.fortran:
        return Refusal(WHAT, "BLAS calls are generated for C and C++ only (a Fortran nest "
                             "would call dgemm with column-major arguments: not implemented)")
    nest = perfect_nest(code, line, WHAT)
    if isinstance(nest, Refusal):
        return nest
    if nest.region.blockers:
        return Refusal(WHAT, nest.region.blockers[0].reason)
    bad = _bounds(nest)
    if bad is not None:
        return bad
    if nest.store is not None and nest.red_op != "+":
        return Refusal(WHAT, f"the nest accumulates with {nest.red_op}, not a sum")
    if nest.init and nest.init_value.strip() not in ("0", "0.0", "0.", "0.0f", "0.f"):
        return Refusal(WHAT, f"each element starts at {nest.init_value}, not 0")
    if nest.store is None and (len(nest.body) != 1 or "+=" not in nest.body[0]):
        return Refusal(WHAT, "the innermost statement is not 'X[...] += A[...] * B[...]'")
    out = _target(nest)
    facs = _factors(code, nest)
    if isinstance(facs, str):
        return Refusal(WHAT, facs)
    if out is None or out.dims is None:
        return Refusal(WHAT, "no single array element is accumulated")
    same = [r for r in facs if r.name == out.name]
    if same:
        dep = next((d for d in dependences(nest.region) if d.array == out.name), None)
        return Refusal(WHAT, f"{out.name} is both the result and a factor ({same[0].text}): "
                             + (dep.describe() if dep is not None else "an in-place product")
                             + "; BLAS needs distinct arrays")
    beta = "0.0" if nest.init else "1.0"
    loops = {lp.var: lp for lp in nest.loops}
    ind = nest.indent
    if len(nest.loops) == 3:
        call = _gemm(code, nest, out, facs, loops, beta)
    elif len(nest.loops) == 2:
        call = _gemv(code, nest, out, facs, loops, beta)
    else:
        return Refusal(WHAT, f"a nest of {len(nest.loops)} loops is neither GEMM (3) nor GEMV (2)")
    if isinstance(call, Refusal):
        return call
    text = replace_lines(code, nest.first_line, nest.last_line, [ind + ln for ln in call])
    text = _include(code, text)
    note = (f"the {'GEMM' if len(nest.loops) == 3 else 'GEMV'} nest at {rel}:{nest.first_line} "
            f"replaced by one CBLAS call (row-major, beta {beta}); link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


def _gemm(code: Code, nest: Nest, c: Ref, facs: list[Ref], loops: dict[str, Loop],
          beta: str) -> list[str] | Refusal:
    if len(c.dims or ()) != 2 or not c.split:
        return Refusal(WHAT, f"{c.text} is not a row-major matrix M[row * ld + col]")
    i, j = (next(iter(d.vars)) if len(d.vars) == 1 else "" for d in c.dims or ())
    rest = [v for v in loops if v not in (i, j)]
    if not i or not j or len(rest) != 1:
        return Refusal(WHAT, f"{c.text} is not indexed by two of the nest's loops")
    k = rest[0]
    cm = _matrix(c, i, j)
    if isinstance(cm, str) or cm[0]:
        return Refusal(WHAT, cm if isinstance(cm, str) else f"{c.text} is stored transposed")
    a = next((r for r in facs if r.dims and {v for d in r.dims for v in d.vars} == {i, k}),
             None)
    b = next((r for r in facs if r is not a and r.dims and
              {v for d in r.dims for v in d.vars} == {k, j}), None)
    if a is None or b is None:
        return Refusal(WHAT, f"the factors {' and '.join(r.text for r in facs)} are not "
                             f"A[{i}][{k}] and B[{k}][{j}]")
    am, bm = _matrix(a, i, k), _matrix(b, k, j)
    for m in (am, bm):
        if isinstance(m, str):
            return Refusal(WHAT, m)
    assert not isinstance(am, str) and not isinstance(bm, str)
    t = _elem(code, nest, [c.name, a.name, b.name])
    if isinstance(t, Refusal):
        return t
    m_, n_, k_ = (f"(int)({loops[v].upper})" for v in (i, j, k))

    def trans(x: bool) -> str:
        return "CblasTrans" if x else "CblasNoTrans"
    one = "1.0" if t == "d" else "1.0f"
    beta = beta if t == "d" else beta + "f"
    return [f"cblas_{t}gemm(CblasRowMajor, {trans(am[0])}, {trans(bm[0])}, {m_}, {n_}, {k_},",
            f"            {one}, {a.name}, (int)({am[1]}), {b.name}, (int)({bm[1]}), {beta}, "
            f"{c.name}, (int)({cm[1]}));"]


def _gemv(code: Code, nest: Nest, y: Ref, facs: list[Ref], loops: dict[str, Loop],
          beta: str) -> list[str] | Refusal:
    if y.dims is None or len(y.dims) != 1 or len(y.dims[0].vars) != 1:
        return Refusal(WHAT, f"{y.text} is not a vector element")
    i = next(iter(y.dims[0].vars))
    j = next(v for v in loops if v != i)
    if _vector(y, i):
        return Refusal(WHAT, _vector(y, i))
    a = next((r for r in facs if r.dims is not None and len(r.dims) == 2), None)
    x = next((r for r in facs if r is not a), None)
    if a is None or x is None or _vector(x, j):
        return Refusal(WHAT, f"the factors {' and '.join(r.text for r in facs)} are not "
                             f"A[{i}][{j}] and x[{j}]")
    am = _matrix(a, i, j)
    if isinstance(am, str):
        return Refusal(WHAT, am)
    t = _elem(code, nest, [y.name, a.name, x.name])
    if isinstance(t, Refusal):
        return t
    rows, cols = (loops[j].upper, loops[i].upper) if am[0] else (loops[i].upper, loops[j].upper)
    one = "1.0" if t == "d" else "1.0f"
    beta = beta if t == "d" else beta + "f"
    return [f"cblas_{t}gemv(CblasRowMajor, {'CblasTrans' if am[0] else 'CblasNoTrans'}, "
            f"(int)({rows}), (int)({cols}),",
            f"            {one}, {a.name}, (int)({am[1]}), {x.name}, 1, {beta}, {y.name}, 1);"]
