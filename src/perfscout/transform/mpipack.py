"""mpi_aggregate_messages: one-element ``MPI_Sendrecv`` calls in a loop become one packed call.

``for (j = lo; j < hi; j++) MPI_Sendrecv(&S[f(j)], 1, T, dest, tag, &R[g(j)], 1, T, src, tag,
comm, st);`` sends ``hi - lo`` messages of one element each: the latency of each, not the
bytes, is the cost. It becomes: the elements copied into a send buffer by the same loop, one
``MPI_Sendrecv`` of ``hi - lo`` elements, the received buffer copied out by the same loop.
C/C++ only.

Legal only when (else refused, naming it):

- the loop is counted with step 1 and its body is that one call; both counts are ``1``; the
  buffers are elements addressed through the loop variable (``&X[...]`` or ``X + e``); the
  send and receive types are the same MPI type of a C type (``MPI_DOUBLE`` -> ``double``...);
  the partners, tags and communicator do not change in the loop;
- what the loop receives is not what a later iteration sends: distinct arrays (distinct names
  are assumed not to overlap, as the dependence tests do), or the same array with the
  elements provably apart (a row of ``hi - lo`` elements at ``base + j`` whose bases differ by
  at least that length; a fixed first subscript differing by a constant);
- the received elements are copied into the receive buffer first, so a partner that sends
  nothing (``MPI_PROC_NULL``) leaves them as they were, as the one-element receives did;
- every one-element point-to-point call in a loop of the function is such a loop, and all of
  them are packed together: each rank runs the same function, so a message packed on one side
  is received packed on the other (an ``MPI_Send``/``MPI_Recv`` loop is refused: its partner
  loop would have to change too, and it may be elsewhere).
"""

from __future__ import annotations

from perfscout.transform.affine import _add, poly
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "mpi_aggregate_messages"
C_TYPES = {"MPI_DOUBLE": "double", "MPI_FLOAT": "float", "MPI_INT": "int", "MPI_LONG": "long",
           "MPI_CHAR": "char", "MPI_UNSIGNED": "unsigned", "MPI_LONG_LONG": "long long",
           "MPI_SHORT": "short", "MPI_UNSIGNED_LONG": "unsigned long"}
P2P = frozenset({"MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Ssend", "MPI_Bsend",
                 "MPI_Rsend", "MPI_Issend"})


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _calls(code: Code, scope: Node, names: frozenset[str]) -> list[Node]:
    out = []
    for n in walk(scope):
        if n.type == "call_expression":
            fn = n.child_by_field_name("function")
            if fn is not None and code.text_of(fn) in names:
                out.append(n)
    return out


def _args(call: Node) -> list[Node]:
    a = call.child_by_field_name("arguments")
    return [x for x in (a.named_children if a is not None else ()) if x.type != "comment"]


def _loop_of(code: Code, call: Node) -> Node | None:
    """The counted loop whose whole body is the statement of ``call``."""
    stmt = call.parent
    if stmt is None or stmt.type != "expression_statement":
        return None
    p = stmt.parent
    if p is not None and p.type == "compound_statement":
        if len([c for c in p.named_children if c.type != "comment"]) != 1:
            return None
        p = p.parent
    return p if p is not None and p.type == C_LOOP else None


def _element(code: Code, e: Node) -> tuple[str, list[Node]] | None:
    """(array, subscripts) of ``&X[a][b]`` or ``X + a``."""
    if e.type == "pointer_expression" and code.text_of(e).startswith("&"):
        cur = e.named_children[-1]
        subs: list[Node] = []
        while cur.type == "subscript_expression":
            idx = cur.child_by_field_name("index") or cur.child_by_field_name("indices")
            if idx is None:
                return None
            if idx.type == "subscript_argument_list":
                idx = idx.named_children[0] if idx.named_children else None
                if idx is None:
                    return None
            subs.insert(0, idx)
            arg = cur.child_by_field_name("argument")
            if arg is None:
                return None
            cur = arg
        if cur.type == "identifier" and subs:
            return code.text_of(cur), subs
        return None
    if e.type == "binary_expression":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        op = e.child_by_field_name("operator")
        if left is not None and right is not None and op is not None and \
                code.text_of(op) == "+" and left.type == "identifier":
            return code.text_of(left), [right]
    return None


def _apart(code: Code, lp: Loop, s: list[Node], r: list[Node]) -> bool:
    """Whether the sent elements ``X[s(j)]`` and the received ``X[r(j)]`` never meet."""
    ps, pr = [poly(code, x) for x in s], [poly(code, x) for x in r]
    if any(p is None for p in ps + pr) or len(ps) != len(pr):
        return False
    for a, b in zip(ps, pr, strict=True):
        assert a is not None and b is not None
        d = _add(a, b, -1)
        if d and all(m == () for m in d) and not any((lp.var,) == m or lp.var in m
                                                     for m in (*a, *b)):
            return True  # a fixed subscript differing by a constant
    if len(ps) != 1:
        return False
    a, b = ps[0], pr[0]
    assert a is not None and b is not None
    if a.get((lp.var,)) != 1 or b.get((lp.var,)) != 1 or any(
            lp.var in m and m != (lp.var,) for m in (*a, *b)):
        return False
    lo, hi = poly(code, lp.lower_node) if lp.lower_node else None, \
        poly(code, lp.upper_node) if lp.upper_node else None
    if lo is None or hi is None:
        return False
    length = _add(_add(hi, lo, -1), {(): 1}, 1) if lp.inclusive else _add(hi, lo, -1)
    d = _add(a, b, -1)
    for gap in (_add(d, length, -1), _add(_add({}, d, -1), length, -1)):
        if all(m == () for m in gap) and gap.get((), 0) >= 0:
            return True
    return False


def _pack(code: Code, call: Node, lp: Loop) -> tuple[str, str] | str:
    """(the packed replacement of the loop, its element type) or why it cannot be packed."""
    a = _args(call)
    if len(a) != 12:
        return f"MPI_Sendrecv at line {lp.line} has {len(a)} arguments"
    t = [code.text_of(x) for x in a]
    if t[1] != "1" or t[6] != "1":
        return f"the MPI_Sendrecv at line {lp.line} moves {t[1]}/{t[6]} elements, not 1"
    if t[2] != t[7] or t[2] not in C_TYPES:
        return f"the MPI_Sendrecv at line {lp.line} sends {t[2]} and receives {t[7]}"
    if lp.step != 1 or not lp.counted:
        return lp.problem or f"the loop at line {lp.line} does not step by 1"
    for k in (3, 4, 8, 9, 10):
        if lp.var in code.identifiers(a[k]):
            return (f"argument {k + 1} of the MPI_Sendrecv at line {lp.line} ({t[k]}) changes "
                    f"with {lp.var}: the messages go to different places")
    snd, rcv = _element(code, a[0]), _element(code, a[5])
    if snd is None or rcv is None:
        return (f"the buffers of the MPI_Sendrecv at line {lp.line} ({t[0]}, {t[5]}) are not "
                "elements X[...] of an array")
    if snd[0] == rcv[0] and not _apart(code, lp, snd[1], rcv[1]):
        return (f"{snd[0]} is sent at {t[0]} and received at {t[5]} in the same loop (line "
                f"{lp.line}): a later iteration may send what an earlier one received")
    ctype = C_TYPES[t[2]]
    ind = code.indent_at(lp.line)
    body_node = lp.node.child_by_field_name("body")
    if body_node is None or lp.upper_node is None or lp.lower_node is None:
        return f"the loop at line {lp.line} has no plain bounds"
    header = " ".join(code.data[lp.node.start_byte:body_node.start_byte].decode().split())
    lo = code.text_of(lp.lower_node)
    n = f"({code.text_of(lp.upper_node)}) - ({lo})" + (" + 1" if lp.inclusive else "")
    sel = f"{snd[0]}" + "".join(f"[{code.text_of(x)}]" for x in snd[1]) \
        if a[0].type == "pointer_expression" else f"{snd[0]}[{code.text_of(snd[1][0])}]"
    rel_ = f"{rcv[0]}" + "".join(f"[{code.text_of(x)}]" for x in rcv[1]) \
        if a[5].type == "pointer_expression" else f"{rcv[0]}[{code.text_of(rcv[1][0])}]"
    pos = f"{lp.var} - ({lo})"
    body = [
        "{",
        f"    int n_pack = {n};",
        f"    {ctype} *send_pack = ({ctype} *)malloc((size_t)(n_pack > 0 ? n_pack : 1) "
        f"* sizeof *send_pack);",
        f"    {ctype} *recv_pack = ({ctype} *)malloc((size_t)(n_pack > 0 ? n_pack : 1) "
        f"* sizeof *recv_pack);",
        f"    {header} {{",
        f"        send_pack[{pos}] = {sel};",
        f"        recv_pack[{pos}] = {rel_};  /* kept where nothing arrives (MPI_PROC_NULL) */",
        "    }",
        f"    MPI_Sendrecv(send_pack, n_pack, {t[2]}, {t[3]}, {t[4]},",
        f"                 recv_pack, n_pack, {t[7]}, {t[8]}, {t[9]}, {t[10]}, {t[11]});",
        f"    {header}",
        f"        {rel_} = recv_pack[{pos}];",
        "    free(send_pack);",
        "    free(recv_pack);",
        "}",
    ]
    return "\n".join((ind if i else "") + s for i, s in enumerate(body)), ctype


def mpi_pack(code: Code, line: int, rel: str) -> Generated | Refusal:
    """Pack every one-element ``MPI_Sendrecv`` loop of the function holding ``line`` into one
    call each; a Refusal naming why when one of them (or a one-element send/receive loop)
    cannot be."""
    if code.fortran:
        return _no("Fortran is not handled (C/C++ only)")
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        return _no(f"line {line} of {rel} is in no function")
    for c in _calls(code, fn, P2P):
        if _loop_of(code, c) is not None or code.loops_at(c.start_point[0] + 1):
            args = _args(c)
            if len(args) > 1 and code.text_of(args[1]) == "1":
                return _no(f"{code.text_of(c.child_by_field_name('function') or c)} of one "
                           f"element in a loop at line {c.start_point[0] + 1}: its partner "
                           "loop (the receive or the send) would have to change too")
    targets = []
    for c in _calls(code, fn, frozenset({"MPI_Sendrecv"})):
        args = _args(c)
        if len(args) < 7 or code.text_of(args[1]) != "1":
            continue
        loop = _loop_of(code, c)
        if loop is None:
            if code.loops_at(c.start_point[0] + 1):
                return _no(f"the MPI_Sendrecv of one element at line {c.start_point[0] + 1} "
                           "is not the only statement of its loop")
            continue
        targets.append((c, code.loop(loop)))
    if not any(lp.node.start_point[0] + 1 <= line <= lp.node.end_point[0] + 1
               for _c, lp in targets):
        return _no(f"no loop of one-element MPI_Sendrecv calls at {rel}:{line}")
    edits = []
    for c, lp in targets:
        got = _pack(code, c, lp)
        if isinstance(got, str):
            return _no(got)
        edits.append((lp.node.start_byte, lp.node.end_byte, got[0]))
    data = code.data
    for s, e, new in sorted(edits, reverse=True):
        data = data[:s] + new.encode() + data[e:]
    text = data.decode()
    if "<stdlib.h>" not in text and "<cstdlib>" not in text:
        text = "#include <stdlib.h>\n" + text
    note = (f"{len(targets)} loop(s) of one-element MPI_Sendrecv calls packed into one call "
            "each (lines " + ", ".join(str(lp.line) for _c, lp in targets) + "); the "
            "elements sent are not the ones received; distinct arrays assumed not to overlap")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)
