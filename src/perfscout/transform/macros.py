"""The program's own ``#define``s, to see what a declaration written through macros declares.

A PolyBench-style parameter ``DATA_TYPE PB_2D(C, NI, NJ, ni, nj)`` is ``double C[NI][NJ]``
only once ``DATA_TYPE`` and ``PB_2D`` are expanded. The transform stage runs no compiler (it
has no build line), so :class:`Macros` reads the ``#define``s of the file and of the local
headers it includes (``#include "x.h"`` beside the file, ``<x.h>`` anywhere in the project;
read through the ``headers`` callback, system headers are never found) with tree-sitter, and
expands object-like and function-like macros the way the preprocessor does for simple bodies
(no ``#``/``##``). A name defined twice with different bodies (``#ifdef`` variants, as in
PolyBench's ``DATA_TYPE`` and ``POLYBENCH_C99_SELECT``) is *ambiguous*; when the project's
headers are at hand, a real C preprocessor (pcpp, pure Python, in process: nothing is run)
evaluates the conditionals with the defaults the headers choose and settles those names. What
stays ambiguous is left unexpanded, so a caller refuses instead of guessing. The build's own
``-D``s and ``-I`` folders (:class:`ProjectHeaders` ``defines``/``include``) reach the
preprocessor, so a ``-DDATA_TYPE_IS_FLOAT`` that picks another variant of a header's macros is
seen; a name the build defines is always settled by the preprocessor.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.transform.source import Code, walk

TOKEN = re.compile(r"[A-Za-z_]\w*|\.?\d[\w.]*|\S")
#: (include name, from which file) -> the header's text, None when not a project file
Headers = Callable[[str, str], "str | None"]


@dataclass(frozen=True)
class _Def:
    params: tuple[str, ...] | None  # None: object-like
    body: str


@dataclass
class Macros:
    """The ``#define``s visible to one file (its own and its local headers')."""

    defs: dict[str, _Def] = field(default_factory=dict)
    ambiguous: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, code: Code, headers: Headers | None = None) -> Macros:
        """The macros of ``code`` and, through ``headers``, of the headers it includes
        (recursively, each once)."""
        out = cls()
        seen = {code.path}
        todo = [code]
        while todo:
            c = todo.pop()
            out._collect(c)
            if headers is None:
                continue
            for inc in (n for n in walk(c.tree.root_node) if n.type == "preproc_include"):
                p = inc.child_by_field_name("path")
                name = c.text_of(p).strip('"<>') if p is not None else ""
                if not name or name in seen:
                    continue
                seen.add(name)
                text = headers(name, c.path)
                if text is not None:
                    todo.append(Code(text, name if name.endswith(".h") else name + ".h", "c"))
        if isinstance(headers, ProjectHeaders):
            out.ambiguous |= set(headers.defines) & set(out.defs)  # -D beats an #ifndef default
            for k, v in headers.defines.items():
                out.defs.setdefault(k, _Def(None, v or "1"))
            if out.ambiguous:
                out._settle(code, headers)
        return out

    def _settle(self, code: Code, headers: ProjectHeaders) -> None:
        """Give each ambiguous name the definition the preprocessor ends with for ``code``
        (conditionals evaluated; the project's header folders searched, no system header)."""
        final = headers.preprocessed(code)
        for name in sorted(self.ambiguous):
            if name in final:
                self.defs[name] = final[name]
                self.ambiguous.discard(name)

    def _collect(self, code: Code) -> None:
        for d in walk(code.tree.root_node):
            if d.type not in ("preproc_def", "preproc_function_def"):
                continue
            n, v = d.child_by_field_name("name"), d.child_by_field_name("value")
            if n is None:
                continue
            name = code.text_of(n)
            params = None
            if d.type == "preproc_function_def":
                ps = d.child_by_field_name("parameters")
                params = tuple(code.text_of(x) for x in ps.named_children) if ps else ()
            new = _Def(params, " ".join(code.text_of(v).split()) if v is not None else "")
            if name in self.defs and self.defs[name] != new:
                self.ambiguous.add(name)
            self.defs[name] = new

    def call_free(self) -> frozenset[str]:
        """The function-like macros (settled, not ambiguous) whose expansion holds no call
        (``SCALAR_VAL(x)`` -> ``x``): a use of one is a plain expression, no side effect."""
        out: set[str] = set()
        for name, d in self.defs.items():
            if d.params is None or name in self.ambiguous:
                continue
            body = self.expand(d.body)
            if not re.search(r"[A-Za-z_]\w*\s*\(", body):
                out.add(name)
        return frozenset(out)

    def expand(self, text: str, objects: bool = True, depth: int = 0,
               hide: frozenset[str] = frozenset()) -> str:
        """``text`` with every unambiguous macro expanded (repeatedly; a macro is not expanded
        inside its own expansion); ``objects=False`` leaves object-like macros (sizes that
        ``-D`` may change) as they are written."""
        toks = TOKEN.findall(text)
        out: list[str] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            d = self.defs.get(t)
            if d is None or t in self.ambiguous or t in hide or depth > 32 or \
                    (d.params is None and not objects):
                out.append(t)
                i += 1
                continue
            if d.params is None:
                out.append(self.expand(d.body, objects, depth + 1, hide | {t}))
                i += 1
                continue
            args, end = _arguments(toks, i + 1)
            if args is None or (len(args) != max(len(d.params), 1) and bool(d.params)):
                out.append(t)
                i += 1
                continue
            sub = dict(zip(d.params, (self.expand(a, objects, depth + 1, hide) for a in args),
                           strict=False))
            body = " ".join(sub.get(x, x) for x in TOKEN.findall(d.body))
            out.append(self.expand(body, objects, depth + 1, hide | {t}))
            i = end
        return " ".join(out)


HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".inc")


@dataclass(eq=False)
class ProjectHeaders:
    """Reads an included header from the project at ``root``: ``"x.h"`` beside the including
    file first, then the first file of that name (path tail) under ``root``; None for a header
    the project does not hold (a system header). The project is listed once, on first use.

    ``defines`` and ``include`` are the build's ``-D`` macros and ``-I`` folders (relative
    to ``root`` or absolute): the preprocessor sees them as the compiler does. Make one per
    project and pass it to every :func:`perfscout.transform.generate` call: its listing and
    the preprocessed macros of each file text are kept."""

    root: Path
    defines: Mapping[str, str] = field(default_factory=dict)
    include: tuple[str, ...] = ()
    _index: dict[str, list[Path]] | None = None
    _pp: dict[tuple[str, str], dict[str, _Def]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.root = self.root.resolve()

    def _files(self) -> dict[str, list[Path]]:
        if self._index is None:
            self._index = {}
            for p in sorted(self.root.rglob("*")):
                if p.suffix in HEADER_SUFFIXES and p.is_file():
                    self._index.setdefault(p.name, []).append(p)
        return self._index

    def folders(self) -> list[Path]:
        """The build's ``-I`` folders, then every project folder that holds a header."""
        given = [(self.root / d).resolve() for d in self.include]
        found = sorted({p.parent for ps in self._files().values() for p in ps})
        return list(dict.fromkeys([*given, *found]))

    def preprocessed(self, code: Code) -> dict[str, _Def]:
        """The macros after preprocessing ``code`` with the build's defines (kept per text)."""
        key = (code.path, code.text)
        if key not in self._pp:
            self._pp[key] = preprocessed_macros(code.text, self.root / code.path,
                                                self.folders(), self.defines)
        return self._pp[key]

    def __call__(self, name: str, frm: str) -> str | None:
        near = (self.root / frm).parent / name
        if near.is_file() and near.resolve().is_relative_to(self.root):
            return near.read_text(errors="replace")
        for p in self._files().get(Path(name).name, []):
            if p.as_posix().endswith("/" + name) and p.resolve().is_relative_to(self.root):
                return p.read_text(errors="replace")
        return None


def project_headers(root: Path, defines: Mapping[str, str] | None = None,
                    include: tuple[str, ...] = ()) -> ProjectHeaders:
    """The project's header reader (:class:`ProjectHeaders`) for ``Macros.of``."""
    return ProjectHeaders(root, dict(defines or {}), tuple(include))


def preprocessed_macros(text: str, path: Path, folders: list[Path],
                        defines: Mapping[str, str] | None = None) -> dict[str, _Def]:
    """The macros defined after preprocessing ``text`` (the file at ``path``) with ``folders``
    as include paths, conditionals evaluated by pcpp the way a C compiler does (unknown names
    are 0, ``defined`` of an unknown name is false). Includes outside the project are skipped;
    a file pcpp cannot process gives an empty table (the names then stay ambiguous)."""
    from pcpp import Action, OutputDirective, Preprocessor

    class _Quiet(Preprocessor):
        def on_error(self, file: str, line: int, msg: str) -> None:
            self.return_code += 1

        def on_include_not_found(self, is_malformed: bool, is_system_include: bool,
                                 curdir: str, includepath: str) -> None:
            raise OutputDirective(Action.IgnoreAndPassThrough)

    pp = _Quiet()
    for k, v in (defines or {}).items():  # as -Dk=v: an empty value is 1, as for the compiler
        pp.define(f"{k} {v if v != '' else '1'}")
    for d in [path.parent, *folders]:
        pp.add_path(str(d))
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            pp.parse(text, source=str(path))
            pp.write(io.StringIO())
    except Exception:  # a construct pcpp cannot handle: the names stay ambiguous
        return {}
    out: dict[str, _Def] = {}
    for name, m in pp.macros.items():
        body = " ".join("".join(t.value for t in m.value).split())
        out[name] = _Def(tuple(m.arglist) if m.arglist is not None else None, body)
    return out


def _arguments(toks: list[str], at: int) -> tuple[list[str] | None, int]:
    """The comma-separated arguments of a call whose ``(`` is ``toks[at]``, and the index
    after its ``)``."""
    if at >= len(toks) or toks[at] != "(":
        return None, at
    args: list[str] = []
    cur: list[str] = []
    level = 0
    for j in range(at + 1, len(toks)):
        t = toks[j]
        if t == "(":
            level += 1
        elif t == ")":
            if level == 0:
                args.append(" ".join(cur))
                return args, j + 1
            level -= 1
        elif t == "," and level == 0:
            args.append(" ".join(cur))
            cur = []
            continue
        cur.append(t)
    return None, at


__all__ = ["Headers", "Macros", "ProjectHeaders", "preprocessed_macros", "project_headers"]
