"""Pass a strided array section without a copy (proposal ``assumed_shape_dummy``).

A Fortran procedure whose dummy is explicit-shape (``real(8) :: xs(n)``) or assumed-size
(``xs(*)``) needs its actual contiguous: called with a strided section (``tab(i, :)``, a row
of a column-major array; ``a(1:n:2)``) gfortran packs the section into a malloc'd temporary
before the call and unpacks it after (``_gfortran_internal_pack``/``unpack``), on every call,
however few elements the procedure reads. An assumed-shape dummy (``xs(:)``) takes the
section by descriptor, strided, without a copy. The extent argument (``n``) stays: the
procedure's loops still use it, and an assumed-shape dummy is at least that long wherever the
explicit-shape one was legal.

Legal only when (else refused, naming it):

* the procedure has an explicit interface at every call: a module procedure (the calling
  unit is in that module or uses it) or an internal procedure of the calling unit; an
  external procedure, or a ``bind(c)`` one, is refused;
* the dummy is rank one and not passed on, whole or by element, to another procedure than an
  inquiry/elemental intrinsic (that procedure's dummy may be explicit-shape or assumed-size,
  or C);
* no call in the project relies on sequence association: an actual that is an array element
  (``a(k)``, meaning the rest of the array from ``k``) or a whole array of another rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk

ID = "assumed_shape_dummy"
MAX_FILES = 60
#: intrinsics a dummy may be handed to: they take assumed-shape arrays (or are elemental)
INTRINSICS = frozenset({
    "size", "shape", "lbound", "ubound", "sum", "product", "maxval", "minval", "maxloc",
    "minloc", "count", "any", "all", "dot_product", "matmul", "present", "abs", "sqrt", "exp",
    "log", "log10", "min", "max", "real", "dble", "int", "nint", "merge", "sin", "cos",
    "is_contiguous", "findloc", "norm2", "huge", "tiny", "epsilon", "kind",
})
CALLS = ("call_expression", "subroutine_call")
PROCS = ("function", "subroutine")


@dataclass(frozen=True)
class _Proc:
    code: Code
    node: Node
    name: str


def _callee(code: Code, call: Node) -> str:
    head = next((c for c in call.named_children if c.type in ("identifier", "name")), None)
    return code.name_of(head) if head is not None else ""


def _args(call: Node) -> list[Node]:
    al = next((c for c in call.named_children if c.type == "argument_list"), None)
    return [a for a in al.named_children if a.type != "comment"] if al is not None else []


def _proc_name(code: Code, proc: Node) -> str:
    stmt = next((c for c in proc.named_children if c.type.endswith("_statement")), None)
    name = next((c for c in stmt.named_children if c.type == "name"), None) if stmt else None
    return code.name_of(name) if name is not None else ""


def _strided(code: Code, a: Node) -> bool:
    """An actual argument gfortran must pack: a section with a scalar leading subscript and a
    range after it (``t(i, :)``), or a stepped range (``a(1:n:2)``)."""
    if a.type != "call_expression":
        return False
    subs = _args(a)
    ranges = [s for s in subs if s.type == "extent_specifier"]
    if not ranges:
        return False
    if subs[0].type != "extent_specifier":
        return True
    return any(code.text_of(r).count(":") >= 2 for r in ranges)


class _Project:
    """The project's Fortran sources, this file first."""

    def __init__(self, code: Code, root: Path | None) -> None:
        self.codes = project_codes(code, root, lambda lang: lang == "fortran",
                                   max_files=MAX_FILES)

    def procs(self, name: str) -> list[_Proc]:
        return [_Proc(c, n, name) for c in self.codes for n in walk(c.tree.root_node)
                if n.type in PROCS and _proc_name(c, n) == name]

    def calls(self, name: str) -> list[tuple[Code, Node]]:
        return [(c, n) for c in self.codes for n in walk(c.tree.root_node)
                if n.type in CALLS and _callee(c, n) == name
                and not (n.type == "call_expression" and _is_array(c, n, name))]


def _is_array(code: Code, n: Node, name: str) -> bool:
    return name in code.fortran_arrays(_unit(n)) or name in code.fortran_arrays(
        code.tree.root_node)


def _unit(n: Node) -> Node | None:
    cur: Node | None = n
    while cur is not None and cur.type not in (*PROCS, "program", "module"):
        cur = cur.parent
    return cur


def _where(code: Code, n: Node) -> str:
    return f"{code.path}:{n.start_point[0] + 1}"


def _interface(proc: _Proc, code: Code, call: Node) -> str:
    """Why the call at ``call`` does not see ``proc``'s interface; "" when it does."""
    holder = proc.node.parent
    owner = holder.parent if holder is not None and holder.type == "internal_procedures" \
        else None
    if owner is None:
        return (f"{proc.name} ({_where(proc.code, proc.node)}) is an external procedure: "
                f"its callers have no explicit interface")
    stmt = next((c for c in proc.node.named_children if c.type.endswith("_statement")), None)
    if stmt is not None and "bind" in proc.code.text_of(stmt).lower():
        return f"{proc.name} is bind(c): C may call it"
    cur: Node | None = call
    while cur is not None:
        if cur == owner and code is proc.code:
            return ""
        cur = cur.parent
    if owner.type == "module":
        mod_stmt = next((c for c in owner.named_children if c.type == "module_statement"), None)
        mname = next((code_name for code_name in (
            proc.code.name_of(c) for c in (mod_stmt.named_children if mod_stmt else [])
            if c.type == "name")), "")
        cur = call
        while cur is not None:
            for u in cur.named_children if cur.type in (*PROCS, "program", "module") else []:
                if u.type == "use_statement" and any(
                        code.name_of(m) == mname for m in u.named_children
                        if m.type == "module_name"):
                    return ""
            cur = cur.parent
        return f"the call at {_where(code, call)} does not use module {mname}"
    return f"the call at {_where(code, call)} is outside the unit {proc.name} is contained in"


def _dummy_decl(code: Code, proc: Node, dummy: str) -> Node | None:
    for d in walk(proc):
        if d.type == "sized_declarator" and d.named_children and code.name_of(
                d.named_children[0]) == dummy and _unit(d) == proc:
            return d
    return None


def _whole_reference(code: Code, proc: Node, dummy: str, decl: Node) -> str:
    """Where the callee uses ``dummy`` whole or with an open upper bound (``xs``, ``xs(2:)``,
    ``size(xs)``): its meaning follows the extent, explicit before and the actual's after;
    "" when only elements and closed sections are used."""
    for d in walk(proc):
        if d.type != "identifier" or code.name_of(d) != dummy or d.parent is None:
            continue
        if d.parent == decl or d.parent.type in ("parameters", "variable_declaration"):
            continue
        p = d.parent
        if p.type == "call_expression" and p.named_children[0] == d and not any(
                s.type == "extent_specifier" and (
                    code.text_of(s).strip().endswith(":") or "::" in code.text_of(s))
                for s in _args(p)):
            continue
        return f"{code.text_of(p if p.type == 'call_expression' else d)} at " \
               f"{_where(code, d)} uses {dummy} whole"
    return ""


def assumed_shape(code: Code, line: int, rel: str, root: Path | None) -> Generated | Refusal:
    """The change making the explicit-shape dummy a strided section is passed to at ``line``
    assumed-shape; a Refusal naming the call, interface or sequence association against it."""
    if not code.fortran:
        return Refusal(ID, "not Fortran: array temporaries are a Fortran argument-passing cost")
    row = line - 1
    sites = [(n, i, a) for n in walk(code.tree.root_node)
             if n.type in CALLS and n.start_point[0] <= row <= n.end_point[0]
             for i, a in enumerate(_args(n)) if _strided(code, a)]
    proj = _Project(code, root)
    sites = [s for s in sites if proj.procs(_callee(code, s[0]))]
    if not sites:
        return Refusal(ID, f"no call of a project procedure with a strided array section at "
                           f"line {line}")
    call, pos, actual = sites[0]
    name = _callee(code, call)
    procs = proj.procs(name)
    if len(procs) > 1:
        return Refusal(ID, f"{name} is defined {len(procs)} times in the project")
    proc = procs[0]
    params = next((c for s in proc.node.named_children if s.type.endswith("_statement")
                   for c in s.named_children if c.type == "parameters"), None)
    dummies = [proc.code.name_of(p) for p in params.named_children] if params else []
    if actual.parent is not None and actual.parent.type == "keyword_argument":
        return Refusal(ID, f"keyword actual at {_where(code, call)}")
    if pos >= len(dummies):
        return Refusal(ID, f"{name} has no dummy {pos + 1}")
    dummy = dummies[pos]
    decl = _dummy_decl(proc.code, proc.node, dummy)
    if decl is None:
        return Refusal(ID, f"dummy {dummy} of {name} is not declared with its shape "
                           f"(dimension attribute or implicit)")
    size = decl.named_children[-1]
    exts = [x for x in size.named_children if x.type != "comment"]
    if len(exts) != 1:
        return Refusal(ID, f"dummy {dummy} of {name} has rank {len(exts)}: the rank-one "
                           f"section is passed by sequence association")
    ext = proc.code.text_of(exts[0]).strip()
    if ext == ":" or (exts[0].type == "extent_specifier" and ext.endswith(":")):
        return Refusal(ID, f"dummy {dummy} of {name} is already assumed-shape")
    lower = ext.split(":")[0].strip() if ":" in ext else ""
    for c, n in proj.calls(name):
        why = _interface(proc, c, n)
        if why:
            return Refusal(ID, why)
        args = _args(n)
        if pos >= len(args):
            continue
        a = args[pos]
        if a.type == "call_expression" and not any(
                s.type == "extent_specifier" for s in _args(a)) and _is_array(
                    c, a, _callee(c, a)):
            return Refusal(ID, f"sequence association: the call at {_where(c, n)} passes the "
                               f"element {c.text_of(a)} to mean the array from there on")
        if a.type == "identifier":
            e = c.array_extents(_unit(n), c.name_of(a))
            if e is not None and len(e) != 1:
                return Refusal(ID, f"sequence association: the call at {_where(c, n)} passes "
                                   f"the rank-{len(e)} array {c.text_of(a)} whole")
    for d in walk(proc.node):
        if d.type not in CALLS or _callee(proc.code, d) in (dummy, *INTRINSICS):
            continue
        for a in _args(d):
            if dummy in proc.code.identifiers(a) and (
                    a.type == "identifier" or (a.type == "call_expression"
                                               and _callee(proc.code, a) == dummy)):
                return Refusal(ID, f"dummy {dummy} is passed on to {_callee(proc.code, d)} "
                                   f"at {_where(proc.code, d)}: its dummy may be explicit-"
                                   f"shape, assumed-size or C")
    whole = _whole_reference(proc.code, proc.node, dummy, decl)
    if whole:
        return Refusal(ID, f"{whole}: the dummy's extent would become the actual's, not "
                           f"{ext}")
    pc = proc.code
    new = (pc.data[:size.start_byte] + f"({lower}:)".encode() + pc.data[size.end_byte:]).decode()
    note = (f"{name}'s dummy {dummy}({ext}) made assumed-shape {dummy}({lower}:): the strided "
            f"section at {_where(code, call)} is passed by descriptor, without a temporary copy")
    if pc is code:
        return Generated(ID, rel, make_diff(code.text, new, rel), new, note)
    return Generated(ID, rel, make_diff(pc.text, new, pc.path), code.text, note,
                     others=((pc.path, new),))
