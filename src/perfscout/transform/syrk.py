"""A triangular symmetric product (``C = A^T A`` on one triangle) as one ``cblas_?syrk`` call.

Recognised in C/C++ (the covariance/correlation shape)::

    for (i = 0; i < n; i++)
      for (j = i; j < n; j++) {          /* or j = 0 .. i: the lower triangle */
        C[i][j] = 0;                      /* optional: beta 0 (none: beta 1, C[i][j] *= s: s) */
        for (k = 0; k < m; k++)
          C[i][j] += [alpha *] A[k][i] * A[k][j];   /* A[i][k] * A[j][k]: C = A A^T */
        C[i][j] /= s;                     /* optional epilogue on the element ... */
        C[j][i] = C[i][j];                /* ... and its mirror */
      }

The sums become one ``cblas_dsyrk`` (``sgemm`` for float) over the triangle the ``j`` loop walks;
the statements after the ``k`` loop stay, in their own loop over the same triangle, run after
the call. That is exact (each element's terms are only reassociated by BLAS) when the factor
``A`` is not written in the nest, the accumulation is the only access to ``C`` inside the ``k``
loop, and the statements after it touch ``C`` only at ``[i][j]`` or its mirror ``[j][i]``
(the mirror lies in the other triangle, which the call does not touch), define no scalar and
read no array the nest writes; a call that may have side effects anywhere refuses it.
"""

from __future__ import annotations

from perfscout.transform.macros import Headers, Macros
from perfscout.transform.nest import (
    Nest,
    assignment,
    emit_loops,
    flat,
    loop_end_line,
    make_diff,
    replace_lines,
    stmt_lines,
    triangle,
    zero_value,
)
from perfscout.transform.region import Ref, analyse
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.scaled import scale_of
from perfscout.transform.source import Code, Loop

WHAT = "use_blas"


def ref_at(r: Ref, *order: str) -> bool:
    """Whether ``r`` is exactly ``name[order[0]][order[1]]`` (unit coefficients, no offset)."""
    return r.dims is not None and len(r.dims) == len(order) and all(
        d.vars == {v: 1} and not d.const for d, v in zip(r.dims, order, strict=True))


def triangle_of(outer: Loop, mid: Loop) -> str:
    """The triangle ``mid`` walks when it covers it whole (``j = i .. n`` with ``outer``'s
    end, or ``j = start .. i``), for the call's Uplo; "" otherwise."""
    side = triangle(outer, mid)
    if side == "Upper" and flat(mid.upper) == flat(outer.upper) and \
            mid.inclusive == outer.inclusive:
        return side
    if side == "Lower" and flat(mid.lower) == flat(outer.lower):
        return side
    return ""


def syrk(code: Code, line: int, rel: str, headers: Headers | None = None
         ) -> Generated | Refusal | None:
    """The ``cblas_?syrk`` replacing the triangular product around ``line``; None when the
    nest does not have the triangular shape at all (the caller's reason stands), a Refusal
    naming what forbids it when it has."""
    from perfscout.transform.blas import (
        blas_elem_type,
        blas_matrix_arg,
        product_factors,
        with_cblas_include,
    )

    if code.fortran:
        return None
    nodes = code.loops_at(line)
    if len(nodes) < 3:
        return None
    kl, jl, il = (code.loop(n) for n in nodes[:3])
    if not all(lp.counted for lp in (kl, jl, il)) or len(kl.body) != 1 or \
            len(il.body) != 1 or il.body[0] != jl.node or kl.node not in jl.body:
        return None
    side = triangle_of(il, jl)
    if not side:
        return None
    i, j, k = il.var, jl.var, kl.var
    reg = analyse(code, il)
    st = kl.body[0]
    got = assignment(code, st)
    acc_line = st.start_point[0] + 1
    if got is None or got[1] != "+=":
        return None
    out = next((r for r in reg.refs if r.write and r.line == acc_line), None)
    if out is None or not ref_at(out, i, j):
        return None
    nest = Nest([il, jl, kl], [], reg, il.line, loop_end_line(il.node), code.indent_at(il.line))
    facs = product_factors(code, nest, got[2])
    if isinstance(facs, str):
        return None
    (fa, fb), alpha = facs
    if fa.name != fb.name:
        return None
    if (ref_at(fa, k, i) and ref_at(fb, k, j)) or (ref_at(fa, k, j) and ref_at(fb, k, i)):
        trans, rows, cols = True, k, i
    elif (ref_at(fa, i, k) and ref_at(fb, j, k)) or (ref_at(fa, j, k) and ref_at(fb, i, k)):
        trans, rows, cols = False, i, k
    else:
        return None
    a, c = fa.name, out.name
    what = f"the triangular product {c} += {a}*{a} at {rel}:{acc_line}"

    def no(why: str) -> Refusal:
        return Refusal(WHAT, f"{what}: {why}")

    if a == c:
        return no(f"{c} is both the result and the factor")
    if reg.blockers:
        return no(reg.blockers[0].reason)
    bounds = bounds_problem(il, kl, jl)
    if bounds:
        return no(bounds)
    pos = jl.body.index(kl.node)
    before, after = jl.body[:pos], jl.body[pos + 1:]
    beta = "1"
    if len(before) > 1:
        return no(f"{len(before)} statements ahead of the loop over {k}")
    if before:
        fac = scale_of(code, before[0])
        w = assignment(code, before[0])
        if fac is None or w is None or flat(code.text_of(w[0])) != flat(out.text):
            return no(f"'{code.text_of(before[0]).strip()}' (line "
                      f"{before[0].start_point[0] + 1}) neither starts {out.text} at 0 nor "
                      "scales it")
        beta = "0" if zero_value(code, fac[1]) else code.text_of(fac[1])
        if any(r.line == before[0].start_point[0] + 1 and r.name != c for r in reg.refs):
            return no(f"the scaling of {out.text} reads an array")
    k_lines = set(range(kl.line, loop_end_line(kl.node) + 1))
    b_lines = {n.start_point[0] + 1 for n in before}
    for r in reg.refs:
        if r.name == a and r.write:
            return no(f"{a} is written at line {r.line}; the factor must not change")
        if r.name == c and r.line in k_lines and r.line != acc_line:
            return no(f"{c} is also accessed at line {r.line} inside the loop over {k}")
        if r.line in k_lines or r.line in b_lines:
            continue
        if r.name == c and not (ref_at(r, i, j) or ref_at(r, j, i)):
            return no(f"{r.text} (line {r.line}) is neither {c}[{i}][{j}] nor its mirror "
                      f"{c}[{j}][{i}]")
        if r.name != c and (r.write or any(x.write for x in reg.refs if x.name == r.name)):
            return no(f"{r.text} (line {r.line}) is an array the nest writes besides {c}")
    a_lines = {ln for n in after for ln in range(n.start_point[0] + 1, n.end_point[0] + 2)}
    for ev in reg.events:
        if ev.line in a_lines and ev.kind in ("def", "red") and ev.name not in (i, j):
            return no(f"scalar {ev.name} is set at line {ev.line} after the loop over {k}")
    m = Macros.of(code, headers)
    cm = blas_matrix_arg(code, nest, out, i, j, m)
    am = blas_matrix_arg(code, nest, fa if ref_at(fa, rows, cols) else fb, rows, cols, m)
    if isinstance(cm, str):
        return no(cm)
    if isinstance(am, str):
        return no(am)
    t = blas_elem_type(code, nest, [c, a], m)
    if isinstance(t, Refusal):
        return no(t.reason)
    one = "1.0" if t == "d" else "1.0f"
    zero = "0.0" if t == "d" else "0.0f"
    alpha = alpha or one
    beta = {"0": zero, "1": one}.get(beta, beta)
    n_, k_ = f"(int)({il.upper})", f"(int)({kl.upper})"
    ind = nest.indent
    new = [f"{ind}cblas_{t}syrk(CblasRowMajor, Cblas{side}, "
           f"{'CblasTrans' if trans else 'CblasNoTrans'}, {n_}, {k_},",
           f"{ind}            {alpha}, {am.arg}, (int)({am.ld}), {beta}, {cm.arg}, "
           f"(int)({cm.ld}));"]
    if after:
        body = [ln for s in after for ln in stmt_lines(code, s)]
        new += emit_loops(code, [il.header, jl.header], body, ind)
    text = with_cblas_include(code, replace_lines(code, nest.first_line, nest.last_line, new))
    note = (f"the triangular product at {rel}:{il.line} replaced by one CBLAS {t}syrk call "
            f"({side.lower()} triangle, alpha {alpha}, beta {beta})"
            + (f"; the {len(after)} statement(s) after the loop over {k} kept in their own "
               "loop over the triangle" if after else "") + "; link with -lopenblas")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


__all__ = ["syrk"]


def bounds_problem(il: Loop, kl: Loop, jl: Loop) -> str:
    """Why a triangular nest's loops do not fit a BLAS call's extents ("" when they do): the
    row loop ``il`` and the sum loop ``kl`` run from 0 by 1 over the whole extent, the
    triangular loop ``jl`` steps by 1."""
    for lp in (il, kl):
        if flat(lp.lower) != "0" or lp.step != 1 or lp.inclusive:
            return (f"loop {lp.var} (line {lp.line}) does not run from 0 by 1 over the "
                    "whole extent")
    if jl.step != 1:
        return f"loop {jl.var} (line {jl.line}) does not step by 1"
    return ""
