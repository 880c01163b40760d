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

from typing import TYPE_CHECKING

import typer

from perfscout.cli.common import PLATFORM_DIR_OPT, PLATFORM_OPT, load_cfg, load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute

if TYPE_CHECKING:
    from perfscout.model.findings import Finding
    from perfscout.model.metrics import Profile


def advise_cmd(
    files: list[str] = typer.Argument(None, help="Profiler outputs (any supported format)."),
    platform: str = PLATFORM_OPT,
    platform_dir: str = PLATFORM_DIR_OPT,
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
    execute("advise", as_json, lambda: _advise(files, platform, platform_dir, check, analysis,
                                               markdown, workspace, fmt))


def _from_analysis(path: str) -> tuple[tuple[Finding, ...], tuple[Profile, ...]]:
    from perfscout.files import read_structured
    from perfscout.model.errors import InputError
    from perfscout.model.findings import Finding
    from perfscout.model.serialize import from_jsonable

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


def _advise(files: list[str] | None, platform: str | None, platform_dir: str | None,
            check: str | None, analysis: str | None, markdown: bool, workspace: str | None,
            fmt: str | None) -> Outcome:
    from pathlib import Path

    from perfscout.advise import advise, check_proposals
    from perfscout.cli.advise_view import AdviseData, CheckData
    from perfscout.files import read_structured
    from perfscout.model.errors import ExitCode, UsageError
    from perfscout.sandbox.runner import default_runner

    if not files and not check and not analysis:
        raise UsageError("nothing to advise on",
                         hint="give profiler outputs, --analysis FILE or --check FILE")
    if files and analysis:
        raise UsageError("give profiler outputs or --analysis, not both")
    cfg = load_cfg()
    snap = load_platform(platform, platform_dir)
    runner = default_runner(Path(workspace) if workspace else Path.cwd(), config=cfg)
    findings, profiles = _from_analysis(analysis) if analysis else ((), ())
    if files:
        from perfscout.pipeline.analyze import analyze

        a = analyze(files, snapshot=snap, runner=runner, thresholds=cfg.thresholds(), fmt=fmt)
        findings, profiles = a.findings, a.profiles
    key = snap.key if snap else None
    if check:
        accepted, rejected = check_proposals(read_structured(check, "proposals"), snap, findings,
                                             profiles, policy_check=runner.check)
        c = CheckData(key, accepted, rejected)
        return Outcome(data=c, render=c.render(markdown), status="fail" if rejected else "ok",
                       exit_code=ExitCode.FAILURE if rejected else ExitCode.OK)
    adv = advise(findings, snap, profiles, policy_check=runner.check)
    d = AdviseData(key, [f.id for f in findings], adv.proposals, adv.rejected, adv.do_not)
    return Outcome(data=d, render=d.render(markdown))


def register(app: typer.Typer) -> None:
    app.command("advise")(advise_cmd)
