"""Per-thread tallies when the critical section is in a function the parallel loop calls
(``private_tallies`` through a call).

``void score(Tally *t, int iz, double w) { #pragma omp critical { t->absorbed += w;
t->prof[iz] += w; } }``, called as ``score(&tally, iz, w)`` from a ``#pragma omp parallel for``
loop in another file: every call waits for the lock. The generated change gives each thread
its own zeroed copy of the tally object in the caller (the ``parallel for`` becomes a
``parallel`` region holding ``Tally ps_tally = {0};``, the ``omp for`` passing
``&ps_tally``, and one ``critical`` adding the copy's updated fields into the shared object
after the loop, arrays element by element over ``sizeof field / sizeof field[0]``), and the
critical lines in the callee go.

Legal only when (else refused, naming it): every statement of every critical/atomic section
of the callee is a commutative update (``+=``, ``-=``, ``++``, ``--``) of ``p->f``,
``p->a[k]`` or ``p[k]`` for the one pointer parameter ``p``; the callee uses ``p`` nowhere
else (it reads no field of the tally, passes it nowhere); every call of the callee in the
project is in one ``parallel for`` loop and passes ``&T`` (a struct) or ``T`` (a declared
array) there, ``T`` declared outside the loop and used in the loop only in those calls; the
updated fields are scalars or one-dimensional arrays.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.transform.cnames import call_name, fn_name, fn_params
from perfscout.transform.monotone import strip
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.ompreduce import guarded, parallel_loop_at, pragma_text
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk
from perfscout.transform.tallies import split_clauses

WHAT = "private_tallies"


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _sections(code: Code, fn: Node) -> list[tuple[Node, list[Node]]] | str:
    """(each critical/atomic pragma of ``fn``, the statements it protects)."""
    out: list[tuple[Node, list[Node]]] = []
    found = guarded(code, fn)
    if isinstance(found, str):
        return found
    for d, _word, stmt in found:
        stmts = [k for k in stmt.named_children if k.type != "comment"] \
            if stmt.type == "compound_statement" else [stmt]
        out.append((d, stmts))
    return out


def _field_of(code: Code, t: Node, p: str) -> tuple[str, bool] | str:
    """(field name or "" for ``p[k]``, an element?) of an update's target through ``p``."""
    t = strip(code, t)
    element = False
    if t.type == "subscript_expression":
        element = True
        t = strip(code, t.child_by_field_name("argument") or t)
        if t.type == "subscript_expression":
            return f"{code.text_of(t)}[...] is an element of a rank-2 array"
    if t.type == "identifier" and code.text_of(t) == p and element:
        return "", True
    if t.type == "field_expression" and "->" in code.text_of(t):
        obj = t.child_by_field_name("argument")
        field = t.child_by_field_name("field")
        if obj is not None and field is not None and code.text_of(obj) == p:
            return code.text_of(field), element
    return f"{code.text_of(t)} is not a field or element of the tally {p}"


def through_call(code: Code, line: int, rel: str, root: Path | None) -> Generated | Refusal:
    """The critical tally updates of the function holding ``rel:line`` made per thread in
    the parallel loop that calls it (module docstring), or why not."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None or fn.type != "function_definition":
        return _no(f"line {line} of {rel} is in no function")
    fname = fn_name(code, fn)
    secs = _sections(code, fn)
    if isinstance(secs, str):
        return _no(f"{rel}: {secs}")
    if not secs:
        return _no(f"line {line} of {rel} is in no loop under '#pragma omp parallel for', and "
                   f"{fname}() has no critical/atomic section")
    params = {p.name: p for p in fn_params(code, fn)}
    targets: set[int] = set()
    fields: dict[str, bool] = {}
    tally = ""
    for _pr, stmts in secs:
        for s in stmts:
            e = s.named_children[0] if s.type == "expression_statement" and \
                s.named_children else None
            t = None
            if e is not None and e.type == "update_expression":
                t = e.child_by_field_name("argument")
            elif e is not None and e.type == "assignment_expression":
                op = e.child_by_field_name("operator")
                if op is not None and code.text_of(op) in ("+=", "-="):
                    t = e.child_by_field_name("left")
            if t is None:
                return _no(f"{rel}:{s.start_point[0] + 1}: '{code.text_of(s).splitlines()[0]}'"
                           " in the critical section is not a commutative += / -= / ++ / -- "
                           "update")
            base = t
            while base.type in ("subscript_expression", "field_expression",
                                "parenthesized_expression") and base.named_children:
                base = base.child_by_field_name("argument") or base.named_children[0]
            name = code.text_of(base)
            if name not in params or ("*" not in params[name].marks and \
                    "[]" not in params[name].marks):
                return _no(f"{rel}:{s.start_point[0] + 1}: {code.text_of(t)} is not reached "
                           f"through a pointer parameter of {fname}()")
            if tally and name != tally:
                return _no(f"{rel}: {fname}() updates two tally objects, {tally} and {name}")
            tally = name
            got = _field_of(code, t, name)
            if isinstance(got, str):
                return _no(f"{rel}:{s.start_point[0] + 1}: {got}")
            fields[got[0]] = got[1]
            targets.add(base.id)
    body = fn.child_by_field_name("body")
    for x in walk(body) if body is not None else []:
        if x.type == "identifier" and code.text_of(x) == tally and x.id not in targets:
            return _no(f"{rel}:{x.start_point[0] + 1}: {fname}() uses {tally} outside its "
                       f"critical updates ('{code.lines[x.start_point[0]].strip()}'): a "
                       "private copy would not hold what it reads")
    pos = params[tally].index
    return _callers(code, rel, root, fn, fname, secs, tally, pos, fields)


def _callers(code: Code, rel: str, root: Path | None, fn: Node, fname: str,
             secs: list[tuple[Node, list[Node]]], tally: str, pos: int,
             fields: dict[str, bool]) -> Generated | Refusal:
    short = fname.rpartition("::")[2]
    sites: list[tuple[Code, Node]] = []
    for c in project_codes(code, root, lambda lang: lang in ("c", "cpp"), max_files=400,
                           max_bytes=2_000_000):
        for d in walk(c.tree.root_node):
            if d.type == "call_expression" and call_name(c, d) == short:
                sites.append((c, d))
    if not sites:
        return _no(f"{fname}() is called nowhere in the project's sources")
    loops: set[tuple[str, int]] = set()
    objs: set[str] = set()
    allowed: set[int] = set()  # the tally argument of each call
    modes: set[bool] = set()  # &T (True) or T (False)
    for c, call in sites:
        where = f"{c.path}:{call.start_point[0] + 1}"
        got = parallel_loop_at(c, call.start_point[0] + 1)
        if isinstance(got, str):
            return _no(f"{fname}() is called at {where} outside a 'parallel for' loop: its "
                       "critical section protects that call too")
        loops.add((c.path, got[1].start_byte))
        al = call.child_by_field_name("arguments")
        args = [a for a in (al.named_children if al is not None else []) if a.type != "comment"]
        if pos >= len(args):
            return _no(f"{where} passes no argument {pos + 1}")
        a = strip(c, args[pos])
        by_address = a.type == "pointer_expression" and c.text_of(a).startswith("&")
        if by_address:
            inner = strip(c, a.child_by_field_name("argument") or a)
            obj = c.text_of(inner) if inner.type == "identifier" else ""
        else:
            obj = c.text_of(a) if a.type == "identifier" else ""
        modes.add(by_address)
        if not obj:
            return _no(f"{where} passes {c.text_of(a)}: not &T or T of a named object")
        objs.add(obj)
        allowed.update(x.id for x in walk(a) if x.type == "identifier")
    if len(loops) != 1 or len(objs) != 1:
        return _no(f"{fname}() is called from {len(loops)} parallel loop(s) with "
                   f"{len(objs)} object(s) ({', '.join(sorted(objs))}): one of each is needed")
    c, call = sites[0]
    got = parallel_loop_at(c, call.start_point[0] + 1)
    assert not isinstance(got, str)
    pragma, loop = got
    obj = objs.pop()
    word = pragma_text(c, pragma)
    if not word.startswith("omp parallel for"):
        return _no(f"{c.path}:{loop.start_point[0] + 1}: the loop is '{word}' inside a region "
                   "of the program's own: only a 'parallel for' is split into a region")
    for x in walk(loop):
        if x.type == "identifier" and c.text_of(x) == obj and x.id not in allowed:
            return _no(f"{c.path}:{x.start_point[0] + 1}: {obj} is used in the loop outside "
                       f"the tally argument of {fname}() ('"
                       f"{c.lines[x.start_point[0]].strip()}')")
    cfn = c.function_of(loop)
    decl = _declaration(c, cfn, obj)
    if decl is None:
        return _no(f"{c.path}: {obj} is not declared in the calling function or the file")
    typ, array = decl
    if _declaration(c, loop, obj, file_scope=False) is not None:
        return _no(f"{c.path}: {obj} is declared inside the loop (already private)")
    if modes != {not array}:
        return _no(f"{c.path}: {obj} is passed as {'&' if True in modes else ''}{obj} but "
                   f"declared {'an array' if array else 'a ' + typ}: not a struct passed by "
                   "address or an array")
    if (any(fields) and array) or ("" in fields and not array):
        shape = "->field" if any(fields) else "[k]"
        return _no(f"{c.path}: {fname}() updates {tally}{shape} but {obj} is "
                   f"{'an array' if array else 'a ' + typ}")
    return _emit(code, rel, c, pragma, loop, sites, secs, obj, typ, array, fields, fname)


def _declaration(c: Code, fn: Node | None, name: str, file_scope: bool = True
                 ) -> tuple[str, bool] | None:
    """(the type text, an array?) of ``name``'s declaration in ``fn`` or (``file_scope``)
    at file scope."""
    for scope in (fn, c.tree.root_node) if file_scope else (fn,):
        for d in walk(scope) if scope is not None else []:
            if d.type != "declaration" or (scope is c.tree.root_node and d.parent is not scope):
                continue
            for dec in d.children_by_field_name("declarator"):
                x: Node | None = dec
                array = False
                while x is not None and x.type != "identifier":
                    array = array or x.type == "array_declarator"
                    x = x.child_by_field_name("declarator")
                if x is not None and c.text_of(x) == name:
                    t = d.child_by_field_name("type")
                    return (c.text_of(t) if t is not None else ""), array
    return None


def _emit(code: Code, rel: str, c: Code, pragma: Node, loop: Node,
          sites: list[tuple[Code, Node]], secs: list[tuple[Node, list[Node]]], obj: str,
          typ: str, array: bool, fields: dict[str, bool], fname: str) -> Generated:
    priv = f"ps_{obj}"
    while re.search(rf"\b{priv}\b", c.text):
        priv += "_"
    edits: list[tuple[int, int, str]] = []
    for cc, call in sites:  # &T -> &ps_T in the loop's calls
        if cc is not c:
            continue
        for x in walk(call):
            if x.type == "identifier" and c.text_of(x) == obj:
                edits.append((x.start_byte, x.end_byte, priv))
    ind = c.indent_at(pragma.start_point[0] + 1)
    lind = c.indent_at(loop.start_point[0] + 1)
    word = pragma_text(c, pragma)
    par, loop_cl = split_clauses(word[len("omp parallel for"):].strip())
    zero = "{}" if c.lang == "cpp" else "{0}"
    if array:
        ext = f"sizeof({obj}) / sizeof({obj}[0])"
        decl = f"{lind}    {typ} {priv}[{ext}] = {zero};\n"
        merge = (f"{lind}        for (unsigned long ps_k = 0; ps_k < {ext}; ps_k++)\n"
                 f"{lind}            {obj}[ps_k] += {priv}[ps_k];\n")
    else:
        decl = f"{lind}    {typ} {priv} = {zero};\n"
        merge = ""
        for f, element in fields.items():
            if element:
                ext = f"sizeof({obj}.{f}) / sizeof({obj}.{f}[0])"
                merge += (f"{lind}        for (unsigned long ps_k = 0; ps_k < {ext}; ps_k++)\n"
                          f"{lind}            {obj}.{f}[ps_k] += {priv}.{f}[ps_k];\n")
            else:
                merge += f"{lind}        {obj}.{f} += {priv}.{f};\n"
    plo = c.data.rfind(b"\n", 0, pragma.start_byte) + 1
    phi = pragma.end_byte - (1 if c.data[pragma.end_byte - 1:pragma.end_byte] == b"\n" else 0)
    edits.append((plo, phi, f"{ind}#pragma omp parallel{(' ' + par) if par else ''}\n"
                            f"{lind}{{\n{decl}{ind}#pragma omp for"
                            f"{(' ' + loop_cl) if loop_cl else ''}"))
    edits.append((loop.end_byte, loop.end_byte,
                  f"\n{ind}#pragma omp critical\n{lind}    {{\n{merge}{lind}    }}\n{lind}}}"))
    caller_new = apply_edits(c, edits)
    cut = []
    for pr, _s in secs:
        lo = code.data.rfind(b"\n", 0, pr.start_byte) + 1
        hi = pr.end_byte
        hi = hi + 1 if code.data[hi - 1:hi] != b"\n" and code.data[hi:hi + 1] == b"\n" else hi
        cut.append((lo, hi, ""))
    callee_new = apply_edits(code, cut)
    what = "fields " + ", ".join(f for f in fields if f) if any(fields) else "array"
    note = (f"{fname}() ({rel}) updates its tally {what} in {len(secs)} critical/atomic "
            "section(s); the "
            f"parallel loop at {c.path}:{loop.start_point[0] + 1} now gives each thread a "
            f"zeroed private {obj} ({priv}) and adds it into {obj} once after the loop in one "
            "critical; the sections in the callee removed (floating-point sums are added in "
            "another order)")
    if c.path == rel or c is code:
        # one file: the caller's edits and the callee's cut applied together
        both = apply_edits(code, [*edits, *cut])
        return Generated(WHAT, rel, make_diff(code.text, both, rel), both, note,
                         ("-fopenmp",))
    diff = make_diff(code.text, callee_new, rel) + make_diff(c.text, caller_new, c.path)
    return Generated(WHAT, rel, diff, callee_new, note, ("-fopenmp",),
                     others=((c.path, caller_new),))



__all__ = ["through_call"]
