"""``perfscout patch list|show|apply|drop``: proposals as branches ``perfscout/<id>``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute

if TYPE_CHECKING:
    from perfscout.patch.workflow import PatchRecord

JSON = typer.Option(False, "--json", help=JSON_HELP)


@dataclass(frozen=True)
class PatchesData:
    """``patch list --json`` data."""

    patches: list[PatchRecord]


@dataclass(frozen=True)
class AppliedData:
    """``patch apply --json`` data: the record, and the card id when it was verified."""

    patch: PatchRecord
    card: str | None = None


def _line(r: PatchRecord) -> str:
    got = "" if r.ratio is None else f" x{r.ratio:.3f} ({r.verdict})"
    return f"{r.proposal_id:24} {r.status:9} {r.branch} {r.commit[:10]}{got}"


def list_(as_json: bool = JSON) -> None:
    """Every patch perfscout made, with its status and measured ratio."""
    def run() -> Outcome:
        from perfscout.patch.workflow import list_patches

        recs = list_patches(load_cfg().home)

        def render(con: Any) -> None:
            for r in recs:
                con.print(_line(r))
            if not recs:
                con.print("no patches")
        return Outcome(data=PatchesData(recs), render=render)
    execute("patch list", as_json, run)


def show(proposal: str, as_json: bool = JSON) -> None:
    """One patch: branch, worktree, commit, files and the diff."""
    def run() -> Outcome:
        from perfscout.patch.workflow import load_patch

        r = load_patch(load_cfg().home, proposal)

        def render(con: Any) -> None:
            con.print(_line(r))
            con.print(f"worktree {r.worktree}\nbase {r.base}\nfiles {', '.join(r.files)}")
            con.print(r.diff, markup=False, highlight=False)
        return Outcome(data=r, render=render)
    execute("patch show", as_json, run)


def apply(proposal: str,
          diff: Path = typer.Option(..., "--diff", help="unified diff of the proposal"),
          scope: list[str] = typer.Option(..., "--scope", help="file or dir/ it may touch"),
          repo: Path = typer.Option(Path("."), "--repo", help="the user's git checkout"),
          verify: str = typer.Option("", "--verify",
                                     help="C source (in the repo) to build and time"),
          arg: list[str] = typer.Option([], "--arg", help="program argument ({size})"),
          size: int | None = typer.Option(None, "--size"),
          as_json: bool = JSON) -> None:
    """Branch perfscout/PROPOSAL with one commit; with --verify, build, time and record it."""
    def run() -> Outcome:
        from perfscout.files import read_user_text
        from perfscout.pipeline.patch_flow import apply_and_verify

        text = read_user_text(diff, "diff", hint="give a unified diff (git diff, diff -u)")
        rec, card = apply_and_verify(load_cfg(), proposal, text, scope, repo, verify, arg, size)
        return Outcome(data=AppliedData(rec, card), render=lambda con: con.print(_line(rec)))
    execute("patch apply", as_json, run)


def drop(proposal: str, as_json: bool = JSON) -> None:
    """Remove the branch and worktree, only if every commit on it is perfscout's."""
    def run() -> Outcome:
        from perfscout.patch.workflow import drop_patch, load_patch
        from perfscout.pipeline.patch_flow import open_git

        cfg = load_cfg()
        r = drop_patch(open_git(Path(load_patch(cfg.home, proposal).repo), cfg), cfg.home,
                       proposal)
        return Outcome(data=r, render=lambda con: con.print(_line(r)))
    execute("patch drop", as_json, run)


def register(app: typer.Typer) -> None:
    p_app = typer.Typer(help="Source proposals as git branches.", no_args_is_help=True)
    app.add_typer(p_app, name="patch")
    for name, fn in (("list", list_), ("show", show), ("apply", apply), ("drop", drop)):
        p_app.command(name)(fn)
