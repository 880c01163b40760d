"""The morning summary of a nightly triage: failed jobs grouped by cause, with counts and the
newest example of each, as JSON (for tools) and Markdown (for people).

Built from :class:`~perfscout.triage.classify.LogReport` objects, whoever made them (``perfscout
triage --slurm --since 24h --summary-dir DIR`` or log files); writing the files is the caller's.
"""

from __future__ import annotations

from typing import Any

import jinja2

from perfscout.triage.classify import FAILED, LogReport

SUMMARY_NAME = "triage-summary"


def _example(r: LogReport) -> dict[str, Any]:
    m = r.matches[0]
    return {"job_id": r.job.job_id if r.job else None,
            "name": r.job.name.replace("|", "/") if r.job else None,
            "end": r.job.end if r.job else None, "log": r.path, "evidence": list(m.evidence),
            "why": r.why, "scheduler": r.scheduler, "fix": m.fix}


def _newest_key(r: LogReport) -> tuple[str, int]:
    jid = r.job.job_id if r.job else ""
    return (r.job.end if r.job else "", int(jid) if jid.isdigit() else -1)


def summarize(reports: list[LogReport], since: str | None, generated: str,
              logs_missing: list[str] | None = None) -> dict[str, Any]:
    """Group the failed reports by their cause (most frequent first); count the rest.
    ``since`` is the nightly window (``24h``), None for logs given by name."""
    groups: dict[str, list[LogReport]] = {}
    for r in reports:
        if r.verdict == FAILED and r.matches:
            groups.setdefault(r.matches[0].id, []).append(r)
    causes = []
    for cid, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        newest = max(rs, key=_newest_key)
        causes.append({"id": cid, "count": len(rs), "cause": newest.matches[0].cause,
                       "jobs": [r.job.job_id if r.job else r.path for r in rs],
                       "newest": _example(newest)})
    ok = [r for r in reports if r.verdict != FAILED]
    return {
        "since": since, "generated": generated, "jobs": len(reports),
        "failed": sum(c["count"] for c in causes), "no_failure": len(ok),
        "causes": causes,
        "no_failure_jobs": [{"job_id": r.job.job_id if r.job else None, "log": r.path,
                             "why": r.why} for r in ok],
        "logs_missing": list(logs_missing or []),
    }


def render_markdown(summary: dict[str, Any]) -> str:
    """The summary as Markdown (template ``templates/summary.md.j2``)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("perfscout.triage", "templates"),
                             autoescape=False, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template("summary.md.j2").render(s=summary)
