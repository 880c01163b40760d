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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck, run_guards
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.errors import InputError, PolicyDenied
from perfscout.model.proposals import Change, Proposal
from perfscout.patch.workflow import check_scope, diff_files
from perfscout.transform import GENERATORS, Generated, Refusal, generate


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


def _relative(source_root: Path, path: str) -> str | None:
    """``path`` relative to the source root; an absolute path from elsewhere (the profile of
    a build in a copy of the project) is matched by its longest tail that names a file under
    the root. None when nothing under the root matches."""
    root = source_root.resolve()
    p = Path(path)
    full = (p if p.is_absolute() else root / p).resolve()
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        pass
    if not p.is_absolute():
        return None
    parts = p.parts[1:]
    for k in range(len(parts)):
        tail = Path(*parts[k:])
        cand = (root / tail).resolve()
        if cand.is_file() and cand.is_relative_to(root):
            return cand.relative_to(root).as_posix()
    return None


def project_relative(source_root: Path, path: str) -> str | None:
    """``path`` (absolute, e.g. in a workspace copy of the project, or relative to the root)
    as the path of an existing file relative to ``source_root``; None when it names none."""
    rel = _relative(source_root, path)
    return rel if rel is not None and (source_root / rel).is_file() else None


def _checked(p: Proposal, g: Generated, original: str) -> str:
    """Run the diff checks a hand-written diff gets; the failure as one line, else ""."""
    try:
        check_scope(diff_files(g.diff), [g.path])
        applied = apply_unified_diff(original, g.diff, g.path)
    except (InputError, PolicyDenied) as exc:
        return f"generated diff failed the diff checks: {exc}"
    if applied != g.new_text:
        return "generated diff does not reproduce the transformed source when applied"
    return ""


def _with_diff(p: Proposal, g: Generated) -> Proposal:
    ch = p.change or Change()
    flags = tuple(dict.fromkeys((*ch.flags, *g.flags, *g.libs)))
    desc = f"{ch.description}; generated: {g.note}" if ch.description else f"generated: {g.note}"
    return replace(p, change=replace(ch, diff=g.diff, flags=flags, description=desc))


def attach_diffs(proposals: Sequence[Proposal], source_root: Path, *,
                 facts: Facts | None = None, policy: PolicyCheck | None = None
                 ) -> tuple[list[Proposal], list[Unconvertible]]:
    """Every proposal, with a generated diff where one was made; and the source proposals
    that still have none, each with the reason (the dependence or construct that forbids the
    change, a scope outside ``source_root``, a failed check).

    Proposals that are not ``source``, already carry a diff, or have no generator are
    returned unchanged (a bundled kernel's built-in transformation still applies to them);
    those among them that name no ``path:line`` are listed only when a generator exists."""
    out: list[Proposal] = []
    bad: list[Unconvertible] = []
    for p in proposals:
        if p.kind != "source" or (p.change is not None and p.change.diff):
            out.append(p)
            continue
        if p.id not in GENERATORS:
            out.append(p)
            bad.append(Unconvertible(p.id, f"no generator for {p.id} (generated: "
                                           f"{', '.join(GENERATORS)}); give a diff", p.scope))
            continue
        where = split_scope(p.scope)
        if where is None:
            out.append(p)
            bad.append(Unconvertible(p.id, f"scope {p.scope or '(empty)'!r} names no file:line "
                                           "(the profile gave no hot line)", p.scope))
            continue
        rel = _relative(source_root, where[0])
        if rel is None:
            out.append(p)
            bad.append(Unconvertible(p.id, f"{where[0]} is outside the source root "
                                           f"{source_root}", p.scope))
            continue
        file = source_root / rel
        if not file.is_file() or not os.access(file, os.R_OK):
            out.append(p)
            bad.append(Unconvertible(p.id, f"{rel} is not a readable file under {source_root}",
                                     p.scope))
            continue
        text = file.read_text(errors="replace")
        params = dict(p.change.params) if p.change is not None else {}
        g = generate(p.id, text, rel, where[1], params)
        if isinstance(g, Refusal):
            out.append(p)
            bad.append(Unconvertible(p.id, g.reason, p.scope))
            continue
        why = _checked(p, g, text)
        new = _with_diff(p, g)
        if not why and facts is not None and policy is not None:
            rej = run_guards(new, facts, policy)
            why = f"guard {rej.guard}: {rej.reason}" if rej is not None else ""
        if why:
            out.append(p)
            bad.append(Unconvertible(p.id, why, p.scope))
            continue
        out.append(new)
    return out, bad
