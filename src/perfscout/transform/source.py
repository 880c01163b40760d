"""A source file parsed with tree-sitter (C, C++ or Fortran) and its counted loops.

:class:`Code` parses once and answers the questions the transformations ask: which loops enclose
a line (:meth:`Code.loops_at`), what a loop's induction variable, bounds and body are
(:class:`Loop`), where the enclosing function starts, which names are arrays (Fortran) and what
type a name is declared with. Everything is read from the syntax tree, never from regexes over
the text, so comments, macros in other places and odd formatting do not confuse it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

import tree_sitter
import tree_sitter_c
import tree_sitter_cpp
import tree_sitter_fortran

from perfscout.model.languages import language_of

Node = tree_sitter.Node


_GRAMMARS: dict[str, Any] = {"c": tree_sitter_c, "cpp": tree_sitter_cpp,
                             "fortran": tree_sitter_fortran}
_PARSERS: dict[str, tree_sitter.Parser] = {}

C_LOOP = "for_statement"
F_LOOP = "do_loop"
FUNCTION_NODES = {"function_definition", "subroutine", "function", "program",
                  "module_procedure"}


def _parser(lang: str) -> tree_sitter.Parser:
    if lang not in _PARSERS:
        _PARSERS[lang] = tree_sitter.Parser(tree_sitter.Language(_GRAMMARS[lang].language()))
    return _PARSERS[lang]


@dataclass(eq=False)
class Loop:
    """One counted loop: ``for (T v = lower; v < upper; v++)`` or ``do v = lower, upper``."""

    node: Node
    var: str
    lower: str
    upper: str
    inclusive: bool  # the upper bound is included (<=, or any Fortran do)
    step: int | None  # None when not a literal
    line: int  # 1-based line of the header
    header: str
    body: list[Node]
    decl_type: str = ""  # C: the type declared in the header ("long"), "" when none
    problem: str = ""  # why this is not a counted loop ("" when it is)
    braces: bool = False  # C: the body is a compound statement
    children: list[Loop] = field(default_factory=list)
    lower_node: Node | None = None
    upper_node: Node | None = None
    # C: the step of a loop counting down (``for (j = n - 2; j >= 1; j--)``: -1), 0 otherwise.
    # Such a loop keeps its start in ``lower`` and no ``upper`` or ``step``, as before, and stays
    # uncounted (``problem`` says so) for every transformation except those that read ``down``
    # (the dependence tests give its distances in execution order); ``limit_node`` is the
    # bound it tests
    down: int = 0
    limit_node: Node | None = None

    @property
    def counted(self) -> bool:
        return not self.problem

    @property
    def ordered(self) -> bool:
        """Counted, or counting down by a constant: a loop whose iterations the dependence
        tests can place in order."""
        return self.counted or self.down < 0


class Code:
    """One parsed source file."""

    def __init__(self, text: str, path: str, lang: str | None = None) -> None:
        self.text = text
        self.path = path
        lang = lang or language_of(path)
        if lang is None:
            raise ValueError(f"{path}: not a C, C++ or Fortran file (by its extension)")
        self.lang = lang
        self.data = text.encode()
        self.tree = _parser(lang).parse(self.data)
        self.lines = text.splitlines(keepends=True)
        self._loops: dict[tuple[int, int, str], Loop] = {}
        #: function-like macros whose body calls nothing (``SCALAR_VAL(x)`` -> ``x``): a
        #: "call" to one is an expression, not a side effect (set by :func:`generate`)
        self.pure_macros: frozenset[str] = frozenset()
        #: the file's macros expanded in a piece of text (identity until :func:`generate`
        #: reads the macros): ``SCALAR_VAL(0.0)`` -> ``0.0``
        self.expand: Callable[[str], str] = lambda s: s
        #: the same with object-like macros (sizes a ``-D`` may change) left as written:
        #: ``IX(i, j)`` -> ``((i)*N+(j))``, for the subscripts' affine forms
        self.expand_calls: Callable[[str], str] = lambda s: s
        #: C++ element accessors, (class, method) -> Accessor (set by :func:`generate`; see
        #: :mod:`perfscout.transform.accessors`)
        self.accessors: dict[tuple[str, str], Any] = {}

    def rewritten(self, text: str) -> Code:
        """The same file holding ``text`` (an earlier step's change applied), with this one's
        view of the macros: for a generator that transforms the result of another."""
        new = Code(text, self.path, self.lang)
        new.pure_macros, new.expand, new.expand_calls = (self.pure_macros, self.expand,
                                                         self.expand_calls)
        new.accessors = self.accessors
        return new

    @property
    def fortran(self) -> bool:
        return self.lang == "fortran"

    @property
    def fixed_form(self) -> bool:
        """Fortran 77 fixed form (``.f``, ``.for``): directives must start in column 1."""
        return self.fortran and PurePath(self.path).suffix.lower() in (".f", ".for", ".ftn")

    def syntax_error(self, n: Node) -> int:
        """1-based line of the first syntax error under ``n``; 0 when it parses."""
        if not n.has_error:
            return 0
        for d in _walk(n):
            if d.is_error or d.is_missing:
                return d.start_point[0] + 1
        return n.start_point[0] + 1

    # --- text ---------------------------------------------------------------------------
    def text_of(self, n: Node) -> str:
        return self.data[n.start_byte:n.end_byte].decode()

    def name_of(self, n: Node) -> str:
        t = self.text_of(n)
        return t.lower() if self.fortran else t

    def indent_at(self, line: int) -> str:
        """Leading whitespace of 1-based ``line``."""
        raw = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return raw[: len(raw) - len(raw.lstrip(" \t"))]

    # --- structure ----------------------------------------------------------------------
    def node_at_line(self, line: int) -> Node | None:
        """The smallest node that starts on 1-based ``line`` after its indentation, else the
        smallest node spanning it."""
        row = line - 1
        if row < 0 or row >= len(self.lines):
            return None
        col = len(self.lines[row]) - len(self.lines[row].lstrip(" \t"))
        return self.tree.root_node.named_descendant_for_point_range((row, col), (row, col))

    def function_of(self, n: Node) -> Node | None:
        cur: Node | None = n
        while cur is not None and cur.type not in FUNCTION_NODES:
            cur = cur.parent
        return cur

    def function_name(self, fn: Node | None) -> str:
        if fn is None:
            return "file scope"
        for d in _walk(fn):
            if d.type in ("identifier", "name") and d.parent is not None and d.parent.type in (
                    "function_declarator", "subroutine_statement", "function_statement",
                    "program_statement"):
                return self.text_of(d)
        return fn.type

    def loops_at(self, line: int) -> list[Node]:
        """Loop nodes enclosing ``line``, innermost first, inside one function."""
        n = self.node_at_line(line)
        out: list[Node] = []
        while n is not None and n.type not in FUNCTION_NODES:
            if n.type in (C_LOOP, F_LOOP, "for_range_loop", "while_statement",
                          "do_statement") and (n.type != "do_statement" or not self.fortran):
                out.append(n)
            n = n.parent
        return out

    def counted_loop_at(self, line: int, c_only: bool = False) -> Loop | str:
        """The innermost loop enclosing ``line`` when it is counted, else the sentence saying
        why not (no loop there, or the loop's ``problem``): the first check of every
        transformation aimed at a hot line. ``c_only`` takes only C/C++ ``for`` loops."""
        nodes = [n for n in self.loops_at(line) if not c_only or n.type == C_LOOP]
        if not nodes:
            kind = "a counted for loop" if c_only else "a loop"
            return f"line {line} of {self.path} is not inside {kind}"
        lp = self.loop(nodes[0])
        return lp if lp.counted else lp.problem

    # --- loops --------------------------------------------------------------------------
    def loop(self, n: Node) -> Loop:
        """The :class:`Loop` view of a loop node (``problem`` says why it is not counted); one
        object per node, so every analysis of this file speaks of the same loops."""
        key = (n.start_byte, n.end_byte, n.type)
        if key not in self._loops:
            self._loops[key] = self._make_loop(n)
        return self._loops[key]

    def _make_loop(self, n: Node) -> Loop:
        line = n.start_point[0] + 1
        if n.type == F_LOOP:
            return self._fortran_loop(n, line)
        if n.type != C_LOOP:
            what = {"for_range_loop": "a range-based for", "while_statement": "a while loop",
                    "do_statement": "a do-while loop"}.get(n.type, n.type)
            return Loop(n, "", "", "", False, None, line, self.text_of(n).split("\n")[0], [],
                        problem=f"the loop at line {line} is {what}, not a counted for loop")
        return self._c_loop(n, line)

    def _c_loop(self, n: Node, line: int) -> Loop:
        body = n.child_by_field_name("body")
        init = n.child_by_field_name("initializer")
        cond = n.child_by_field_name("condition")
        upd = n.child_by_field_name("update")
        header = self.data[n.start_byte:body.start_byte].decode().rstrip() if body else ""
        stmts = [c for c in body.named_children if c.type != "comment"] if (
            body is not None and body.type == "compound_statement") else (
            [body] if body is not None else [])
        lp = Loop(n, "", "", "", False, None, line, header, stmts,
                  braces=body is not None and body.type == "compound_statement")
        var, lower, dtype = "", "", ""
        if init is not None and init.type == "declaration":
            decls = [c for c in init.named_children if c.type == "init_declarator"]
            typ = init.child_by_field_name("type")
            if len(decls) == 1:
                d = decls[0]
                var = self.text_of(d.child_by_field_name("declarator") or d)
                lower = self.text_of(d.child_by_field_name("value") or d)
                lp.lower_node = d.child_by_field_name("value")
                quals = [self.text_of(c) for c in init.named_children
                         if c.type == "type_qualifier"]
                dtype = " ".join([*quals, self.text_of(typ)]) if typ is not None else ""
        elif init is not None and init.type == "assignment_expression":
            left, right = init.child_by_field_name("left"), init.child_by_field_name("right")
            if left is not None and left.type == "identifier" and right is not None:
                var, lower = self.text_of(left), self.text_of(right)
                lp.lower_node = right
        if not var:
            lp.problem = f"the for loop at line {line} has no single induction variable"
            return lp
        lp.var, lp.lower, lp.decl_type = var, lower, dtype
        if cond is None or cond.type != "binary_expression":
            lp.problem = f"the loop over {var} at line {line} has no simple bound test"
            return lp
        op = self.text_of(cond.child_by_field_name("operator") or cond)
        left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        if op in (">", ">=") and left is not None and right is not None and \
                self.text_of(left) == var:
            return self._c_down(lp, op, right, upd, line)
        if op not in ("<", "<=") or left is None or right is None or self.text_of(left) != var:
            lp.problem = (f"the loop over {var} at line {line} does not test "
                          f"'{var} < bound' ({self.text_of(cond)})")
            return lp
        lp.upper, lp.inclusive = self.text_of(right), op == "<="
        lp.upper_node = right
        lp.step = self._c_step(upd, var)
        if lp.step is None:
            lp.problem = (f"the loop over {var} at line {line} does not step by a constant "
                          f"({self.text_of(upd) if upd else 'no update'})")
        elif lp.step <= 0:
            lp.problem = f"the loop over {var} at line {line} does not count upwards"
        return lp

    def _c_down(self, lp: Loop, op: str, right: Node, upd: Node | None, line: int) -> Loop:
        """``for (v = start; v >= bound; v--)``: ``down`` its negative step and ``limit_node``
        the bound; uncounted for the transformations that assume an upward count."""
        var = lp.var
        step = self._c_step(upd, var)
        lp.problem = (f"the loop over {var} at line {line} does not test '{var} < bound' "
                      f"({var} {op} {self.text_of(right)})")
        if step is not None and step < 0:
            lp.down, lp.limit_node = step, right
            how = f"{var}--" if step == -1 else f"{var} -= {-step}"
            lp.problem = f"the loop over {var} at line {line} counts down ({how})"
        return lp

    def _c_step(self, upd: Node | None, var: str) -> int | None:
        if upd is None:
            return None
        t = self.text_of(upd).replace(" ", "")
        if t in (f"{var}++", f"++{var}"):
            return 1
        if t in (f"{var}--", f"--{var}"):
            return -1
        m = re.fullmatch(rf"{re.escape(var)}(?:-=|={re.escape(var)}-)(\d+)", t)
        if m is not None:
            return -int(m[1])
        # "j = j + 1", "j = 2 + j": the same step written out
        m = re.fullmatch(rf"{re.escape(var)}=(?:{re.escape(var)}\+(\d+)|(\d+)\+{re.escape(var)})",
                         t)
        if m is not None:
            return int(m[1] or m[2])
        if upd.type == "assignment_expression":
            left, right = upd.child_by_field_name("left"), upd.child_by_field_name("right")
            op = self.text_of(upd.child_by_field_name("operator") or upd)
            if left is not None and self.text_of(left) == var and right is not None and \
                    op == "+=" and right.type == "number_literal" and \
                    self.text_of(right).isdigit():
                return int(self.text_of(right))
        return None

    def _fortran_loop(self, n: Node, line: int) -> Loop:
        stmt = n.named_children[0] if n.named_children else None
        body = [c for c in n.named_children[1:]
                if c.type not in ("end_do_loop_statement", "comment")]
        header = self.text_of(stmt) if stmt is not None else ""
        lp = Loop(n, "", "", "", True, None, line, header, body)
        ctl = None
        if stmt is not None:
            ctl = next((c for c in stmt.named_children if c.type == "loop_control_expression"),
                       None)
        if ctl is None:
            lp.problem = f"the do loop at line {line} has no counted control (do while / do)"
            return lp
        parts = [c for c in ctl.named_children]
        if len(parts) < 3 or parts[0].type != "identifier":
            lp.problem = f"the do loop at line {line} has no single induction variable"
            return lp
        lp.var, lp.lower, lp.upper = (self.name_of(parts[0]), self.text_of(parts[1]),
                                      self.text_of(parts[2]))
        lp.lower_node, lp.upper_node = parts[1], parts[2]
        if len(parts) > 3:
            st = self.text_of(parts[3])
            lp.step = int(st) if st.isdigit() else None
            if lp.step is None:
                lp.problem = f"the do loop over {lp.var} at line {line} has a non-constant step"
        else:
            lp.step = 1
        return lp

    # --- declarations -------------------------------------------------------------------
    def fortran_arrays(self, scope: Node | None) -> set[str]:
        """Names declared as arrays in a Fortran program unit (``a(n)``, ``dimension(n)``)."""
        out: set[str] = set()
        if scope is None:
            return out
        for d in _walk(scope):
            if d.type != "variable_declaration":
                continue
            dim = any(c.type == "type_qualifier" and self.text_of(c).lower().startswith(
                "dimension") for c in d.named_children)
            for c in d.named_children:
                if c.type == "sized_declarator":
                    out.add(self.name_of(c.named_children[0]))
                elif dim and c.type == "identifier":
                    out.add(self.name_of(c))
        return out

    def _fortran_decl(self, scope: Node | None, name: str) -> Node | None:
        for d in _walk(scope) if scope is not None else []:
            if d.type == "variable_declaration" and any(
                    self.name_of(c if c.type == "identifier" else c.named_children[0]) == name
                    for c in d.named_children if c.type in ("identifier", "sized_declarator")
                    and (c.type == "identifier" or c.named_children)):
                return d
        return None

    def array_extents(self, scope: Node | None, name: str) -> list[str] | None:
        """Declared extents of array ``name`` (``double A[N][M]`` -> [N, M]; Fortran
        ``a(n, m)`` or ``dimension(n, m)`` -> [n, m]), searching ``scope`` then the file;
        None when it is not a declared array."""
        for where in (scope, self.tree.root_node):
            got = self._extents(where, name)
            if got is not None:
                return got
        return None

    def _extents(self, scope: Node | None, name: str) -> list[str] | None:
        if scope is None:
            return None
        if self.fortran:
            d = self._fortran_decl(scope, name)
            if d is None:
                return None
            for c in d.named_children:
                if c.type == "sized_declarator" and self.name_of(c.named_children[0]) == name:
                    size = c.named_children[-1]
                    return [self.text_of(x) for x in size.named_children]
            for c in d.named_children:
                if c.type == "type_qualifier" and self.text_of(c).lower().startswith("dimension"):
                    args = next((x for x in c.named_children if x.type == "argument_list"), None)
                    return [self.text_of(x) for x in args.named_children] if args else None
            return None
        for d in _walk(scope):
            if d.type != "array_declarator":
                continue
            sizes: list[str] = []
            cur: Node | None = d
            while cur is not None and cur.type == "array_declarator":
                sz = cur.child_by_field_name("size")
                sizes.insert(0, self.text_of(sz) if sz is not None else "")
                cur = cur.child_by_field_name("declarator")
            if cur is not None and self.text_of(cur) == name:
                return sizes
        return None

    def declared_type(self, scope: Node | None, name: str) -> str:
        """The declared type text of ``name`` (C/C++: with pointer stars or ``[]``,
        ``const double *``; Fortran: ``real(8)``), searching ``scope`` then the file; "" when
        not found."""
        for where in (scope, self.tree.root_node):
            got = self._declared_type(where, name)
            if got:
                return got
        return ""

    def _declared_type(self, scope: Node | None, name: str) -> str:
        if scope is None:
            return ""
        if self.fortran:
            d = self._fortran_decl(scope, name)
            typ = next((c for c in d.named_children if c.type == "intrinsic_type"),
                       None) if d is not None else None
            return self.text_of(typ) if typ is not None else ""
        for d in _walk(scope):
            if d.type not in ("parameter_declaration", "declaration"):
                continue
            typ = d.child_by_field_name("type")
            for decl in d.children_by_field_name("declarator"):
                stars = ""
                cur: Node | None = decl
                # C++'s ``std::vector<double> a(n * n);`` parses as a function's declarator
                # (the most vexing parse): an object of a class template constructed
                vexing = cur is not None and cur.type == "function_declarator" and \
                    d.type == "declaration" and typ is not None and \
                    typ.type in ("qualified_identifier", "template_type")
                while cur is not None and (cur.type in ("pointer_declarator", "init_declarator",
                                                        "array_declarator",
                                                        "reference_declarator") or vexing):
                    vexing = False
                    if cur.type == "pointer_declarator":
                        stars += "*"
                    if cur.type == "array_declarator":
                        stars += "[]"
                    cur = cur.child_by_field_name("declarator") or (
                        cur.named_children[0] if cur.named_children else None)
                if cur is not None and self.text_of(cur) == name and typ is not None:
                    quals = [self.text_of(c) for c in d.named_children
                             if c.type == "type_qualifier"]
                    return " ".join([*quals, self.text_of(typ), stars]).strip()
        return ""

    def index_functions(self) -> dict[str, tuple[tuple[str, ...], Node]]:
        """The file's C/C++ functions whose body is one ``return EXPR;`` over their plain
        parameters, EXPR holding no call, assignment or increment (``static inline int
        idx(int i, int j) { return i * N + j; }``): name -> (parameter names, EXPR). A call
        to one is an expression with no side effect; the subscripts' affine forms see
        through it. A name defined twice is left out."""
        if self.fortran:
            return {}
        cached: dict[str, tuple[tuple[str, ...], Node]] | None = getattr(self, "_index_fns",
                                                                          None)
        if cached is not None:
            return cached
        out: dict[str, tuple[tuple[str, ...], Node]] = {}
        twice: set[str] = set()
        for fn in (n for n in _walk(self.tree.root_node) if n.type == "function_definition"):
            decl = fn.child_by_field_name("declarator")
            while decl is not None and decl.type in ("pointer_declarator",
                                                     "reference_declarator"):
                decl = decl.child_by_field_name("declarator")
            if decl is None or decl.type != "function_declarator":
                continue
            name_node = decl.child_by_field_name("declarator")
            plist = decl.child_by_field_name("parameters")
            body = fn.child_by_field_name("body")
            if name_node is None or name_node.type != "identifier" or plist is None or \
                    body is None:
                continue
            name = self.text_of(name_node)
            stmts = [c for c in body.named_children if c.type != "comment"]
            if len(stmts) != 1 or stmts[0].type != "return_statement" or \
                    not stmts[0].named_children:
                continue
            expr = stmts[0].named_children[0]
            if any(d.type in ("call_expression", "assignment_expression",
                              "update_expression", "pointer_expression",
                              "subscript_expression") for d in _walk(expr)):
                continue
            params: list[str] = []
            for p in plist.named_children:
                pd = p.child_by_field_name("declarator") if p.type == "parameter_declaration" \
                    else None
                if pd is None or pd.type != "identifier":
                    params = []
                    break
                params.append(self.text_of(pd))
            if not params:
                continue
            if name in out:
                twice.add(name)
            out[name] = (tuple(params), expr)
        for name in twice:
            out.pop(name, None)
        self._index_fns = out
        return out

    def identifiers(self, n: Node) -> set[str]:
        return {self.name_of(d) for d in _walk(n) if d.type == "identifier"}

    def member_path(self, n: Node) -> str | None:
        """``out->data`` / ``grid.n`` / ``s->dims.nx`` as one name, spaces removed, when ``n``
        is a chain of struct members over a plain variable (no call, subscript or
        dereference in it): the name the dependence tests give an array or a size held in a
        struct. None for anything else. The chain's variables are the node's
        :meth:`identifiers`; a loop that writes one of them (or the member) changes it."""
        if self.fortran or n.type != "field_expression":
            return None
        arg, field = n.child_by_field_name("argument"), n.child_by_field_name("field")
        while arg is not None and arg.type == "parenthesized_expression" and \
                len(arg.named_children) == 1:  # `(m).v`, as a macro's expansion writes it
            arg = arg.named_children[0]
        op = next((c for c in n.children if c.type in ("->", ".")), None)
        if arg is None or field is None or op is None:
            return None
        head = self.name_of(arg) if arg.type == "identifier" else self.member_path(arg)
        return None if head is None else f"{head}{op.type}{self.text_of(field)}"


def _walk(n: Node) -> list[Node]:
    out = [n]
    stack = list(reversed(n.children))
    while stack:
        c = stack.pop()
        out.append(c)
        stack.extend(reversed(c.children))
    return out


walk = _walk


def project_codes(code: Code, root: Path | None, langs: Callable[[str], bool], *,
                  max_files: int, max_bytes: int | None = None) -> list[Code]:
    """``code`` first, then the other sources under ``root`` whose language ``langs`` accepts
    (at most ``max_files`` more, and ``max_bytes`` of text in all when given), each named
    relative to ``root``. The file ``code`` is itself is read once: it may be named relative
    to ``root``, by an absolute path (a profile's hot file in the build copy), or only by its
    name with the same text. When a generator needs the project's other definitions and calls
    (an interface, a declaration in a header, another writer of a file)."""
    codes = [code]
    if root is None or not root.is_dir():
        return codes
    own = Path(code.path)
    total = 0
    for f in sorted(root.rglob("*"))[: max_files * 4]:
        if len(codes) > max_files or (max_bytes is not None and total > max_bytes):
            break
        lang = language_of(f.name)
        if lang is None or not langs(lang) or not f.is_file():
            continue
        rel = f.relative_to(root).as_posix()
        text = f.read_text(errors="replace")
        if rel == code.path or (own.is_absolute() and own.resolve() == f.resolve()) or (
                f.name == own.name and text == code.text):
            continue
        total += len(text)
        codes.append(Code(text, rel, lang))
    return codes
