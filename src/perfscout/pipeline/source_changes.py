"""Give source proposals about the user's own code a generated diff, or the reason they cannot.

A catalog source proposal (loop_interchange, omp_simd, parallelize_omp, loop_tiling,
loop_unroll, use_blas) says *what* to change; its ``scope`` says *where* (``path:line``, the hot
line from the profile). :func:`attach_diffs` reads that file under the user's source root, asks
:func:`perfscout.transform.generate` for the change, and puts the diff (and the flags/libraries it
needs) into the proposal's ``change``. The generated diff then goes through exactly the checks a
hand-written or LLM diff goes through: it must parse as a unified diff touching only the file in
the proposal's scope (:func:`perfscout.patch.workflow.diff_files` / ``check_scope``), apply
cleanly to the file (:func:`perfscout.experiment.patching.apply_unified_diff`), and, when the
caller passes the case's facts and sandbox policy, pass every advise guard
(:func:`perfscout.advise.guards.run_guards`). Whatever fails is returned with its reason, never
dropped: the session and ``analyze`` show that list.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck, run_guards
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.errors import InputError, PolicyDenied
from perfscout.model.proposals import Change, Proposal
from perfscout.patch.workflow import check_scope, diff_files
from perfscout.transform import (
    GENERATORS,
    ProjectHeaders,
    Refusal,
    generate,
    loop_nest,
    project_headers,
)
from perfscout.transform.nest import make_diff, map_line


@dataclass(frozen=True)
class Unconvertible:
    """A source proposal left without a diff, and why (shown to the user)."""

    proposal_id: str
    reason: str
    scope: str = ""


def split_scope(scope: str) -> tuple[str, int] | None:
    """``path:line`` -> (path, line); None when the scope names no file line."""
    path, sep, line = scope.rpartition(":")
    if not sep or not path or not line.strip().isdigit():
        return None
    return path, int(line)


def _relative(source_root: Path, path: str, skip: Path | None = None) -> str | None:
    """``path`` relative to the source root; an absolute path from elsewhere (the profile of
    a build in a copy of the project) is matched by its longest tail that names a file under
    the root. Nothing under ``skip`` (perfscout's workspace, which may lie inside the user's
    folder) is a source file of the user's. None when nothing under the root matches, and
    when ``path`` cannot name a file at all (a C++ symbol a profile printed where a line's
    file goes, longer than a file name may be)."""
    try:
        return _relative_path(source_root, path, skip)
    except OSError:  # ENAMETOOLONG and the like: no file of the project has that name
        return None


def _relative_path(source_root: Path, path: str, skip: Path | None) -> str | None:
    root = source_root.resolve()
    skipped = skip.resolve() if skip is not None else None

    def mine(f: Path) -> bool:
        return f.is_relative_to(root) and not (skipped and f.is_relative_to(skipped))

    p = Path(path)
    full = (p if p.is_absolute() else root / p).resolve()
    if mine(full):
        return full.relative_to(root).as_posix()
    if not p.is_absolute():
        return None
    parts = p.parts[1:]
    for k in range(len(parts)):
        cand = (root / Path(*parts[k:])).resolve()
        if cand.is_file() and mine(cand):
            return cand.relative_to(root).as_posix()
    return None


def project_relative(source_root: Path, path: str, skip: Path | None = None) -> str | None:
    """``path`` (absolute, e.g. in a workspace copy of the project, or relative to the root)
    as the path of an existing file relative to ``source_root``; None when it names none."""
    rel = _relative(source_root, path, skip)
    return rel if rel is not None and _is_file(source_root / rel) else None


def _is_file(p: Path) -> bool:
    """``p.is_file()``, False where the name cannot be one (too long)."""
    try:
        return p.is_file()
    except OSError:
        return False


#: changes about one place of the program, not about every hot loop nest: generated on the
#: proposal's own line only
ONE_PLACE = frozenset({"open_once"})
#: a hot line below this share of the profile gets no change of its own (the do-not list's
#: Amdahl threshold: removing it entirely would give less than 1.05x)
HOT_SHARE = 0.05


@dataclass
class Edit:
    """The files one or more generated changes rewrote: the original and current text of each
    (relative path -> text), the notes of what was done, and what the build then needs."""

    original: dict[str, str] = field(default_factory=dict)
    current: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    flags: tuple[str, ...] = ()

    def text(self, root: Path, rel: str) -> str:
        if rel not in self.current:
            self.original[rel] = self.current[rel] = (root / rel).read_text(errors="replace")
        return self.current[rel]

    def diff(self) -> str:
        return "".join(make_diff(self.original[r], self.current[r], r) for r in self.files())

    def files(self) -> list[str]:
        return [r for r in sorted(self.current) if self.current[r] != self.original[r]]


def _nest_key(text: str, rel: str, line: int) -> tuple[str, int] | None:
    """The innermost loop around ``rel:line`` (file, header line): two hot lines of one loop
    body are one target."""
    nest = loop_nest(text, rel, line)
    return (rel, nest[-1][1]) if nest else None


def _targets(scope: tuple[str, int], also: Sequence[tuple[str, int]], root: Path,
             skip: Path | None = None) -> list[tuple[str, int]]:
    """The proposal's own line first, then the other hot lines, one per innermost loop."""
    out, seen = [], set()
    for path, line in (scope, *also):
        rel = _relative(root, path, skip)
        if rel is None or not _is_file(root / rel):
            continue
        key = _nest_key((root / rel).read_text(errors="replace"), rel, line)
        if (key is None and (rel, line) != (scope[0], scope[1])) or key in seen:
            continue
        seen.add(key)
        out.append((rel, line))
    return out


def build_headers(root: Path, spec: Any = None) -> ProjectHeaders:
    """The project's header reader with the build's ``-D`` defines and ``-I`` folders: the
    Makefile's compiler-flag variables (``CPPFLAGS``, ``CFLAGS``...), then the spec's
    baseline (its ``defines``, the ``-D``/``-I`` words of its flags, ``build.include``), which
    win. One per project: every generated change of a session reads the headers through it."""
    defines: dict[str, str] = {}
    include: list[str] = []

    def words(ws: Sequence[str]) -> None:
        joined: list[str] = []
        for w in ws:  # "-I dir" and "-D NAME" as one word
            if joined and joined[-1] in ("-I", "-D"):
                joined[-1] += w
            else:
                joined.append(w)
        for w in joined:
            if w.startswith("-D") and len(w) > 2:
                k, _, v = w[2:].partition("=")
                defines[k] = v
            elif w.startswith("-I") and len(w) > 2 and "$" not in w:
                include.append(w[2:])

    mk = root / "Makefile"
    if mk.is_file():
        from perfscout.experiment.program import make_vars

        mv = make_vars(mk.read_text(errors="replace"))
        for var in ("CPPFLAGS", "CFLAGS", "CXXFLAGS", "FFLAGS", "FCFLAGS", "DEFS"):
            try:
                words(shlex.split(mv.get(var, "")))
            except ValueError:
                continue
    base = getattr(spec, "baseline", None)
    if base is not None:
        words([*(base.flags or ()), *base.extra_flags])
        defines.update(base.defines)
    build = getattr(spec, "build", None)
    include += list(build.include) if build is not None else []
    return project_headers(root, defines, tuple(dict.fromkeys(include)))


def generate_over(pid: str, params: Mapping[str, Any], targets: Sequence[tuple[str, int]],
                  root: Path, edit: Edit, headers: ProjectHeaders | None = None) -> None:
    """Generate ``pid`` on each target nest in turn, each on the text the previous changes left
    (lines mapped through them, the file parsed again): the notes of what was made and the
    refusals go to ``edit``."""
    for rel, line in targets:
        before = edit.text(root, rel)
        at = map_line(edit.original[rel], before, line)
        if at is None:
            edit.refused.append(f"{rel}:{line}: rewritten by an earlier change")
            continue
        # a change spanning files (const_ref: a header's declarations) reads the other files
        # as the earlier changes left them
        g = generate(pid, before, rel, at, {**params, "current": dict(edit.current)},
                     root=root, headers=headers)
        if isinstance(g, Refusal):
            edit.refused.append(f"{rel}:{line}: {g.reason}")
            continue
        for other, new_text in g.others:
            edit.text(root, other)
            edit.current[other] = new_text
        # a change made in another file than the hot line's (the calls of a routine that
        # holds the hot line: LINPACK's pair replaced where the program calls it)
        dest = g.path if g.path and g.path != rel else rel
        if dest != rel:
            edit.text(root, dest)
        edit.current[dest] = g.new_text
        edit.notes.append(g.note)
        edit.flags = tuple(dict.fromkeys((*edit.flags, *g.flags, *g.libs)))


def _checked(edit: Edit) -> str:
    """Run the diff checks a hand-written diff gets; the failure as one line, else ""."""
    diff = edit.diff()
    try:
        check_scope(diff_files(diff), edit.files())
        for rel in edit.files():
            one = make_diff(edit.original[rel], edit.current[rel], rel)
            if apply_unified_diff(edit.original[rel], one, rel) != edit.current[rel]:
                return "generated diff does not reproduce the transformed source when applied"
    except (InputError, PolicyDenied) as exc:
        return f"generated diff failed the diff checks: {exc}"
    return ""


def _with_diff(p: Proposal, edit: Edit) -> Proposal:
    ch = p.change or Change()
    flags = tuple(dict.fromkeys((*ch.flags, *edit.flags)))
    note = "; ".join(edit.notes) + "".join(f"; not changed: {r}" for r in edit.refused)
    desc = f"{ch.description}; generated: {note}" if ch.description else f"generated: {note}"
    return replace(p, change=replace(ch, diff=edit.diff(), flags=flags, description=desc))


def _where(p: Proposal, source_root: Path, skip: Path | None = None
           ) -> tuple[str, int] | Unconvertible:
    """The file line a generated change starts from, or why there is none."""
    if p.id not in GENERATORS:
        return Unconvertible(p.id, f"no generator for {p.id} (generated: "
                                   f"{', '.join(GENERATORS)}); give a diff", p.scope)
    where = split_scope(p.scope)
    if where is None:
        return Unconvertible(p.id, f"scope {p.scope or '(empty)'!r} names no file:line "
                                   "(the profile gave no hot line)", p.scope)
    rel = _relative(source_root, where[0], skip)
    if rel is None:
        return Unconvertible(p.id, f"{where[0]} is outside the source root {source_root}",
                             p.scope)
    file = source_root / rel
    if not file.is_file() or not os.access(file, os.R_OK):
        return Unconvertible(p.id, f"{rel} is not a readable file under {source_root}", p.scope)
    return rel, where[1]


def _one(p: Proposal, source_root: Path, also: Sequence[tuple[str, int]],
         facts: Facts | None, policy: PolicyCheck | None, skip: Path | None,
         headers: ProjectHeaders) -> Proposal | Unconvertible:
    """``p`` with the diff generated on its own line and on every other hot nest."""
    where = _where(p, source_root, skip)
    if isinstance(where, Unconvertible):
        return where
    edit = Edit()
    params = dict(p.change.params) if p.change is not None else {}
    generate_over(p.id, params, _targets(where, () if p.id in ONE_PLACE else also,
                                         source_root, skip), source_root, edit, headers)
    if not edit.files():
        return Unconvertible(p.id, "; ".join(edit.refused) or "nothing generated", p.scope)
    why = _checked(edit)
    new = _with_diff(p, edit)
    if not why and facts is not None and policy is not None:
        rej = run_guards(new, facts, policy)
        why = f"guard {rej.guard}: {rej.reason}" if rej is not None else ""
    return Unconvertible(p.id, why, p.scope) if why else new


def attach_diffs(proposals: Sequence[Proposal], source_root: Path, *,
                 facts: Facts | None = None, policy: PolicyCheck | None = None,
                 also: Sequence[tuple[str, int]] = (), skip: Path | None = None,
                 headers: ProjectHeaders | None = None
                 ) -> tuple[list[Proposal], list[Unconvertible]]:
    """Every proposal, with a generated diff where one was made; and the source proposals
    that still have none, each with the reason (the dependence or construct that forbids the
    change, a scope outside ``source_root``, a failed check).

    The change is generated on the proposal's own ``path:line`` and then on each other hot
    line of ``also`` (path, line; one per innermost loop), each on the text the previous one
    left, into one diff: a program whose time is split over two nests gets both changed. A
    nest where the change is refused is named in the note only when another one was changed.
    ``skip``: perfscout's workspace, whose copies of the files are never the user's.
    ``headers``: the project's headers with the build's defines (:func:`build_headers`); one
    without them is made for ``source_root`` when not given.

    Proposals that are not ``source``, already carry a diff, or have no generator are
    returned unchanged (a bundled kernel's built-in transformation still applies to them);
    those among them that name no ``path:line`` are listed only when a generator exists."""
    out: list[Proposal] = []
    bad: list[Unconvertible] = []
    headers = headers if headers is not None else project_headers(source_root)
    for p in proposals:
        if p.kind != "source" or (p.change is not None and p.change.diff):
            out.append(p)
            continue
        r = _one(p, source_root, also, facts, policy, skip, headers)
        out.append(r if isinstance(r, Proposal) else p)
        if isinstance(r, Unconvertible):
            bad.append(r)
    return out, bad


def compose(proposals: Sequence[Proposal], source_root: Path,
            also: Sequence[tuple[str, int]] = (), headers: ProjectHeaders | None = None
            ) -> tuple[str, list[str], list[str]]:
    """One diff applying the generated changes of ``proposals`` in turn: the first is
    generated, the source re-parsed, the second generated on the result (its legality checked
    again there), and so on. Returns the diff, the ids that made it in, and the refusals."""
    edit = Edit()
    used: list[str] = []
    headers = headers if headers is not None else project_headers(source_root)
    for p in proposals:
        where = _where(p, source_root)
        if isinstance(where, Unconvertible):
            edit.refused.append(f"{p.id}: {where.reason}")
            continue
        before = dict(edit.current)
        params = dict(p.change.params) if p.change is not None else {}
        generate_over(p.id, params, _targets(where, also, source_root), source_root, edit,
                      headers)
        if edit.current != before:
            used.append(p.id)
    return (edit.diff() if not _checked(edit) else ""), used, edit.refused
