"""``perfscout advise FILE...``: guarded proposals as cards; ``--check FILE.json`` guards others'.

``advise FILE...`` runs analyze (ingest -> diagnose -> advise) and shows each proposal as a card
(change, preconditions, evidence, verification, expected gain, risk, confidence, invalid_when,
rollback), then what was rejected and why, then the do-not-do list; ``--markdown`` prints the same
as Markdown. ``--check PROPOSALS.json`` runs every guard over proposals written elsewhere (an LLM,
a colleague), in the context of FILE... and the platform when given; any rejection makes the
verdict ``fail`` (exit 1). ``--analysis ANALYSIS.json`` reuses a saved ``analyze --json``
envelope instead of re-reading the profiles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from perfscout.cli.cmd_analyze import load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.files import read_structured
from perfscout.model.errors import ExitCode, InputError, UsageError
from perfscout.model.findings import Finding
from perfscout.model.metrics import Profile
from perfscout.model.proposals import DoNot, Proposal, Rejected
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot


def _from_analysis(path: str) -> tuple[tuple[Finding, ...], tuple[Profile, ...]]:
    raw = read_structured(path, "analysis")
    data = raw.get("data", raw) if isinstance(raw, dict) else None
    if not isinstance(data, dict) or "findings" not in data:
        raise InputError(f"{path}: no 'findings' in it",
                         hint="give the output of `perfscout analyze --json`")
    try:
        fs = tuple(from_jsonable(Finding, f) for f in data["findings"])
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{path}: a finding does not parse ({exc})",
                         hint="give the output of `perfscout analyze --json`") from None
    return fs, ()


def card(p: Proposal) -> Panel:
    """One proposal as a rich panel."""
    t = Text()

    def line(label: str, value: str) -> None:
        if value:
            t.append(f"{label}: ", style="bold")
            t.append(value + "\n")

    for k, v in markdown_fields(p):
        line(k, v)
    title = f"{p.id}  [{p.layer or '?'}/{p.kind or '?'}]"
    return Panel(t, title=title, subtitle=p.title, title_align="left", expand=True)


def markdown_fields(p: Proposal) -> list[tuple[str, str]]:
    """The fields a card shows, as (label, text) pairs, in reading order."""
    c = p.change
    change = []
    if c:
        if c.description:
            change.append(c.description)
        if c.env:
            change.append("env " + " ".join(f"{k}={v}" for k, v in c.env.items()))
        if c.launcher:
            change.append("launcher " + " ".join(c.launcher))
        if c.flags:
            change.append("flags " + " ".join(c.flags))
        if c.params:
            change.append("params " + ", ".join(f"{k}={v}" for k, v in c.params.items()))
    g, r, cf, v = p.expected_gain, p.risk, p.confidence, p.verification
    return [
        ("addresses", ", ".join(p.addresses)),
        ("scope", p.scope),
        ("change", "; ".join(change)),
        ("preconditions", "; ".join(f"{x.name}: {x.status}" + (f" ({x.detail})" if x.detail
                                                               else "") for x in p.preconditions)),
        ("evidence", "; ".join(p.evidence)),
        ("verify", " && ".join(" ".join(a) for a in v.commands) if v else ""),
        ("metric", f"{v.metric} ({v.direction} is better)" if v and v.metric else ""),
        ("expected gain", f"{g.low:g}-{g.high:g}x ({g.basis})" if g else ""),
        ("risk", f"{r.level}: {r.reason}" if r else ""),
        ("confidence", f"{cf.value:.2f} ({cf.rationale})" if cf else ""),
        ("invalid when", "; ".join(p.invalid_when)),
        ("rollback", p.rollback),
    ]


def to_markdown(props: tuple[Proposal, ...], rejected: tuple[Rejected, ...],
                do_not: tuple[DoNot, ...]) -> str:
    """Proposals, rejections and the do-not list as one Markdown document."""
    out = ["# Proposals", ""]
    if not props:
        out += ["No proposal passed its preconditions and guards.", ""]
    for i, p in enumerate(props, 1):
        out += [f"## {i}. `{p.id}` — {p.title}", ""]
        out += [f"- **{k}**: {v}" for k, v in markdown_fields(p) if v]
        out.append("")
    if rejected:
        out += ["# Rejected", ""]
        out += [f"- `{r.id}` ({r.origin}, guard `{r.guard}`): {r.reason}" for r in rejected]
        out.append("")
    if do_not:
        out += ["# Do not", ""]
        out += [f"- **{d.topic}**: {d.reason}" for d in do_not]
        out.append("")
    return "\n".join(out)


def _render(props: tuple[Proposal, ...], rejected: tuple[Rejected, ...],
            do_not: tuple[DoNot, ...], markdown: bool) -> Any:
    def render(con: Console) -> None:
        if markdown:
            con.print(to_markdown(props, rejected, do_not), markup=False, highlight=False)
            return
        if not props:
            con.print("No proposal passed its preconditions and guards.", markup=False)
        for p in props:
            con.print(card(p))
        if rejected:
            con.print(Panel(Group(*[Text(f"{r.id} [{r.guard}]: {r.reason}") for r in rejected]),
                            title="rejected", title_align="left"))
        if do_not:
            con.print(Panel(Group(*[Text(f"{d.topic}: {d.reason}") for d in do_not]),
                            title="do not", title_align="left"))
    return render


def register(app: typer.Typer) -> None:
    @app.command("advise")
    def advise_cmd(
        files: list[str] = typer.Argument(None, help="Profiler outputs (any supported format)."),
        platform: str = typer.Option(None, "--platform", help="Snapshot JSON of the machine."),
        platform_dir: str = typer.Option(None, "--platform-dir",
                                         help="Directory of saved snapshot command outputs."),
        check: str = typer.Option(None, "--check",
                                  help="Guard the proposals in this JSON file instead."),
        analysis: str = typer.Option(None, "--analysis",
                                     help="Use a saved `analyze --json` envelope as input."),
        markdown: bool = typer.Option(False, "--markdown", help="Print Markdown, not cards."),
        workspace: str = typer.Option(None, "--workspace", "-w",
                                      help="Workspace whose sandbox policy checks the "
                                           "verification commands (default: current dir)."),
        fmt: str = typer.Option(None, "--format", help="Force one input format."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Propose guarded changes with their checks, or guard proposals written elsewhere."""

        def run() -> Outcome:
            from perfscout.advise import advise, check_proposals
            from perfscout.sandbox.runner import default_runner

            if not files and not check and not analysis:
                raise UsageError("nothing to advise on",
                                 hint="give profiler outputs, --analysis FILE or --check FILE")
            if files and analysis:
                raise UsageError("give profiler outputs or --analysis, not both")
            cfg = load_config(config_path=OPTIONS.config_path)
            snap: PlatformSnapshot | None = load_platform(platform, platform_dir)
            runner = default_runner(Path(workspace) if workspace else Path.cwd(), config=cfg)
            findings: tuple[Finding, ...] = ()
            profiles: tuple[Profile, ...] = ()
            if files:
                from perfscout.pipeline.analyze import analyze

                a = analyze(files, snapshot=snap, runner=runner, thresholds=cfg.thresholds(),
                            fmt=fmt)
                findings, profiles = a.findings, a.profiles
            elif analysis:
                findings, profiles = _from_analysis(analysis)
            if check:
                raw = read_structured(check, "proposals")
                accepted, rejected = check_proposals(raw, snap, findings, profiles,
                                                     policy_check=runner.check)
                data = {"mode": "check", "accepted": to_jsonable(accepted),
                        "rejected": to_jsonable(rejected),
                        "platform": snap.key if snap else None}
                return Outcome(data=data, render=_render(accepted, rejected, (), markdown),
                               status="fail" if rejected else "ok",
                               exit_code=ExitCode.FAILURE if rejected else ExitCode.OK)
            adv = advise(findings, snap, profiles, policy_check=runner.check)
            data = {"mode": "advise", "platform": snap.key if snap else None,
                    "findings": [f.id for f in findings],
                    "proposals": to_jsonable(adv.proposals),
                    "rejected": to_jsonable(adv.rejected), "do_not": to_jsonable(adv.do_not)}
            return Outcome(data=data, render=_render(adv.proposals, adv.rejected, adv.do_not,
                                                     markdown))

        execute("advise", as_json, run)
