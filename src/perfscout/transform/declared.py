"""What an array is declared as, seen through the program's macros.

:func:`declaration` gives the element type and the extents of an array or pointer, as the BLAS
generator needs them (``double``, ``["NI", "NJ"]``). A plain declaration is read from the tree;
one written through a function-like macro (``DATA_TYPE PB_2D(C, NI, NJ, ni, nj)``) is expanded
with :class:`~perfscout.transform.macros.Macros` and parsed again. Extents keep the size macros as
written (``NJ``, not the default the header gives it), because the build may set them with ``-D``;
the type is expanded fully (``DATA_TYPE`` -> ``double``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.transform.macros import TOKEN, Macros
from perfscout.transform.source import Code, Node, walk


@dataclass(frozen=True)
class Declared:
    """``type``: the declared type with ``*``/``[]`` marks (``double [][]``), macros expanded;
    ``extents``: the array extents as written, None for a pointer; ``why``: what could not be
    seen (an ambiguous macro), "" when nothing."""

    type: str
    extents: list[str] | None
    why: str = ""


def declaration(code: Code, fn: Node | None, name: str, macros: Macros) -> Declared:
    """How ``name`` is declared in ``fn`` (or the file)."""
    t = code.declared_type(fn, name)
    if t or code.fortran:
        return _typed(t, code.array_extents(fn, name), macros)
    for scope in (fn, code.tree.root_node):
        if scope is None:
            continue
        for d in walk(scope):
            if d.type not in ("parameter_declaration", "declaration"):
                continue
            toks = TOKEN.findall(code.text_of(d))
            if name not in toks or not any(x in macros.defs for x in toks):
                continue
            shape = Code(macros.expand(code.text_of(d), objects=False) + ";", "decl.c")
            t = shape.declared_type(shape.tree.root_node, name)
            if t:
                return _typed(t, shape.array_extents(shape.tree.root_node, name), macros)
    return Declared("", None)


def _typed(t: str, ext: list[str] | None, macros: Macros) -> Declared:
    toks = TOKEN.findall(t)
    unsure = [x for x in toks if x in macros.ambiguous]
    why = (f"{unsure[0]} is #defined more than once (conditionally), so its type cannot be "
           "determined without the build's flags") if unsure else ""
    return Declared(re.sub(r"\s*\[\s*\]", "[]", macros.expand(t)).strip(), ext, why)


__all__ = ["Declared", "declaration"]
