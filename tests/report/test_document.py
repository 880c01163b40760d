"""Renderers on a hand-made input: every section, both languages, self-contained HTML."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from pathlib import Path

import pytest
from tests.report.build import sample_input
from tests.report.pngcheck import decode, inline_pngs, non_uniform

from perfscout.model.errors import UsageError
from perfscout.report import write_report
from perfscout.report.messages import EN, ZH

HEADINGS = ("h.platform", "h.findings", "h.do_not", "h.proposals", "h.rejected",
            "h.experiments", "h.roofline", "h.scaling", "h.cards", "h.notes", "h.limits")


def _fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


def test_catalogs_are_complete_and_keep_placeholders() -> None:
    assert set(ZH) == set(EN)
    for k in EN:
        assert _fields(EN[k]) == _fields(ZH[k]), k
        if k.startswith("h."):
            assert ZH[k] != EN[k], f"{k} is not translated"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, str, Path]]:
    out = tmp_path_factory.mktemp("rep")
    res = {}
    for lang in ("en", "zh"):
        files = write_report(sample_input(), out, lang)
        res[lang] = (files.html.read_text(), files.markdown.read_text(), files.markdown)
    return res


def test_every_section_in_both_languages(rendered: dict[str, tuple[str, str, Path]]) -> None:
    for lang, cat in (("en", EN), ("zh", ZH)):
        html, md, _ = rendered[lang]
        for h in HEADINGS:
            assert f">{cat[h]}</h" in html, (lang, h)
            assert f"# {cat[h]}" in md, (lang, h)
    zh_html = rendered["zh"][0]
    assert 'lang="zh"' in zh_html
    for h in HEADINGS:  # no English heading left in the Chinese report
        assert f">{EN[h]}</h" not in zh_html
    for text in ("按层级划分的发现", "不建议做的事", "实验结果", "知识库卡片", "硬件层", "根因"):
        assert text in zh_html


def test_numbers_and_ids_are_unchanged_by_translation(
        rendered: dict[str, tuple[str, str, Path]]) -> None:
    for lang in ("en", "zh"):
        html, md, _ = rendered[lang]
        # the evidence sentence is English: the translation states its metric and value
        quote = ("27500 MB/s = 93% of peak 29457 MB/s" if lang == "en"
                 else "mem.bandwidth = 27500 MB/s")
        for token in ("hw.memory_bandwidth", "thread_count-abc", "1.87 [1.8, 1.95]",
                      quote, "demo-triad-confirm-1234",
                      "Intel Xeon|gcc-12.2.0|openmpi-4.1.4", "gpu_async_copy"):
            assert token in html and token in md, (lang, token)


def test_cause_chain_and_layers(rendered: dict[str, tuple[str, str, Path]]) -> None:
    html, md, _ = rendered["en"]
    assert "Cause chain: hw.memory_bandwidth ← hw.numa_remote" in md
    assert "caused by hw.numa_remote" in md
    # findings grouped by layer in taxonomy order: hardware before runtime
    assert md.index("### Hardware") < md.index("### Runtime") < md.index("rt.mpi_wait")
    assert "v-win" in html and "v-neutral" in html


def test_html_is_self_contained_with_valid_plots(
        rendered: dict[str, tuple[str, str, Path]]) -> None:
    for lang in ("en", "zh"):
        html = rendered[lang][0]
        assert not re.search(r"https?://", html)
        assert "<script" not in html and "<link" not in html and "url(" not in html
        pngs = inline_pngs(html)
        assert len(pngs) == 3  # bars of the one experiment, roofline, scaling
        assert html.count("<img ") == 3
        for png in pngs:
            arr = decode(png)
            assert arr.shape[0] > 100 and arr.shape[1] > 300
            assert non_uniform(arr)
        for key in ("bars-demo-triad-confirm-1234", "roofline", "scaling-demo-triad-confirm"):
            assert f'data-figure="{key}' in html


def test_markdown_images_exist(rendered: dict[str, tuple[str, str, Path]]) -> None:
    _, md, path = rendered["en"]
    refs = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert len(refs) == 3
    for r in refs:
        assert non_uniform(decode((path.parent / r).read_bytes()))


def test_unknown_language_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no report language 'fr'") as exc:
        write_report(sample_input(), tmp_path / "out", "fr")
    assert exc.value.hint == "languages: en, zh"
    assert not (tmp_path / "out").exists()


def test_plot_text_falls_back_to_english_without_a_cjk_font(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from perfscout.report import plots

    monkeypatch.setattr(plots, "cjk_font", lambda: None)
    assert plots.plot_messages("zh")("plot.threads") == EN["plot.threads"]
    monkeypatch.setattr(plots, "cjk_font", lambda: "WenQuanYi Micro Hei")
    assert plots.plot_messages("zh")("plot.threads") == ZH["plot.threads"]
    assert plots.plot_messages("en")("plot.threads") == EN["plot.threads"]


def test_card_problem_without_a_finding_is_named_by_its_proposal_in_chinese(
        tmp_path: Path) -> None:
    """A card whose proposal addressed no finding states ``<scope>: <basis>`` in English
    (kb.record.problem_statement); the Chinese report names the proposal instead of pointing
    to the English report, and a two-finding problem has both titles translated."""
    inp = sample_input()
    basis = ("parallel triad over 2 cores, measured 1.8x on similar loops; "
             "capped at the Amdahl bound 1.9x (95% of the run)")
    cards = (replace(inp.cards[0], problem=f"triad: {basis}"),
             replace(inp.cards[0], id="thread_count-def",
                     problem="hw.memory_bandwidth: a; hw.numa_remote: b"))
    md = write_report(replace(inp, cards=cards), tmp_path, "zh").markdown.read_text()
    rows = [line for line in md.splitlines() if "thread_count-" in line and "|" in line]
    assert len(rows) >= 2, md
    first = next(r for r in rows if "thread_count-abc" in r)
    assert f"triad: {ZH['proposal.thread_count']}" in first, first
    assert ZH["free.english"] not in first
    second = next(r for r in rows if "thread_count-def" in r)
    assert f"hw.memory_bandwidth: {ZH['finding.hw.memory_bandwidth']}" in second, second
    assert f"hw.numa_remote: {ZH['finding.hw.numa_remote']}" in second, second
