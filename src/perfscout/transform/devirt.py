"""template_callable: a ``std::function`` parameter that the function only calls becomes a
template parameter, so the call inlines.

``void sweep(std::vector<double>& u, const std::function<double(double)>& flux)`` calls
``flux`` once per cell through the type-erased wrapper: an indirect call to
``std::_Function_handler<...>::_M_invoke`` that the compiler can neither inline nor vectorise,
which a profile shows as the invoker's own share beside the kernel.
``template <class Flux> void sweep(..., const Flux& flux)`` gives every caller its own copy
of the kernel with the concrete callable (a lambda, a functor, a function pointer, or still a
``std::function`` object: each deduces), and the call inlines. Callers stay unchanged.

The functions tried are the one holding the hot line, those called on it and those called
from the function holding it (the kernel a loop in ``main`` calls). Legal only when, in the
project's C++ sources (parsed with tree-sitter):

- the parameter is a ``std::function<Sig>`` taken by value or by const reference, and the
  body only calls it (``flux(u[i])``): never tests it for emptiness (``if (!f)``,
  ``f == nullptr``), stores, copies, moves, captures or passes it on, nor calls its members;
- the function is not virtual, has one definition, and its address is never taken;
- its body is visible wherever it is called: the definition is in a header, or in the one
  source file holding every call of it; it is not declared in a header without its body
  (another translation unit would see a template it cannot instantiate);
- no caller passes ``nullptr``/``NULL``/``{}`` for it, nor a ``mutable`` lambda (called
  through ``const F&`` its ``operator()`` must be ``const``).

A ``std::function`` kept in a member (``phi_(v)`` in the hot method) is named as the reason
when nothing else is found: its callable is chosen at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from perfscout.transform.constref import (
    HEADER_EXT,
    Func,
    Project,
    _apply,
    _args,
    _callee,
    _required,
)
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "template_callable"
#: arguments that give a std::function parameter its empty state
_EMPTY = frozenset({"nullptr", "NULL", "0", "{}"})


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def is_std_function(code: Code, t: Node | None) -> bool:
    """A type node spelling ``std::function<...>`` (or ``function<...>`` under a using)."""
    if t is None:
        return False
    if t.type == "qualified_identifier":
        scope, inner = t.child_by_field_name("scope"), t.child_by_field_name("name")
        return scope is not None and code.text_of(scope) == "std" and inner is not None \
            and is_std_function(code, inner)
    if t.type == "template_type":
        nm = t.child_by_field_name("name")
        return nm is not None and code.text_of(nm) == "function"
    return False


def _callable_param(code: Code, p: Node) -> tuple[str, str]:
    """(parameter name, "" when it may become ``const F&``, else why not) for a
    ``std::function`` parameter; ("", "") when ``p`` is not one."""
    t = p.child_by_field_name("type")
    if not is_std_function(code, t):
        return "", ""
    d = p.child_by_field_name("declarator")
    if d is None:
        return "", ""
    names = [code.text_of(x) for x in walk(d) if x.type == "identifier"]
    name = names[0] if names else ""
    if p.child_by_field_name("default_value") is not None:
        return name, "has a default argument (an empty or fixed std::function)"
    if d.type == "identifier":
        return name, ""
    const = any(c.type == "type_qualifier" and code.text_of(c) == "const" for c in p.children)
    if d.type == "reference_declarator" and const and "&&" not in code.text_of(d):
        return name, ""
    return name, "is taken by non-const reference or pointer (the function may replace it)"


def _use(code: Code, n: Node) -> str:
    """Why this occurrence of the parameter is not a plain call ("" when it is one)."""
    p = n.parent
    while p is not None and p.type == "parenthesized_expression":
        n, p = p, p.parent
    if p is None:
        return ""
    if p.type == "call_expression" and p.child_by_field_name("function") == n:
        return ""
    if p.type in ("unary_expression", "condition_clause") or (
            p.type == "binary_expression" and any(
                code.text_of(c) in _EMPTY for c in p.named_children)):
        return f"is tested for emptiness ({code.text_of(p)}), which a template parameter " \
            "cannot be"
    if p.type == "assignment_expression":
        return f"is stored or replaced ({code.text_of(p)})"
    if p.type in ("init_declarator", "field_initializer", "initializer_list"):
        return f"is copied ({code.text_of(p.parent or p)})"
    if p.type == "field_expression":
        return f"has a member used ({code.text_of(p)})"
    if p.type in ("lambda_capture_specifier",):
        return "is captured by a lambda"
    if p.type == "argument_list":
        fn = p.parent.child_by_field_name("function") if p.parent is not None else None
        return f"is passed on to {code.text_of(fn) if fn is not None else 'a call'}()"
    if p.type in ("return_statement", "binary_expression", "conditional_expression"):
        return f"is used as a value ({code.text_of(p)})"
    return f"is used other than by calling it ({code.text_of(p)})"


def _why_not_called_only(f: Func, name: str) -> str:
    assert f.body is not None
    code = f.code
    for n in walk(f.body):
        if n.type == "identifier" and code.text_of(n) == name:
            why = _use(code, n)
            if why:
                return f"at line {n.start_point[0] + 1} {why}"
        if n.type == "lambda_expression" and any(
                code.text_of(c) in ("=", "&") for c in walk(n)
                if c.parent is not None and c.parent.type == "lambda_capture_specifier") and \
                any(x.type == "identifier" and code.text_of(x) == name for x in walk(n)):
            return f"is captured by a lambda at line {n.start_point[0] + 1}"
    return ""


def _virtual(f: Func) -> bool:
    up = f.decl.parent
    while up is not None and up.type in ("reference_declarator", "pointer_declarator"):
        up = up.parent
    if up is None:
        return False
    words = {f.code.text_of(c) for c in up.children if c.type in (
        "virtual", "virtual_specifier", "virtual_function_specifier", "storage_class_specifier")}
    words |= {f.code.text_of(c) for c in f.decl.children if c.type == "virtual_specifier"}
    return bool(words & {"virtual", "override", "final"})


def _calls_of(proj: Project, f: Func) -> list[tuple[str, Code, Node]]:
    out = []
    for key, code in proj.codes.items():
        for call in walk(code.tree.root_node):
            if call.type != "call_expression":
                continue
            name, _m = _callee(code, call)
            if name == f.name and _required(f) <= len(_args(call)) <= len(f.params):
                out.append((key, code, call))
    return out


def _address_taken(proj: Project, f: Func) -> str:
    """Where the function's name is used other than to call or declare it ("" when never)."""
    for key, code in proj.codes.items():
        for n in walk(code.tree.root_node):
            if n.type != "identifier" or code.text_of(n) != f.name:
                continue
            p = n.parent
            if p is not None and p.type in ("function_declarator", "qualified_identifier",
                                            "template_function"):
                continue
            if p is not None and p.type == "call_expression" and \
                    p.child_by_field_name("function") == n:
                continue
            if p is not None and p.type == "field_expression":
                continue
            return f"{f.name} is used as a value at {key}:{n.start_point[0] + 1} (its " \
                   "address taken: a template has none until instantiated)"
    return ""


def _visibility(proj: Project, f: Func, group: list[Func], rel: str) -> str:
    """Why some caller would not see the template's body ("" when every one does)."""
    header = Path(f.file).suffix in HEADER_EXT
    for g in group:
        if g.body is None and g.file != f.file and Path(g.file).suffix in HEADER_EXT:
            return (f"{f.name}() is declared in {g.file}:{g.line} without its body (defined "
                    f"in {f.file}:{f.line}): other translation units would see a template "
                    "they cannot instantiate (move the definition into the header first)")
    if header:
        return ""
    for key, _code, call in _calls_of(proj, f):
        if key != f.file:
            return (f"{f.name}() is defined in {f.file} and called from {key}:"
                    f"{call.start_point[0] + 1}, another translation unit: the template's "
                    "body would not be visible there")
    return ""


def _bad_argument(proj: Project, f: Func, k: int) -> str:
    for key, code, call in _calls_of(proj, f):
        args = _args(call)
        if k >= len(args):
            continue
        a = args[k]
        where = f"{key}:{call.start_point[0] + 1}"
        if code.text_of(a).strip() in _EMPTY or a.type == "initializer_list":
            return f"the call at {where} passes {code.text_of(a)} (an empty callable)"
        if a.type == "lambda_expression" and "mutable" in code.text_of(a).split("{")[0]:
            return f"the call at {where} passes a mutable lambda (not callable as const)"
    return ""


def _template_name(f: Func, pname: str, taken: set[str]) -> str:
    base = (pname[:1].upper() + pname[1:]) if pname else "F"
    name = base if base != pname else base + "Fn"
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _definition_node(g: Func) -> Node:
    """The declaration or definition holding ``g``'s declarator (the statement a template
    header goes in front of)."""
    up = g.decl.parent
    while up is not None and up.type in ("reference_declarator", "pointer_declarator"):
        up = up.parent
    assert up is not None
    return up


def _edits(g: Func, ks: list[int], tnames: list[str]) -> list[tuple[int, int, str]]:
    code = g.code
    out = []
    for k, tn in zip(ks, tnames, strict=True):
        p = g.params[k]
        d = p.child_by_field_name("declarator")
        nm = [code.text_of(x) for x in walk(d) if x.type == "identifier"] if d else []
        out.append((p.start_byte, p.end_byte, f"const {tn}&" + (f" {nm[0]}" if nm else "")))
    node = _definition_node(g)
    holder = node.parent
    clause = ", ".join(f"class {t}" for t in tnames)
    if holder is not None and holder.type == "template_declaration" and not g.cls:
        params = holder.child_by_field_name("parameters")
        if params is not None:  # already a function template: one more parameter
            end = params.end_byte - 1
            out.append((end, end, f", {clause}"))
            return out
    col = node.start_point[1]
    indent = code.lines[node.start_point[0]][:col]
    indent = indent if not indent.strip() else ""
    out.append((node.start_byte, node.start_byte, f"template <{clause}>\n{indent}"))
    return out


def template_callable(code: Code, line: int, rel: str, root: Path | None = None,
                      current: Mapping[str, str] | None = None) -> Generated | Refusal:
    """``template <class F> ... const F& f`` for the ``std::function`` parameters that the
    functions at ``rel:line`` only call (the one holding the line, those called on it or
    from it), in the definition and its declarations; a Refusal naming why each one must
    stay type-erased. ``root``: the project folder whose C++ files hold the callers."""
    if code.lang != "cpp" and Path(rel).suffix not in HEADER_EXT:
        return _no(f"{rel} is not C++ (std::function is C++)")
    proj = Project(code.text, rel, root, current)
    here = proj.codes[rel]
    defs = [f for f in proj.funcs if f.body is not None]
    holding = [f for f in defs if f.file == rel and
               f.body is not None and f.body.start_point[0] + 1 <= line <= f.body.end_point[0] + 1]
    holding.sort(key=lambda f: f.body.end_byte - f.body.start_byte if f.body else 0)
    cands: list[Func] = list(holding[:1])
    scopes = [c for c in walk(here.tree.root_node) if c.type == "call_expression" and
              c.start_point[0] + 1 == line]
    if holding and holding[0].body is not None:
        scopes += [c for c in walk(holding[0].body) if c.type == "call_expression"]
    for call in scopes:
        name, _m = _callee(here, call)
        n = len(_args(call))
        cands += [f for f in defs if f.name == name and _required(f) <= n <= len(f.params)
                  and f not in cands]
    if not cands:
        return _no(f"no function is called or defined at {rel}:{line}")
    edits: dict[str, list[tuple[int, int, str]]] = {}
    notes, reasons = [], []
    for f in cands:
        params = [(k, *_callable_param(f.code, p)) for k, p in enumerate(f.params)]
        params = [(k, nm, why) for k, nm, why in params if nm]
        if not params:
            member = _member_callable(proj, f)
            if member:
                reasons.append(member)
            continue
        group = proj.same(f)
        fdefs = [g for g in group if g.body is not None]
        sig = f"{f.cls + '::' if f.cls else ''}{f.name}()"
        why = ""
        if len(fdefs) != 1:
            why = f"{sig} has {len(fdefs)} definitions in the project"
        elif any(_virtual(g) for g in group):
            why = f"{sig} is virtual (a member template cannot be)"
        why = why or _visibility(proj, f, group, rel) or _address_taken(proj, f)
        if why:
            reasons.append(why)
            continue
        ks, taken = [], {x.text_of(n) for x in (f.code,) for n in walk(x.tree.root_node)
                         if n.type in ("identifier", "type_identifier")}
        for k, nm, bad in params:
            bad = bad or _why_not_called_only(f, nm) or _bad_argument(proj, f, k)
            if bad:
                reasons.append(f"{sig}: {nm} {bad}" if not bad.startswith("the call")
                               else f"{sig}: {bad}")
                continue
            ks.append(k)
        if not ks:
            continue
        tnames = [_template_name(f, f.code.text_of(
            [x for x in walk(f.params[k]) if x.type == "identifier"][-1]), taken) for k in ks]
        for g in group:
            edits.setdefault(g.file, []).extend(_edits(g, ks, tnames))
        ptxt = ", ".join(f"{nm} -> const {t}&" for (k, nm, _b), t in
                         zip([x for x in params if x[0] in ks], tnames, strict=True))
        notes.append(f"{sig} at {f.file}:{f.line} becomes a template ({ptxt}; "
                     f"{len(group)} declaration(s) changed; the callers deduce it)")
    if not edits:
        return _no(_relative("; ".join(reasons), root) or
                   f"no std::function parameter at {rel}:{line}")
    texts = {k: _apply(proj.codes[k], sorted(set(v))) for k, v in edits.items()}
    new = texts.get(rel, code.text)
    others = tuple((k, t) for k, t in sorted(texts.items()) if k != rel)
    diff = make_diff(code.text, new, rel) + "".join(
        make_diff(proj.codes[k].text, t, k) for k, t in others)
    note = _relative("; ".join(notes) + ("; left: " + "; ".join(reasons) if reasons else "")
                     + "; the parameter is only called, never stored, tested or passed on",
                     root)
    return Generated(WHAT, rel, diff, new, note, others=others)


def _relative(text: str, root: Path | None) -> str:
    """``text`` with the project folder's prefix taken off the file names it quotes (a hot
    file given by its absolute path makes every key absolute)."""
    if root is None:
        return text
    for r in {str(root), str(root.resolve())}:
        text = text.replace(r.rstrip("/") + "/", "")
    return text


def _member_callable(proj: Project, f: Func) -> str:
    """Why a ``std::function`` member the function calls stays ("" when it calls none)."""
    assert f.body is not None
    code = f.code
    called = set()
    for c in walk(f.body):
        if c.type == "call_expression":
            fn = c.child_by_field_name("function")
            if fn is not None and fn.type in ("identifier", "field_expression"):
                called.add(code.text_of(fn).split("->")[-1].split(".")[-1])
    if not called:
        return ""
    for pc in proj.codes.values():
        for fd in walk(pc.tree.root_node):
            if fd.type != "field_declaration" or not is_std_function(
                    pc, fd.child_by_field_name("type")):
                continue
            for d in fd.children_by_field_name("declarator"):
                nm = pc.text_of(d)
                if nm in called:
                    return (f"{f.name}() calls {nm}, a std::function member stored in the "
                            "object: its callable is chosen at run time (make the class "
                            "a template on the callable to inline it)")
    return ""


__all__ = ["is_std_function", "template_callable"]
