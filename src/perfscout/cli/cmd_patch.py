"""``perfscout patch list|show|apply|drop``: proposals as branches ``perfscout/<id>``."""

from __future__ import annotations

import platform
from pathlib import Path

import typer
from rich.console import Console

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.state import OPTIONS
from perfscout.config import Config, load_config
from perfscout.experiment.store import Store, default_db
from perfscout.files import read_user_text
from perfscout.kb import CardStore
from perfscout.model.serialize import to_jsonable
from perfscout.patch.git import Git, repository_root
from perfscout.patch.workflow import (
    PatchRecord,
    apply_proposal,
    drop_patch,
    list_patches,
    load_patch,
    patches_dir,
)
from perfscout.sandbox.runner import repository_runner


def _line(r: PatchRecord) -> str:
    got = "" if r.ratio is None else f" x{r.ratio:.3f} ({r.verdict})"
    return f"{r.proposal_id:24} {r.status:9} {r.branch} {r.commit[:10]}{got}"


def open_git(repo: Path, cfg: Config) -> Git:
    """The user's repository's git, through a sandbox runner rooted at it and the patch dir."""
    root = repository_root(repo)
    return Git.open(repository_runner(root, patches_dir(cfg.home), config=cfg), root)


def register(app: typer.Typer) -> None:
    p_app = typer.Typer(help="Source proposals as git branches.", no_args_is_help=True)
    app.add_typer(p_app, name="patch")

    def home() -> Path:
        return load_config(config_path=OPTIONS.config_path).home

    @p_app.command("list")
    def list_(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Every patch perfscout made, with its status and measured ratio."""

        def run() -> Outcome:
            recs = list_patches(home())

            def render(con: Console) -> None:
                for r in recs:
                    con.print(_line(r))
                if not recs:
                    con.print("no patches")

            return Outcome(data={"patches": [to_jsonable(r) for r in recs]}, render=render)

        execute("patch list", as_json, run)

    @p_app.command("show")
    def show(proposal: str, as_json: bool = typer.Option(False, "--json", help=JSON_HELP)
             ) -> None:
        """One patch: branch, worktree, commit, files and the diff."""

        def run() -> Outcome:
            r = load_patch(home(), proposal)

            def render(con: Console) -> None:
                con.print(_line(r))
                con.print(f"worktree {r.worktree}\nbase {r.base}\nfiles {', '.join(r.files)}")
                con.print(r.diff, markup=False, highlight=False)

            return Outcome(data=to_jsonable(r), render=render)

        execute("patch show", as_json, run)

    @p_app.command("apply")
    def apply(proposal: str,
              diff: Path = typer.Option(..., "--diff", help="unified diff of the proposal"),
              scope: list[str] = typer.Option(..., "--scope", help="file or dir/ it may touch"),
              repo: Path = typer.Option(Path("."), "--repo", help="the user's git checkout"),
              verify: str = typer.Option("", "--verify",
                                         help="C source (in the repo) to build and time"),
              arg: list[str] = typer.Option([], "--arg", help="program argument ({size})"),
              size: int | None = typer.Option(None, "--size"),
              as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Branch perfscout/PROPOSAL with one commit; with --verify, build, time and record it."""

        def run() -> Outcome:
            text = read_user_text(diff, "diff", hint="give a unified diff (git diff, diff -u)")
            cfg = load_config(config_path=OPTIONS.config_path)
            git = open_git(repo, cfg)
            rec = apply_proposal(git, cfg.home, proposal, text, scope)
            data = {"patch": to_jsonable(rec)}
            if verify:
                from perfscout.pipeline.patch_flow import verify_and_record
                from perfscout.sandbox.runner import default_runner

                st = Store(default_db(cfg.home))
                try:
                    with CardStore(default_db(cfg.home)) as cs:
                        rec, _res, card = verify_and_record(
                            git, cfg.home, proposal, verify, default_runner(cfg.workspace), st,
                            cs, platform_key=f"{platform.machine()}|nocc|nompi", cfg_get=cfg.get,
                            args=tuple(arg), size=size, workspace=cfg.workspace)
                finally:
                    st.close()
                data = {"patch": to_jsonable(rec), "card": card.id}

            def render(con: Console) -> None:
                con.print(_line(rec))

            return Outcome(data=data, render=render)

        execute("patch apply", as_json, run)

    @p_app.command("drop")
    def drop(proposal: str, as_json: bool = typer.Option(False, "--json", help=JSON_HELP)
             ) -> None:
        """Remove the branch and worktree, only if every commit on it is perfscout's."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            r = drop_patch(open_git(Path(load_patch(cfg.home, proposal).repo), cfg), cfg.home,
                           proposal)
            return Outcome(data=to_jsonable(r), render=lambda con: con.print(_line(r)))

        execute("patch drop", as_json, run)
