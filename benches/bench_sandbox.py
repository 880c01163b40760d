"""Runner overhead: LocalRunner vs bare subprocess.run on /bin/true, interleaved, medians.

Six ways round robin, so load changes hit them alike (the ratio of each block of rounds is
reported too: on a shared machine it moves): bare ``subprocess.run`` with captured output;
bare ``bwrap`` with the runner's own view around /bin/true (what the confinement costs by
itself); the runner as shipped (bubblewrap view, exec wrapper, cgroup, rlimits, keyed audit);
the runner for a command whose rule allows the network; the runner without bwrap
(``--unconfined``: the previous design, a shared network namespace); the runner without the
exec wrapper (``preexec_fn`` fallback). The load average before and after is recorded.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import median, write_result

from perfscout.model.runs import RunRequest
from perfscout.sandbox import confine
from perfscout.sandbox.audit import read_records
from perfscout.sandbox.containment import IsolatedNetns, netns_available
from perfscout.sandbox.execwrap import exec_wrapper
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import load_policy


def _ms(xs: list[float]) -> float:
    return median(xs) * 1e3


def main(n: int = 200, warmup: int = 10) -> None:
    with tempfile.TemporaryDirectory() as d:
        ws = Path(d)
        pol = load_policy()
        t = time.perf_counter()
        wrapper = exec_wrapper(ws / "home", pol.search_path)
        build_s = time.perf_counter() - t
        netns_ms = None
        if netns_available():
            t = time.perf_counter()
            IsolatedNetns().close()
            netns_ms = (time.perf_counter() - t) * 1e3
        home = ws / "home"
        shipped = LocalRunner(pol, ws, home, audit_log=ws / "a1.jsonl")
        net_on = LocalRunner(dataclasses.replace(pol, network=True), ws, home,
                             audit_log=ws / "a2.jsonl")
        fallback = LocalRunner(pol, ws, home, audit_log=ws / "a3.jsonl", use_exec_wrapper=False)
        unconfined = LocalRunner(pol, ws, home, audit_log=ws / "a4.jsonl", unconfined=True)
        unconfined.confinement = lambda: None  # type: ignore[method-assign]
        bw = confine.bwrap_path(pol.search_path)
        assert bw is not None, "bench_sandbox needs bwrap (Debian package bubblewrap)"
        bare_bwrap = [*shipped.view(False).argv(bw, ws), "/bin/true"]
        load_before = os.getloadavg()
        times: dict[str, list[float]] = {"bare": [], "bare_bwrap": [], "runner": [],
                                         "runner_network_on": [], "runner_unconfined": [],
                                         "runner_preexec": []}
        last = {}
        for i in range(n + warmup):
            for key, fn in (
                ("bare", lambda: subprocess.run(["/bin/true"], capture_output=True)),
                ("bare_bwrap", lambda: subprocess.run(bare_bwrap, capture_output=True)),
                ("runner", lambda: shipped.run(RunRequest(("true",)))),
                ("runner_unconfined", lambda: unconfined.run(RunRequest(("true",)))),
                ("runner_network_on", lambda: net_on.run(RunRequest(("true",)))),
                ("runner_preexec", lambda: fallback.run(RunRequest(("true",)))),
            ):
                t = time.perf_counter()
                res = fn()
                if i >= warmup:
                    times[key].append(time.perf_counter() - t)
                last[key] = res
        for key in ("runner", "runner_network_on", "runner_preexec", "runner_unconfined"):
            res = last[key]
            assert res.exit_code == 0, (key, res)  # type: ignore[attr-defined]
        b = _ms(times["bare"])
        load_after = os.getloadavg()
        block = n // 6  # the machine is shared: show how much the ratio moves between blocks
        block_ratios = sorted(
            median(times["runner"][i:i + block]) / median(times["bare"][i:i + block])
            for i in range(0, block * 6, block))
        figures = {
            "n": n,
            "bare_median_ms": b,
            "runner_median_ms": _ms(times["runner"]),
            "ratio": _ms(times["runner"]) / b,
            "overhead_ms": _ms(times["runner"]) - b,
            "ratio_by_block": [round(x, 3) for x in block_ratios],
            "bare_bwrap_median_ms": _ms(times["bare_bwrap"]),
            "ratio_bare_bwrap": _ms(times["bare_bwrap"]) / b,
            "runner_unconfined_median_ms": _ms(times["runner_unconfined"]),
            "ratio_unconfined": _ms(times["runner_unconfined"]) / b,
            "confined": read_records(shipped.audit.path)[-1]["confined"],
            "loadavg_before": [round(x, 2) for x in load_before],
            "loadavg_after": [round(x, 2) for x in load_after],
            "cpus": os.cpu_count(),
            "runner_network_on_median_ms": _ms(times["runner_network_on"]),
            "ratio_network_on": _ms(times["runner_network_on"]) / b,
            "runner_preexec_median_ms": _ms(times["runner_preexec"]),
            "ratio_preexec": _ms(times["runner_preexec"]) / b,
            "network_isolated": bool(last["runner"].network_isolated),  # type: ignore[attr-defined]
            "spawn": "exec-wrapper" if wrapper.path else f"preexec ({wrapper.reason})",
            "contained_by": read_records(shipped.audit.path)[-1]["contained_by"],
            "one_time_wrapper_build_ms": build_s * 1e3,
            "one_time_netns_create_ms": netns_ms,
            "before_bubblewrap": {"bare_median_ms": 1.07, "runner_median_ms": 1.52,
                                  "ratio": 1.43, "note": "docs/sandbox.md, load 5"},
            "python": sys.version.split()[0],
        }
    write_result("sandbox", figures)


if __name__ == "__main__":
    main()
