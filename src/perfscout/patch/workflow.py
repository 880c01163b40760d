"""Source proposals as git branches: one worktree and one commit each, never the user's tree.

When a proposal carries a unified diff, :func:`apply_proposal` checks that the user's repository
is clean (a dirty tree is refused with StateConflict, so nothing of theirs is ever mixed in),
rejects a diff that touches a file outside the proposal's declared scope, creates a worktree under
``HOME/patches/<id>/wt`` on branch ``perfscout/<id>`` from the user's HEAD, applies the diff there
and commits it with a ``Perfscout-Proposal: <id>`` trailer. :func:`verify_patch` builds and times
the base and the branch through the experiment runner. :func:`drop_patch` removes only commits
carrying that trailer; a branch the user has added commits to is left alone (StateConflict).
Records are JSON files ``HOME/patches/<id>.json`` written atomically.

Every git step runs through the :class:`~perfscout.patch.git.Git` it is handed, so through the
sandbox runner and its policy (no hooks, no drivers, paths inside the repository and the patch
directory); the caller builds it with :func:`perfscout.sandbox.runner.repository_runner`.
"""

from __future__ import annotations

import io
import json
import os
import re
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from perfscout.experiment.patching import apply_unified_diff
from perfscout.experiment.runner import ExperimentResult, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.store import Store
from perfscout.files import read_beneath, write_atomic, write_beneath
from perfscout.model.errors import InputError, NotFoundError, PolicyDenied, StateConflict
from perfscout.model.runs import Runner
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.patch.git import Git

TRAILER = "Perfscout-Proposal"
_SAFE = re.compile(r"^[A-Za-z0-9_.+-]+$")


@dataclass(frozen=True)
class PatchRecord:
    """One proposal's branch: where it lives, what it changed, and how it measured."""

    proposal_id: str
    repo: str
    branch: str
    worktree: str
    base: str  # the user's HEAD the branch forked from
    commit: str
    files: tuple[str, ...]
    scope: tuple[str, ...]
    diff: str
    status: str = "applied"  # applied, verified, dropped
    experiment_id: str = ""
    verdict: str = ""
    ratio: float | None = None
    ratio_low: float | None = None
    ratio_high: float | None = None
    expected_low: float | None = None
    expected_high: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def patches_dir(home: Path) -> Path:
    return home / "patches"


def diff_files(diff: str) -> tuple[str, ...]:
    """Paths (relative to the repository root) that ``diff`` touches; InputError if unparsable."""
    from unidiff import PatchSet
    from unidiff.errors import UnidiffParseError

    try:
        ps = PatchSet(io.StringIO(diff))
    except UnidiffParseError as exc:
        raise InputError(f"the proposal's diff is not a unified diff: {exc}",
                         hint="give a diff made with `diff -u` or `git diff`") from None
    if not len(ps):
        raise InputError("the proposal's diff touches no file", hint="give a unified diff")
    out = []
    for pf in ps:
        for p in (pf.source_file, pf.target_file):
            if p == "/dev/null":
                continue
            out.append(p[2:] if p.startswith(("a/", "b/")) else p)
    return tuple(dict.fromkeys(out))


# files that change what git itself does (hooks, filters, drivers, where the repository is)
GIT_CONTROL = {
    ".git": "the .git directory (or a worktree's .git file) tells git where the repository, "
            "its hooks and its config are",
    ".gitattributes": ".gitattributes can name filter and diff drivers that run programs",
    ".gitmodules": ".gitmodules makes git fetch and check out other repositories",
}


def check_scope(files: Sequence[str], scope: Sequence[str]) -> None:
    """PolicyDenied when a file is outside the declared scope (a file, or a directory ``d/``)."""
    for f in files:
        norm = os.path.normpath(f)
        if norm.startswith("..") or os.path.isabs(norm):
            raise PolicyDenied(f"diff touches {f!r}, outside the repository")
        for part in norm.split("/"):
            why = GIT_CONTROL.get(part.lower())
            if why:
                raise PolicyDenied(f"diff touches {f!r}: {why}",
                                   hint="a patch may change source files only")
        if not any(norm == os.path.normpath(s) or norm.startswith(s.rstrip("/") + "/")
                   for s in scope):
            raise PolicyDenied(f"diff touches {f!r}, outside the proposal's scope "
                               f"({', '.join(scope) or 'empty'})",
                               hint="declare the file in the proposal's scope or split the diff")


def _save(home: Path, rec: PatchRecord) -> PatchRecord:
    d = patches_dir(home)
    d.mkdir(parents=True, exist_ok=True)
    write_atomic(d / f"{rec.proposal_id}.json", json.dumps(to_jsonable(rec), indent=2))
    return rec


def load_patch(home: Path, proposal_id: str) -> PatchRecord:
    p = patches_dir(home) / f"{proposal_id}.json"
    if not p.is_file():
        raise NotFoundError(f"no patch for proposal {proposal_id!r}",
                            hint="`perfscout patch list` shows the patches")
    return from_jsonable(PatchRecord, json.loads(p.read_text()))


def list_patches(home: Path) -> list[PatchRecord]:
    d = patches_dir(home)
    return [load_patch(home, p.stem) for p in sorted(d.glob("*.json"))] if d.is_dir() else []


def apply_proposal(git: Git, home: Path, proposal_id: str, diff: str,
                   scope: Sequence[str], *, expected: tuple[float | None, float | None]
                   = (None, None)) -> PatchRecord:
    """Create branch ``perfscout/<id>`` with one commit applying ``diff``; see the module doc."""
    from unidiff import PatchSet

    if not _SAFE.match(proposal_id):
        raise InputError(f"proposal id {proposal_id!r} is not usable as a branch name")
    files = diff_files(diff)
    check_scope(files, scope)
    if git.is_dirty():
        raise StateConflict(f"{git.repo} has uncommitted changes; perfscout will not branch "
                            "from a dirty tree", hint="commit or stash your changes first")
    branch = f"perfscout/{proposal_id}"
    if git.has_branch(branch):
        raise StateConflict(f"branch {branch} exists already",
                            hint=f"`perfscout patch drop {proposal_id}` first")
    base = git.head()
    wt = patches_dir(home) / proposal_id / "wt"
    wt.parent.mkdir(parents=True, exist_ok=True)
    git.run("worktree", "add", "-b", branch, str(wt), base)
    try:
        for f in files:
            # never through a symlink: a committed link must not carry the write outside
            raw = read_beneath(wt, os.path.normpath(f))
            try:
                old = "" if raw is None else raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(f"{f} is not UTF-8 text; perfscout patches text files "
                                 "only") from None
            one = "".join(str(pf) for pf in PatchSet(io.StringIO(diff))
                          if f in (pf.path, pf.source_file[2:], pf.target_file[2:]))
            write_beneath(wt, os.path.normpath(f), apply_unified_diff(old, one, f).encode())
        git.run("add", "--", *files, cwd=wt)
        git.run("commit", "-q", "--no-verify", "-m", f"perfscout: {proposal_id}",
                "-m", f"{TRAILER}: {proposal_id}", cwd=wt)
        commit = git.run("rev-parse", "--verify", "HEAD", cwd=wt).strip()
    except BaseException:
        git.run("worktree", "remove", "--force", str(wt))
        git.run("branch", "-D", branch)
        raise
    return _save(home, PatchRecord(proposal_id, str(git.repo), branch, str(wt), base,
                                   commit, files, tuple(scope), diff,
                                   expected_low=expected[0], expected_high=expected[1]))


def _export(git: Git, rev: str, dest: Path) -> None:
    """The tree of ``rev`` written to ``dest`` (git archive into the patch dir, then unpacked)."""
    dest.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".tar", dir=dest.parent)
    os.close(fd)
    try:
        git.run("archive", "--format=tar", "-o", tmp, rev)
        with tarfile.open(tmp) as tf:
            tf.extractall(dest, filter="data")
    finally:
        os.unlink(tmp)


def verify_patch(git: Git, home: Path, proposal_id: str, source: str, runner: Runner,
                 store: Store,
                 workspace: Path, *, cfg_get: Callable[[str], Any], args: Sequence[str] = (),
                 size: int | None = None, metric: str = "", direction: str = "",
                 repetitions: int | None = None) -> tuple[PatchRecord, ExperimentResult]:
    """Build and time the base commit against the branch's commit (diff of ``source`` between
    them) through :func:`run_experiment`; the record gets the verdict and the measured ratio."""
    rec = load_patch(home, proposal_id)
    base_dir = patches_dir(home) / proposal_id / "base"
    _export(git, rec.base, base_dir)
    diff = git.run("diff", "--no-ext-diff", "--no-textconv", "--no-color", rec.base, rec.commit,
                   "--", source)
    spec = ExperimentSpec(f"patch-{proposal_id}", Variant("baseline"),
                          (Variant(proposal_id, patch=diff, proposal_id=proposal_id),),
                          source=str(base_dir / source), args=tuple(args), size=size,
                          metric=metric, direction=direction, repetitions=repetitions)
    res = run_experiment(spec, runner, store, workspace, cfg_get=cfg_get)
    v = res.outcome(proposal_id)
    rec = replace(rec, status="verified", experiment_id=res.id, verdict=v.verdict,
                  ratio=v.ratio, ratio_low=v.ratio_low, ratio_high=v.ratio_high)
    return _save(home, rec), res


def drop_patch(git: Git, home: Path, proposal_id: str) -> PatchRecord:
    """Remove the worktree and branch; only when every commit on it carries our trailer."""
    rec = load_patch(home, proposal_id)
    if git.has_branch(rec.branch):
        foreign = [sha[:10] for sha, msg in git.commits(rec.base, rec.branch)
                   if f"{TRAILER}: {proposal_id}" not in msg]
        if foreign:
            raise StateConflict(f"branch {rec.branch} has commits not made by perfscout "
                                f"({', '.join(foreign)}); not dropping it",
                                hint="move your commits elsewhere or delete the branch yourself")
        if Path(rec.worktree).exists():
            git.run("worktree", "remove", "--force", rec.worktree)
        git.run("worktree", "prune")
        git.run("branch", "-D", rec.branch)
    return _save(home, replace(rec, status="dropped"))
