"""Open a log file once instead of once per line (proposal ``open_once``).

A function called per sample that opens a file for appending, writes a line and closes it
(C ``f = fopen(name, "a") ... fclose(f)``, Fortran ``open(..., position='append') ...
close(u)``) pays an open, a seek and a close system call, and the library's stream set-up,
per line. The generated change keeps the stream open between calls: a file-scope
``static FILE *`` (C/C++) or a module variable (Fortran) opened on the first call; the per-call
close goes. The C library flushes and closes open streams at exit, the Fortran run time
closes its units at the end of the program, so the file holds the same bytes once the program
has ended; lines reach it when the buffer fills rather than line by line.

Legal only when (else refused, naming it):

* the file is opened in append mode (``"a"``/``"ab"``, ``position='append'``): a per-call
  ``"w"`` truncates, so opening once would change the file;
* the file name is the same on every call: a string literal, a constant (a macro, a Fortran
  ``parameter``, a variable never assigned after its declaration), or a parameter every call
  in the project passes the same such constant for;
* the handle is only written (``fprintf``/``fputs``/``fwrite``/``write``/``flush``), tested
  for failure and closed; nothing positions it, reads it or hands it to another function;
* no other code in the project reads the same file (it would run between calls and miss the
  lines still in the buffer); another open of the file for writing (a header written at the
  start, a reset) in the same source gets the cached stream closed just before it, anywhere
  else it is refused.

The file is assumed not to be read by another process while the program runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk

ID = "open_once"
#: C stream calls that only write through the handle (or flush it)
C_WRITERS = frozenset({"fprintf", "fputs", "fputc", "putc", "fwrite", "vfprintf", "fflush"})
#: Fortran statements that only write through the unit
F_WRITERS = frozenset({"write_statement", "print_statement", "flush_statement"})
MAX_FILES = 60


@dataclass(frozen=True)
class _Open:
    """One open of a file: its statement's lines, the name expression, the mode, the handle."""

    code: Code
    node: Node  # the fopen call / open statement
    stmt: Node  # the whole statement holding it
    name: str  # the file name expression's text
    mode: str  # C: the mode literal's text; Fortran: "read" / "write" / "append"
    handle: str  # the variable (or unit number) the file is reached through
    fn: Node | None


def _lit(code: Code, n: Node | None) -> str:
    return code.text_of(n) if n is not None else ""


def _c_opens(code: Code) -> list[_Open]:
    out = []
    for n in walk(code.tree.root_node):
        if n.type != "call_expression":
            continue
        fn_node = n.child_by_field_name("function")
        if fn_node is None or code.text_of(fn_node) != "fopen":
            continue
        args = [a for a in (n.child_by_field_name("arguments") or n).named_children
                if a.type != "comment"]
        if len(args) != 2:
            continue
        mode = code.text_of(args[1]).strip('"') if args[1].type == "string_literal" else "?"
        handle, stmt = "", n
        p = n.parent
        if p is not None and p.type == "init_declarator":
            d = p.child_by_field_name("declarator")
            while d is not None and d.type == "pointer_declarator":
                d = d.child_by_field_name("declarator")
            handle = _lit(code, d)
            stmt = p.parent if p.parent is not None else p
        elif p is not None and p.type == "assignment_expression" and \
                p.child_by_field_name("right") == n:
            handle = _lit(code, p.child_by_field_name("left"))
            stmt = p.parent if p.parent is not None and \
                p.parent.type == "expression_statement" else p
        out.append(_Open(code, n, stmt, code.text_of(args[0]).strip(), mode, handle,
                         code.function_of(n)))
    return out


def _f_kw(code: Code, n: Node) -> dict[str, str]:
    """An open/close statement's keyword arguments (lower-case keys, raw values); the
    positional unit as ``unit``."""
    out: dict[str, str] = {}
    for c in n.named_children:
        if c.type == "keyword_argument" and len(c.named_children) >= 2:
            k = code.text_of(c.named_children[0]).lower()
            out[k] = code.text_of(c.named_children[1]).strip()
        elif c.type in ("unit_identifier", "number_literal", "identifier") and "unit" not in out:
            out["unit"] = code.text_of(c).strip()
    return out


def _f_opens(code: Code) -> list[_Open]:
    out = []
    for n in walk(code.tree.root_node):
        if n.type != "open_statement":
            continue
        kw = _f_kw(code, n)
        low = {k: v.lower().strip("'\"") for k, v in kw.items()}
        if low.get("action", "") == "read" or (low.get("status") == "old" and
                                               "write" not in low.get("action", "")):
            mode = "read"
        elif low.get("position") == "append" or low.get("access") == "append":
            mode = "append"
        else:
            mode = "write" + (f" (status='{low['status']}')" if "status" in low else "")
        handle = kw.get("newunit") or kw.get("unit", "")
        out.append(_Open(code, n, n, kw.get("file", ""), mode, handle.lower(),
                         code.function_of(n)))
    return out


def _opens(code: Code) -> list[_Open]:
    return _f_opens(code) if code.fortran else _c_opens(code)


def _appending(o: _Open) -> bool:
    return o.mode == "append" if o.code.fortran else o.mode.startswith("a")


def _closes(code: Code, fn: Node, handle: str) -> list[Node]:
    """The statements closing ``handle`` in ``fn``."""
    out = []
    for n in walk(fn):
        if code.fortran and n.type == "close_statement":
            if _f_kw(code, n).get("unit", "").lower() == handle:
                out.append(n)
        elif not code.fortran and n.type == "call_expression":
            f = n.child_by_field_name("function")
            args = (n.child_by_field_name("arguments") or n).named_children
            if f is not None and code.text_of(f) == "fclose" and args and \
                    code.text_of(args[0]) == handle:
                out.append(n)
    return out


def per_call_appends(code: Code) -> list[int]:
    """Lines of the appending opens whose function also closes the same handle: a file opened,
    written and closed on every call (what :func:`open_once` changes)."""
    out = []
    for o in _opens(code):
        if _appending(o) and o.fn is not None and o.handle and _closes(code, o.fn, o.handle):
            out.append(o.node.start_point[0] + 1)
    return out


class _Project:
    """The project's sources of the same language family (this file first)."""

    def __init__(self, code: Code, root: Path | None) -> None:
        self.codes = project_codes(code, root, lambda lang: (lang == "fortran") == code.fortran,
                                   max_files=MAX_FILES)


def _where(o: _Open | Node, code: Code | None = None) -> str:
    if isinstance(o, _Open):
        return f"{o.code.path}:{o.node.start_point[0] + 1}"
    assert code is not None
    return f"{code.path}:{o.start_point[0] + 1}"


def _is_literal(code: Code, text: str) -> bool:
    return bool(re.fullmatch(r"\"[^\"]*\"|'[^']*'", text.strip()))


def _assigned(code: Code, name: str) -> Node | None:
    """Where ``name`` is assigned, written into, or declared with a value that is not a
    literal (``const char *p = make_name(k);``), if anywhere."""
    for n in walk(code.tree.root_node):
        if n.type == "init_declarator":
            d = n.child_by_field_name("declarator") or (n.named_children[0] if
                                                        n.named_children else None)
            while d is not None and d.type in ("pointer_declarator", "array_declarator"):
                d = d.child_by_field_name("declarator")
            v = n.child_by_field_name("value") or (n.named_children[-1] if
                                                   len(n.named_children) > 1 else None)
            if d is not None and code.name_of(d) == name and v is not None and \
                    v.type not in ("string_literal", "concatenated_string"):
                return n
        if n.type == "assignment_expression" or (code.fortran and
                                                 n.type == "assignment_statement"):
            left = n.child_by_field_name("left") or (n.named_children[0] if n.named_children
                                                      else None)
            if left is not None and code.name_of(left) == name:
                return n
        if not code.fortran and n.type == "call_expression":
            f = n.child_by_field_name("function")
            args = (n.child_by_field_name("arguments") or n).named_children
            if f is not None and code.text_of(f) in ("sprintf", "snprintf", "strcpy",
                                                      "strncpy", "strcat", "strncat", "memcpy",
                                                      "scanf", "fgets", "getcwd") \
                    and args and code.text_of(args[0]) == name:
                return n
        if code.fortran and n.type == "write_statement":
            u = next((c for c in n.named_children if c.type == "unit_identifier"), None)
            if u is not None and code.name_of(u) == name:  # an internal write into it
                return n
    return None


def _params(code: Code, fn: Node) -> list[str]:
    if code.fortran:
        st = next((c for c in fn.named_children if c.type in ("subroutine_statement",
                                                               "function_statement")), None)
        ps = next((c for c in st.named_children if c.type == "parameters"), None) \
            if st is not None else None
        return [code.name_of(p) for p in ps.named_children] if ps is not None else []
    out = []
    for d in walk(fn):
        if d.type == "parameter_declaration":
            ids = [x for x in walk(d) if x.type == "identifier"]
            out.append(code.text_of(ids[-1]) if ids else "")
        if d.type == "compound_statement":
            break
    return out


def _calls(proj: _Project, fname: str) -> list[tuple[Code, Node, list[str]]]:
    """Every call of ``fname`` in the project with its argument texts."""
    out = []
    for c in proj.codes:
        for n in walk(c.tree.root_node):
            if c.fortran and n.type == "subroutine_call":
                name = next((x for x in n.named_children if x.type == "identifier"), None)
                args = next((x for x in n.named_children if x.type == "argument_list"), None)
                if name is not None and c.name_of(name) == fname.lower():
                    out.append((c, n, [c.text_of(a).strip() for a in args.named_children]
                                if args is not None else []))
            elif not c.fortran and n.type == "call_expression":
                f = n.child_by_field_name("function")
                if f is not None and c.text_of(f) == fname:
                    a = n.child_by_field_name("arguments")
                    out.append((c, n, [c.text_of(x).strip() for x in a.named_children]
                                if a is not None else []))
    return out


def _constant(proj: _Project, code: Code, fn: Node, name: str) -> str | None:
    """None when the file name ``name`` is the same on every call of ``fn``; else why not."""
    if _is_literal(code, name):
        return None
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return f"the file name {name!r} is computed at each call"
    key = name.lower() if code.fortran else name
    params = _params(code, fn)
    if key in params:
        fname = code.function_name(fn)
        texts: dict[str, str] = {}
        for c, n, args in _calls(proj, fname):
            i = params.index(key)
            if i < len(args):
                texts.setdefault(args[i], _where(n, c))
        if not texts:
            return f"the file name is the parameter {name} and no call of {fname} was found"
        if len(texts) > 1:
            return (f"the file name changes between calls: {fname} is called with "
                    + ", ".join(f"{t} ({w})" for t, w in list(texts.items())[:3]))
        (arg, where), = texts.items()
        if _is_literal(code, arg):
            return None
        name, key = arg, arg.lower() if code.fortran else arg
        if not re.fullmatch(r"[A-Za-z_]\w*", arg):
            return f"the file name is computed at the call ({where}): {arg}"
    for c in proj.codes:
        hit = _assigned(c, key)
        if hit is not None:
            return (f"the file name {name} is written at {_where(hit, c)}: it may change "
                    "between calls")
    return None


def _uses(code: Code, fn: Node, handle: str, skip: set[int]) -> str | None:
    """None when every use of ``handle`` in ``fn`` writes, flushes, tests or closes it."""
    for n in walk(fn):
        if id(n) in skip or n.type != "identifier" or code.name_of(n) != handle:
            continue
        at = f"{code.path}:{n.start_point[0] + 1}"
        if code.fortran:
            st = n.parent
            while st is not None and not st.type.endswith("_statement"):
                st = st.parent
            if st is None or st.type in F_WRITERS or st.type in ("close_statement",
                                                                 "open_statement"):
                continue
            if st.type == "variable_declaration":
                continue
            return f"the unit {handle} is used by {code.text_of(st).split(chr(10))[0]!r} ({at})"
        p = n.parent
        if p is not None and p.type in ("init_declarator", "pointer_declarator", "declaration"):
            continue
        call = p.parent if p is not None and p.type == "argument_list" else None
        if call is not None and call.type == "call_expression":
            f = call.child_by_field_name("function")
            name = code.text_of(f) if f is not None else "?"
            if name in C_WRITERS or name == "fclose":
                continue
            return f"the stream {handle} is handed to {name}() ({at})"
        # a failure test: if (!f), if (f == NULL), if (f)
        cond = n
        while cond.parent is not None and cond.parent.type in (
                "unary_expression", "binary_expression", "parenthesized_expression"):
            cond = cond.parent
        if cond.parent is not None and cond.parent.type in ("if_statement",
                                                            "condition_clause"):
            continue
        return f"the stream {handle} is used as {code.text_of(p or n)!r} ({at})"
    return None


def _line(n: Node) -> int:
    return n.start_point[0] + 1


def _end_line(n: Node) -> int:
    return n.end_point[0] + 1


def open_once(code: Code, line: int, rel: str, root: Path | None = None
              ) -> Generated | Refusal:
    """Keep the file the function at ``line`` appends to open between its calls."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        return Refusal(ID, f"{rel}:{line} is in no function")
    mine = [o for o in _opens(code) if o.fn is not None and o.fn.id == fn.id]
    fname = code.function_name(fn)
    if not mine:
        return Refusal(ID, f"{fname} ({rel}:{line}) opens no file")
    if len(mine) > 1:
        return Refusal(ID, f"{fname} opens {len(mine)} files ({', '.join(_where(o) for o in mine)})"
                           ": one cached stream per function is generated")
    o = mine[0]
    if not _appending(o):
        return Refusal(ID, f"{fname} opens {o.name} with mode {o.mode!r} ({_where(o)}), not for "
                           "appending: each call starts the file again, so opening it once "
                           "would change what it holds")
    if not o.handle:
        return Refusal(ID, f"the open at {_where(o)} is not a statement `f = fopen(...)` of "
                           "its own")
    closes = _closes(code, fn, o.handle)
    if not closes:
        return Refusal(ID, f"{fname} does not close {o.handle}: the file already stays open")
    proj = _Project(code, root)
    why = _constant(proj, code, fn, o.name)
    if why:
        return Refusal(ID, why)
    skip = {id(x) for x in walk(o.stmt)} | {id(x) for c in closes for x in walk(c)}
    why = _uses(code, fn, o.handle, skip)
    if why:
        return Refusal(ID, why)
    # other opens of the same file: readers refuse, writers in this file close it first
    same_name = {o.name.lower() if code.fortran else o.name}
    for _c, _n, args in _calls(proj, fname):
        ps = _params(code, fn)
        key = o.name.lower() if code.fortran else o.name
        if key in ps and ps.index(key) < len(args):
            same_name.add(args[ps.index(key)].lower() if code.fortran else args[ps.index(key)])
    others = [x for c in proj.codes for x in _opens(c)
              if x.node.id != o.node.id or c is not code]
    others = [x for x in others if (x.name.lower() if code.fortran else x.name) in same_name
              and not (x.code is code and x.node.id == o.node.id)]
    readers = [x for x in others if (x.mode == "read" if code.fortran else "r" in x.mode)]
    if readers:
        r = readers[0]
        return Refusal(ID, f"{code.function_name(r.fn)} reads {o.name} ({_where(r)}): run between "
                           f"calls of {fname} it would miss the lines still in the buffer")
    elsewhere = [x for x in others if x.code is not code]
    if elsewhere:
        return Refusal(ID, f"{o.name} is also opened in {_where(elsewhere[0])}: the stream "
                           f"cached in {rel} cannot be closed there first")
    return (_gen_fortran if code.fortran else _gen_c)(code, fn, o, closes, others, rel)


def _gen_c(code: Code, fn: Node, o: _Open, closes: list[Node], others: list[_Open], rel: str
       ) -> Generated | Refusal:
    fname = code.function_name(fn)
    var = f"{fname}_stream"
    edits: dict[int, tuple[int, list[str]]] = {}  # first line -> (last line, new lines)
    ind = code.indent_at(_line(o.stmt))
    decl = o.stmt.type == "declaration"
    head = code.text_of(o.stmt)
    if decl:
        keep = head[: o.node.start_byte - o.stmt.start_byte] + var + \
            head[o.node.end_byte - o.stmt.start_byte:]
    else:
        keep = f"{o.handle} = {var};"
    if _line(o.stmt) != _end_line(o.stmt) or code.lines[_line(o.stmt) - 1].strip() != head:
        return Refusal(ID, f"the open at {_where(o)} shares its line with other statements")
    edits[_line(o.stmt)] = (_line(o.stmt), [
        f"{ind}if (!{var})  /* open_once: opened on the first call, kept open */",
        f"{ind}    {var} = {code.text_of(o.node)};", f"{ind}{keep}"])
    for c in closes:
        st = c.parent
        if st is None or st.type != "expression_statement":
            return Refusal(ID, f"the fclose at {_where(c, code)} is not a statement of its own")
        target = st
        p = st.parent
        if p is not None and p.type == "compound_statement" and len(p.named_children) == 1:
            p = p.parent
            target = p if p is not None and p.type == "if_statement" else st
        elif p is not None and p.type == "if_statement":
            target = p
        if target.type == "if_statement" and target.child_by_field_name("alternative"):
            target = st
        if code.lines[_line(target) - 1].strip() != code.text_of(target).split("\n")[0].strip():
            return Refusal(ID, f"the fclose at {_where(c, code)} shares its line with other "
                               "statements")
        edits[_line(target)] = (_end_line(target), [])
    closer = f"{var}_close"
    for x in others:  # another writer of the file in this source: close the stream first
        ln = _line(x.stmt)
        if ln in edits:
            continue
        edits[ln] = (ln, [f"{code.indent_at(ln)}{closer}();  /* open_once */",
                          code.lines[ln - 1].rstrip("\n")])
    top = min([_line(fn), *(_line(x.fn) for x in others if x.fn is not None)])
    while top > 1 and code.lines[top - 2].lstrip().startswith(("/*", "*", "//")):
        top -= 1  # above the function's comment
    block = [f"/* open_once: the file {fname}() appends to stays open between its calls; the C",
             " * library flushes and closes it at exit */", f"static FILE *{var};"]
    if others:
        block += [f"static void {closer}(void)", "{",
                  f"    if ({var}) {{", f"        fclose({var});", f"        {var} = NULL;",
                  "    }", "}"]
    lines = list(code.lines)
    for first in sorted(edits, reverse=True):
        last, new = edits[first]
        lines[first - 1:last] = [ln + "\n" for ln in new]
    lines[top - 1:top - 1] = [ln + "\n" for ln in [*block, ""]]
    new_text = "".join(lines)
    note = (f"{fname}() opens {o.name} once (a static FILE * opened on its first call) instead "
            f"of per call; its fclose removed" + (
                f"; closed before the other open{'s' if len(others) > 1 else ''} of the file "
                f"({', '.join(_where(x) for x in others)})" if others else "")
            + "; the C library flushes and closes it at exit (lines reach the file when the "
              "buffer fills, not line by line); assumes no other process reads the file "
              "while the program runs")
    return Generated(ID, rel, make_diff(code.text, new_text, rel), new_text, note)


#: statements of a Fortran specification part (declarations go after the last of them)
SPEC_PART = frozenset({"use_statement", "implicit_statement", "variable_declaration",
                       "parameter_statement", "derived_type_definition", "interface",
                       "include_statement", "save_statement", "common_statement",
                       "data_statement", "public_statement", "private_statement"})


def _spec_end(unit: Node) -> int:
    """The last line of the specification part of ``unit`` (a module or a procedure): its
    header's line when it declares nothing."""
    kids = unit.named_children
    last = _end_line(kids[0]) if kids else _line(unit)
    for c in kids[1:]:
        if c.type not in SPEC_PART and c.type != "comment":
            break
        if c.type != "comment":
            last = _end_line(c)
    return last


def _gen_fortran(code: Code, fn: Node, o: _Open, closes: list[Node], others: list[_Open],
             rel: str) -> Generated | Refusal:
    fname = code.function_name(fn)
    var, flag = f"{fname}_unit", f"{fname}_opened"  # newunit= numbers are negative
    mod = fn.parent.parent if fn.parent is not None and \
        fn.parent.type == "internal_procedures" else None
    in_module = mod is not None and mod.type == "module"
    if others and not in_module:
        return Refusal(ID, f"{o.name} is also opened at {_where(others[0])}, and outside a "
                           "module the unit cannot be closed there first")
    edits: dict[int, tuple[int, list[str]]] = {}
    ln = _line(o.stmt)
    if _end_line(o.stmt) != ln:
        return Refusal(ID, f"the open at {_where(o)} continues over several lines")
    ind = code.indent_at(ln)
    text = code.text_of(o.stmt)
    numbered = o.handle.isdigit()
    if numbered:
        opened = [f"{ind}  {text}", f"{ind}  {var} = {o.handle}"]
    else:
        kw = _f_kw(code, o.stmt)
        if "newunit" not in kw:
            return Refusal(ID, f"the open at {_where(o)} names its unit through the variable "
                               f"{o.handle} without newunit=: its number is not known")
        opened = [f"{ind}  " + re.sub(r"(?i)newunit\s*=\s*" + re.escape(kw["newunit"]),
                                      f"newunit={var}", text)]
    edits[ln] = (ln, [f"{ind}if (.not. {flag}) then  ! open_once: opened on the first call",
                      *opened, f"{ind}  {flag} = .true.", f"{ind}end if",
                      *([] if numbered else [f"{ind}{o.handle} = {var}"])])
    for c in closes:
        if _end_line(c) != _line(c):
            return Refusal(ID, f"the close at {_where(c, code)} continues over several lines")
        edits[_line(c)] = (_line(c), [])
    for x in others:
        xl = _line(x.stmt)
        xi = code.indent_at(xl)
        edits[xl] = (xl, [f"{xi}if ({flag}) then  ! open_once: close the kept unit first",
                          f"{xi}  close({var})", f"{xi}  {flag} = .false.", f"{xi}end if",
                          code.lines[xl - 1].rstrip("\n")])
    decl = [f"! open_once: the unit {fname} appends to, opened on its first call and kept",
            f"integer, save :: {var}", f"logical, save :: {flag} = .false."]
    host = mod if in_module and mod is not None else fn
    at = _spec_end(host)
    dind = code.indent_at(at) if at != _line(host) else code.indent_at(_line(host)) + "  "
    lines = list(code.lines)
    for first in sorted(edits, reverse=True):
        last, new = edits[first]
        lines[first - 1:last] = [s + "\n" for s in new]
    lines[at:at] = [dind + s + "\n" for s in decl]
    new_text = "".join(lines)
    note = (f"{fname} opens {o.name} once ({'a module' if in_module else 'a saved'} unit "
            f"{var}, opened on its first call) instead of per call; its close removed" + (
                f"; closed before the other open{'s' if len(others) > 1 else ''} of the file "
                f"({', '.join(_where(x) for x in others)})" if others else "")
            + "; the Fortran run time closes it at the end of the program; assumes no other "
              "process reads the file while the program runs")
    return Generated(ID, rel, make_diff(code.text, new_text, rel), new_text, note)
