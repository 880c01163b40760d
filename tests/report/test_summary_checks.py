"""The report's summary block, its self-checks on numbers, kernel columns, the do-not list once,
and a Chinese report with no English sentence left (apart from ids, units and product names)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.report.build import sample_input

from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.message import Text
from perfscout.model.proposals import DoNot, Rejected
from perfscout.model.taxonomy import Layer
from perfscout.report.data import ReportInput, RooflinePoint
from perfscout.report.document import Bullets, Heading, Image, Para, Table, document
from perfscout.report.translate import english_sentences


def texts(blocks: list, skip_platform: bool = True) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading | Para):
            out.append(b.text)
        elif isinstance(b, Table):
            if skip_platform and b.headers == ("", ""):
                out += [r[0] for r in b.rows]  # labels; values are product names
                continue
            out += [*b.headers, *(c for r in b.rows for c in r)]
        elif isinstance(b, Bullets):
            out += b.items
        elif isinstance(b, Image):
            out.append(b.figure.caption)
    return out


def loaded_input() -> ReportInput:
    """A triad measured at 146% of a peak taken on a loaded machine, as the issue saw it."""
    base = sample_input()
    over = Finding("hw.memory_bandwidth", Layer.HARDWARE, Status.CONFIRMED, 1.0,
                   "memory bandwidth at the machine's ceiling", scope="triad", evidence=(
                       Evidence("mem.bandwidth", 43000.0, "MB/s",
                                quote="achieved 43000 MB/s = 146% of the measured peak"),
                       Evidence("bench.bandwidth", 29457.0, "MB/s",
                                quote="measured peak 29457 MB/s (likwid-bench)")))
    return replace(
        base, findings=(over, *base.findings[1:]),
        roofline=(*base.roofline, RooflinePoint("triad", "thread_count", 0.0833, 4.0)),
        do_not=(DoNot("enable_smt", Text("donot.smt_reason")),
                DoNot("enable_smt", Text("donot.smt_reason")),
                # a stored run from before the do-not list named only real functions
                DoNot(Text("donot.optimise", name="???"), Text(
                    "donot.small_hotspot", name="???", share="0.1%", bound="1.001", min="5%"))),
        do_not_scopes=("triad", "matmul", "triad"),
        rejected=(Rejected("gpu_async_copy", Text("guard.gpu"), "gpu_without_gpu"),),
        rejected_scopes=("triad",))


def test_summary_comes_first_with_verdicts_counts_and_best_gain() -> None:
    blocks, _ = document(sample_input(), "en")
    heads = [b for b in blocks if isinstance(b, Heading) and b.level == 2]
    assert heads[0].anchor == "summary"
    i = blocks.index(heads[0])
    verdicts = blocks[i + 1]
    assert isinstance(verdicts, Bullets)
    assert "triad: thread_count verified 1.87x" in verdicts.items
    assert any(x.startswith("best verified gain: thread_count on triad, 1.87x") for x in
               verdicts.items)
    counts = next(b for b in blocks[i:] if isinstance(b, Table))
    assert counts.headers == ("layer", "confirmed", "hypothesis", "total")
    assert ("Hardware", "1", "1", "2") in counts.rows and ("Runtime", "0", "1", "1") in counts.rows


def test_numbers_above_their_ceiling_are_flagged_and_never_confirmed() -> None:
    blocks, _ = document(loaded_input(), "en")
    items = [x for b in blocks if isinstance(b, Bullets) for x in b.items]
    # the triad point at 4 GFLOP/s sits above the memory roof 29.457 GB/s x 0.0833 = 2.45
    assert any("`triad` `thread_count`: 4 GFLOP/s is above the roof" in x for x in items), items
    assert any("hw.memory_bandwidth (triad): its bandwidth 43000 MB/s is above the ceiling "
               "29457 MB/s" in x for x in items), items
    paras = [b.text for b in blocks if isinstance(b, Para)]
    bw = next(p for p in paras if p.startswith("**hw.memory_bandwidth**"))
    assert "hypothesis (stale ceiling)" in bw and "confirmed" not in bw
    counts = next(b for b in blocks if isinstance(b, Table) and b.headers[0] == "layer")
    assert "confirmed" not in counts.headers


def test_kernel_columns_and_a_do_not_list_without_repeats() -> None:
    blocks, _ = document(loaded_input(), "en")
    tables = {b.headers: b for b in blocks if isinstance(b, Table)}
    donot = next(t for h, t in tables.items() if h[:2] == ("topic", "reason"))
    assert donot.rows == (("enable_smt", Text("donot.smt_reason"), "triad, matmul", ""),)
    assert next(t for h, t in tables.items() if h[:2] == ("kernel", "id")).rows == (
        ("triad", "gpu_async_copy", Text("guard.gpu"), "gpu_without_gpu"),)
    assert any(h[:3] == ("id", "kind", "kernel") for h in tables)


def test_the_chinese_report_has_no_english_sentence(corpus: Path) -> None:
    from perfscout.pipeline.analyze import analyze

    files = [corpus / "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt",
             corpus / "perf_report/report-stdio-children-callgraph-cycles-P.txt",
             corpus / "perf_stat/appended-11-runs-dtlb.txt",
             *sorted((corpus / "gprof").glob("flat-*"))[:1],
             *sorted((corpus / "mpip").glob("*"))[:1]]
    assert all(f.is_file() for f in files), files
    a = analyze(files)
    real = replace(loaded_input(), findings=(*loaded_input().findings, *a.findings),
                   proposals=a.proposals, rejected=a.rejected, do_not=a.do_not,
                   limits=a.limits, rejected_scopes=(), do_not_scopes=())
    for inp in (sample_input(), loaded_input(), real):
        en = [s for t in texts(document(inp, "en")[0]) for s in english_sentences(t)]
        assert en, "the check finds the English sentences of the English report"
        left = {s: t for t in texts(document(inp, "zh")[0]) for s in english_sentences(t)}
        assert not left, left


def test_the_demo_stores_a_bandwidth_above_its_ceiling_as_a_hypothesis() -> None:
    from perfscout.report.checks import demote_stale

    fs, limits = demote_stale(loaded_input().findings, None)  # above the peak it quotes
    bw = next(f for f in fs if f.id == "hw.memory_bandwidth")
    assert bw.status == Status.HYPOTHESIS and "stale" in limits[0] and "43000" in limits[0]
    fs, limits = demote_stale(sample_input().findings, 20000.0)  # above the demo's own peak
    assert next(f for f in fs if f.id == "hw.memory_bandwidth").status == Status.HYPOTHESIS
    fs, limits = demote_stale(sample_input().findings, 40000.0)  # below: unchanged
    assert fs == sample_input().findings and limits == []


def _summary_blocks(blocks: list) -> list:
    start = next(i for i, b in enumerate(blocks)
                 if isinstance(b, Heading) and b.anchor == "summary")
    end = next(i for i, b in enumerate(blocks) if i > start and isinstance(b, Heading))
    return blocks[start + 1:end]


def test_the_summary_says_so_when_there_is_no_finding_to_count() -> None:
    """The counts line is part of the summary even when the analysis found nothing (a STREAM
    run between the two bandwidth thresholds): the reader sees 'no finding', not a gap."""
    from perfscout.model.messages_en import EN
    from perfscout.model.messages_zh import ZH

    for lang, cat in (("en", EN), ("zh", ZH)):
        summary = _summary_blocks(document(replace(sample_input(), findings=()), lang)[0])
        said = texts(summary)
        assert cat["summary.counts"] in said and cat["findings.none"] in said, said
        assert not any(isinstance(b, Table) for b in summary)
        first = _summary_blocks(document(sample_input(), lang)[0])
        assert cat["summary.counts"] in texts(first) and any(isinstance(b, Table) for b in first)
