"""perf report / script / annotate adapters: corpus values and a real perf record."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tests.conftest import require_tool

from perfscout.ingest import load


def test_report_children_callgraph(corpus: Path) -> None:
    p = load(corpus / "perf_report/report-stdio-children-callgraph-cycles-P.txt")
    # "# Samples: 469  of event 'cycles:P'" / "# Event count (approx.): 390758281"
    assert p.metrics[0].value == 469 and p.meta["event"] == "cycles:P"
    assert p.first("profile.total").value == 390758281  # type: ignore[union-attr]
    # "    99.18%     0.00%  cache_sim_runne  cache_sim_runner      [.] _start"
    h = p.hotspots[0]
    assert (h.name, h.inclusive_share, h.self_share, h.module) == (
        "_start", pytest.approx(0.9918), 0.0, "cache_sim_runner")
    assert h.callpath[:2] == ("_start", "__libc_start_main")


def test_report_multi_event(corpus: Path) -> None:
    p = load(corpus / "perf_report/report-stdio-multi-event-cache.txt")
    # "# Samples: 12K of event 'L1-dcache-loads'"; "    99.59%  main  main  [.] work_run"
    assert p.metrics[0].value == 12000
    assert (p.hotspots[0].name, p.hotspots[0].self_share) == ("work_run", pytest.approx(0.9959))
    # "# Samples: 658  of event 'LLC-load-misses'"
    assert "LLC-load-misses" in p.meta["events"].split(",")
    assert any(m.raw_name == "LLC-load-misses" and m.value == 658 for m in p.metrics)


def test_script_lbr(corpus: Path) -> None:
    p = load(corpus / "perf_report/perf-script-header-cycles-instructions-lbr.txt")
    # "# perf version : 4.13.0-rc1"; first sample "noploop 21796 [001] ...: instructions:"
    assert p.meta["perf_version"] == "4.13.0-rc1" and p.meta["event"] == "instructions"
    # "	             993 main (/root/noploop)"
    main = next(h for h in p.hotspots if h.name == "main")
    assert main.module == "/root/noploop"
    assert set(p.meta["events"].split(",")) == {"instructions", "cycles"}


def test_script_numa_stacks(corpus: Path) -> None:
    p = load(corpus / "perf_report/perf-script-numa-stacks.txt")
    # "# cmdline : /usr/lib/linux-tools-3.13.0-49/perf record -F 99 -a -g -- sleep 20"
    assert p.meta["command"].endswith("perf record -F 99 -a -g -- sleep 20")
    # first frame "ffffffff81001408 xen_hypercall_event_channel_op ([kernel.kallsyms])"
    h = next(h for h in p.hotspots if h.name == "xen_hypercall_event_channel_op")
    assert h.module == "[kernel.kallsyms]" and h.self_share and h.self_share > 0
    assert p.calltree is not None and p.calltree.inclusive_value == p.first("samples").value  # type: ignore[union-attr]


def test_annotate(corpus: Path) -> None:
    p = load(corpus / "perf_report/annotate-stdio-cpp-source-disasm-task-clock.txt")
    # "Percent | Source code & Disassembly of run_benchmarks for task-clock:upppH (3106 samples"
    assert p.meta["binary"] == "run_benchmarks" and p.meta["event"] == "task-clock:upppH"
    assert p.metrics[0].value == 3106
    assert p.hotspots and all(h.location and h.location.line for h in p.hotspots)


def test_real_perf_record_report_script(tmp_path: Path) -> None:
    perf = require_tool("perf")
    gcc = require_tool("gcc")
    src = tmp_path / "t.c"
    src.write_text(
        "#include <stdio.h>\n#include <stdlib.h>\n"
        "__attribute__((noinline)) double work(double*a,long n){double s=0;"
        "for(long i=0;i<n;i++)s+=a[i]*1.0001;return s;}\n"
        "int main(){long n=2000000;double*a=malloc(n*sizeof(double));double s=0;"
        "for(long i=0;i<n;i++)a[i]=i;for(int r=0;r<300;r++)s+=work(a,n);"
        "printf(\"%f\\n\",s);return 0;}\n")
    exe = tmp_path / "t"
    subprocess.run([gcc, "-O1", "-g", "-fno-omit-frame-pointer", str(src), "-o", str(exe)],
                   check=True)
    data = tmp_path / "perf.data"
    subprocess.run([perf, "record", "-e", "cpu-clock", "-g", "-o", str(data), str(exe)],
                   check=True, capture_output=True, timeout=120)
    rep = tmp_path / "report.txt"
    with rep.open("w") as fh:
        subprocess.run([perf, "report", "--stdio", "-i", str(data)], stdout=fh, check=True,
                       stderr=subprocess.DEVNULL, timeout=120)
    scr = tmp_path / "script.txt"
    with scr.open("w") as fh:
        subprocess.run([perf, "script", "-i", str(data)], stdout=fh, check=True,
                       stderr=subprocess.DEVNULL, timeout=120)
    r = load(rep)
    s = load(scr)
    assert r.format == "perf-report" and s.format == "perf-script"
    # with -g perf report sorts by children; "work" must carry the largest self share
    by_self = sorted(r.hotspots, key=lambda h: -(h.self_share or 0.0))
    assert "work" in [h.name for h in by_self[:3]] and r.meta["children"] == "yes"
    w = next(h for h in s.hotspots[:3] if h.name == "work")  # hotspots are sorted by self
    assert w.callpath[-1] == "work" and len(w.callpath) >= 2
    assert s.calltree is not None and s.calltree.inclusive_value == s.first("samples").value  # type: ignore[union-attr]
