"""Pack a halo exchange sent one element at a time into one message per direction.

The classic MPI latency mistake is a loop that exchanges one element per iteration::

    for (i = 1; i <= rows; i++)
        MPI_Sendrecv(&a[i][1], 1, MPI_DOUBLE, left, 7,
                     &a[i][ncols + 1], 1, MPI_DOUBLE, right, 7, comm, MPI_STATUS_IGNORE);

Each message pays the full per-message overhead (matching, progress engine, transport headers)
to carry 8 bytes. :func:`pack_messages` rewrites such a loop: the elements each call sends are
gathered into a contiguous buffer (allocated before the loop), ONE message per call carries the
whole loop's elements (count = trip count x per-iteration count), and the elements each call
receives are scattered back from its buffer into the same elements in the same order.
``MPI_Sendrecv`` stays a ``MPI_Sendrecv``; ``MPI_Send``/``MPI_Recv``/``MPI_Isend``/``MPI_Irecv``
become nonblocking calls completed by one ``MPI_Waitall`` (a blocking send of a large message
could wait for its receive, which the peer would post only after its own send: the per-element
loop relied on eager delivery; the packed one does not need it). Requests the loop stored for a
later ``MPI_Waitall`` are set to ``MPI_REQUEST_NULL``, which completes at once.

Legal (else a :class:`Refusal` naming the reason) when the loop is counted, its body holds only
the communication (plus integer index arithmetic and ``MPI_Wait``/``MPI_Waitall`` of its own
requests), it both sends and receives (every rank runs the same loop, so each packed message has
its packed partner), each count is the same small integer constant, each datatype is a predefined
MPI type not varying with the loop, peers, tags and communicators do not vary with the loop, each
buffer is an element whose subscripts are affine in the loop variable and move with it, no
received element is also sent or received by another call of the loop (the dependence named),
and the loop bounds read no received array. Distinct array names are assumed not to overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.transform.affine import Poly, poly
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop, Node, walk

NAME = "mpi_aggregate_messages"

#: predefined MPI datatypes -> the C type of one element (the packing buffer's element)
C_TYPES: dict[str, str] = {
    "MPI_DOUBLE": "double", "MPI_FLOAT": "float", "MPI_LONG_DOUBLE": "long double",
    "MPI_INT": "int", "MPI_UNSIGNED": "unsigned", "MPI_LONG": "long",
    "MPI_UNSIGNED_LONG": "unsigned long", "MPI_LONG_LONG": "long long",
    "MPI_LONG_LONG_INT": "long long", "MPI_UNSIGNED_LONG_LONG": "unsigned long long",
    "MPI_SHORT": "short", "MPI_UNSIGNED_SHORT": "unsigned short", "MPI_CHAR": "char",
    "MPI_SIGNED_CHAR": "signed char", "MPI_UNSIGNED_CHAR": "unsigned char",
    "MPI_BYTE": "unsigned char", "MPI_INT32_T": "int32_t", "MPI_INT64_T": "int64_t",
    "MPI_UINT32_T": "uint32_t", "MPI_UINT64_T": "uint64_t", "MPI_C_BOOL": "_Bool",
}

#: Fortran's predefined MPI datatypes -> the declared type of the packing buffer
F_TYPES: dict[str, str] = {
    "mpi_double_precision": "double precision", "mpi_real": "real", "mpi_real8": "real(8)",
    "mpi_real4": "real(4)", "mpi_integer": "integer", "mpi_integer8": "integer(8)",
    "mpi_integer4": "integer(4)", "mpi_complex": "complex",
    "mpi_double_complex": "double complex", "mpi_logical": "logical",
}

#: call -> (argument count, buffer argument positions with (count, type) positions, peer and
#: tag positions, communicator position, request position or -1, receives?)
_SEND, _RECV = "send", "recv"
_LAYOUT: dict[str, tuple[int, list[tuple[str, int, int, int, int, int]], int, int]] = {
    # name: (nargs, [(direction, buf, count, type, peer, tag)], comm, request)
    "MPI_Sendrecv": (12, [(_SEND, 0, 1, 2, 3, 4), (_RECV, 5, 6, 7, 8, 9)], 10, -1),
    "MPI_Send": (6, [(_SEND, 0, 1, 2, 3, 4)], 5, -1),
    "MPI_Recv": (7, [(_RECV, 0, 1, 2, 3, 4)], 5, -1),
    "MPI_Isend": (7, [(_SEND, 0, 1, 2, 3, 4)], 5, 6),
    "MPI_Irecv": (7, [(_RECV, 0, 1, 2, 3, 4)], 5, 6),
}
_WAITS = {"MPI_Wait", "MPI_Waitall"}
_MAX_COUNT = 64  # "small": above this a message per iteration is no longer latency-bound
_INT_TYPES = {"int", "long", "unsigned", "size_t", "short", "long long", "unsigned long",
              "ptrdiff_t", "int64_t", "int32_t"}


@dataclass
class _Side:
    """One buffer of one call: the element address, its array and affine subscripts."""

    direction: str
    addr: str
    base: str
    subs: list[Poly]
    count: int
    ctype: str
    mpi_type: str
    peer: str
    tag: str
    line: int
    buf: str = ""  # the packing buffer's name, set when generating


@dataclass
class _Call:
    name: str
    args: list[str]
    sides: list[_Side]
    comm: str
    request: str  # "" when the call has none
    line: int
    waits: list[str] = field(default_factory=list)
    ierr: str = ""  # Fortran: the error code argument, passed on to the packed call


def pack_messages(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The diff packing the per-element messages of the loop at ``rel:line`` into one message
    per call, or a Refusal naming what forbids it. C and C++ only: a Fortran loop is refused
    with that reason (the generated block needs declarations the Fortran unit would have to
    take in its specification part)."""
    if code.fixed_form:
        return Refusal(NAME, f"{rel}: fixed-form Fortran is not packed (free form, C and C++ "
                             "are): the packed block would need column-6 continuations")
    lp = code.counted_loop_at(line, c_only=not code.fortran)
    if isinstance(lp, str):
        return Refusal(NAME, lp)
    var = lp.var
    env: dict[str, Poly] = {}
    decls: list[str] = []
    calls: list[_Call] = []
    local_names: set[str] = set()
    for st in lp.body:
        got = _statement(code, st, var, env, decls, local_names)
        if isinstance(got, str):
            return Refusal(NAME, got)
        if got is not None:
            calls.append(got)
    if not calls:
        return Refusal(NAME, f"the loop over {var} at line {lp.line} makes no MPI "
                             "point-to-point call (MPI_Sendrecv, MPI_Send/Recv, MPI_Isend/Irecv)")
    sides = [s for c in calls for s in c.sides]
    dirs = {s.direction for s in sides}
    if dirs != {_SEND, _RECV}:
        only = "sends" if _SEND in dirs else "receives"
        return Refusal(NAME, f"the loop over {var} at line {lp.line} only {only}: its partner "
                             "calls are in another loop, which would still expect one message "
                             "per element")
    bad = _alias(sides, var)
    if bad:
        return Refusal(NAME, bad)
    bound_names = code.identifiers(lp.lower_node) if lp.lower_node is not None else set()
    bound_names |= code.identifiers(lp.upper_node) if lp.upper_node is not None else set()
    clash = sorted(bound_names & {s.base for s in sides if s.direction == _RECV})
    if clash:
        return Refusal(NAME, f"the loop bounds of line {lp.line} read {clash[0]}, which the "
                             "loop receives into")
    start, end = lp.node.start_point, lp.node.end_point
    if code.lines[start[0]][:start[1]].strip() or code.lines[end[0]][end[1]:].strip():
        return Refusal(NAME, f"the loop at line {lp.line} shares its first or last line with "
                             "other code; put it on lines of its own")
    if code.fortran:
        return _emit_fortran(code, lp, rel, calls, decls)
    return _emit(code, lp, rel, calls, decls)


# --- reading the body -------------------------------------------------------------------------
def _statement(code: Code, st: Node, var: str, env: dict[str, Poly], decls: list[str],
               local: set[str]) -> _Call | str | None:
    """One body statement: a call read into :class:`_Call`, None for index arithmetic or a
    wait (kept aside), or the sentence refusing it."""
    ln = st.start_point[0] + 1
    text = " ".join(code.text_of(st).split())
    if st.type == "declaration":
        typ = st.child_by_field_name("type")
        tname = code.text_of(typ) if typ is not None else ""
        if tname in ("MPI_Request", "MPI_Status"):
            for d in st.named_children:
                if d.type == "init_declarator":
                    return f"line {ln}: `{text}` initialises a request or status in the loop"
                if d.type in ("identifier", "array_declarator"):
                    local.add(_declared_name(code, d))
            return None
        if " ".join(tname.split()) not in _INT_TYPES:
            return (f"line {ln}: `{text}` is not communication or integer index arithmetic; "
                    "packing would move it")
        for d in st.named_children:
            if d.type != "init_declarator":
                if d.type == "identifier":
                    return f"line {ln}: `{text}` declares {code.text_of(d)} without a value"
                continue
            name = code.text_of(d.child_by_field_name("declarator") or d)
            value = d.child_by_field_name("value")
            p = _affine(code, value, env) if value is not None else None
            if p is None:
                return (f"line {ln}: `{text}` is not integer index arithmetic (affine in "
                        f"{var}); packing would move it")
            env[name] = p
        decls.append(code.text_of(st))
        return None
    if st.type == "assignment_statement" and code.fortran:
        left = st.named_children[0] if st.named_children else None
        right = st.named_children[-1] if len(st.named_children) > 1 else None
        scope = code.function_of(st)
        name = code.name_of(left) if left is not None and left.type == "identifier" else ""
        p = _affine(code, right, env) if right is not None and name else None
        if p is None or not code.declared_type(scope, name).lower().startswith("integer"):
            return (f"line {ln}: `{text}` is not communication or integer index arithmetic; "
                    "packing would move it")
        env[name] = p
        decls.append(code.text_of(st))
        return None
    got = _call_parts(code, st)
    if got is None:
        return (f"line {ln}: `{text}` is not communication or integer index arithmetic; "
                "packing would move it")
    fn, args = got
    if fn in _WAITS:
        return None  # completion of this loop's requests: the packed calls complete their own
    if fn not in _LAYOUT:
        return (f"line {ln}: `{text}` is not a point-to-point MPI call the packing knows "
                "(MPI_Sendrecv, MPI_Send, MPI_Recv, MPI_Isend, MPI_Irecv)")
    nargs, layout, comm_at, req_at = _LAYOUT[fn]
    ierr = ""
    if code.fortran and len(args) == nargs + 1:
        ierr = code.text_of(args[-1])  # the error code argument (optional with mpi_f08)
        args = args[:-1]
    if len(args) != nargs:
        return f"line {ln}: {fn} has {len(args)} arguments, not {nargs}"
    moving = {var, *env}
    comm = code.text_of(args[comm_at])
    if code.identifiers(args[comm_at]) & moving:
        return f"line {ln}: the communicator {comm} of {fn} varies with {var}"
    sides: list[_Side] = []
    for direction, b, c, t, peer_at, tag_at in layout:
        peer, tag = code.text_of(args[peer_at]), code.text_of(args[tag_at])
        who = "destination" if direction == _SEND else "source"
        if code.identifiers(args[peer_at]) & moving:
            return (f"line {ln}: the {who} {peer} of {fn} varies with {var}: the elements go "
                    "to different ranks")
        if code.identifiers(args[tag_at]) & moving:
            return f"line {ln}: the tag {tag} of {fn} varies with {var}"
        cnt_text = code.text_of(args[c])
        if args[c].type != "number_literal" or not cnt_text.rstrip("uUlL").isdigit():
            return (f"line {ln}: the count {cnt_text} of {fn} is not an integer constant: "
                    "the messages may differ in length")
        count = int(cnt_text.rstrip("uUlL"))
        if code.fortran and count != 1:
            return (f"line {ln}: {fn} sends {count} elements from one element's address: in "
                    "Fortran their layout depends on the array's shape (count 1 is packed)")
        if not 0 < count <= _MAX_COUNT:
            return (f"line {ln}: {fn} sends {count} elements per message, not a small constant "
                    f"(1..{_MAX_COUNT}): not a per-element message")
        dtype = code.text_of(args[t])
        types = F_TYPES if code.fortran else C_TYPES
        if code.identifiers(args[t]) & moving:
            return f"line {ln}: the datatype {dtype} of {fn} differs between iterations"
        if (dtype.lower() if code.fortran else dtype) not in types:
            return (f"line {ln}: the datatype {dtype} of {fn} is not a predefined MPI type: "
                    "its element layout is unknown")
        side = _element(code, args[b], var, env)
        if isinstance(side, str):
            return f"line {ln}: {fn}'s {direction} buffer {side}"
        base, subs = side
        sides.append(_Side(direction, code.text_of(args[b]), base, subs, count,
                           types[dtype.lower() if code.fortran else dtype], dtype, peer, tag,
                           ln))
    request = code.text_of(args[req_at]) if req_at >= 0 else ""
    if req_at >= 0 and code.identifiers(args[req_at]) & ({s.base for s in sides} | {var}) - (
            set(env) | {var}):
        return f"line {ln}: the request {request} of {fn} is stored in a buffer it transfers"
    if req_at >= 0 and _root_name(code, args[req_at]) in local:
        request = ""  # declared in the body: nothing outside the loop waits on it
    return _Call(fn, [code.text_of(a) for a in args], sides, comm, request, ln, ierr=ierr)


def _call_parts(code: Code, st: Node) -> tuple[str, list[Node]] | None:
    """(the MPI name as the tables spell it, the argument nodes) of a call statement: C
    ``f(...);`` or Fortran ``call f(...)``; None for anything else."""
    if st.type == "subroutine_call" and code.fortran:
        name = st.named_children[0] if st.named_children else None
        lst = next((c for c in st.named_children if c.type == "argument_list"), None)
        if name is None:
            return None
        fn = code.text_of(name)
        fn = next((k for k in (*_LAYOUT, *_WAITS) if k.lower() == fn.lower()), fn)
        return fn, [a for a in (lst.named_children if lst else []) if a.type != "comment"]
    call = _call_of(st)
    if call is None:
        return None
    args_node = call.child_by_field_name("arguments")
    return (code.text_of(call.child_by_field_name("function") or call),
            [a for a in (args_node.named_children if args_node else []) if a.type != "comment"])


def _call_of(st: Node) -> Node | None:
    if st.type != "expression_statement" or not st.named_children:
        return None
    e = st.named_children[0]
    return e if e.type == "call_expression" else None


def _declared_name(code: Code, d: Node) -> str:
    while d.type == "array_declarator":
        inner = d.child_by_field_name("declarator")
        if inner is None:
            break
        d = inner
    return code.text_of(d)


def _root_name(code: Code, n: Node) -> str:
    """The variable an lvalue expression (``&req[4 * i]``) is rooted in."""
    for d in walk(n):
        if d.type == "identifier":
            return code.text_of(d)
    return ""


def _affine(code: Code, n: Node, env: dict[str, Poly]) -> Poly | None:
    """The polynomial of an integer expression with the body's index variables substituted."""
    p = poly(code, n)
    if p is None:
        return None
    out: Poly = {}
    for mono, c in p.items():
        terms: Poly = {(): c}
        for x in mono:
            factor = env.get(x, {(x,): 1})
            nxt: Poly = {}
            for ma, ca in terms.items():
                for mb, cb in factor.items():
                    m = tuple(sorted(ma + mb))
                    nxt[m] = nxt.get(m, 0) + ca * cb
            terms = nxt
        for m, v in terms.items():
            out[m] = out.get(m, 0) + v
    return {m: v for m, v in out.items() if v}


def _element(code: Code, n: Node, var: str,
             env: dict[str, Poly]) -> tuple[str, list[Poly]] | str:
    """(array name, subscripts) of a buffer argument ``&a[i][1]`` / ``a + i * n`` / ``&a[i]``,
    or why it is not an element that moves affinely with ``var``."""
    text = code.text_of(n)
    idx: list[Node] = []
    cur = n
    if cur.type == "pointer_expression" and code.text_of(cur).startswith("&"):
        cur = cur.child_by_field_name("argument") or cur
        while cur.type == "subscript_expression":
            i = cur.child_by_field_name("index")
            if i is None:
                i = next((c for c in cur.named_children[1:] if c.type != "comment"), None)
            if i is None:
                break
            idx.insert(0, i)
            cur = cur.child_by_field_name("argument") or cur.named_children[0]
    elif cur.type == "binary_expression" and code.text_of(
            cur.child_by_field_name("operator") or cur) == "+":
        left, right = cur.child_by_field_name("left"), cur.child_by_field_name("right")
        if left is not None and right is not None:
            if left.type == "identifier":
                cur, idx = left, [right]
            elif right.type == "identifier":
                cur, idx = right, [left]
    elif code.fortran and cur.type == "call_expression":
        lst = next((c for c in cur.named_children if c.type == "argument_list"), None)
        head = cur.named_children[0] if cur.named_children else None
        if head is not None and lst is not None:
            cur, idx = head, [c for c in lst.named_children if c.type != "comment"]
    if cur.type != "identifier" or not idx:
        return (f"{text} is not an array element (a(i, ...))" if code.fortran
                else f"{text} is not an array element (&a[...] or a + offset)")
    subs: list[Poly] = []
    for i in idx:
        p = _affine(code, i, env)
        if p is None:
            return f"{text}: the subscript {code.text_of(i)} is not affine in {var}"
        if any(m.count(var) > 1 for m in p):
            return f"{text}: the subscript {code.text_of(i)} is not affine in {var}"
        subs.append(p)
    if not any(var in m for p in subs for m in p):
        return f"{text} is the same element in every iteration of {var}"
    return code.name_of(cur), subs


# --- legality: received elements are nobody else's ------------------------------------------
def _split(p: Poly, var: str) -> tuple[Poly, Poly]:
    """(the coefficient of ``var``, the rest) of an affine subscript."""
    coef: Poly = {}
    rest: Poly = {}
    for m, c in p.items():
        if var in m:
            mm = tuple(x for x in m if x != var)
            coef[mm] = coef.get(mm, 0) + c
        else:
            rest[m] = rest.get(m, 0) + c
    return coef, rest


def _disjoint(a: _Side, b: _Side, var: str) -> bool | None:
    """True when the two sides never touch one element (over any two iterations, counting
    ``count`` elements from each address along the last subscript), False when they are
    provably the same elements, None when it cannot be shown."""
    if a.base != b.base:
        return True
    if len(a.subs) != len(b.subs):
        return None
    last = len(a.subs) - 1
    same = True
    for k, (pa, pb) in enumerate(zip(a.subs, b.subs, strict=True)):
        ca, ra = _split(pa, var)
        cb, rb = _split(pb, var)
        diff = {m: ra.get(m, 0) - rb.get(m, 0) for m in set(ra) | set(rb)}
        diff = {m: v for m, v in diff.items() if v}
        if pa != pb:
            same = False
        width = max(a.count, b.count) if k == last else 1
        if not ca and not cb:
            if diff and set(diff) != {()}:
                return True  # a symbolic offset (ncols + 1 vs 1): distinct unless it is zero
            if abs(diff.get((), 0)) >= width:
                return True
            continue
        if set(ca) | set(cb) <= {()} and set(diff) <= {()}:
            g = math.gcd(ca.get((), 0), cb.get((), 0))
            d = diff.get((), 0)
            if g and width == 1 and d % g:
                return True  # GCD test: a*i1 + c1 == b*i2 + c2 has no integer solution
    return False if same else None


def _alias(sides: list[_Side], var: str) -> str:
    """Why the packed order could change a result (a received element that another call of
    the loop sends or receives), or ""."""
    for i, a in enumerate(sides):
        if a.direction != _RECV:
            continue
        for j, b in enumerate(sides):
            if i == j or (b.direction == _RECV and j < i):
                continue
            d = _disjoint(a, b, var)
            if d is True:
                continue
            what = "sends" if b.direction == _SEND else "also receives into"
            if d is False:
                return (f"the receive into {a.addr} (line {a.line}) aliases {b.addr} (line "
                        f"{b.line}), which the loop {what}: packing reorders them")
            return (f"cannot show that the receive into {a.addr} (line {a.line}) and "
                    f"{b.addr} (line {b.line}, which the loop {what}) are different elements")
    return ""


# --- writing the packed loop ---------------------------------------------------------------
def _element_ref(addr: str, k: str, count: int) -> str:
    if count == 1 and addr.startswith("&"):
        return addr[1:].strip()
    return f"({addr})[{k}]" if count > 1 else f"*({addr})"


def _emit(code: Code, lp: Loop, rel: str, calls: list[_Call], decls: list[str]) -> Generated:
    ind = code.indent_at(lp.line)
    step = " " * 4
    i1, i2, i3 = ind + step, ind + 2 * step, ind + 3 * step
    trip = _trip(lp)
    n_bufs = 0
    for c in calls:
        for sd in c.sides:
            sd.buf = f"ps_{sd.direction}{n_bufs}"
            n_bufs += 1
    nonblocking = [c for c in calls if c.name != "MPI_Sendrecv"]
    out = [f"{ind}{{   /* perfscout {NAME}: one message per call, not one per {lp.var} */\n",
           f"{i1}int ps_n = {trip};\n", f"{i1}int ps_j;\n",
           f"{i1}if (ps_n < 0)\n{i2}ps_n = 0;\n"]
    for c in calls:
        for sd in c.sides:
            out.append(f"{i1}{sd.ctype} *{sd.buf} = ({sd.ctype} *)malloc((size_t)"
                       f"{_times('ps_n', sd.count)} * sizeof *{sd.buf} + 1);\n")
    if nonblocking:
        out.append(f"{i1}MPI_Request ps_req[{len(nonblocking)}];\n")
    sends = [sd for c in calls for sd in c.sides if sd.direction == _SEND]
    out += _walk_loop(lp, decls, sends, i1, i2, i3, pack=True)
    r = 0
    for c in calls:
        a = c.args
        if c.name == "MPI_Sendrecv":
            snd, rcv = c.sides
            out.append(f"{i1}MPI_Sendrecv({snd.buf}, {_times('ps_n', snd.count)}, "
                       f"{snd.mpi_type}, {snd.peer}, {snd.tag},\n{i1}             {rcv.buf}, "
                       f"{_times('ps_n', rcv.count)}, {rcv.mpi_type}, {rcv.peer}, {rcv.tag}, "
                       f"{c.comm}, MPI_STATUS_IGNORE);\n")
            continue
        sd = c.sides[0]
        fn = "MPI_Isend" if sd.direction == _SEND else "MPI_Irecv"
        out.append(f"{i1}{fn}({sd.buf}, {_times('ps_n', sd.count)}, {a[2]}, {sd.peer}, {sd.tag}, "
                   f"{c.comm}, &ps_req[{r}]);\n")
        r += 1
    if nonblocking:
        out.append(f"{i1}MPI_Waitall({len(nonblocking)}, ps_req, MPI_STATUSES_IGNORE);\n")
    recvs = [sd for c in calls for sd in c.sides if sd.direction == _RECV]
    nulls = [c.request for c in calls if c.request]
    out += _walk_loop(lp, decls, recvs, i1, i2, i3, pack=False, nulls=nulls)
    for c in calls:
        for sd in c.sides:
            out.append(f"{i1}free({sd.buf});\n")
    out.append(f"{ind}}}\n")
    start, end = lp.node.start_point[0], lp.node.end_point[0]
    new_lines = code.lines[:start] + out + code.lines[end + 1:]
    new = "".join(new_lines)
    new = _with_include(code, new)
    total = len(calls)
    elems = ", ".join(sorted({sd.mpi_type for c in calls for sd in c.sides}))
    note = (f"{total} per-element call{'s' if total > 1 else ''} of the loop over {lp.var} "
            f"(line {lp.line}) packed into one message each ({elems}, count = trip count); "
            "received elements unpacked in the same order; every rank runs this loop, so both "
            "ends of each message are packed; distinct arrays assumed not to overlap")
    return Generated(NAME, rel, make_diff(code.text, new, rel), new, note)


def _emit_fortran(code: Code, lp: Loop, rel: str, calls: list[_Call],
                  decls: list[str]) -> Generated:
    """The free-form Fortran packed loop: a ``block`` holding its allocatable buffers (count 1
    per message, checked before)."""
    ind = code.indent_at(lp.line)
    i1, i2 = ind + "  ", ind + "    "
    s = lp.step or 1
    trip = f"max(0, (({lp.upper}) - ({lp.lower}) + {s}) / {s})"
    n = 0
    for c in calls:
        for sd in c.sides:
            sd.buf = f"ps_{sd.direction}{n}"
            n += 1
    nonblocking = [c for c in calls if c.name != "MPI_Sendrecv"]
    out = [f"{ind}block  ! perfscout {NAME}: one message per call, not one per {lp.var}\n"]
    for c in calls:
        for sd in c.sides:
            out.append(f"{i1}{sd.ctype}, allocatable :: {sd.buf}(:)\n")
    out.append(f"{i1}integer :: ps_n, ps_j\n")
    if nonblocking:
        out.append(f"{i1}integer :: ps_req({len(nonblocking)})\n")
    out.append(f"{i1}ps_n = {trip}\n")
    bufs = [sd.buf for c in calls for sd in c.sides]
    out.append(f"{i1}allocate(" + ", ".join(f"{b}(max(1, ps_n))" for b in bufs) + ")\n")

    def walk_loop(pack: bool) -> list[str]:
        body = [f"{i1}ps_j = 0\n", f"{i1}{' '.join(lp.header.split())}\n"]
        body += [f"{i2}{' '.join(d.split())}\n" for d in decls]
        body.append(f"{i2}ps_j = ps_j + 1\n")
        for c in calls:
            for sd in c.sides:
                if pack and sd.direction == _SEND:
                    body.append(f"{i2}{sd.buf}(ps_j) = {sd.addr}\n")
                elif not pack and sd.direction == _RECV:
                    body.append(f"{i2}{sd.addr} = {sd.buf}(ps_j)\n")
            if not pack and c.request:
                body.append(f"{i2}{c.request} = MPI_REQUEST_NULL\n")
        return [*body, f"{i1}end do\n"]

    out += walk_loop(True)
    r = 0
    for c in calls:
        tail = f", {c.ierr})" if c.ierr else ")"
        if c.name == "MPI_Sendrecv":
            snd, rcv = c.sides
            out.append(f"{i1}call MPI_Sendrecv({snd.buf}, ps_n, {snd.mpi_type}, {snd.peer}, "
                       f"{snd.tag}, &\n{i2}{rcv.buf}, ps_n, {rcv.mpi_type}, {rcv.peer}, "
                       f"{rcv.tag}, &\n{i2}{c.comm}, MPI_STATUS_IGNORE{tail}\n")
            continue
        sd = c.sides[0]
        r += 1
        fn = "MPI_Isend" if sd.direction == _SEND else "MPI_Irecv"
        out.append(f"{i1}call {fn}({sd.buf}, ps_n, {sd.mpi_type}, {sd.peer}, {sd.tag}, "
                   f"{c.comm}, &\n{i2}ps_req({r}){tail}\n")
    if nonblocking:
        ierr = next((c.ierr for c in nonblocking if c.ierr), "")
        out.append(f"{i1}call MPI_Waitall({len(nonblocking)}, ps_req, MPI_STATUSES_IGNORE"
                   + (f", {ierr})" if ierr else ")") + "\n")
    out += walk_loop(False)
    out.append(f"{i1}deallocate(" + ", ".join(bufs) + ")\n")
    out.append(f"{ind}end block\n")
    start, end = lp.node.start_point[0], lp.node.end_point[0]
    new = "".join(code.lines[:start] + out + code.lines[end + 1:])
    note = (f"{len(calls)} per-element call{'s' if len(calls) > 1 else ''} of the do loop over "
            f"{lp.var} (line {lp.line}) packed into one message each in a block construct "
            "(Fortran 2008); received elements unpacked in the same order; every rank runs "
            "this loop, so both ends of each message are packed")
    return Generated(NAME, rel, make_diff(code.text, new, rel), new, note)


def _times(x: str, k: int) -> str:
    return x if k == 1 else f"{x} * {k}"


def _trip(lp: Loop) -> str:
    """The loop's trip count as a C expression (clamped at 0 by the caller)."""
    lo, hi = lp.lower.strip(), lp.upper.strip()
    hi_p = hi if hi.replace("_", "").replace("->", "").replace(".", "").isalnum() else f"({hi})"
    if lo.isdigit() and int(lo) == (1 if lp.inclusive else 0):
        trip = hi_p
    else:
        lo_p = lo if lo.replace("_", "").isalnum() else f"({lo})"
        trip = f"{hi_p} - {lo_p}" + (" + 1" if lp.inclusive else "")
    s = lp.step or 1
    return trip if s == 1 else f"({trip} + {s - 1}) / {s}"


def _walk_loop(lp: Loop, decls: list[str], sides: list[_Side], i1: str, i2: str, i3: str,
               pack: bool, nulls: list[str] | None = None) -> list[str]:
    """The loop's own header again, gathering (``pack``) or scattering one element per side
    per iteration: the same elements in the same order as the per-element calls."""
    header = " ".join(lp.header.split())
    out = [f"{i1}ps_j = 0;\n", f"{i1}{header} {{\n"]
    out += [f"{i2}{' '.join(d.split())}\n" for d in decls]
    for sd in sides:
        if sd.count == 1:
            el = _element_ref(sd.addr, "0", 1)
            out.append(f"{i2}{sd.buf}[ps_j] = {el};\n" if pack
                       else f"{i2}{el} = {sd.buf}[ps_j];\n")
        else:
            el = _element_ref(sd.addr, "ps_k", sd.count)
            slot = f"{sd.buf}[ps_j * {sd.count} + ps_k]"
            body = f"{slot} = {el};" if pack else f"{el} = {slot};"
            out.append(f"{i2}for (int ps_k = 0; ps_k < {sd.count}; ps_k++)\n{i3}{body}\n")
    for rq in nulls or []:
        ref = rq[1:].strip() if rq.startswith("&") else f"*({rq})"
        out.append(f"{i2}{ref} = MPI_REQUEST_NULL;\n")
    out += [f"{i2}ps_j++;\n", f"{i1}}}\n"]
    return out


def _with_include(code: Code, new: str) -> str:
    """``new`` with ``#include <stdlib.h>`` (malloc/free) after the file's last top-level
    include when the file does not include it already."""
    incs = [n for n in code.tree.root_node.children if n.type == "preproc_include"]
    names = {code.text_of(n.child_by_field_name("path") or n) for n in incs}
    if names & {"<stdlib.h>", "<cstdlib>"}:
        return new
    lines = new.splitlines(keepends=True)
    at = incs[-1].end_point[0] if incs else 0
    if incs and incs[-1].end_point[1] == 0:
        at = incs[-1].end_point[0]
    elif incs:
        at = incs[-1].end_point[0] + 1
    lines.insert(at, "#include <stdlib.h>\n")
    return "".join(lines)


def message_loops(root: Path) -> list[tuple[str, int]]:
    """(relative path, line) of each ``for`` loop in the project's C/C++ sources whose body
    calls a point-to-point MPI function itself: where :func:`pack_messages` can be tried when
    the profile's hot lines are elsewhere (a run spending its time inside the MPI library has
    few samples on the loop that calls it)."""
    from perfscout.transform.caller import Project

    out = []
    for c in Project(Code("", "empty.c"), root).codes[1:]:
        if not any(name in c.text for name in _LAYOUT):
            continue
        for n in (d for d in walk(c.tree.root_node) if d.type == "for_statement"):
            body = n.child_by_field_name("body")
            stmts = body.named_children if body is not None and \
                body.type == "compound_statement" else [body] if body is not None else []
            for st in stmts:
                call = _call_of(st)
                fn = call.child_by_field_name("function") if call is not None else None
                if fn is not None and c.text_of(fn) in _LAYOUT:
                    out.append((c.path, n.start_point[0] + 1))
                    break
    return out


__all__ = ["C_TYPES", "NAME", "message_loops", "pack_messages"]
