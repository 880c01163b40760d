"""Per-thread tallies for ``critical``/``atomic`` updates of arrays by a computed index
(``private_tallies``).

A Monte Carlo or histogram loop under ``#pragma omp parallel for`` scores each event into
shared arrays inside ``#pragma omp critical``: ``{ tally[bin] += w; count[bin]++; }``. Every
event then waits for the lock. :mod:`.ompreduce` turns one atomic update into a reduction
clause; it refuses a critical block holding several updates, and a C++ container. Here
each thread gets a private copy of every tally, merged once after the loop:

- a plain C/C++ array with a known extent (``double tally[NB]``, or a pointer parameter
  whose extent is the same constant at every call: :func:`.ompreduce._extent`) and a
  scalar get an OpenMP array-section reduction, ``reduction(+:tally[:NB], count[:NB])``;
- a ``std::vector`` (anything with ``operator[]`` and ``size()``) gets a private buffer of
  its size: the ``parallel for`` becomes a ``parallel`` region holding the buffer, the
  ``omp for`` (with the loop's clauses) writing into it, and one ``critical`` adding the
  buffer into the shared container after the loop.

The critical/atomic lines go (a critical block's braces stay as a plain block). Legal only
when every statement of every critical/atomic in the loop is a commutative update ``a[k] +=
e``, ``a[k] -= e``, ``a[k]++``/``--`` (or of a scalar), one-dimensional, and nothing in the
loop reads the updated names otherwise (not the index, not the added value, not another
statement; ``v.size()`` is allowed); a refusal names the offending statement. Integer tallies
give identical results; floating-point sums are added in another order (the note says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.transform.macros import ProjectHeaders
from perfscout.transform.monotone import strip
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.ompreduce import (
    alloc_count,
    array_extent,
    guarded,
    parallel_loop_at,
    pragma_text,
)
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "private_tallies"
#: clauses of a combined ``parallel for`` that belong to the ``parallel`` part
PARALLEL_ONLY = ("num_threads", "if", "proc_bind", "default", "shared", "copyin")


@dataclass
class _Tally:
    name: str
    element: bool  # a[k] (else a scalar)


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _update(code: Code, s: Node) -> tuple[Node, Node, list[Node]] | str:
    """(the statement, the updated lvalue, the nodes it reads) of a commutative update."""
    line = s.start_point[0] + 1
    if s.type != "expression_statement" or not s.named_children:
        return f"'{code.text_of(s).splitlines()[0]}' (line {line}) is not an update"
    e = s.named_children[0]
    if e.type == "update_expression":
        t = e.child_by_field_name("argument")
        return (s, t, []) if t is not None else f"line {line}: no operand"
    if e.type == "assignment_expression":
        op = e.child_by_field_name("operator")
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if op is not None and code.text_of(op) in ("+=", "-=") and left is not None \
                and right is not None:
            return s, left, [right]
    return (f"'{code.text_of(s)}' (line {line}) is not a commutative += / -= / ++ / -- "
            "update")


def _target(code: Code, t: Node) -> tuple[str, bool, list[Node]] | str:
    """(the name, an element?, the index nodes) of an update's lvalue."""
    t = strip(code, t)
    if t.type == "identifier":
        return code.text_of(t), False, []
    if t.type == "subscript_expression":
        a = t.child_by_field_name("argument")
        idx = t.child_by_field_name("index") or t.child_by_field_name("indices")
        if a is not None and strip(code, a).type == "identifier":
            return code.text_of(strip(code, a)), True, [idx] if idx is not None else []
        if a is not None and strip(code, a).type == "subscript_expression":
            return f"{code.text_of(t)} is an element of a rank-2 array: only one-dimensional " \
                   "tallies are split per thread"
    return f"{code.text_of(t)} is not a variable or an element of a named array"


def _protected(code: Code, loop: Node) -> tuple[list[Node], list[tuple[Node, Node, list[Node]]]
                                                ] | str:
    """(the critical/atomic pragma nodes, every protected update) of the loop."""
    pragmas: list[Node] = []
    ups: list[tuple[Node, Node, list[Node]]] = []
    found = guarded(code, loop)
    if isinstance(found, str):
        return found
    for d, word, stmt in found:
        line = d.start_point[0] + 1
        stmts = [stmt]
        if stmt.type == "compound_statement":
            if word.startswith("omp atomic"):
                return f"the atomic at line {line} protects a block"
            stmts = [k for k in stmt.named_children if k.type != "comment"]
        for s in stmts:
            got = _update(code, s)
            if isinstance(got, str):
                return f"the {word} at line {line} holds {got}"
            ups.append(got)
        pragmas.append(d)
    if not pragmas:
        return "no '#pragma omp critical' or 'atomic' in the parallel loop"
    return pragmas, ups


def private_tallies(code: Code, line: int, rel: str,
                    headers: ProjectHeaders | None) -> Generated | Refusal:
    """The critical/atomic tallies of the ``parallel for`` at ``rel:line`` kept per thread
    and merged once (module docstring), or a Refusal naming the statement that forbids it."""
    if code.fortran:
        return _no("Fortran: only C/C++ critical sections are split per thread")
    got = parallel_loop_at(code, line)
    if isinstance(got, str):  # the critical may be in a function the parallel loop calls
        from perfscout.transform.tallycall import through_call

        return through_call(code, line, rel, headers.root if headers is not None else None)
    pragma, loop = got
    head = loop.start_point[0] + 1
    word = pragma_text(code, pragma)
    got2 = _protected(code, loop)
    if isinstance(got2, str):
        return _no(f"{rel}:{head}: {got2}")
    crit, ups = got2
    fn = code.function_of(loop)
    tallies: dict[str, _Tally] = {}
    targets: set[int] = set()
    operands: list[tuple[Node, list[Node]]] = []
    for s, t, reads in ups:
        tg = _target(code, t)
        if isinstance(tg, str):
            return _no(f"{rel}:{s.start_point[0] + 1}: {tg}")
        name, element, idx = tg
        if tallies.setdefault(name, _Tally(name, element)).element != element:
            return _no(f"{rel}: {name} is updated both whole and by element")
        base = strip(code, t)
        targets.add((base.child_by_field_name("argument") or base).id if element else base.id)
        operands.append((s, [*reads, *idx]))
    for s, nodes in operands:  # the added values and the indices read no tally
        for x in (x for r in nodes for x in walk(r)):
            if x.type == "identifier" and code.text_of(x) in tallies:
                return _no(f"{rel}:{s.start_point[0] + 1}: '{code.text_of(s)}' reads "
                           f"{code.text_of(x)}, a tally: a thread would read only its own "
                           "partial value")
    body = loop.child_by_field_name("body") or loop
    for x in walk(body):
        if x.type != "identifier" or code.text_of(x) not in tallies or x.id in targets:
            continue
        p = x.parent
        if p is not None and p.type == "field_expression" and p.parent is not None and \
                p.parent.type == "call_expression" and code.text_of(
                    p.child_by_field_name("field") or p) == "size":
            continue  # the container's size, not its contents
        return _no(f"{rel}:{x.start_point[0] + 1}: {code.text_of(x)} is read or written "
                   "outside the critical update ('"
                   + code.lines[x.start_point[0]].strip() + "'): a thread would see only its "
                   "own partial tally")
    for name in tallies:
        if re.search(rf"\b{re.escape(name)}\b", word):
            return _no(f"{rel}: {name} is already named in '{word}'")
        if code._declared_type(body, name):
            return _no(f"{rel}: {name} is declared inside the loop (already private)")
    sections: list[str] = []
    buffers: list[str] = []
    for tl in tallies.values():
        if not tl.element:
            sections.append(tl.name)
            continue
        if code.lang == "cpp" and code.array_extents(fn, tl.name) is None and \
                _is_container(code, fn, tl.name):
            buffers.append(tl.name)
            continue
        try:
            ext = array_extent(code, fn, tl.name, headers) if fn is not None else ""
        except ValueError as exc:
            ext = _allocated_here(code, fn, loop, tl.name)
            if not ext:
                return _no(f"{rel}:{head}: {exc}")
        sections.append(f"{tl.name}[:{ext}]")
    if buffers and not word.startswith("omp parallel for"):
        return _no(f"{rel}:{head}: {', '.join(buffers)} need a private buffer and the loop is "
                   f"'{word}' inside a region of the program's own: only a 'parallel for' is "
                   "split into a region")
    floats = [n for n in tallies if not re.search(
        r"\b(char|short|int|long|unsigned|size_t|u?int\d+_t)\b",
        code.declared_type(fn, n) or "")]
    return _emit(code, rel, pragma, loop, crit, ups, word, sections, buffers, floats)


def _allocated_here(code: Code, fn: Node | None, loop: Node, name: str) -> str:
    """The count of the one ``name = malloc(E * sizeof ...)`` / ``calloc(E, ...)`` of the
    function, before the loop, when nothing in ``E`` is written in the function after the
    allocation (so ``E`` still names the extent at the loop, a run-time one included; an
    OpenMP array section takes a run-time length); "" otherwise."""
    if fn is None:
        return ""
    found: list[tuple[Node, str]] = []
    for d in walk(fn):
        if d.type == "init_declarator":
            nm, val = d.child_by_field_name("declarator"), d.child_by_field_name("value")
        elif d.type == "assignment_expression":
            nm, val = d.child_by_field_name("left"), d.child_by_field_name("right")
        else:
            continue
        if nm is None or val is None or re.sub(r"^[*\s]+", "", code.text_of(nm)) != name:
            continue
        count = alloc_count(code, strip(code, val))
        if not count or d.start_byte > loop.start_byte:
            return ""  # assigned from something else, or after the loop's start
        found.append((d, count))
    if len(found) != 1:
        return ""
    at, count = found[0]
    names = set(re.findall(r"[A-Za-z_]\w*", count)) - {"sizeof"}
    for d in walk(fn):
        if d.start_byte < at.end_byte:
            continue
        t = None
        if d.type == "assignment_expression":
            t = d.child_by_field_name("left")
        elif d.type == "update_expression":
            t = d.child_by_field_name("argument")
        if t is not None and code.text_of(strip(code, t)) in names:
            return ""
    return count


def _is_container(code: Code, fn: Node | None, name: str) -> bool:
    t = code.declared_type(fn, name) or ""
    if not t:
        for d in walk(code.tree.root_node):
            if d.type == "declaration" and any(
                    re.fullmatch(rf"&?\s*{re.escape(name)}\b.*", code.text_of(x).strip())
                    for x in d.children_by_field_name("declarator")):
                ty = d.child_by_field_name("type")
                t = code.text_of(ty) if ty is not None else ""
                break
    return bool(re.search(r"\b(vector|array|valarray|deque)\s*<", t))


def _emit(code: Code, rel: str, pragma: Node, loop: Node, crit: list[Node],
          ups: list[tuple[Node, Node, list[Node]]], word: str, sections: list[str],
          buffers: list[str], floats: list[str]) -> Generated:
    edits: list[tuple[int, int, str]] = []
    for d in crit:  # the critical/atomic lines go (a block stays a plain block)
        lo = code.data.rfind(b"\n", 0, d.start_byte) + 1
        hi = d.end_byte
        hi = hi + 1 if code.data[hi - 1:hi] != b"\n" and code.data[hi:hi + 1] == b"\n" else hi
        edits.append((lo, hi, ""))
    names: dict[str, str] = {}
    for b in buffers:
        n = f"ps_{b}"
        while re.search(rf"\b{n}\b", code.text):
            n += "_"
        names[b] = n
    for _s, t, _r in ups:
        base = strip(code, t)
        a = base.child_by_field_name("argument")
        if a is not None and code.text_of(strip(code, a)) in names:
            a = strip(code, a)
            edits.append((a.start_byte, a.end_byte, names[code.text_of(a)]))
    clause = f" reduction(+:{', '.join(sections)})" if sections else ""
    ind = code.indent_at(pragma.start_point[0] + 1)
    plo = code.data.rfind(b"\n", 0, pragma.start_byte) + 1
    phi = pragma.end_byte
    if code.data[phi - 1:phi] == b"\n":
        phi -= 1
    if not buffers:
        edits.append((phi, phi, clause))
    else:
        rest = word[len("omp parallel for"):].strip()
        par, loop_cl = split_clauses(rest)
        lind = code.indent_at(loop.start_point[0] + 1)
        inner = "".join(f"{lind}    std::vector<std::decay_t<decltype({b}[0])>> {names[b]}"
                        f"({b}.size());\n" for b in buffers)
        merge = "".join(
            f"{lind}        for (std::size_t ps_k = 0; ps_k < {b}.size(); ++ps_k)\n"
            f"{lind}            {b}[ps_k] += {names[b]}[ps_k];\n" for b in buffers)
        edits.append((plo, phi, f"{ind}#pragma omp parallel{(' ' + par) if par else ''}\n"
                                f"{lind}{{\n{inner}{ind}#pragma omp for"
                                f"{(' ' + loop_cl) if loop_cl else ''}{clause}"))
        edits.append((loop.end_byte, loop.end_byte,
                      f"\n{ind}#pragma omp critical\n{lind}    {{\n{merge}{lind}    }}\n"
                      f"{lind}}}"))
    text = apply_edits(code, edits)
    what = []
    if sections:
        what.append(f"reduction(+:{', '.join(sections)}) on the loop")
    if buffers:
        what.append(f"a private buffer per thread for {', '.join(buffers)}, added into the "
                    "shared one once after the loop")
    kind = ("floating-point sums are added in another order" if floats else
            "integer tallies: identical results")
    note = (f"{rel}:{loop.start_point[0] + 1}: the {len(crit)} critical/atomic section(s) "
            f"({len(ups)} update(s)) of the parallel loop replaced by per-thread tallies: "
            f"{'; '.join(what)} ({kind})")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note, ("-fopenmp",))


def split_clauses(rest: str) -> tuple[str, str]:
    """(the clauses of the ``parallel`` part, those of the ``for`` part) of a combined
    directive's clause text."""
    par: list[str] = []
    loop: list[str] = []
    for m in re.finditer(r"(\w+)\s*(\((?:[^()]|\([^()]*\))*\))?", rest):
        (par if m.group(1) in PARALLEL_ONLY else loop).append(m.group(0).strip())
    return " ".join(par), " ".join(loop)


__all__ = ["WHAT", "private_tallies"]
