"""``hoist_allocation`` for a ``std::vector`` returned by value and consumed in a loop: the
callee fills a vector the caller keeps across the iterations (an output parameter).

``std::vector<T> f(P) { std::vector<T> r(n); ...; return r; }`` called in a loop of the same
file as ``std::vector<T> x = f(a);`` (or ``auto x = f(a);``) allocates ``r`` at every call.
The change adds ``void f_into(P, std::vector<T> &r)`` (the body of ``f`` with ``r`` reset in
place: ``clear()`` + ``resize(n)``, ``assign(n, v)`` or ``clear()``, keeping its capacity; the
final ``return r;`` gone), makes ``f`` a wrapper of it (its other callers unchanged), declares
``std::vector<T> x_buf;`` before the loop and turns the call into ``f_into(a, x_buf);`` with
``x`` a reference to the buffer.

Refused, naming it: ``f`` returns in another place or another value, is a template or a
member, calls itself, has an unnamed parameter, or lets ``r`` escape otherwise; the call is
not a declaration in a loop, comes before ``f``'s definition, or the loop is an OpenMP loop
(one buffer per thread would need the region split); ``x`` escapes the iteration (returned,
moved, its address kept).
"""

from __future__ import annotations

from perfscout.transform.cnames import call_name
from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import enclosing_loop, make_diff
from perfscout.transform.ompreduce import pragma_text
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.scratch import (
    C_LOOPS,
    WorkBuffer,
    buffer_candidate,
    buffer_escape,
    split_args,
)
from perfscout.transform.source import Code, Node, walk

WHAT = "hoist_allocation"


def _fn_parts(code: Code, fn: Node) -> tuple[Node, Node, Node] | str:
    """(return type, name, parameter list) of a free function definition, or why not."""
    if fn.parent is None or fn.parent.type not in ("translation_unit", "declaration_list"):
        return "it is a member or a template"
    t = fn.child_by_field_name("type")
    d = fn.child_by_field_name("declarator")
    if t is None or d is None or d.type != "function_declarator":
        return "its declarator is not a plain function's"
    name, params = d.child_by_field_name("declarator"), d.child_by_field_name("parameters")
    if name is None or name.type != "identifier" or params is None:
        return "its name is qualified"
    return t, name, params


def _param_names(code: Code, params: Node) -> list[str] | None:
    out = []
    for p in params.named_children:
        if p.type != "parameter_declaration":
            return None
        d = p.child_by_field_name("declarator")
        while d is not None and d.type not in ("identifier",):
            d = d.child_by_field_name("declarator") if d.type != "reference_declarator" else (
                d.named_children[-1] if d.named_children else None)
        if d is None:
            if code.text_of(p).strip() == "void":
                continue
            return None
        out.append(code.text_of(d))
    return out


def out_param(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The vector returned by the function at (or called at) ``rel:line`` filled in place
    through an output parameter at its calls in loops of the file (see the module)."""
    if code.lang != "cpp":
        return Refusal(WHAT, f"{rel} is not C++: no vector returned by value")
    at = code.node_at_line(line)
    here = code.function_of(at) if at is not None else None
    defs = {code.function_name(d): d for d in walk(code.tree.root_node)
            if d.type == "function_definition"}
    fns = [here] if here is not None else []
    fns += [defs[call_name(code, c)] for c in walk(code.tree.root_node)
            if c.type == "call_expression" and c.start_point[0] + 1 == line and
            call_name(code, c) in defs]
    why = ""
    for fn in fns:
        got = _one(code, fn, rel)
        if isinstance(got, Generated):
            return got
        why = why or got.reason
    return Refusal(WHAT, why or f"line {line} of {rel} is in no function")


def _one(code: Code, fn: Node, rel: str) -> Generated | Refusal:
    """The change for the vector ``fn`` returns, or why there is none."""
    name = code.function_name(fn)
    parts = _fn_parts(code, fn)
    if isinstance(parts, str):
        return Refusal(WHAT, f"{name} ({rel}): {parts}")
    rtype, fname, params = parts
    body = fn.child_by_field_name("body")
    stmts = [s for s in body.named_children if s.type != "comment"] if body is not None else []
    rets = [s for s in walk(fn) if s.type == "return_statement"]
    if not stmts or len(rets) != 1 or rets[0] != stmts[-1]:
        return Refusal(WHAT, f"{name} ({rel}) does not end in its only return")
    ret = code.text_of(rets[0]).replace(" ", "").removeprefix("return").rstrip(";")
    buf = next((b for n in walk(fn) for b in [buffer_candidate(code, n)]
                if isinstance(b, WorkBuffer) and b.kind == "vector" and b.name == ret), None)
    if buf is None:
        return Refusal(WHAT, f"{name} ({rel}) does not return a local vector it makes")
    if code.text_of(rtype).replace(" ", "") != f"std::vector<{buf.elem}>".replace(" ", "") and \
            code.text_of(rtype).replace(" ", "") != f"vector<{buf.elem}>".replace(" ", ""):
        return Refusal(WHAT, f"{name} ({rel}) returns {code.text_of(rtype)}, not the vector "
                             f"{buf.name} as it is")
    esc = buffer_escape(code, buf, fn)
    if esc and not esc.startswith(f"{buf.name} is returned at line {rets[0].start_point[0] + 1}"):
        return Refusal(WHAT, f"{name} ({rel}): {esc}")
    if any(_callee_name(code, c) == name for c in walk(fn) if c.type == "call_expression"):
        return Refusal(WHAT, f"{name} ({rel}) calls itself")
    names = _param_names(code, params)
    if names is None:
        return Refusal(WHAT, f"{name} ({rel}) has an unnamed or unusual parameter")
    sites, why = _sites(code, fn, name)
    if not sites:
        return Refusal(WHAT, f"{name} ({rel}): " + (why or "called in no loop of the file as "
                                                    "'std::vector<T> x = f(..)'"))
    into = fresh_name(code, f"{name}_into")
    vtype = code.text_of(rtype)
    edits: list[tuple[int, int, str]] = []
    # the new function, before f
    base = fn.start_byte
    local: list[tuple[int, int, str]] = [
        (rtype.start_byte - base, rtype.end_byte - base, "void"),
        (fname.start_byte - base, fname.end_byte - base, into),
    ]
    ptxt = code.text_of(params)
    extra = f"{vtype} &{buf.name}"
    newp = f"({extra})" if not names else ptxt[:-1].rstrip() + f", {extra})"
    local.append((params.start_byte - base, params.end_byte - base, newp))
    row = buf.decl.start_point[0]
    indent = code.indent_at(row + 1)
    reset = (f"{buf.name}.clear();" if not buf.size else
             f"{buf.name}.clear(); {buf.name}.resize({buf.size});"
             if len(split_args(buf.size)) == 1 else f"{buf.name}.assign({buf.size});")
    lb = buf.decl.start_byte - buf.decl.start_point[1] - base
    local.append((lb, lb + len(code.lines[row].encode()), f"{indent}{reset}  /* the caller's "
                                                          "buffer, reused (hoist_allocation) */\n"))
    rrow = rets[0].start_point[0]
    rb = rets[0].start_byte - rets[0].start_point[1] - base
    if code.lines[rrow].strip() != code.text_of(rets[0]).strip():
        return Refusal(WHAT, f"{name} ({rel}): its return shares line {rrow + 1}")
    local.append((rb, rb + len(code.lines[rrow].encode()), ""))
    data = code.text_of(fn).encode()
    for b, e, new in sorted(local, key=lambda x: x[0], reverse=True):
        data = data[:b] + new.encode() + data[e:]
    fn_line = fn.start_byte - fn.start_point[1]
    edits.append((fn_line, fn_line, " " * fn.start_point[1] + data.decode() + "\n\n"))
    # f becomes its wrapper
    if body is None:
        return Refusal(WHAT, f"{name} ({rel}) has no body")
    bi = code.indent_at(body.start_point[0] + 2) or "    "
    args = ", ".join([*names, buf.name])
    edits.append((body.start_byte, body.end_byte,
                  f"{{\n{bi}{vtype} {buf.name};\n{bi}{into}({args});\n{bi}return {buf.name};\n}}"))
    done = []
    for decl, lp, x, call, dtype in sites:
        bufname = fresh_name(code, f"{x}_buf")
        lrow = lp.start_point[0]
        prev = lp.prev_named_sibling
        if prev is not None and prev.type == "preproc_call" and prev.end_point[0] + 1 >= lrow:
            lrow = prev.start_point[0]
        lb0 = sum(len(t.encode()) for t in code.lines[:lrow])
        edits.append((lb0, lb0, f"{code.indent_at(lrow + 1)}{vtype} {bufname};  /* filled by "
                                f"{into} at every iteration (hoist_allocation) */\n"))
        al = call.child_by_field_name("arguments")
        cargs = [code.text_of(a) for a in al.named_children] if al is not None else []
        drow = decl.start_point[0]
        if code.lines[drow].strip() != code.text_of(decl).strip():
            return Refusal(WHAT, f"the call at line {drow + 1} shares its line")
        db = decl.start_byte - decl.start_point[1]
        di = code.indent_at(drow + 1)
        edits.append((db, db + len(code.lines[drow].encode()),
                      f"{di}{into}({', '.join([*cargs, bufname])});\n"
                      f"{di}{dtype} &{x} = {bufname};\n"))
        done.append(f"{rel}:{drow + 1}")
    out = code.data
    for b, e, new in sorted(edits, key=lambda x: x[0], reverse=True):
        out = out[:b] + new.encode() + out[e:]
    text = out.decode()
    note = (f"{name} ({rel}) returned a new vector at every call: {into} fills the caller's "
            f"vector in place (capacity kept), {name} wraps it for its other callers, and the "
            f"call(s) at {', '.join(done)} reuse one vector declared before their loop")
    if why:
        note += f"; left as they were: {why}"
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _callee_name(code: Code, call: Node) -> str:
    f = call.child_by_field_name("function")
    return code.text_of(f).rpartition("::")[2] if f is not None else ""


def _sites(code: Code, fn: Node, name: str) -> tuple[list[tuple[Node, Node, str, Node, str]],
                                                      str]:
    """The declarations ``T x = f(..);`` in loops after ``fn`` (decl, loop, x, call, the
    declared type), and the first reason a call was left."""
    out: list[tuple[Node, Node, str, Node, str]] = []
    why = ""
    for c in walk(code.tree.root_node):
        if c.type != "call_expression" or _callee_name(code, c) != name:
            continue
        ln = c.start_point[0] + 1
        caller = code.function_of(c)
        if caller is None or caller == fn:
            continue
        d = c.parent
        decl = d.parent if d is not None and d.type == "init_declarator" else None
        lp = enclosing_loop(c, caller, C_LOOPS)
        if decl is None or decl.type != "declaration" or lp is None or \
                len(decl.children_by_field_name("declarator")) != 1:
            why = why or f"the call at line {ln} is not 'T x = {name}(..);' in a loop"
            continue
        if c.start_byte < fn.end_byte:
            why = why or f"the call at line {ln} comes before {name}'s definition"
            continue
        prev = lp.prev_named_sibling
        if prev is not None and pragma_text(code, prev).startswith("omp"):
            why = why or (f"the loop at line {lp.start_point[0] + 1} is an OpenMP loop: one "
                          "buffer per thread would need the region split")
            continue
        xid = d.child_by_field_name("declarator") if d is not None else None
        if xid is None or xid.type != "identifier":
            why = why or f"the call at line {ln} initialises a reference or a pointer"
            continue
        x = code.text_of(xid)
        t = decl.child_by_field_name("type")
        dtype = " ".join(code.text_of(q) for q in decl.children
                         if q.type in ("type_qualifier",)) + " " + (code.text_of(t) if t else "")
        esc = buffer_escape(code, WorkBuffer(x, decl, "vector", "", "", []), caller)
        if esc:
            why = why or f"at line {ln}: {esc}"
            continue
        out.append((decl, lp, x, c, dtype.strip()))
    return out, why


__all__ = ["out_param"]
