"""`perfscout report` on a real (small) demo run, rendered in headless Chromium."""

from __future__ import annotations

import html as html_lib
import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from tests.i18n.zhcheck import english_left
from tests.report.pngcheck import bands, decode, inline_pngs, non_uniform

from conftest import require_tool, run_cli
from perfscout.experiment.store import Store
from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.serialize import to_jsonable
from perfscout.model.taxonomy import Layer
from perfscout.report.messages import ZH


def test_the_demo_wrote_its_report(demo_home: dict[str, str]) -> None:
    report = json.loads((Path(demo_home["PERFSCOUT_HOME"]) / "demo.json").read_text())
    html = report["data"]["report_html"]
    assert html.endswith("report.html") and Path(html).is_file()


def thread_only_variant(env: dict[str, str]) -> bool:
    """Whether an experiment of the demo varied nothing but the thread count."""
    db = Path(env["PERFSCOUT_HOME"]) / "perfscout.db"
    same = ("flags", "extra_flags", "defines", "env", "launcher", "ranks", "patch", "libs")
    with Store(db) as st:
        specs = [sp for r in st.list_experiments() if (sp := st.get(r["id"]).spec) is not None]
    return any(s.baseline.threads and v.threads and v.threads != s.baseline.threads
               and all(getattr(v, k) == getattr(s.baseline, k) for k in same)
               for s in specs for v in s.variants)


def chromium(url: str, tmp: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    exe = require_tool("chromium")
    return subprocess.run(
        [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp / 'profile'}", *extra, url],
        capture_output=True, text=True, timeout=120)


def screenshot(page: Path, tmp: Path, name: str) -> np.ndarray:
    png = tmp / f"{name}.png"
    cp = chromium(f"file://{page}", tmp, f"--screenshot={png}", "--window-size=1280,4000")
    assert png.is_file(), cp.stderr[-1500:]
    return decode(png.read_bytes())


def test_report_renders_in_chromium_with_nonblank_plots(demo_home: dict[str, str],
                                                        tmp_path: Path) -> None:
    cp = run_cli("report", "--demo", "--json", env=demo_home)
    assert cp.returncode == 0, cp.stderr
    data = json.loads(cp.stdout)["data"]
    page = Path(data["html"])
    html = page.read_text()
    keys = data["figures"]
    assert any(k.startswith("bars-") for k in keys) and "roofline" in keys
    # a scaling curve exactly when some variant differed from its baseline only in threads
    assert any(k.startswith("scaling-") for k in keys) == thread_only_variant(demo_home)
    pngs = inline_pngs(html)
    assert len(pngs) == len(keys) and all(non_uniform(decode(p)) for p in pngs)
    assert not re.search(r"https?://", html)

    full = screenshot(page, tmp_path, "full")
    assert non_uniform(full), "the page rendered blank"
    # the same page with everything but the figures removed: one band of pixels per plot
    only = tmp_path / "only-plots.html"
    only.write_text(html.replace("</style>", "body>*:not(figure){display:none}"
                                 "figcaption{display:none}figure{margin:0 0 40px}</style>"))
    shot = screenshot(only, tmp_path, "plots")
    found = [b for b in bands(shot) if b[1] - b[0] > 50]
    assert len(found) == len(keys), found
    for a, b in found:
        cols = np.flatnonzero((shot[a:b, :, :3] < 0.97).any(axis=(0, 2)))
        region = shot[a:b, cols[0]:cols[-1] + 1]
        assert region.shape[1] > 300, (a, b)  # plot-sized, not a broken-image icon
        assert non_uniform(region), (a, b)
    # and the browser decoded every image (a broken <img> has naturalWidth 0)
    probe = tmp_path / "probe.html"
    probe.write_text(html.replace("</body>", "<script>onload=()=>{document.body.dataset.w="
                                  "[...document.images].map(i=>i.naturalWidth).join(',')}"
                                  "</script></body>"))
    dom = chromium(f"file://{probe}", tmp_path, "--dump-dom", "--virtual-time-budget=3000")
    widths = re.search(r'data-w="([0-9,]*)"', dom.stdout)
    assert widths, dom.stderr[-1000:]
    assert len(widths.group(1).split(",")) == len(keys)
    assert all(int(w) > 300 for w in widths.group(1).split(","))


def test_chinese_report_has_translated_headings(demo_home: dict[str, str],
                                                tmp_path: Path) -> None:
    out = tmp_path / "zh"
    cp = run_cli("report", "--demo", "--lang", "zh", "--out", str(out), env=demo_home)
    assert cp.returncode == 0, cp.stderr
    html = (out / "report-zh.html").read_text()
    md = (out / "report-zh.md").read_text()
    for key in ("h.platform", "h.findings", "h.do_not", "h.proposals", "h.experiments",
                "h.roofline", "h.scaling", "h.cards"):
        assert f">{ZH[key]}</h2>" in html and f"## {ZH[key]}" in md
    cards = json.loads(run_cli("cards", "list", "--json", env=demo_home).stdout)["data"]["cards"]
    for c in cards:  # ids unchanged in the translated report
        assert c["id"] in html
    # what a reader sees in the browser: the summary block first, in Chinese, and no English
    # sentence anywhere in the body, nor the pointer to the English report that stands in for
    # a sentence without a message id (code spans are ids; the platform card's values are
    # product names; figure captions are checked, the images are not text)
    dom = chromium(f"file://{out / 'report-zh.html'}", tmp_path, "--dump-dom").stdout
    h2 = re.findall(r"<h2[^>]*>([^<]*)</h2>", dom)
    assert h2 and h2[0] == ZH["h.summary"], h2
    summary = dom[dom.index(f">{ZH['h.summary']}</h2>"):dom.index(f">{h2[1]}</h2>")]
    assert "triad：" in summary and (ZH["summary.no_gain"] in summary
                                     or "已验证的最大收益" in summary), summary[:2000]
    assert ZH["summary.counts"] in summary and ZH["summary.checks"] in summary
    body = re.sub(r"<(style|code|img)[^>]*>.*?</\1>|<img[^>]*>", " ", dom, flags=re.S)
    body = re.sub(r"<table class=\"platform\">.*?</table>", " ", body, flags=re.S)
    cells = [html_lib.unescape(t) for t in re.split(r"<[^>]+>", body) if t.strip()]
    assert len(cells) > 100, cells  # the whole report is there
    left = english_left(cells)
    assert not left, left


def test_report_summary_block_in_the_browser(demo_home: dict[str, str], tmp_path: Path) -> None:
    cp = run_cli("report", "--demo", "--json", env=demo_home)
    page = Path(json.loads(cp.stdout)["data"]["html"])
    dom = chromium(f"file://{page}", tmp_path, "--dump-dom").stdout
    h2 = re.findall(r"<h2[^>]*>([^<]*)</h2>", dom)
    assert h2[0] == "Summary", h2
    summary = dom[dom.index(">Summary</h2>"):dom.index(f">{h2[1]}</h2>")]
    assert "triad: " in summary and ("best verified gain" in summary
                                     or "no verified gain" in summary)
    assert "Findings by layer and status" in summary
    assert "Numbers that failed their own check" in summary


def test_report_from_experiment_id_and_analysis(demo_home: dict[str, str],
                                                tmp_path: Path) -> None:
    exps = json.loads(run_cli("experiment", "show", "--json", env=demo_home).stdout)
    exp_id = exps["data"]["experiments"][0]["id"]
    f = Finding("hw.memory_bandwidth", Layer.HARDWARE, Status.HYPOTHESIS, 0.6,
                "one thread leaves bandwidth unused",
                evidence=(Evidence("mem.bandwidth", 13000.0, "MB/s", quote="13000 MB/s"),))
    analysis = tmp_path / "a.json"
    analysis.write_text(json.dumps({"perfscout": "1", "command": "analyze", "status": "ok",
                                    "exit_code": 0, "errors": [],
                                    "data": {"findings": [to_jsonable(f)], "proposals": [],
                                             "rejected": [], "do_not": []}}))
    out = tmp_path / "exp"
    cp = run_cli("report", exp_id[:12], "--analysis", str(analysis), "--out", str(out),
                 "--json", env=demo_home)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    md = (out / "report.md").read_text()
    assert exp_id in md and "one thread leaves bandwidth unused" in md and "13000 MB/s" in md
    cards = json.loads(run_cli("cards", "list", "--json", env=demo_home).stdout)["data"]["cards"]
    mine = [c["id"] for c in cards if exp_id in c["experiments"]]
    assert mine and "## Knowledge-base cards" in md
    assert all(c in md for c in mine)


@pytest.mark.parametrize(("args", "code", "etype"), [
    ((), 2, "UsageError"),
    (("--demo", "--lang", "fr"), 2, "UsageError"),
    (("no-such-experiment",), 4, "NotFoundError"),
    (("EXP", "--analysis", "missing.json"), 4, "NotFoundError"),
    (("EXP", "--analysis", "garbage.json"), 3, "InputError"),
])
def test_bad_input_is_a_named_error(demo_home: dict[str, str], tmp_path: Path,
                                    args: tuple[str, ...], code: int, etype: str) -> None:
    (tmp_path / "garbage.json").write_text('{"not": "an analysis"}')
    exps = json.loads(run_cli("experiment", "show", "--json", env=demo_home).stdout)
    exp_id = exps["data"]["experiments"][0]["id"]
    args = tuple(exp_id if a == "EXP" else str(tmp_path / a) if a.endswith(".json") else a
                 for a in args)
    out = tmp_path / "out"
    cp = run_cli("report", *args, "--out", str(out), "--json", env=demo_home)
    assert cp.returncode == code, cp.stdout
    assert json.loads(cp.stdout)["errors"][0]["type"] == etype
    assert "Traceback" not in cp.stderr
    assert not out.exists() or not any(out.iterdir())


def test_demo_report_needs_a_demo(ps_home: Path) -> None:
    cp = run_cli("report", "--demo", "--json")
    assert cp.returncode == 4
    assert "perfscout demo" in json.loads(cp.stdout)["errors"][0]["hint"]


def _achieved_MBps(result_txt: Path) -> float:
    """The bandwidth the demo's triad reported on its result line (``value=`` of
    ``metric=bandwidth_MBps``), read here independently of the analysis."""
    line = next(ln for ln in result_txt.read_text().splitlines() if "metric=bandwidth_MBps" in ln)
    return float(re.search(r"\bvalue=([\d.]+)", line).group(1))  # type: ignore[union-attr]


def _with_ceiling(likwid: Path, MBps: float, out: Path) -> str:
    """The demo's likwid-bench output as if the peak had been measured at ``MBps``."""
    text = re.sub(r"^(MByte/s:\s+)[\d.]+", lambda m: f"{m.group(1)}{MBps:.2f}",
                  likwid.read_text(), flags=re.M)
    assert text != likwid.read_text(), "the likwid-bench output has its MByte/s line"
    out.write_text(text)
    return str(out)


def test_a_bandwidth_above_its_ceiling_is_never_confirmed(demo_home: dict[str, str],
                                                          tmp_path: Path) -> None:
    """The demo's own analysis step on its real profile files, with the peak bandwidth
    measured below what the kernel achieved (a peak taken under load, or cached) and just above
    it: below, the bandwidth finding is never confirmed and carries the stale-ceiling limit;
    above, nothing is stale. And in the run the demo stored on this loaded machine, no finding
    is confirmed on a bandwidth above the run's ceiling."""
    from perfscout.model.message import parse
    from perfscout.pipeline.demo_report import _analysis

    demo = json.loads((Path(demo_home["PERFSCOUT_HOME"]) / "demo.json").read_text())["data"]
    files = demo["kernels"][0]["profile_files"]
    achieved = _achieved_MBps(next(Path(f) for f in files if f.endswith("result.txt")))
    likwid = next(Path(f) for f in files if "likwid-bench" in f)
    own = [f for f in files if f != str(likwid)]

    def run(peak: float) -> dict:  # type: ignore[type-arg]
        ceiling = _with_ceiling(likwid, peak, tmp_path / f"likwid-bench-{peak:.0f}.txt")
        return _analysis([*own, ceiling], None, peak_MBps=peak)

    def stale(a: dict) -> list[str]:  # type: ignore[type-arg]
        return [x for x in a["limits"] if (t := parse(x)) and t.key == "limit.stale_ceiling"]

    fair, loaded = run(achieved * 1.05), run(achieved * 0.6)
    assert not stale(fair), fair["limits"]
    bw = [f for f in loaded["findings"] if f["id"] == "hw.memory_bandwidth"]
    assert bw, loaded["findings"]  # the kernel is at (above) the ceiling: bandwidth-bound
    assert all(f["status"] == "hypothesis" for f in bw) and stale(loaded), loaded
    assert any(f["id"] == "hw.memory_bandwidth" for f in fair["findings"]), fair["findings"]

    # the stored run of this (loaded, shared) machine: never confirmed above its ceiling
    import sqlite3
    with sqlite3.connect(Path(demo_home["PERFSCOUT_HOME"]) / "perfscout.db") as db:
        run_data = json.loads(db.execute("select data_json from kb_runs").fetchone()[0])
    ceiling = (run_data.get("ceilings") or {}).get("bandwidth_GBps")
    for a in run_data["analyses"].values():
        for f in a["findings"]:
            rates = [e["value"] for e in f["evidence"] if e.get("unit") == "MB/s"
                     and e["metric"].startswith("mem.") and e["value"] is not None]
            peaks = [e["value"] for e in f["evidence"] if e.get("unit") == "MB/s"
                     and e["metric"].startswith("bench.") and e["value"] is not None]
            if rates and max(rates) > min([*peaks, *([ceiling * 1000] if ceiling else [])],
                                          default=float("inf")):
                assert f["status"] != "confirmed", f
