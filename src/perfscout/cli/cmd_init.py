"""``perfscout init DIR``: write a starter spec for a user's project and say what was guessed."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from perfscout.cli.common import load_cfg, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import InitData


def register(app: typer.Typer) -> None:
    @app.command("init")
    def init_cmd(
        project: Path = typer.Argument(..., help="Your project directory (only read)."),
        out: Path = typer.Option(None, "--out", "-o",
                                 help="Where to write the spec (default: ./NAME.perfscout.yaml)."),
        args: str = typer.Option("", "--args", help="The program's arguments, as one string."),
        force: bool = typer.Option(False, "--force", help="Overwrite an existing spec."),
        timeout: float = typer.Option(None, "--timeout", min=0.001,
                                      help="The most one run may take, in seconds (default "
                                           "120; kept in the spec as timeout_s)."),
        policy: str = typer.Option(None, "--policy", help="Sandbox policy YAML."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Read DIR (Makefile, CMakeLists.txt, sources), build and run it once in a copy, and
        write a starter spec for `session start --spec` / `experiment run` / `tune`."""

        def run() -> Outcome:
            import yaml

            from perfscout.files import write_atomic
            from perfscout.model.errors import InputError
            from perfscout.pipeline.init_program import guess
            from perfscout.sandbox.runner import default_runner

            cfg = load_cfg()
            work = workspace(cfg)
            g = guess(project, default_runner(work, policy=policy),
                      work / "init" / project.resolve().name, tuple(args.split()), timeout)
            dest = out or Path(f"{g.spec['name']}.perfscout.yaml")
            if dest.exists() and not force:
                raise InputError(f"{dest} exists", hint="--force to overwrite, or --out FILE")
            write_atomic(dest, "# written by perfscout init: check every guess below\n"
                         + "".join(f"#  - {s}\n" for s in g.said)
                         + yaml.safe_dump(g.spec, sort_keys=False))
            data = InitData(str(dest), g.spec, list(g.said))

            def render(con: Console) -> None:
                for s in g.said:
                    con.print(f"guessed {s}", markup=False)
                con.print(f"wrote {dest}; next: perfscout session start --spec {dest}",
                          markup=False)

            return Outcome(data=data, render=render)

        execute("init", as_json, run)
