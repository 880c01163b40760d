"""What a loop nest reads and writes: array references, scalar events and blocking constructs.

:func:`analyse` walks the syntax tree under a loop once and records, in source order, every array
reference (with its affine subscript when it has one), every scalar definition, use and
reduction update (``s += e``, ``s = s + e``), the names declared inside, and every construct that
makes the dependence picture unknowable (a call to a function that is not known to be pure, a
write through a pointer or a struct field, ``break``/``return``/``goto``, a loop that is not
counted). The transformations decide legality from this record only.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from perfscout.transform.accessors import resolve
from perfscout.transform.affine import Dim, dims_of, poly
from perfscout.transform.source import C_LOOP, F_LOOP, FUNCTION_NODES, Code, Loop, Node, walk

#: functions without side effects (C math library, Fortran intrinsics)
PURE = frozenset({
    "sqrt", "sqrtf", "exp", "expf", "log", "logf", "log10", "pow", "powf", "sin", "sinf", "cos",
    "cosf", "tan", "tanh", "fabs", "fabsf", "abs", "labs", "floor", "ceil", "fmin", "fmax",
    "fma", "hypot", "atan", "atan2", "erf", "cbrt", "round", "trunc", "copysign", "min", "max",
    "dble", "real", "int", "nint", "mod", "modulo", "sign", "dabs", "dsqrt", "dexp", "dlog",
    "float", "sum", "size", "merge", "conjg", "aimag", "cmplx", "std::sqrt", "std::exp",
    "std::abs", "std::fabs", "std::max", "std::min", "std::pow", "std::sin", "std::cos",
})
REDUCTION_OPS = {"+=": "+", "-=": "+", "*=": "*"}


@dataclass(eq=False)
class Ref:
    """One array reference."""

    name: str
    dims: tuple[Dim, ...] | None  # None: the subscript is not affine
    write: bool
    read: bool
    line: int
    text: str
    loops: tuple[Loop, ...]  # enclosing loops inside the region, outermost first
    split: bool = False  # delinearised from one linear subscript
    fits: bool = True  # each split column index provably stays inside its row


@dataclass(frozen=True)
class Event:
    """A scalar definition (``def``), use (``use``) or reduction update (``red``)."""

    name: str
    kind: str
    line: int
    loops: tuple[Loop, ...]
    direct: bool  # unconditional, directly in the body of its innermost loop
    op: str = ""


@dataclass(frozen=True)
class Blocker:
    reason: str
    line: int
    loops: tuple[Loop, ...]


@dataclass
class Region:
    root: Loop
    loops: list[Loop] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    declared: dict[str, tuple[Loop, ...]] = field(default_factory=dict)
    blockers: list[Blocker] = field(default_factory=list)
    outer_vars: frozenset[str] = frozenset()  # loop variables fixed while the region runs

    def inside(self, lp: Loop) -> Region:
        """The part of this record under loop ``lp``."""
        sub = Region(lp)
        sub.loops = [x for x in self.loops if x is lp or _under(x, lp)]
        sub.refs = [r for r in self.refs if lp in r.loops]
        sub.events = [e for e in self.events if lp in e.loops]
        sub.declared = {k: v for k, v in self.declared.items() if lp in v}
        sub.blockers = [b for b in self.blockers if lp in b.loops]
        sub.outer_vars = self.outer_vars
        return sub


def _under(x: Loop, lp: Loop) -> bool:
    return any(c is x or _under(x, c) for c in lp.children)


class _Walker:
    def __init__(self, code: Code, root: Loop) -> None:
        self.code = code
        self.host = code  # the file itself, while self.code reads a macro's expansion
        self.reg = Region(root)
        scope = code.function_of(root.node)
        self.arrays = code.fortran_arrays(scope) if code.fortran else set()
        self.loop_vars: set[str] = set()
        self.outer_loops: list[Loop] = []  # loops around the region, innermost first
        self.equal = _set_before(code, root.node)

    # -- loops -------------------------------------------------------------------------
    def run(self) -> Region:
        self._collect_loops(self.reg.root, None)
        outer = set()
        n = self.reg.root.node.parent
        while n is not None and n.type not in FUNCTION_NODES:
            if n.type in (C_LOOP, F_LOOP) and self.code.loop(n).var:
                outer.add(self.code.loop(n).var)
                self.outer_loops.append(self.code.loop(n))
            n = n.parent
        inner = {lp.var for lp in self.reg.loops if lp.var}
        self.reg.outer_vars = frozenset(outer - inner)
        self.loop_vars = inner | outer
        self._loop(self.reg.root, ())
        return self.reg

    def _collect_loops(self, lp: Loop, parent: Loop | None) -> None:
        self.reg.loops.append(lp)
        lp.children = []
        if parent is not None:
            parent.children.append(lp)
        for d in _loops_below(lp.body):
            self._collect_loops(self.code.loop(d), lp)

    def _loop_obj(self, n: Node) -> Loop:
        return self.code.loop(n)

    def _loop(self, lp: Loop, outer: tuple[Loop, ...]) -> None:
        loops = (*outer, lp)
        if not lp.ordered:  # a loop counting down is placed in order (depend reverses it)
            self.reg.blockers.append(Blocker(lp.problem, lp.line, loops))
            return
        for bound in (lp.lower_node, lp.upper_node, lp.limit_node):
            for name in sorted(self.code.identifiers(bound)) if bound is not None else []:
                self._event(name, "use", lp.line, outer, bool(outer), "")
        if lp.decl_type:
            self.reg.declared[lp.var] = loops
        elif outer:
            self.reg.events.append(Event(lp.var, "def", lp.line, outer, True))
        for s in lp.body:
            self._stmt(s, loops, True)

    # -- statements --------------------------------------------------------------------
    def _stmt(self, n: Node, loops: tuple[Loop, ...], direct: bool) -> None:
        t = n.type
        line = n.start_point[0] + 1
        if t in (C_LOOP, F_LOOP, "for_range_loop", "while_statement") or (
                t == "do_statement" and not self.code.fortran):
            self._loop(self._loop_obj(n), loops)
        elif t == "compound_statement":
            for c in n.named_children:
                self._stmt(c, loops, direct)
        elif t == "expression_statement":
            for c in n.named_children:
                self._expr_stmt(c, loops, direct)
        elif t == "declaration":
            for d in n.children_by_field_name("declarator"):
                target = d.child_by_field_name("declarator") if d.type == "init_declarator" \
                    else d
                name = self.code.text_of(target) if target is not None else ""
                self.reg.declared[name] = loops
                val = d.child_by_field_name("value") if d.type == "init_declarator" else None
                if val is not None:
                    self._reads(val, loops, direct)
                    self.reg.events.append(Event(name, "def", line, loops, direct))
        elif t == "assignment_statement":
            self._assign(n.child_by_field_name("left") or n.named_children[0], "=",
                         n.child_by_field_name("right") or n.named_children[-1], loops, direct,
                         line)
        elif t in ("if_statement", "else_clause", "if_statement_block", "elseif_clause",
                   "block_construct"):
            for c in n.named_children:
                if c.type in ("parenthesized_expression", "condition_clause"):
                    self._reads(c, loops, direct)
                elif c.type not in ("comment", "end_if_statement", "else"):
                    self._stmt(c, loops, False)
        elif t in ("comment", "preproc_call", "preproc_pragma", "pragma", ";",
                   "continue_statement", "empty_statement"):
            return
        elif t == "subroutine_call":
            name = self.code.text_of(n.named_children[0]) if n.named_children else "?"
            self.reg.blockers.append(Blocker(f"call {name}(...) at line {line} may write "
                                             "anything", line, loops))
        else:
            what = self.code.text_of(n).split("\n")[0].strip()
            self.reg.blockers.append(Blocker(f"'{what}' at line {line} ({t.replace('_', ' ')}) "
                                             "is not analysed", line, loops))

    def _expr_stmt(self, e: Node, loops: tuple[Loop, ...], direct: bool) -> None:
        line = e.start_point[0] + 1
        if e.type == "assignment_expression":
            left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
            op = self.code.text_of(e.child_by_field_name("operator") or e)
            if left is not None and right is not None:
                self._assign(left, op, right, loops, direct, line)
        elif e.type == "update_expression":
            arg = e.child_by_field_name("argument")
            if arg is not None:
                self._target(arg, loops, direct, line, read=True, red="+")
        elif e.type == "comma_expression":
            for c in e.named_children:
                self._expr_stmt(c, loops, direct)
        else:
            self._reads(e, loops, direct)

    def _assign(self, left: Node, op: str, right: Node, loops: tuple[Loop, ...], direct: bool,
                line: int) -> None:
        red = REDUCTION_OPS.get(op, "")
        value = right
        if op == "=" and self._is_scalar(left):
            # s = s + e / s = e + s / s = s * e: a reduction update
            rop, other = self._self_update(left, right)
            if rop:
                red, value = rop, other
        self._reads(value, loops, direct)
        self._target(left, loops, direct, line, read=op != "=" and not red, red=red)

    def _self_update(self, left: Node, right: Node) -> tuple[str, Node]:
        if right.type not in ("binary_expression", "math_expression"):
            return "", right
        op = self.code.text_of(right.child_by_field_name("operator") or right)
        a, b = right.child_by_field_name("left"), right.child_by_field_name("right")
        name = self.code.name_of(left)
        if a is None or b is None or op not in ("+", "-", "*"):
            return "", right
        if a.type == "identifier" and self.code.name_of(a) == name and name not in \
                self.code.identifiers(b):
            return ("*" if op == "*" else "+"), b
        if op != "-" and b.type == "identifier" and self.code.name_of(b) == name and \
                name not in self.code.identifiers(a):
            return ("*" if op == "*" else "+"), a
        return "", right

    def _is_scalar(self, n: Node) -> bool:
        return n.type == "identifier"

    def _target(self, n: Node, loops: tuple[Loop, ...], direct: bool, line: int, *,
                read: bool, red: str) -> None:
        if n.type == "identifier":
            name = self.code.name_of(n)
            if red:
                self._event(name, "red", line, loops, direct, red)
            else:
                if read:
                    self._event(name, "use", line, loops, direct, "")
                self._event(name, "def", line, loops, direct, "")
            return
        acc = self._accessor(n)
        if acc is not None:
            self._accessor_ref(n, acc, loops, direct, line, write=True, read=read or bool(red))
            return
        ref = self._array_ref(n, loops, line, write=True, read=read or bool(red))
        if ref is None:
            self.reg.blockers.append(Blocker(
                f"write to '{self.code.text_of(n)}' at line {line} (through a pointer or a "
                "member) cannot be analysed", line, loops))
            return
        self.reg.refs.append(ref)
        for idx in self._indices(n):
            self._reads(idx, loops, direct)

    def _event(self, name: str, kind: str, line: int, loops: tuple[Loop, ...], direct: bool,
               op: str) -> None:
        self.reg.events.append(Event(name, kind, line, loops, direct, op))

    # -- expressions -------------------------------------------------------------------
    def _reads(self, n: Node, loops: tuple[Loop, ...], direct: bool) -> None:
        line = n.start_point[0] + 1
        t = n.type
        if t == "identifier":
            self._event(self.code.name_of(n), "use", line, loops, direct, "")
            return
        if self._is_array_node(n):
            ref = self._array_ref(n, loops, line, write=False, read=True)
            if ref is not None:
                self.reg.refs.append(ref)
            for idx in self._indices(n):
                self._reads(idx, loops, direct)
            return
        acc = self._accessor(n) if t == "call_expression" else None
        if acc is not None:
            self._accessor_ref(n, acc, loops, direct, line, write=False, read=True)
            return
        if t == "call_expression":
            fn = n.child_by_field_name("function") or n.named_children[0]
            name = self.code.name_of(fn)
            if name not in PURE and name not in self.code.pure_macros and \
                    name not in self.code.index_functions():
                self.reg.blockers.append(Blocker(
                    f"call to {name}() at line {line} may have side effects", line, loops))
            args = n.child_by_field_name("arguments") or (
                n.named_children[1] if len(n.named_children) > 1 else None)
            if args is not None:
                for a in args.named_children:
                    self._reads(a, loops, direct)
            for v in sorted(self._hidden_names(n, name)):
                self._event(v, "use", line, loops, direct, "")
            return
        if t in ("assignment_expression", "update_expression"):
            self.reg.blockers.append(Blocker(
                f"assignment inside an expression at line {line}", line, loops))
            return
        if t in ("pointer_expression", "field_expression"):
            # a read through a pointer/member: no write, no dependence source; the variables
            # it goes through are used (a loop that reassigns one carries a value)
            for name in sorted(self.code.identifiers(n)):
                self._event(name, "use", line, loops, direct, "")
            return
        for c in n.named_children:
            self._reads(c, loops, direct)

    def _hidden_names(self, call: Node, name: str) -> set[str]:
        """The variables an index function's body or a macro's expansion reads beyond the
        call's arguments (``nx`` in ``#define IX(i, j) ((i) * nx + (j))``): used at the
        call, so a loop that changes one carries it."""
        fns = self.code.index_functions()
        if name in fns:
            params, expr = fns[name]
            return self.code.identifiers(expr) - set(params)
        if name in self.code.pure_macros:
            text = self.code.text_of(call)
            seen = set(re.findall(r"[A-Za-z_]\w*", text))
            return set(re.findall(r"[A-Za-z_]\w*", self.code.expand_calls(text))) - seen
        return set()

    def _accessor(self, n: Node) -> tuple[Code, Node] | None:
        """The array element a call to an accessor macro names (``AT(a, i, j)`` defined as
        ``((a).v[(i) * (a).cols + (j)])``): the expansion parsed on its own, with its
        subscript node; None for any other node (a function call, a macro that expands to
        something else)."""
        if self.code.fortran or n.type != "call_expression":
            return None
        fn = n.child_by_field_name("function")
        if fn is not None and fn.type == "field_expression":  # cube.at(r, q, s)
            text = self._method_element(n, fn)
        elif fn is None or fn.type != "identifier" or \
                self.code.name_of(fn) not in self.code.pure_macros:
            return None
        else:
            text = self.code.expand_calls(self.code.text_of(n))
        if text is None or text == self.code.text_of(n) or "\n" in text:
            return None
        sub = Code(f"void perfscout_f(void) {{ perfscout_x = {text}; }}\n",
                   "expr.cpp" if self.code.lang == "cpp" else "expr.c")
        if sub.syntax_error(sub.tree.root_node):
            return None
        at = next((d for d in walk(sub.tree.root_node) if d.type == "assignment_expression"),
                  None)
        node = at.child_by_field_name("right") if at is not None else None
        while node is not None and node.type == "parenthesized_expression" and \
                len(node.named_children) == 1:
            node = node.named_children[0]
        return (sub, node) if node is not None and node.type == "subscript_expression" \
            else None

    def _method_element(self, call: Node, fn: Node) -> str | None:
        """``obj.at(i, j)`` written as the element the accessor method returns."""
        obj, field = fn.child_by_field_name("argument"), fn.child_by_field_name("field")
        op = next((c.type for c in fn.children if c.type in ("->", ".")), None)
        args = call.child_by_field_name("arguments")
        if obj is None or field is None or op is None or args is None or \
                self.code.member_path(fn) is None:
            return None
        acc = resolve(self.code, self.code.function_of(call), obj, self.code.text_of(field))
        return acc.expand(self.code.text_of(obj), op,
                          [self.code.text_of(a) for a in args.named_children]) \
            if acc is not None else None

    def _accessor_ref(self, n: Node, acc: tuple[Code, Node], loops: tuple[Loop, ...],
                      direct: bool, line: int, *, write: bool, read: bool) -> None:
        """Record the element an accessor macro call names (read from its expansion), the
        variables its arguments and expansion read, or a blocker when it is no array
        element the tests can read."""
        sub, node = acc
        own, self.code = self.code, sub
        try:
            ref = self._array_ref(node, loops, line, write=write, read=read)
        finally:
            self.code = own
        if ref is None:
            if write:
                self.reg.blockers.append(Blocker(
                    f"write to '{self.code.text_of(n)}' at line {line} (through a macro "
                    "that names no array element) cannot be analysed", line, loops))
            return
        self.reg.refs.append(replace(ref, text=self.code.text_of(n)))
        args = n.child_by_field_name("arguments")
        for a in args.named_children if args is not None else []:
            self._reads(a, loops, direct)
        fn = n.child_by_field_name("function")
        for v in sorted(self._hidden_names(n, self.code.name_of(fn)) if fn else ()):
            self._event(v, "use", line, loops, direct, "")

    def _is_array_node(self, n: Node) -> bool:
        if n.type == "subscript_expression":
            return True
        if n.type == "call_expression" and self.code.fortran:
            return bool(n.named_children) and self.code.name_of(n.named_children[0]) in \
                self.arrays
        return False

    def _base_and_indices(self, n: Node) -> tuple[Node | None, list[Node]]:
        if self.code.fortran:
            if n.type != "call_expression" or len(n.named_children) < 2:
                return None, []
            return n.named_children[0], [c for c in n.named_children[1].named_children]
        return subscripts(n)

    def _indices(self, n: Node) -> list[Node]:
        return self._base_and_indices(n)[1]

    def _array_ref(self, n: Node, loops: tuple[Loop, ...], line: int, *, write: bool,
                   read: bool) -> Ref | None:
        base, idx = self._base_and_indices(n)
        if base is None or not idx:
            return None
        name = self.code.name_of(base) if base.type == "identifier" else \
            self.code.member_path(base)
        if name is None:
            return None
        if base.type != "identifier":  # the variables a struct member's array goes through
            for v in sorted(self.code.identifiers(base)):
                self._event(v, "use", line, loops, True, "")
        polys = [poly(self.code, i) for i in idx]
        dims: tuple[Dim, ...] | None = None
        split = False
        if all(p is not None for p in polys):
            got = dims_of([p for p in polys if p is not None], self.loop_vars)
            if got is not None:
                dims, split = got
        fits = not split or (dims is not None and self._fits(dims, loops))
        return Ref(name, dims, write, read, line, self.code.text_of(n), loops, split, fits)

    def _fits(self, dims: tuple[Dim, ...], loops: tuple[Loop, ...]) -> bool:
        """Whether every split-off column index v + c stays in [0, row length) over its
        loop's bounds (so ``A[i*n + j]`` really is row i, column j): the lower bound a constant
        L with L + c >= 0, the upper bound the row length plus a constant u with the last
        value + c below it."""
        for k in range(1, len(dims)):
            big, small = Counter(dims[k - 1].stride), Counter(dims[k].stride)
            if small - big:
                return False
            row = tuple(sorted((big - small).elements()))
            d = dims[k]
            if not d.coefs:
                if d.const != 0:
                    return False
                continue
            if len(d.coefs) != 1 or d.coefs[0][1] != 1:
                return False
            scope = (*reversed(loops), *self.outer_loops)
            first, last = self._range(d.coefs[0][0], row, scope, 0)
            if first is None or last is None or first + d.const < 0 or last + d.const > -1:
                return False
        return True

    def _range(self, var: str, row: tuple[str, ...], scope: tuple[Loop, ...], depth: int
               ) -> tuple[int | None, int | None]:
        """(first value, last value - row length) of loop variable ``var``: its lower bound a
        constant, its upper bound the row length or an enclosing loop's variable (a
        triangular nest), each plus a constant; None where that cannot be shown."""
        lp = next((x for x in scope if x.var == var), None)
        if lp is None or lp.lower_node is None or lp.upper_node is None or depth > 8:
            return None, None
        lo, up = poly(self.host, lp.lower_node), poly(self.host, lp.upper_node)
        first = lo.get((), 0) if lo is not None and not set(lo) - {()} else None
        low_terms = set(lo) - {()} if lo is not None else set()
        if lo is not None and len(low_terms) == 1 and len(next(iter(low_terms))) == 1 and \
                lo[next(iter(low_terms))] == 1:  # `j = k + 1`: from where the loop over k starts
            below, _ = self._range(next(iter(low_terms))[0], row,
                                   tuple(x for x in scope if x is not lp), depth + 1)
            first = below + lo.get((), 0) if below is not None else None
        if up is None:
            return first, None
        shift = up.get((), 0) - (0 if lp.inclusive else 1)
        terms = set(up) - {()}
        if len(terms) == 1 and up[next(iter(terms))] == 1 and \
                self.equal.get(next(iter(terms))) == row:
            terms = {row}  # the bound is a size the row length was set to just before
            up = {row: 1, (): up.get((), 0)}
        if terms == {row} and up[row] == 1:
            return first, shift
        if len(terms) == 1 and len(next(iter(terms))) == 1 and up[next(iter(terms))] == 1:
            other = next(iter(terms))[0]
            _, top = self._range(other, row, tuple(x for x in scope if x is not lp), depth + 1)
            return first, (top + shift if top is not None else None)
        return first, None


def subscripts(n: Node) -> tuple[Node | None, list[Node]]:
    """The array and its index expressions, outermost first, of a C/C++ element (``a[i][j]``:
    ``a``, [``i``, ``j``]); (None, []) when a level holds no one index."""
    idx: list[Node] = []
    cur = n
    while cur.type == "subscript_expression":
        i = cur.child_by_field_name("index")
        if i is None:
            lst = cur.child_by_field_name("indices")
            ins = lst.named_children if lst is not None else []
            if len(ins) != 1:
                return None, []
            i = ins[0]
        idx.insert(0, i)
        nxt = cur.child_by_field_name("argument")
        if nxt is None:
            return None, []
        cur = nxt
    return cur, idx


def _set_before(code: Code, loop: Node) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Sizes set from one another by plain assignments ahead of ``loop`` in its function
    (``out->w = in->h;`` on a statement of an enclosing block, before the loop): each pair,
    both ways, when the function assigns the left side nowhere else and the right side nowhere
    after. What the dependence tests may substitute for a row length."""
    fn = code.function_of(loop)
    if fn is None or code.fortran:
        return {}
    writes: dict[str, list[Node]] = {}
    for n in walk(fn):
        if n.type in ("assignment_expression", "update_expression"):
            left = n.child_by_field_name("left") or n.child_by_field_name("argument")
            if left is not None:
                writes.setdefault(code.text_of(left).replace(" ", ""), []).append(n)
    ancestors = set()
    cur = loop.parent
    while cur is not None and cur is not fn:
        ancestors.add(cur.id)
        cur = cur.parent
    # `const int n = a.cols;` ahead of the loop, n never assigned again: set like `n = a.cols`
    for n in walk(fn):
        name_node = n.child_by_field_name("declarator") if n.type == "init_declarator" \
            else None
        decl = n.parent
        if name_node is not None and name_node.type == "identifier" and decl is not None \
                and decl.type == "declaration" and decl.parent is not None and \
                decl.parent.id in ancestors and n.end_byte <= loop.start_byte and \
                code.name_of(name_node) not in writes:
            writes[code.name_of(name_node)] = [n]
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for name, nodes in writes.items():
        a = nodes[0]
        if a.type == "init_declarator":
            right = a.child_by_field_name("value")
        else:
            stmt = a.parent
            if len(nodes) != 1 or a.type != "assignment_expression" or stmt is None or \
                    stmt.type != "expression_statement" or stmt.parent is None or \
                    stmt.parent.id not in ancestors or a.end_byte > loop.start_byte or \
                    code.text_of(a.child_by_field_name("operator") or a) != "=":
                continue
            right = a.child_by_field_name("right")
        rp = poly(code, right) if right is not None else None
        if rp is None or len(rp) != 1 or next(iter(rp.values())) != 1 or () in rp:
            continue
        src = next(iter(rp))
        if len(src) != 1 or any(x.start_byte > a.end_byte for x in writes.get(src[0], [])):
            continue
        out[(name,)] = src
        out.setdefault(src, (name,))
    return out


def _loops_below(stmts: list[Node]) -> list[Node]:
    """Loop nodes directly nested in these statements (not inside deeper loops)."""
    out: list[Node] = []
    stack = list(reversed(stmts))
    while stack:
        n = stack.pop()
        if n.type in (C_LOOP, F_LOOP, "for_range_loop", "while_statement") or (
                n.type == "do_statement" and n.parent is not None and
                n.parent.type != "do_loop"):
            out.append(n)
            continue
        stack.extend(reversed(n.named_children))
    return out


def analyse(code: Code, root: Loop) -> Region:
    """The reads, writes and blockers of the loop nest under ``root``."""
    return _Walker(code, root).run()


__all__ = ["Blocker", "Event", "Ref", "Region", "analyse", "walk"]
