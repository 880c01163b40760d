"""Row-wise triangular symmetric updates (``syrk``/``syr2k``) as one ``cblas_?syr?k`` call.

The shape a benchmark suite writes (row ``i`` of one triangle scaled, then ``k`` outside the
triangular ``j`` loop)::

    for (i = 0; i < n; i++) {
      for (j = 0; j <= i; j++) C[i][j] *= beta;          /* optional: beta 1 without it */
      for (k = 0; k < m; k++)
        for (j = 0; j <= i; j++)                           /* or j = i .. n: upper */
          C[i][j] += A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k];   /* syr2k */
          /* or C[i][j] += alpha * A[i][k] * A[j][k];                     syrk  */
    }

With ``A[k][i]``-style subscripts (``A`` is m x n) the call takes ``CblasTrans``. The nest
becomes one call over the triangle (each element gets ``beta`` once, then its terms: what the
BLAS computes, terms reassociated). Legal when the loops run from 0 by 1 (``j`` over the whole
triangle row), the scaling (``C[i][j] *= s``, ``C[i][j] = 0``) covers the same triangle with
``s`` a scalar of the nest, the factors are not written in the nest and differ from ``C``,
the two terms of a syr2k are the same product with the factors swapped and the same scalar,
``C`` is touched only at ``[i][j]``, and nothing in the nest is a call with side effects.
"""

from __future__ import annotations

from perfscout.transform.macros import Headers, Macros
from perfscout.transform.nest import (
    Nest,
    assignment,
    flat,
    loop_end_line,
    make_diff,
    replace_lines,
    zero_value,
)
from perfscout.transform.region import analyse
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.scaled import scalar_problem, scale_of
from perfscout.transform.source import C_LOOP, Code, Loop, Node
from perfscout.transform.syrk import bounds_problem, ref_at, triangle_of

WHAT = "use_blas"


def _terms(code: Code, e: Node) -> list[Node]:
    """The operands of a sum ``p + q`` (parentheses looked through)."""
    while e.type == "parenthesized_expression" and e.named_children:
        e = e.named_children[0]
    op = e.child_by_field_name("operator")
    if e.type == "binary_expression" and op is not None and code.text_of(op) == "+":
        a, b = e.child_by_field_name("left"), e.child_by_field_name("right")
        if a is not None and b is not None:
            return _terms(code, a) + _terms(code, b)
    return [e]


def _same_range(a: Loop, b: Loop) -> bool:
    return (flat(a.lower), flat(a.upper), a.step, a.inclusive) == \
        (flat(b.lower), flat(b.upper), b.step, b.inclusive)


def row_syrk(code: Code, line: int, rel: str, headers: Headers | None = None
             ) -> Generated | Refusal | None:
    """The ``cblas_?syrk``/``cblas_?syr2k`` call replacing the row-wise triangular nest
    around ``line``; None when the nest is not of that shape at all, a Refusal naming what
    forbids it when it is."""
    from perfscout.transform.blas import (
        blas_elem_type,
        blas_matrix_arg,
        product_factors,
        with_cblas_include,
    )

    if code.fortran:
        return None
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    il = None
    for n in nodes:  # the outermost loop whose body is [scaling loop,] k loop
        lp = code.loop(n)
        if lp.counted and 1 <= len(lp.body) <= 2 and lp.body[-1].type == C_LOOP:
            il = lp
    if il is None:
        return None
    kl = code.loop(il.body[-1])
    if not kl.counted or len(kl.body) != 1 or kl.body[0].type != C_LOOP:
        return None
    jl = code.loop(kl.body[0])
    if not jl.counted or len(jl.body) != 1:
        return None
    side = triangle_of(il, jl)
    if not side:
        return None
    i, j, k = il.var, jl.var, kl.var
    st = jl.body[0]
    got = assignment(code, st)
    if got is None or got[1] != "+=":
        return None
    reg = analyse(code, il)
    acc_line = st.start_point[0] + 1
    out = next((r for r in reg.refs if r.write and r.line == acc_line), None)
    if out is None or not ref_at(out, i, j):
        return None
    nest = Nest([il, kl, jl], [], reg, il.line, loop_end_line(il.node), code.indent_at(il.line))
    what = f"the triangular update {out.text} += ... at {rel}:{acc_line}"

    def no(why: str) -> Refusal:
        return Refusal(WHAT, f"{what}: {why}")

    terms = _terms(code, got[2])
    if len(terms) > 2:
        return None
    prods = []
    for term in terms:
        got_f = product_factors(code, nest, term)
        if isinstance(got_f, str):
            return no(got_f)
        prods.append(got_f)
    trans: bool | None = None
    pairs = []  # per term: (factor with the i index, factor with the j index)
    for (fa, fb), _alpha in prods:
        for x, y in ((fa, fb), (fb, fa)):
            if ref_at(x, i, k) and ref_at(y, j, k):
                trans = False if trans in (None, False) else None
                pairs.append((x, y))
                break
            if ref_at(x, k, i) and ref_at(y, k, j):
                trans = True if trans in (None, True) else None
                pairs.append((x, y))
                break
        else:
            return no(f"'{code.text_of(terms[len(pairs)])}' is not X[{i}][{k}] * Y[{j}][{k}] "
                      f"nor X[{k}][{i}] * Y[{k}][{j}]")
    if trans is None:
        return no("the terms mix transposed and plain factors")
    alphas = {flat(a) for _f, a in prods}
    if len(alphas) != 1:
        return no(f"the terms have different scalars ({', '.join(sorted(alphas))})")
    if len(pairs) == 1:
        if pairs[0][0].name != pairs[0][1].name:
            return no(f"{pairs[0][0].name} * {pairs[0][1].name} is not symmetric (two "
                      "different factors in one term)")
        kind, facs = "syrk", [pairs[0][0]]
    else:
        (a_i, b_j), (b_i, a_j) = pairs
        if a_i.name != a_j.name or b_i.name != b_j.name or a_i.name == b_i.name:
            return no("the two terms are not X*Y' and Y*X' with two different factors")
        kind, facs = "syr2k", [a_i, b_i]
    c = out.name
    if reg.blockers:
        return no(reg.blockers[0].reason)
    bounds = bounds_problem(il, kl, jl)
    if bounds:
        return no(bounds)
    beta = "1"
    scale_lines: set[int] = set()
    if len(il.body) == 2:
        sl = il.body[0]
        if sl.type != C_LOOP:
            return no(f"'{code.text_of(sl).strip()}' (line {sl.start_point[0] + 1}) is not a "
                      f"scaling loop of {out.text}")
        slp = code.loop(sl)
        sc = scale_of(code, slp.body[0]) if slp.counted and len(slp.body) == 1 else None
        if sc is None or flat(sc[0]) != flat(out.text) or slp.var != j or \
                not _same_range(slp, jl):
            return no(f"the loop at line {slp.line} does not scale {out.text} over the same "
                      "triangle")
        why = scalar_problem(code, sc[1], {i, j, k})
        if why:
            return no(f"the scaling factor {code.text_of(sc[1])}: {why}")
        beta = "0" if zero_value(code, sc[1]) else code.text_of(sc[1])
        scale_lines = set(range(slp.line, loop_end_line(slp.node) + 1))
    names = {fr.name for fr in facs}
    for r in reg.refs:
        if r.name in names and r.write:
            return no(f"{r.name} is written at line {r.line}; the factors must not change")
        if r.name == c and ((r.line not in scale_lines and r.line != acc_line) or
                            not ref_at(r, i, j)):
            return no(f"{r.text} (line {r.line}) is another access to {c}")
        if r.name not in names and r.name != c:
            return no(f"{r.text} (line {r.line}) is neither {c} nor a factor")
    if c in names:
        return no(f"{c} is both the result and a factor")
    m = Macros.of(code, headers)
    rows, cols = (k, i) if trans else (i, k)
    cm = blas_matrix_arg(code, nest, out, i, j, m)
    if isinstance(cm, str):
        return no(cm)
    mats = []
    for fref in facs:
        fm = blas_matrix_arg(code, nest, fref, rows, cols, m)
        if isinstance(fm, str):
            return no(fm)
        mats.append(fm)
    et = blas_elem_type(code, nest, [c, *names], m)
    if isinstance(et, Refusal):
        return no(et.reason)
    t = et
    one = "1.0" if t == "d" else "1.0f"
    zero = "0.0" if t == "d" else "0.0f"
    alpha = next((a for _f, a in prods), "") or one
    beta = {"0": zero, "1": one}.get(beta, beta)
    n_, k_ = f"(int)({il.upper})", f"(int)({kl.upper})"
    ind = nest.indent
    args = ", ".join(f"{fm.arg}, (int)({fm.ld})" for fm in mats)
    new = [f"{ind}cblas_{t}{kind}(CblasRowMajor, Cblas{side}, "
           f"{'CblasTrans' if trans else 'CblasNoTrans'}, {n_}, {k_},",
           f"{ind}            {alpha}, {args}, {beta}, {cm.arg}, (int)({cm.ld}));"]
    text = with_cblas_include(code, replace_lines(code, nest.first_line, nest.last_line, new))
    note = (f"the row-wise triangular update at {rel}:{il.line} replaced by one CBLAS "
            f"{t}{kind} call ({side.lower()} triangle, alpha {alpha}, beta {beta}); link "
            "with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


__all__ = ["row_syrk"]
