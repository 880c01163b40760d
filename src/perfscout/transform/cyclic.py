"""Deal an MPI block decomposition's iterations round-robin (``rebalance_decomposition``).

A loop that gives each rank one contiguous block, ``for (i = rank * chunk; i < (rank + 1) *
chunk; i++)`` or ``for (i = first; i < last; i++)`` with ``first``/``last`` computed from the
rank and the number of ranks, leaves one rank with most of the work when the cost per
iteration varies along the range (the interior of a fractal, a triangular matrix). The cyclic
distribution ``for (i = lo + rank; i < hi; i += size)`` spreads every part of the range over
all ranks; each iteration is still done by exactly one rank.

The bounds are read from the tree and evaluated (C integer arithmetic, on sampled sizes and
rank counts) after the scalars they are computed from are substituted: the blocks must tile
one range ``[lo, hi)`` (rank r's end is rank r+1's start), which becomes the cyclic loop's
range (``hi`` written as the program's own variable when it equals one, e.g. ``height``).

Legal only when what the loop produces does not depend on which rank computed which
iteration, read from the parsed function: every array element it writes (or hands to a call,
``X + i * w`` / ``&X[i]``) is addressed by the loop variable, not by the position in the rank's
block (``local[i - first]``); a scalar it writes is a reduction (``s += ...``) or set before it
is read in each iteration; and after the loop every such array or scalar reaches an
``MPI_Reduce``/``MPI_Allreduce`` (element by element, so the rows each rank left untouched
combine as before). Results gathered by position (``MPI_Gather``/``Gatherv``/``Allgather``,
a ``send``: rank r's block lands at offset r) are refused naming the call, as are block
bounds used again after the loop. C/C++ only.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.caller import Project
from perfscout.transform.cnames import call_args, call_name
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "rebalance_decomposition"
REDUCE = frozenset({"MPI_Reduce", "MPI_Allreduce", "MPI_Ireduce", "MPI_Iallreduce",
                    "MPI_Reduce_local"})
BY_POSITION = frozenset({"MPI_Gather", "MPI_Gatherv", "MPI_Allgather", "MPI_Allgatherv",
                         "MPI_Igather", "MPI_Igatherv", "MPI_Iallgather", "MPI_Iallgatherv",
                         "MPI_Send", "MPI_Isend", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend",
                         "MPI_Put", "MPI_File_write_at", "MPI_File_write_at_all"})
_SAMPLES = 24


class _No(Exception):
    """Not a block-decomposed loop, or not legal to deal round-robin: the message says why."""


class _Unknown(Exception):
    """An expression the evaluator cannot compute (a call, a float)."""


def _cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _eval(code: Code, n: Node, env: dict[str, int]) -> int:
    """C integer value of expression ``n`` with identifiers from ``env``."""
    t = n.type
    if t == "number_literal":
        s = code.text_of(n).rstrip("uUlL")
        if not re.fullmatch(r"\d+", s):
            raise _Unknown(s)
        return int(s)
    if t == "identifier":
        name = code.text_of(n)
        if name not in env:
            raise _Unknown(name)
        return env[name]
    if t == "parenthesized_expression" and n.named_children:
        return _eval(code, n.named_children[0], env)
    if t == "cast_expression":
        ty = n.child_by_field_name("type")
        if ty is not None and re.search(r"float|double", code.text_of(ty)):
            raise _Unknown("a floating-point cast")
        v = n.child_by_field_name("value")
        if v is None:
            raise _Unknown("cast")
        return _eval(code, v, env)
    if t == "unary_expression":
        op = code.text_of(n.child_by_field_name("operator") or n)[:1]
        a = _eval(code, n.child_by_field_name("argument") or n.named_children[-1], env)
        return {"-": -a, "+": a, "!": int(not a)}.get(op, _raise(op))
    if t == "conditional_expression":
        c = n.child_by_field_name("condition")
        yes, no = n.child_by_field_name("consequence"), n.child_by_field_name("alternative")
        if c is None or yes is None or no is None:
            raise _Unknown("?:")
        return _eval(code, yes if _eval(code, c, env) else no, env)
    if t == "binary_expression":
        a = _eval(code, n.child_by_field_name("left") or n, env)
        b = _eval(code, n.child_by_field_name("right") or n, env)
        op = code.text_of(n.child_by_field_name("operator") or n)
        ops: dict[str, Callable[[int, int], int]] = {
            "+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
            "/": _cdiv, "%": lambda x, y: x - _cdiv(x, y) * y,
            "==": lambda x, y: int(x == y), "!=": lambda x, y: int(x != y),
            "<": lambda x, y: int(x < y), "<=": lambda x, y: int(x <= y),
            ">": lambda x, y: int(x > y), ">=": lambda x, y: int(x >= y),
            "&&": lambda x, y: int(bool(x and y)), "||": lambda x, y: int(bool(x or y))}
        if op not in ops:
            raise _Unknown(op)
        return ops[op](a, b)
    raise _Unknown(t)


def _raise(op: str) -> int:
    raise _Unknown(op)


@dataclass
class _Defs:
    """The single definitions (before the loop) of the function's integer scalars."""

    code: Code
    values: dict[str, Node]
    nodes: dict[str, Node]  # the statement that defines it

    def expand(self, n: Node, seen: frozenset[str] = frozenset()) -> str:
        """``n``'s text with defined scalars replaced by their (parenthesised) values."""
        code = self.code
        base = n.start_byte
        out = code.data[n.start_byte:n.end_byte]
        reps = []
        for d in walk(n):
            nm = code.text_of(d) if d.type == "identifier" else ""
            if nm in self.values and nm not in seen and not _is_callee(d):
                reps.append((d, "(" + self.expand(self.values[nm], seen | {nm}) + ")"))
        for d, txt in sorted(reps, key=lambda r: -r[0].start_byte):
            out = out[:d.start_byte - base] + txt.encode() + out[d.end_byte - base:]
        return out.decode()


def _is_callee(d: Node) -> bool:
    p = d.parent
    return p is not None and p.type == "call_expression" and p.child_by_field_name(
        "function") == d


def _definitions(code: Code, fn: Node, before: int) -> _Defs:
    vals: dict[str, Node] = {}
    stmts: dict[str, Node] = {}
    count: dict[str, int] = {}
    for d in walk(fn):
        name, val, stmt = "", None, None
        if d.type == "init_declarator":
            dd, val = d.child_by_field_name("declarator"), d.child_by_field_name("value")
            name = code.text_of(dd) if dd is not None and dd.type == "identifier" else ""
            stmt = d.parent
        elif d.type == "assignment_expression":
            left = d.child_by_field_name("left")
            name = code.text_of(left) if left is not None and left.type == "identifier" else ""
            op = code.text_of(d.child_by_field_name("operator") or d)
            val = d.child_by_field_name("right") if op == "=" else None
            stmt = d.parent
        elif d.type == "update_expression":
            arg = d.child_by_field_name("argument")
            name = code.text_of(arg) if arg is not None and arg.type == "identifier" else ""
        if not name:
            continue
        count[name] = count.get(name, 0) + 1
        if val is not None and any(x.type in ("call_expression", "string_literal")
                                   or (x.type == "number_literal" and not re.fullmatch(
                                       r"\d+[uUlL]*", code.text_of(x))) for x in walk(val)):
            val = None  # not integer arithmetic: the name stays a free size
        if val is not None and d.start_byte < before and stmt is not None:
            vals[name], stmts[name] = val, stmt
    once = {k: v for k, v in vals.items() if count[k] == 1}
    return _Defs(code, once, {k: stmts[k] for k in once})


def _mpi_var(code: Code, fn: Node, call: str) -> str:
    for d in walk(fn):
        if d.type == "call_expression" and call_name(code, d) == call:
            a = call_args(d)
            if len(a) == 2 and a[1].type == "pointer_expression":
                arg = a[1].child_by_field_name("argument")
                if arg is not None and arg.type == "identifier":
                    return code.text_of(arg)
    return ""


@functools.lru_cache(maxsize=256)
def _parsed(text: str) -> tuple[Code, Node] | None:
    """The parsed C expression ``text`` (a tiny translation unit around it), with its tree."""
    c = Code(f"int x_ = {text};\n", "expr.c")
    for d in walk(c.tree.root_node):
        if d.type == "init_declarator":
            v = d.child_by_field_name("value")
            if v is not None:
                return c, v
    return None


def _expr(text: str) -> Node | None:
    got = _parsed(text)
    return got[1] if got is not None else None


def _value(text: str, env: dict[str, int]) -> int:
    got = _parsed(text)
    if got is None:
        raise _Unknown(text)
    return _eval(got[0], got[1], env)


@dataclass
class _Range:
    lo: str  # the first iteration of rank 0
    hi: str  # one past the last rank's last iteration


def _tiling(lower: str, upper: str, rank: str, size: str, free: list[str],
            names: dict[str, str]) -> _Range:
    """Check on samples that ``[lower(r), upper(r))`` for r = 0..size-1 tile one range;
    return how to write that range: ``0`` or one of ``names`` (a program variable -> its
    value expanded) when the range's ends equal it, else the bound at rank 0 / size - 1."""
    rng = random.Random(20261204)
    lo_is: dict[str, bool] = {"0": True, **{f: True for f in names}}
    hi_is: dict[str, bool] = {f: True for f in names}
    good = 0
    for _ in range(_SAMPLES * 4):
        if good >= _SAMPLES:
            break
        env = {f: rng.randint(1, 5000) for f in free}
        env[size] = rng.randint(1, 9)
        try:
            lows = [_value(lower, {**env, rank: r}) for r in range(env[size])]
            highs = [_value(upper, {**env, rank: r}) for r in range(env[size])]
        except ZeroDivisionError:
            continue
        if any(h < lo for lo, h in zip(lows, highs, strict=True)):
            continue  # sizes too small for this decomposition: say nothing about them
        good += 1
        for r in range(env[size] - 1):
            if highs[r] != lows[r + 1]:
                raise _No(f"rank {r}'s block ends at {highs[r]} but rank {r + 1}'s starts at "
                          f"{lows[r + 1]} (with {size} = {env[size]}): the bounds are not "
                          "contiguous blocks of one range")
        for f in lo_is:
            lo_is[f] = lo_is[f] and lows[0] == (0 if f == "0" else _try(names[f], env))
        for f in hi_is:
            hi_is[f] = hi_is[f] and highs[-1] == _try(names[f], env)
    if good == 0:
        raise _No("the block bounds could not be evaluated on any sample size")
    lo = next((f for f, ok in lo_is.items() if ok), "")
    hi = next((f for f, ok in hi_is.items() if ok), "")
    return _Range(lo or f"({_subst(lower, rank, '0')})",
                  hi or f"({_subst(upper, rank, f'({size} - 1)')})")


def _try(text: str, env: dict[str, int]) -> int | None:
    try:
        return _value(text, env)
    except (_Unknown, ZeroDivisionError):
        return None


def _subst(text: str, name: str, by: str) -> str:
    return re.sub(rf"(?<![\w.]){re.escape(name)}(?!\w)", by, text)


def _bounds(code: Code, lp: Loop, defs: _Defs) -> tuple[str, str]:
    lower = lp.lower_node
    upper = lp.upper_node
    if lower is None or upper is None:
        raise _No(f"the loop at line {lp.line} has no bounds to read")
    lo = defs.expand(lower)
    hi = defs.expand(upper)
    if lp.inclusive:
        hi = f"({hi}) + 1"
    return lo, hi


def _loop_at(code: Code, line: int, rank: str, defs: _Defs) -> Loop:
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    if not nodes:
        raise _No(f"line {line} is not inside a for loop")
    for n in reversed(nodes):  # outermost first: the loop over the decomposed range
        lp = code.loop(n)
        if not lp.var or lp.lower_node is None or lp.upper_node is None:
            continue
        lo, hi = _bounds(code, lp, defs)
        if re.search(rf"(?<!\w){re.escape(rank)}(?!\w)", lo + " " + hi):
            if not lp.counted or lp.step != 1:
                raise _No(lp.problem or f"the loop over {lp.var} at line {lp.line} does not "
                          "step by 1")
            return lp
    raise _No(f"no loop around line {line} has bounds computed from the rank ({rank})")


def cyclic(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The diff dealing the block-decomposed loop at ``line`` round-robin over the ranks; a
    Refusal naming what makes it illegal or unrecognised."""
    try:
        return _cyclic(code, line, rel)
    except _No as e:
        return Refusal(WHAT, str(e))


def _cyclic(code: Code, line: int, rel: str) -> Generated:
    if code.fortran:
        raise _No("Fortran MPI loops are not handled (C/C++ only)")
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        raise _No(f"line {line} is not inside a function")
    rank, size = _mpi_var(code, fn, "MPI_Comm_rank"), _mpi_var(code, fn, "MPI_Comm_size")
    if not rank or not size:
        raise _No(f"{code.function_name(fn)} does not call MPI_Comm_rank and MPI_Comm_size "
                  "(the rank and the number of ranks the bounds would use)")
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    defs = _definitions(code, fn, nodes[-1].start_byte if nodes else at.start_byte
                        if at is not None else 0)
    lp = _loop_at(code, line, rank, defs)
    lo_text, hi_text = _bounds(code, lp, defs)
    lo_n, hi_n = _expr(lo_text), _expr(hi_text)
    if lo_n is None or hi_n is None:
        raise _No(f"the bounds of the loop at line {lp.line} do not parse once expanded")
    free = sorted({x for t in (lo_text, hi_text) for x in re.findall(r"[A-Za-z_]\w*", t)}
                  - {rank, size, "int", "long", "unsigned", "size_t", "short", "char"})
    named = {x for b in (lp.lower_node, lp.upper_node) if b is not None for x in walk(b)
             if x.type == "identifier"}
    names = {f: f for f in free}
    for x in named:
        nm = code.text_of(x)
        if nm not in (rank, size) and not _is_callee(x):
            names[nm] = defs.expand(x)
    todo = list(names)
    while todo:  # the names the bounds' definitions use, at every level
        nm = todo.pop()
        if nm in defs.values:
            for x in walk(defs.values[nm]):
                sub = code.text_of(x)
                if x.type == "identifier" and sub not in (rank, size) and sub not in names:
                    names[sub] = defs.expand(x)
                    todo.append(sub)
    try:
        rg = _tiling(lo_text, hi_text, rank, size, free, names)
    except _Unknown as e:
        raise _No(f"the bounds of the loop at line {lp.line} ({lo_text} .. {hi_text}) are not "
                  f"integer arithmetic the check can evaluate ({e})") from e
    used = _check_body(code, fn, lp, rank, size, defs)
    _check_combined(code, fn, lp, used)
    # the rank's block, named after the loop (a second pass over it, a count sent): refused
    block = _block_names(code, rank, defs)
    for d in walk(fn):
        if d.type == "identifier" and d.start_byte >= lp.node.end_byte and \
                code.text_of(d) in block - {rank}:
            raise _No(f"{code.text_of(d)}, computed from the rank's block, is used again at "
                      f"line {d.start_point[0] + 1} after the loop")
    # the definitions only the old header used are dropped
    header = (lp.node.start_byte, (lp.node.child_by_field_name("body") or lp.node).start_byte)
    block_vars: list[str] = []
    spans = [header]
    changed = True
    while changed:  # a definition used only by dropped ones is dropped too
        changed = False
        for v in sorted(block - {rank} - set(block_vars)):
            stmt = defs.nodes.get(v)
            if stmt is None:
                continue
            uses = [d for d in walk(fn) if d.type == "identifier" and code.text_of(d) == v
                    and not stmt.start_byte <= d.start_byte < stmt.end_byte
                    and not any(a <= d.start_byte < b for a, b in spans)]
            if not uses:
                block_vars.append(v)
                spans.append((stmt.start_byte, stmt.end_byte))
                changed = True
    return _emit(code, rel, fn, lp, rg, rank, size, defs, block_vars)


def _check_body(code: Code, fn: Node, lp: Loop, rank: str, size: str, defs: _Defs
                ) -> set[str]:
    """The arrays and scalars the loop's iterations produce; raises naming a write that
    depends on the rank's block rather than on the iteration."""
    var = lp.var
    block = _block_names(code, rank, defs)
    out: set[str] = set()
    scalars_read_first: set[str] = set()
    seen_def: set[str] = set()
    assigned: set[str] = set()
    body = lp.node.child_by_field_name("body")
    if body is None:
        raise _No(f"the loop at line {lp.line} has no body")
    # names local to an iteration: declared in the body, counters of the loops inside it
    local = {code.text_of(x.child_by_field_name("declarator") or x) for x in walk(body)
             if x.type == "init_declarator"} | {
        code.loop(x).var for x in walk(body) if x.type == C_LOOP and code.loop(x).var}
    for d in walk(body):
        if d.type in ("assignment_expression", "update_expression"):
            left = d.child_by_field_name("left") or d.child_by_field_name("argument")
            if left is None:
                continue
            op = code.text_of(d.child_by_field_name("operator") or d)
            if left.type == "identifier":
                nm = code.text_of(left)
                if nm in local:
                    continue
                if d.type == "update_expression" or op in ("+=", "-=", "*=", "|=", "&="):
                    out.add(nm)  # a reduction
                elif nm in code.identifiers(d.child_by_field_name("right") or left):
                    out.add(nm)  # s = s + e
                else:
                    assigned.add(nm)
                    if nm not in scalars_read_first:
                        seen_def.add(nm)
                continue
            base = left
            while base.type in ("subscript_expression", "field_expression",
                                "pointer_expression", "parenthesized_expression"):
                nxt = base.child_by_field_name("argument") or (
                    base.named_children[0] if base.named_children else None)
                if nxt is None:
                    break
                base = nxt
            if base.type != "identifier":
                raise _No(f"line {d.start_point[0] + 1}: '{code.text_of(d)}' writes through "
                          "an expression the check cannot follow")
            _by_index(code, left, var, block, d, code.text_of(base))
            out.add(code.text_of(base))
        elif d.type == "call_expression":
            for a in call_args(d):
                if a.type in ("binary_expression", "pointer_expression") and \
                        var in code.identifiers(a):
                    arr = next((x for x in walk(a) if x.type == "identifier"
                                and code.text_of(x) != var), None)
                    if arr is not None and arr.parent is not None and (
                            (a.type == "binary_expression" and arr.parent == a) or
                            a.type == "pointer_expression"):
                        _by_index(code, a, var, block, d, code.text_of(arr))
                        out.add(code.text_of(arr))
        elif d.type == "identifier" and d.parent is not None:
            nm = code.text_of(d)
            if nm not in seen_def:
                scalars_read_first.add(nm)
    carried = sorted(n for n in assigned & scalars_read_first if n not in out)
    if carried:
        raise _No(f"{carried[0]} is read before it is set in an iteration of the loop over "
                  f"{var} (line {lp.line}): a value carried from one iteration to the next, "
                  "which a round-robin order would change")
    return out


def _block_names(code: Code, rank: str, defs: _Defs) -> set[str]:
    """The rank and the scalars computed from it (the bounds of the rank's block)."""
    return {rank} | {k for k, v in defs.values.items()
                     if re.search(rf"(?<!\w){re.escape(rank)}(?!\w)", defs.expand(v))}


def _by_index(code: Code, ref: Node, var: str, block: set[str], stmt: Node, name: str) -> None:
    ids = code.identifiers(ref)
    line = stmt.start_point[0] + 1
    if ids & block:
        raise _No(f"line {line}: {code.text_of(ref)} is placed by its position in the rank's "
                  f"block ({', '.join(sorted(ids & block))}): a round-robin distribution "
                  "needs another index map and gather")
    if var not in ids:
        raise _No(f"line {line}: {code.text_of(ref)} is not addressed by the loop variable "
                  f"{var}: iterations share it")


def _check_combined(code: Code, fn: Node, lp: Loop, produced: set[str]) -> None:
    """Every array or scalar the loop produces reaches a reduction after it; none is sent or
    gathered by position."""
    if not produced:
        raise _No(f"the loop over {lp.var} at line {lp.line} produces nothing the check sees")
    reduced: set[str] = set()
    for d in walk(fn):
        if d.type != "call_expression" or d.start_byte < lp.node.end_byte:
            continue
        name = call_name(code, d)
        if not name.startswith("MPI_"):
            continue
        args = call_args(d)
        if args and code.text_of(args[0]).strip() == "MPI_IN_PLACE":
            args = args[1:]
        first = code.identifiers(args[0]) if args else set()
        hit = first & produced
        if not hit:
            continue
        if name in BY_POSITION:
            raise _No(f"the per-rank results ({', '.join(sorted(hit))}) are combined by "
                      f"{name} at line {d.start_point[0] + 1}, which places each rank's block "
                      "by its position: a round-robin distribution would put the iterations in "
                      "the wrong places (the gather would have to be rewritten too)")
        if name in REDUCE:
            reduced |= hit
    missing = sorted(produced - reduced)
    if missing:
        raise _No(f"{missing[0]}, produced by the loop over {lp.var} (line {lp.line}), is not "
                  "combined by an MPI reduction after it (MPI_Reduce/MPI_Allreduce), so which "
                  "rank holds which iteration matters")


def _emit(code: Code, rel: str, fn: Node, lp: Loop, rg: _Range, rank: str, size: str,
          defs: _Defs, block_vars: list[str]) -> Generated:
    n = lp.node
    init, cond, upd = (n.child_by_field_name("initializer"), n.child_by_field_name("condition"),
                       n.child_by_field_name("update"))
    assert init is not None and cond is not None and upd is not None
    start = rank if rg.lo == "0" else f"{rg.lo} + {rank}"
    decl = f"{lp.decl_type} " if lp.decl_type else ""
    head = f"{decl}{lp.var} = {start}; {lp.var} < {rg.hi}; {lp.var} += {size}"
    data = code.data
    new = data[:init.start_byte] + head.encode() + data[upd.end_byte:]
    # the loop's old header ends with ';' in the initializer's declaration: cut up to update
    text = new.decode()
    indent = code.indent_at(lp.line)
    lines = text.splitlines(keepends=True)
    lines.insert(lp.line - 1, f"{indent}/* iterations dealt round-robin over the ranks "
                              "(rebalance_decomposition): contiguous blocks left one rank with "
                              "most of the work */\n")
    # the block bounds' own definitions, now unused
    drop = sorted({defs.nodes[v].start_point[0] for v in block_vars
                   if defs.nodes[v].type == "declaration"
                   and len(defs.nodes[v].children_by_field_name("declarator")) == 1
                   and defs.nodes[v].start_point[0] == defs.nodes[v].end_point[0]},
                  reverse=True)
    for row in drop:
        del lines[row]
    out = "".join(lines)
    note = (f"the loop over {lp.var} at {rel}:{lp.line} gave each rank one block "
            f"[{lp.lower}, {lp.upper}); now rank r takes {lp.var} = {start}, + {size}, ... "
            f"< {rg.hi}; each iteration is still computed once and its results reach the "
            "same reduction (a floating-point sum may round differently)")
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)




def rank_loops(root: Path) -> list[tuple[str, int]]:
    """(relative path, line) of each ``for`` loop in the project's C/C++ sources whose bounds
    are computed from the MPI rank (directly or through scalars set before it): where
    :func:`cyclic` can be tried."""
    out = []
    for c in Project(Code("", "empty.c"), root).codes[1:]:
        if "MPI_Comm_rank" not in c.text:
            continue
        for fn in (d for d in walk(c.tree.root_node) if d.type == "function_definition"):
            rank = _mpi_var(c, fn, "MPI_Comm_rank")
            if not rank:
                continue
            for n in (d for d in walk(fn) if d.type == C_LOOP):
                lp = c.loop(n)
                if lp.lower_node is None or lp.upper_node is None:
                    continue
                lo, hi = _bounds(c, lp, _definitions(c, fn, n.start_byte))
                if re.search(rf"(?<!\w){re.escape(rank)}(?!\w)", f"{lo} {hi}"):
                    out.append((c.path, lp.line))
    return out


__all__ = ["WHAT", "cyclic", "rank_loops"]
