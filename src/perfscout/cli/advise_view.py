"""What ``advise`` shows: its typed envelope data, proposals as cards, and the same as Markdown.

:class:`AdviseData` is the ``data`` of ``advise``, :class:`CheckData` that of ``advise --check``;
their field names are the JSON keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from perfscout.model.proposals import DoNot, Proposal, Rejected


@dataclass(frozen=True)
class AdviseData:
    """``advise`` envelope data: the proposals that passed, the rejected ones, the do-not list."""

    platform: str | None
    findings: list[str]
    proposals: tuple[Proposal, ...]
    rejected: tuple[Rejected, ...]
    do_not: tuple[DoNot, ...]
    mode: str = "advise"

    def render(self, markdown: bool) -> Any:
        return renderer(self.proposals, self.rejected, self.do_not, markdown)


@dataclass(frozen=True)
class CheckData:
    """``advise --check`` envelope data: the proposals the guards accepted and rejected."""

    platform: str | None
    accepted: tuple[Proposal, ...]
    rejected: tuple[Rejected, ...]
    mode: str = "check"

    def render(self, markdown: bool) -> Any:
        return renderer(self.accepted, self.rejected, (), markdown)


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


def renderer(props: tuple[Proposal, ...], rejected: tuple[Rejected, ...],
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
