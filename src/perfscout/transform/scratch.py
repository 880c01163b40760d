"""``hoist_allocation``: a work buffer allocated and freed at every call of a function kept
from one call to the next, grown on demand.

A function called in a loop that allocates its scratch array on entry and frees it on exit
pays the allocator (``malloc``/``free``, ``operator new``/``delete``, the page faults of a
fresh large block) once per call. In the function holding the hot line (or, when that line
calls a function defined in the same file, in that function), each local buffer

* ``T *w = malloc(B)`` / ``(T *)malloc(B)`` / ``calloc(n, s)`` freed by ``free(w)``,
* ``T *w = new T[n]`` freed by ``delete[] w``,
* ``std::vector<T> w(n)``, ``w(n, v)`` or ``w;`` (C++),

becomes a ``static`` buffer (``static thread_local`` / ``_Thread_local`` when a call of the
function sits in an OpenMP construct anywhere in the project, or the project starts threads
of its own: each thread keeps its own) that is reallocated only when a call asks for more
than it holds; the ``free`` / ``delete[]`` statements go. The vector is ``clear``-ed and
``resize``-d to its count (value-initialised elements, as ``w(n)`` gives; no copy needed),
``assign``-ed (count, value), or ``clear``-ed when declared empty: each reuses its capacity;
a ``calloc`` buffer is zeroed with ``memset``. The contents at entry are what the original
gave (uninitialised, zero, or the value).

A vector the function returns by value to a caller's loop in the same file is filled through
an output parameter instead (:mod:`.outparam`).

Refused, naming it: the buffer escapes the call (returned, stored in another variable or a
member, its address taken, reassigned or ``realloc``-ed, moved from, its ``data()`` kept); it
is not freed in the function (its lifetime is not the call); a ``malloc`` in a loop not freed
in the same iteration (several live at once); the function calls itself (an inner call would
reuse the outer call's buffer); a declaration of several variables, or a free that is all its
branch does or shares its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.cnames import call_name
from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import enclosing_loop, make_diff
from perfscout.transform.ompreduce import pragma_text
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Node, project_codes, walk

WHAT = "hoist_allocation"
#: project files read for the calls of the function (OpenMP context)
MAX_FILES = 60
MAX_BYTES = 4_000_000

#: C/C++ loop statements (what repeats a buffer, an allocation or a call)
C_LOOPS = (C_LOOP, "for_range_loop", "while_statement", "do_statement")
_VECTOR = re.compile(r"^(?:std::)?vector\s*<(.+)>$", re.S)
_ALLOC = ("malloc", "calloc", "std::malloc", "std::calloc")
_FREE = ("free", "std::free")


@dataclass
class WorkBuffer:
    """One local work buffer: its declaration and how it is (re)made."""

    name: str
    decl: Node
    kind: str  # "malloc", "calloc", "new", "vector"
    elem: str  # C/new: the pointer's type text (``double *``); vector: the element type
    size: str  # malloc: bytes; calloc: "count, size"; new: count; vector: ctor arguments
    frees: list[Node]


def _unwrap(code: Code, n: Node) -> Node:
    """The expression under parentheses and casts (``(double *)malloc(..)``)."""
    while n.type in ("parenthesized_expression", "cast_expression"):
        inner = n.child_by_field_name("value") if n.type == "cast_expression" else \
            (n.named_children[0] if n.named_children else None)
        if inner is None:
            break
        n = inner
    return n


def _declarator(code: Code, d: Node) -> tuple[str, str, Node | None]:
    """(name, pointer stars, initial value) of a declaration's single declarator."""
    value = d.child_by_field_name("value") if d.type == "init_declarator" else None
    cur = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
    stars = ""
    while cur is not None and cur.type == "pointer_declarator":
        stars += "*"
        cur = cur.child_by_field_name("declarator")
    if cur is None or cur.type != "identifier":
        return "", "", None
    return code.text_of(cur), stars, value


def buffer_candidate(code: Code, s: Node) -> WorkBuffer | str | None:
    """The buffer a declaration makes (a reason when it makes one this cannot hoist), None
    when it allocates nothing."""
    if s.type != "declaration":
        return None
    t = s.child_by_field_name("type")
    typ = code.text_of(t) if t is not None else ""
    decls = s.children_by_field_name("declarator")
    text = code.text_of(s)
    vec = _VECTOR.match(typ.strip())
    allocates = vec is not None or re.search(r"\b(?:malloc|calloc)\s*\(|\bnew\b", text)
    if not allocates:
        return None
    line = s.start_point[0] + 1
    if len(decls) != 1:
        return f"the declaration at line {line} declares several variables"
    name, stars, value = _declarator(code, decls[0])
    if not name and not (vec is not None and decls[0].type == "function_declarator"):
        return None
    if vec is not None and not stars:
        d = decls[0]
        if d.type == "identifier":
            return WorkBuffer(name, s, "vector", vec.group(1).strip(), "", [])
        if d.type == "init_declarator" and value is not None and value.type == "argument_list":
            args = [code.text_of(a) for a in value.named_children]
            if len(args) in (1, 2):
                return WorkBuffer(name, s, "vector", vec.group(1).strip(), ", ".join(args), [])
        if d.type == "init_declarator" and value is not None and \
                value.type == "call_expression":
            return None  # a vector a function returns: its allocation is the callee's
        if d.type == "function_declarator":  # ``w(n)`` with a name: parsed as a function
            nm = d.child_by_field_name("declarator")
            pl = d.child_by_field_name("parameters")
            ps = pl.named_children if pl is not None else []
            if nm is not None and nm.type == "identifier" and len(ps) in (1, 2) and all(
                    a.type == "parameter_declaration" and
                    a.child_by_field_name("declarator") is None for a in ps):
                return WorkBuffer(code.text_of(nm), s, "vector", vec.group(1).strip(),
                               ", ".join(code.text_of(a) for a in ps), [])
        return (f"the vector {name} at line {line} is not made by (n), (n, value) or empty "
                "(a copy or a list)")
    if not stars or value is None:
        return None
    v = _unwrap(code, value)
    ptype = f"{typ} {stars}"
    if v.type == "call_expression" and call_name(code, v) in _ALLOC:
        al = v.child_by_field_name("arguments")
        got = [code.text_of(a) for a in al.named_children] if al is not None else []
        kind = "calloc" if call_name(code, v).endswith("calloc") else "malloc"
        if len(got) != (2 if kind == "calloc" else 1):
            return None
        return WorkBuffer(name, s, kind, ptype, ", ".join(got), [])
    if v.type == "new_expression":
        size = next((c for c in v.named_children if c.type == "new_declarator"), None)
        if size is None:
            return None  # one object, not an array
        if any(c.type in ("argument_list", "initializer_list") for c in v.named_children):
            return f"the array {name} at line {line} is value-initialised by its new"
        expr = size.named_children[0] if size.named_children else None
        if expr is None:
            return None
        nt = v.child_by_field_name("type")
        return WorkBuffer(name, s, "new", f"{code.text_of(nt) if nt is not None else typ} *",
                       code.text_of(expr), [])
    return None


def _use_site(n: Node) -> Node | None:
    """The expression context of a use of a buffer: above the parentheses, casts, pointer
    arithmetic and conditionals that still give the buffer's address."""
    p = n.parent
    while p is not None and (p.type in ("parenthesized_expression", "cast_expression",
                                        "conditional_expression") or (
            p.type == "binary_expression" and _operator(p) in ("+", "-"))):
        n, p = p, p.parent
    return p


def _operator(n: Node) -> str:
    o = n.child_by_field_name("operator")
    return o.type if o is not None else ""


_INTEGRAL = re.compile(r"^(?:const\s+)?(?:(?:unsigned|signed|long|short|int|char|"
                       r"std::size_t|size_t|std::ptrdiff_t|ptrdiff_t|u?int\d+_t|"
                       r"std::u?int\d+_t|auto)\s*)+$")


def buffer_escape(code: Code, b: WorkBuffer, fn: Node) -> str:
    """How ``b`` outlives or leaves the call ("" when it does not); collects its frees."""
    if b.kind == "vector" and b.size and len(split_args(b.size)) == 1 and \
            re.fullmatch(r"[A-Za-z_]\w*", b.size.strip()):
        typ = code.declared_type(fn, b.size.strip())
        if typ and not _INTEGRAL.match(typ.strip()):
            return (f"the vector {b.name} at line {b.decl.start_point[0] + 1} is made from "
                    f"{b.size.strip()} ({typ}), not from a count")
    for n in walk(fn):
        if n.type != "identifier" or code.text_of(n) != b.name or n.start_byte < b.decl.end_byte:
            continue
        ln = n.start_point[0] + 1
        p = _use_site(n)
        if p is None:
            continue
        if p.type == "return_statement":
            return f"{b.name} is returned at line {ln}"
        if p.type == "pointer_expression" and code.text_of(p).startswith("&"):
            return f"the address of {b.name} is taken at line {ln}"
        if p.type == "assignment_expression":
            side = "left" if p.child_by_field_name("left") == n else "right"
            return (f"{b.name} is reassigned at line {ln}" if side == "left" else
                    f"{b.name} is stored at line {ln} ('{code.text_of(p).strip()}')")
        if p.type in ("init_declarator", "initializer_list"):
            return f"{b.name} is stored at line {ln} ('{code.text_of(p).strip()}')"
        if p.type == "argument_list" and p.parent is not None and \
                p.parent.type == "call_expression":
            fname = call_name(code, p.parent)
            if (b.kind in ("malloc", "calloc") and fname in _FREE) or \
                    fname in ("realloc", "std::realloc", "std::move", "move", "std::swap",
                              "swap", "std::exchange"):
                if fname not in _FREE:
                    return f"{b.name} is passed to {fname} at line {ln}"
                stmt = p.parent.parent
                if stmt is None or stmt.type != "expression_statement":
                    return f"the free of {b.name} at line {ln} is inside an expression"
                b.frees.append(stmt)
        if p.type == "delete_expression":
            stmt = p.parent
            if b.kind != "new" or "[" not in code.text_of(p) or stmt is None or \
                    stmt.type != "expression_statement":
                return f"{b.name} is deleted at line {ln} not as the array it is"
            b.frees.append(stmt)
        if b.kind == "vector" and p.type == "field_expression":
            field = p.child_by_field_name("field")
            fname = code.text_of(field) if field is not None else ""
            call = p.parent
            if fname == "swap":
                return f"{b.name} is swapped at line {ln}"
            if fname == "data" and call is not None and call.parent is not None and \
                    call.parent.type in ("return_statement", "init_declarator",
                                         "assignment_expression"):
                return f"the data of {b.name} is kept at line {ln}"
    if b.kind != "vector":
        if not b.frees:
            return (f"{b.name} is not freed in the function: it lives beyond the call")
        loop = enclosing_loop(b.decl, fn, C_LOOPS)
        for f in b.frees:
            if loop is not None and enclosing_loop(f, fn, C_LOOPS) != loop:
                return (f"{b.name} is allocated in the loop at line {loop.start_point[0] + 1} "
                        f"and freed outside it (line {f.start_point[0] + 1}): several live at once")
            fl = f.start_point[0]
            if f.parent is not None and f.parent.type in ("if_statement", "else_clause"):
                return f"the free of {b.name} at line {fl + 1} is all its branch does"
            if code.lines[fl].strip() != code.text_of(f).strip():
                return f"the free of {b.name} at line {fl + 1} shares its line with other code"
    return ""


def _calls_of(c: Code, name: str) -> list[Node]:
    return [n for n in walk(c.tree.root_node) if n.type == "call_expression" and
            call_name(c, n).rpartition("::")[2] == name]


def _in_parallel(c: Code, n: Node) -> bool:
    """``n`` is lexically inside an OpenMP parallel, worksharing or task construct."""
    p: Node | None = n
    while p is not None:
        prev = p.prev_named_sibling
        word = pragma_text(c, prev) if prev is not None else ""
        if word.startswith(("omp parallel", "omp for", "omp task", "omp sections",
                            "omp single", "omp master")) or (
                word.startswith("omp") and " parallel" in f" {word}"):
            return True
        p = p.parent
    return False


#: the project starts threads of its own: any function may run on several at once
_THREADS = re.compile(r"\bpthread_create\b|\bstd::(?:j?thread|async)\b|\bthrd_create\b")


def _threaded(code: Code, name: str, root: Path | None) -> str:
    """Where a call of ``name`` sits in an OpenMP construct (``path:line``), or where the
    project starts threads of its own; "" when neither."""
    codes = project_codes(code, root, lambda lang: lang in ("c", "cpp"),
                          max_files=MAX_FILES, max_bytes=MAX_BYTES)
    for c in codes:
        for call in _calls_of(c, name):
            if _in_parallel(c, call):
                return f"{name} is called in an OpenMP construct at {c.path}:" \
                       f"{call.start_point[0] + 1}"
    for c in codes:
        m = _THREADS.search(c.text)
        if m is not None:
            return f"{c.path} starts threads ({m.group(0)})"
    return ""


def _statement(code: Code, line: int) -> Node | None:
    """The innermost statement (or declaration) that starts at ``line``'s first node."""
    at = code.node_at_line(line)
    while at is not None and not (at.type.endswith("statement") or at.type == "declaration"):
        at = at.parent
    return at


def _function(code: Code, line: int) -> Node | None:
    at = code.node_at_line(line)
    return code.function_of(at) if at is not None else None


def _buffers(code: Code, fn: Node) -> tuple[list[WorkBuffer], list[str]]:
    ok: list[WorkBuffer] = []
    why: list[str] = []
    for s in walk(fn):
        got = buffer_candidate(code, s)
        if got is None:
            continue
        if isinstance(got, str):
            why.append(got)
            continue
        esc = buffer_escape(code, got, fn)
        if esc:
            why.append(esc)
        else:
            ok.append(got)
    return ok, why


def _replacement(code: Code, b: WorkBuffer, storage: str, indent: str) -> list[str]:
    s = fresh_name(code, f"{b.name}_scratch")
    if b.kind == "vector":
        # clear + resize value-initialises n elements as ``w(n)`` did (the element type need
        # not be copyable); the capacity stays
        how = f"{s}.clear();" if not b.size else (
            f"{s}.clear(); {s}.resize({b.size});" if len(split_args(b.size)) == 1 else
            f"{s}.assign({b.size});")
        return [indent + ln for ln in (
            f"{storage} std::vector<{b.elem}> {s};  /* kept between calls (hoist_allocation) */",
            how, f"std::vector<{b.elem}> &{b.name} = {s};")]
    ptr = b.elem.replace(" *", "*").replace("*", " *", 1) if "*" in b.elem else b.elem
    have = f"{s}_n"
    need = f"{b.name}_need" if f"{b.name}_need" not in code.text else fresh_name(code,
                                                                                f"{b.name}_need")
    null = "nullptr" if code.lang == "cpp" else "NULL"
    # the size may name the buffer itself (``sizeof *w``): a null pointer of its type there
    b.size = re.sub(rf"(?<![\w.]){re.escape(b.name)}(?!\w)", f"(({ptr.strip()})0)", b.size)
    if b.kind == "new":
        elem = ptr.rsplit("*", 1)[0].strip()
        make = [f"    delete[] {s};", f"    {s} = new {elem}[{need}];"]
        count = b.size
    else:
        count = b.size if b.kind == "malloc" else "({}) * ({})".format(
            *[x.strip() for x in split_args(b.size)])
        cast = f"({ptr})" if code.lang == "cpp" else ""
        make = [f"    free({s});", f"    {s} = {cast}malloc({need});"]
    out = [f"{storage} {ptr}{s} = {null};  /* kept between calls, grown on demand "
           "(hoist_allocation) */",
           f"{storage} size_t {have} = 0;",
           f"size_t {need} = (size_t)({count});",
           f"if ({need} > {have} || {s} == {null}) {{", *make,
           f"    {have} = {s} != {null} ? {need} : 0;", "}",
           f"{ptr}{b.name} = {s};"]
    if b.kind == "calloc":
        out.append(f"if ({b.name} != {null}) memset({b.name}, 0, {need});")
    return [indent + ln for ln in out]


def split_args(s: str) -> list[str]:
    """Top-level comma-separated pieces of an argument list's text (brackets nest)."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [*out, cur]


def callee_lines(text: str, path: str, line: int, root: Path | None) -> list[tuple[str, int]]:
    """(path, first body line) of each function of the project called at ``path:line`` that
    allocates a work buffer: where :func:`hoist_allocation` is tried when the profile names
    the caller's line. Paths are relative to ``root`` (``path`` itself for this file)."""
    from perfscout.transform.source import language_of

    if language_of(path) not in ("c", "cpp"):
        return []  # Fortran: the hot line is the procedure's own (gfortran does not inline
        # a module procedure's allocation into the caller's lines)
    code = Code(text, path)
    at = _statement(code, line)
    if at is None:
        return []
    called = {call_name(code, n).rpartition("::")[2] for n in walk(at)
              if n.type == "call_expression" and n.start_point[0] + 1 == line}
    out: list[tuple[str, int]] = []
    for c in project_codes(code, root, lambda lang: lang in ("c", "cpp"),
                           max_files=MAX_FILES, max_bytes=MAX_BYTES):
        for d in walk(c.tree.root_node):
            if d.type == "function_definition" and \
                    c.function_name(d).rpartition("::")[2] in called and _buffers(c, d)[0]:
                body = d.child_by_field_name("body")
                where = (path if c is code else c.path,
                         (body or d).start_point[0] + 2)
                if where not in out:
                    out.append(where)
    return out


def hoist_allocation(code: Code, line: int, rel: str, root: Path | None = None
                     ) -> Generated | Refusal:
    """The work buffers of the function at ``rel:line`` (or of a function of the same file
    that line calls) kept between calls; a Refusal naming why none can be (see the module)."""
    if code.fortran:
        from perfscout.transform.scratch_fortran import hoist_allocation_fortran

        return hoist_allocation_fortran(code, line, rel, root)
    fn = _function(code, line)
    if fn is None:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a function")
    ok, why = _buffers(code, fn)
    if not ok and not why:  # the hot line calls the allocating function
        at = _statement(code, line)
        names = {code.function_name(d): d for d in walk(code.tree.root_node)
                 if d.type == "function_definition"}
        for call in (n for n in walk(at) if n.type == "call_expression") if at else []:
            g = names.get(call_name(code, call).rpartition("::")[2])
            if g is not None and g != fn:
                fn = g
                ok, why = _buffers(code, fn)
                break
    name = code.function_name(fn) or "the function"
    if name == "main":
        return Refusal(WHAT, f"the buffers at line {line} of {rel} are in main, which runs once")
    if not ok:
        if code.lang == "cpp" and any(" is returned at line " in w for w in why):
            from perfscout.transform.outparam import out_param

            got = out_param(code, line, rel)
            if isinstance(got, Generated):
                return got
            why.append(f"as an output parameter: {got.reason}")
        return Refusal(WHAT, f"{name} ({rel}): " + ("; ".join(why) if why else
                             "allocates no work buffer (no malloc/calloc, new[] or local "
                             "std::vector) that it frees before returning"))
    short = name.rpartition("::")[2]
    if any(call_name(code, c).rpartition("::")[2] == short for c in walk(fn)
           if c.type == "call_expression"):
        return Refusal(WHAT, f"{name} ({rel}) calls itself: an inner call would reuse the "
                             "buffer the outer call is still using")
    threaded = _threaded(code, short, root)
    tl = ("thread_local" if code.lang == "cpp" else "_Thread_local") if threaded else ""
    storage = f"static {tl}".strip()
    edits: list[tuple[int, int, str]] = []
    for b in ok:
        row = b.decl.start_point[0]
        if code.lines[row].strip() != code.text_of(b.decl).strip():
            why.append(f"the declaration of {b.name} at line {row + 1} shares its line")
            continue
        begin = b.decl.start_byte - b.decl.start_point[1]
        end = begin + len(code.lines[row].encode())
        indent = code.indent_at(row + 1)
        edits.append((begin, end, "".join(ln + "\n" for ln in
                                          _replacement(code, b, storage, indent))))
        for f in b.frees:
            fr = f.start_point[0]
            fb = f.start_byte - f.start_point[1]
            edits.append((fb, fb + len(code.lines[fr].encode()), ""))
    if not edits:
        return Refusal(WHAT, f"{name} ({rel}): " + "; ".join(why))
    data = code.data
    for b0, e0, new in sorted(edits, key=lambda x: x[0], reverse=True):
        data = data[:b0] + new.encode() + data[e0:]
    out = data.decode()
    need_inc = []
    if any(b.kind == "calloc" for b in ok) and "string.h>" not in out and "<cstring>" not in out:
        need_inc.append("#include <string.h>\n")
    if any(b.kind in ("malloc", "calloc") for b in ok) and "stdlib.h>" not in out and \
            "<cstdlib>" not in out:
        need_inc.append("#include <stdlib.h>\n")
    if need_inc:
        out = "".join(need_inc) + out
    done = ", ".join(f"{b.name} ({b.kind})" for b in ok)
    note = (f"the work buffer(s) {done} of {name} ({rel}) kept between calls as {storage} "
            "storage, reallocated only when a call needs more: no allocation per call; the "
            "largest buffer stays allocated until the program exits")
    if threaded:
        note += f" (one per thread: {threaded})"
    if why:
        note += "; left as they were: " + "; ".join(why)
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)


__all__ = ["WHAT", "callee_lines", "hoist_allocation"]
