"""The report as a list of neutral blocks (headings, paragraphs, tables, lists, figures).

Both output formats render the same blocks, so the Markdown and the HTML version never say
different things. Section order: platform, findings by layer (with cause chains), do-not-do
list, proposals, experiment results, roofline, thread scaling, cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from perfscout.experiment.display import fmt, interval
from perfscout.kb.stats import summarize
from perfscout.model.findings import Evidence, Finding
from perfscout.model.taxonomy import Layer
from perfscout.report.checks import Check, checks, stale
from perfscout.report.collect import latest_per_kernel
from perfscout.report.data import ReportInput
from perfscout.report.figures import Figure, figures
from perfscout.report.messages import Messages, messages
from perfscout.report.translate import english_sentences


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str = ""


@dataclass(frozen=True)
class Para:
    text: str
    style: str = ""  # "", "muted", "note"


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    verdict_col: int = -1  # column whose cell is a verdict (coloured in HTML)


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Image:
    figure: Figure


Block = Heading | Para | Table | Bullets | Image


def _verdict(msg: Messages, v: str) -> str:
    key = f"verdict.{v}"
    try:
        return msg(key)
    except KeyError:
        return v


def _chain(f: Finding, by_id: dict[str, Finding], msg: Messages) -> str:
    """``symptom <- cause <- root`` following caused_by (first cause at each step)."""
    seen = [f.id]
    cur = f
    while cur.caused_by and cur.caused_by[0] in by_id and cur.caused_by[0] not in seen:
        cur = by_id[cur.caused_by[0]]
        seen.append(cur.id)
    return f"{msg('finding.chain')}: " + " ← ".join(seen)


def _evidence(msg: Messages, e: Evidence) -> str:
    """An evidence line; a translation shows metric, value and threshold when the stage's
    sentence is English."""
    text = e.quote + (f" [{e.threshold}]" if e.threshold else "")
    if msg.lang == "en" or not english_sentences(text):
        return text
    value = f" = {fmt(e.value)} {e.unit}".rstrip() if e.value is not None else ""
    limit = f" [{e.threshold}]" if e.threshold and not english_sentences(e.threshold) else ""
    return f"{e.metric}{value}{limit}"


def _problem(msg: Messages, problem: str, proposal_id: str) -> str:
    """A card's problem in the report's language. It is ``<finding id>: <title>`` parts joined
    by ``; `` when the proposal addressed findings, else ``<scope>: <basis or title>``
    (:func:`perfscout.kb.record.problem_statement`); a sentence without a message id is named
    by the card's proposal, which always has one."""
    if msg.lang == "en":
        return problem
    parts = [p.partition(": ") for p in problem.split("; ")]
    if all(t and msg.has(f"finding.{h}") for h, _, t in parts):
        return "; ".join(f"{h}: {msg.finding_title(h, t)}" for h, _, t in parts)
    head, _, said = problem.partition(": ")
    if not said:
        return msg.free(problem)
    said = msg.free(said)
    named = msg.proposal_title(proposal_id, said) if said == msg("free.english") else said
    return f"{head}: {named}"


def source_text(msg: Messages, source: str) -> str:
    """``demo run <id>`` and the like: the kind of run in the report's language, then the id."""
    words = " ".join(t for t in source.split() if not re.search(r"[\d_.-]", t))
    ids = " ".join(t for t in source.split() if re.search(r"[\d_.-]", t))
    return f"{msg.free(words)} {ids}".strip() if words else ids


def _kernel_verdicts(inp: ReportInput, msg: Messages) -> list[str]:
    """One line per kernel: its best verified variant, or that none was verified."""
    out = []
    for r in latest_per_kernel(inp.experiments):
        wins = sorted((v for v in r.variants if v.verdict == "win"), key=lambda v: -(v.ratio or 0))
        verdict = (msg("summary.kernel_win", proposal=wins[0].proposal_id or wins[0].name,
                       ratio=fmt(wins[0].ratio)) if wins
                   else msg("summary.kernel_none", n=len(r.variants)))
        out.append(msg("summary.kernel", kernel=r.kernel, verdict=verdict))
    return out


def _best_gain(inp: ReportInput, msg: Messages) -> str:
    wins = [(v.ratio or 0.0, r, v) for r in inp.experiments for v in r.variants
            if v.verdict == "win" and v.ratio]
    if not wins:
        return msg("summary.no_gain")
    _, r, v = max(wins, key=lambda w: w[0])
    return msg("summary.best", proposal=v.proposal_id or v.name, kernel=r.kernel,
               ratio=fmt(v.ratio), low=fmt(v.ratio_low), high=fmt(v.ratio_high))


def _summary(inp: ReportInput, msg: Messages, found: Sequence[Check]) -> list[Block]:
    """The block first in the report: verdict per kernel, best verified gain, findings counted
    by layer and status, and every number that failed its own check."""
    out: list[Block] = [Heading(2, msg("h.summary"), "summary"),
                        Bullets((*_kernel_verdicts(inp, msg), _best_gain(inp, msg)))]
    shown = [_status(f, list(found), msg) for f in inp.findings]
    statuses = list(dict.fromkeys(shown))
    rows = []
    for layer in Layer:
        n = [sum(1 for f, st in zip(inp.findings, shown, strict=True)
                 if f.layer == layer and st == s) for s in statuses]
        if sum(n):
            rows.append((msg(f"layer.{layer.value}"), *map(str, n), str(sum(n))))
    out.append(Para(msg("summary.counts")))  # said even when there is nothing to count
    out.append(Table((msg("col.layer"), *statuses, msg("col.total")), tuple(rows)) if rows
               else Para(msg("findings.none"), "muted"))
    out.append(Para(msg("summary.checks")))
    out.append(Bullets(tuple(msg(c.key, **c.fields) for c in found)) if found
               else Para(msg("summary.checks_none"), "muted"))
    return out


def _status(f: Finding, found: list[Check], msg: Messages) -> str:
    return msg("status.stale") if stale(f, found) else msg("status." + f.status.value)


def _findings(inp: ReportInput, msg: Messages, found: Sequence[Check] = ()) -> list[Block]:
    out: list[Block] = [Heading(2, msg("h.findings"), "findings")]
    if not inp.findings:
        out.append(Para(msg("findings.none"), "muted"))
    by_id = {f.id: f for f in inp.findings}
    for layer in Layer:
        fs = [f for f in inp.findings if f.layer == layer]
        if not fs:
            continue
        out.append(Heading(3, msg(f"layer.{layer.value}")))
        for f in fs:
            tag = msg("finding.root") if f.root_cause or not f.caused_by else (
                f"{msg('finding.caused_by')} {', '.join(f.caused_by)}")
            where = f" ({f.scope})" if f.scope else ""
            out.append(Para(f"**{f.id}**{where} — {msg.finding_title(f.id, f.title)} "
                            f"({_status(f, list(found), msg)}, "
                            f"{msg('col.confidence')} {f.confidence:.2f}; {tag})"))
            items = [_evidence(msg, e) for e in f.evidence if e.quote]
            if f.caused_by:
                items.append(_chain(f, by_id, msg))
            if items:
                out.append(Bullets(tuple(items)))
    if inp.limits:
        out += [Heading(3, msg("h.limits")),
                Bullets(tuple(dict.fromkeys(msg.free(x) for x in inp.limits)))]
    return out


def _proposals(inp: ReportInput, msg: Messages) -> list[Block]:
    out: list[Block] = [Heading(2, msg("h.proposals"), "proposals")]
    if not inp.proposals:
        out.append(Para(msg("proposals.none"), "muted"))
    else:
        rows = []
        for p in inp.proposals:
            g = p.expected_gain
            rows.append((p.id, p.kind or "-", p.scope or "-", msg.proposal_title(p.id, p.title),
                         f"{fmt(g.low)}–{fmt(g.high)}" if g else "-",
                         msg.free(g.basis) if g else "",
                         p.risk.level if p.risk else "-",
                         f"{p.confidence.value:.2f}" if p.confidence else "-"))
        out.append(Table((msg("col.id"), msg("col.kind"), msg("col.kernel"), msg("col.title"),
                          msg("col.expected"), msg("col.basis"), msg("col.risk"),
                          msg("col.confidence")), tuple(rows)))
    if inp.rejected:
        kernels = inp.rejected_scopes or ("-",) * len(inp.rejected)
        rejected = dict.fromkeys((k, r.id, msg.free(r.reason), r.guard or "-")
                             for k, r in zip(kernels, inp.rejected, strict=True))
        out += [Heading(3, msg("h.rejected")),
                Table((msg("col.kernel"), msg("col.id"), msg("col.reason"), msg("col.guard")),
                      tuple(rejected))]
    return out


def _experiments(inp: ReportInput, msg: Messages, figs: Sequence[Figure]) -> list[Block]:
    out: list[Block] = [Heading(2, msg("h.experiments"), "experiments")]
    if not inp.experiments:
        out.append(Para(msg("experiments.none"), "muted"))
    for r in inp.experiments:
        out.append(Heading(3, r.id))
        out.append(Para(msg("experiment.caption", kernel=r.kernel, size=r.size, metric=r.metric,
                            direction=msg(f"direction.{r.direction}"), rounds=r.rounds),
                        "muted"))
        if r.busy_note and r.busy and r.busy.wait_fraction is not None:
            out.append(Para(msg("experiment.busy", pct=f"{r.busy.wait_fraction:.0%}"), "muted"))
        rows = tuple((v.name, v.proposal_id or "-", str(v.samples),
                      interval(v.median, v.median_low, v.median_high),
                      interval(v.ratio, v.ratio_low, v.ratio_high), _verdict(msg, v.verdict),
                      "; ".join(msg.free(x) for x in v.reasons))
                     for v in (r.baseline, *r.variants))
        out.append(Table((msg("col.variant"), msg("col.proposal"), msg("col.samples"),
                          msg("col.median"), msg("col.speedup"), msg("col.verdict"),
                          msg("col.why")), rows, verdict_col=5))
        out += [Image(f) for f in figs if f.section == "experiments" and f.experiment == r.id]
    return out


def _roofline(inp: ReportInput, msg: Messages, figs: Sequence[Figure]) -> list[Block]:
    c = inp.ceilings
    un = msg("roofline.unmeasured")
    out: list[Block] = [Heading(2, msg("h.roofline"), "roofline"), Para(msg(
        "roofline.ceilings",
        bw=f"{c.bandwidth_GBps:.1f} GB/s" if c.bandwidth_GBps else un,
        bws=c.bandwidth_source or "-",
        fl=f"{c.gflops:.1f} GFLOP/s" if c.gflops else un, fls=c.gflops_source or "-"), "muted")]
    rf = [f for f in figs if f.section == "roofline"]
    if not rf:
        out.append(Para(msg("roofline.none"), "muted"))
        return out
    out.append(Table((msg("col.scope"), msg("col.variant"), "FLOP/byte", "GFLOP/s"),
                     tuple((p.kernel, p.variant, fmt(p.intensity), fmt(p.gflops))
                           for p in inp.roofline)))
    out += [Image(f) for f in rf]
    return out


def _scaling(figs: Sequence[Figure], msg: Messages) -> list[Block]:
    out: list[Block] = [Heading(2, msg("h.scaling"), "scaling")]
    sf = [f for f in figs if f.section == "scaling"]
    if not sf:
        out.append(Para(msg("scaling.none"), "muted"))
    out += [Image(f) for f in sf]
    return out


def _cards(inp: ReportInput, msg: Messages) -> list[Block]:
    out: list[Block] = [Heading(2, msg("h.cards"), "cards")]
    if not inp.cards:
        out.append(Para(msg("cards.none"), "muted"))
        return out
    rows = tuple((c.id, c.proposal_id, c.scope or "-", _problem(msg, c.problem, c.proposal_id),
                  f"{fmt(c.expected_low)}–{fmt(c.expected_high)}"
                  if c.expected_low is not None else "-",
                  interval(c.actual.value, c.actual.low, c.actual.high),
                  _verdict(msg, c.verdict), ", ".join(c.experiments)) for c in inp.cards)
    out.append(Table((msg("col.card"), msg("col.proposal"), msg("col.scope"),
                      msg("col.problem"), msg("col.expected"), msg("col.actual"),
                      msg("col.verdict"), msg("col.experiments")), rows, verdict_col=6))
    stats = summarize(inp.cards)
    out += [Heading(3, msg("cards.summary")), Table(
        (msg("col.proposal"), msg("col.platform"), msg("col.n"), msg("col.success"),
         msg("col.median_actual"), msg("col.ratio_expected")),
        tuple((s.proposal_id, f"`{s.platform_key}`", str(s.n),
               "-" if s.success_rate is None else f"{s.success_rate:.0%}",
               fmt(s.median_actual), fmt(s.median_actual_over_expected)) for s in stats))]
    return out


def do_not_rows(inp: ReportInput, msg: Messages) -> tuple[tuple[str, ...], ...]:
    """The do-not list once per (topic, reason), naming the kernels it applies to; entries
    about a function without a name (``???``: no symbols) say nothing a reader can act on."""
    kernels = inp.do_not_scopes or ("",) * len(inp.do_not)
    merged: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    for k, d in zip(kernels, inp.do_not, strict=True):
        if "???" in d.topic:
            continue
        ks, ev = merged.setdefault((d.topic, d.reason), ([], []))
        if k and k not in ks:
            ks.append(k)
        ev += [e for e in d.evidence if e not in ev]
    return tuple((msg.proposal_title(t, t), msg.free(r), ", ".join(ks) or "-",
                  "; ".join(msg.free(e) for e in ev)) for (t, r), (ks, ev) in merged.items())


def document(inp: ReportInput, lang: str = "en") -> tuple[list[Block], list[Figure]]:
    """The blocks of the report in ``lang`` and the figures they reference."""
    msg = messages(lang)
    figs = figures(inp, lang)
    found = checks(inp)
    blocks: list[Block] = [
        Heading(1, f"{msg('title')}"),
        Para(f"{msg('source')}: {source_text(msg, inp.source)} · {msg('generated')}: "
             f"{inp.created_at}", "muted"),
        *_summary(inp, msg, found),
        Heading(2, msg("h.platform"), "platform"),
    ]
    if inp.platform:
        blocks.append(Table(("", ""), tuple(msg.platform_row(k, v) for k, v in inp.platform)))
    else:
        blocks.append(Para(msg("platform.none"), "muted"))
    if inp.platform_key:
        blocks.append(Para(f"{msg('platform.key')}: `{inp.platform_key}`"))
    blocks += _findings(inp, msg, found)
    blocks.append(Heading(2, msg("h.do_not"), "do-not"))
    if inp.do_not:
        blocks.append(Table((msg("col.topic"), msg("col.reason"), msg("col.kernel"),
                             msg("col.evidence")), do_not_rows(inp, msg)))
    else:
        blocks.append(Para(msg("do_not.none"), "muted"))
    blocks += _proposals(inp, msg)
    blocks += _experiments(inp, msg, figs)
    blocks += _roofline(inp, msg, figs)
    blocks += _scaling(figs, msg)
    blocks += _cards(inp, msg)
    if inp.notes:
        blocks += [Heading(2, msg("h.notes"), "notes"),
                   Bullets(tuple(dict.fromkeys(msg.free(n) for n in inp.notes)))]
    return blocks, figs
