"""What the sandbox costs a command: on /bin/true, on real experiment steps, and per option.

Three parts, each interleaved round robin (a load change hits every variant alike) with
medians and the load average before and after:

1. ``/bin/true`` as a ladder, each rung adding one layer: bare ``subprocess.run``; bwrap with
   one read-only bind of ``/`` (the floor of any bubblewrap sandbox: a mount namespace and a
   pivot); bwrap with the runner's own view; that view behind the exec wrapper with the
   per-run pids and memory cgroups joined (exactly the argv the runner spawns); the runner
   (policy check, pipes, whole-tree kill, keyed audit record). Also the runner without the
   memory cgroup, with the network allowed, unconfined, and without the exec wrapper.
2. Each bwrap option of the view: the view without it (or, for ``--unshare-user``, with it
   added) against the full view, so every option's price is measured, not guessed.
3. Real steps of an experiment, bare and through the runner: ``gcc -c`` of a small file, a
   compiled program that computes for about 50 ms, and ``make -B`` of a two-file project.

``/bin/true`` cannot get near 1.5x under any namespace tool: bwrap alone costs several times a
bare fork+exec there; the realistic ratios are what an experiment pays.
"""

from __future__ import annotations

import dataclasses
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import median, write_result

from perfscout.model.runs import RunRequest
from perfscout.sandbox import confine
from perfscout.sandbox.audit import read_records
from perfscout.sandbox.containment import RunGroup, wrapper_argv
from perfscout.sandbox.execwrap import exec_wrapper
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import load_policy

SMALL_C = """#include <math.h>
double f(double x) { double s = 0; for (int i = 1; i < 100; i++) s += sin(x * i) / i; return s; }
"""
SPIN_C = """#include <stdio.h>
#include <stdlib.h>
int main(int c, char **v) {
  volatile double s = 0; long n = atol(v[1]);
  for (long i = 0; i < n; i++) s += (double)i * 1e-9;
  printf("%g\\n", s); return 0; }
"""
MAKEFILE = """prog: a.o b.o
\tcc -o prog a.o b.o
a.o: a.c
\tcc -O2 -c a.c
b.o: b.c
\tcc -O2 -c b.c
"""
A_C = "int g(int);\nint main(void) { return g(1) - 2; }\n"
B_C = "int g(int x) { return x + 1; }\n"


def _ms(xs: list[float]) -> float:
    return median(xs) * 1e3


def _round(x: float) -> float:
    return round(x, 3)


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def interleaved(fns: dict[str, Callable[[], Any]], n: int,
                warmup: int) -> tuple[dict[str, list[float]], dict[str, Any]]:
    """``n`` timed rounds (after ``warmup``) of every function in turn; the wall times (and,
    under ``cpu:KEY``, the CPU seconds it took: this process's and those of the processes it
    started and reaped, which a busy machine disturbs far less) and the last result of each."""
    times: dict[str, list[float]] = {k: [] for k in fns}
    times |= {f"cpu:{k}": [] for k in fns}
    last: dict[str, Any] = {}
    for i in range(n + warmup):
        for key, fn in fns.items():
            c0 = _cpu()
            t = time.perf_counter()
            last[key] = fn()
            dt = time.perf_counter() - t
            c1 = _cpu()
            if i >= warmup:
                times[key].append(dt)
                times[f"cpu:{key}"].append(c1 - c0)
    return times, last


def _ok(key: str, res: Any) -> None:
    code = res.returncode if isinstance(res, subprocess.CompletedProcess) else res.exit_code
    assert code == 0, (key, res)


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def ladder(ws: Path, n: int, warmup: int) -> dict[str, Any]:
    """Part 1: /bin/true through each layer."""
    pol = load_policy()
    home = ws / "home"
    shipped = LocalRunner(pol, ws, home, audit_log=ws / "a1.jsonl")
    no_mem = LocalRunner(dataclasses.replace(
        pol, limits=dataclasses.replace(pol.limits, memory_mb=None)), ws, home,
        audit_log=ws / "a5.jsonl")
    net_on = LocalRunner(dataclasses.replace(pol, network=True), ws, home,
                         audit_log=ws / "a2.jsonl")
    fallback = LocalRunner(pol, ws, home, audit_log=ws / "a3.jsonl", use_exec_wrapper=False)
    unconfined = LocalRunner(pol, ws, home, audit_log=ws / "a4.jsonl", unconfined=True)
    unconfined.confinement = lambda: None  # type: ignore[method-assign]
    bw = confine.bwrap_path(pol.search_path)
    assert bw is not None, "bench_sandbox needs bwrap (Debian package bubblewrap)"
    wrapper = shipped.wrapper().path
    assert wrapper is not None, shipped.wrapper().reason
    true = ("/usr/bin/true",)
    req = RunRequest(("true",))
    limits = shipped.verdict(req).limits
    group = RunGroup(None, shipped._cgroups, limits.memory_mb, shipped._memory_cgroups)
    view = shipped.view(False)
    spawned = wrapper_argv(wrapper, dataclasses.replace(limits, nproc=None), group.join_files,
                           [*view.argv(bw, ws, wrapper), *true])
    no_cgroups = wrapper_argv(wrapper, dataclasses.replace(limits, nproc=None), (),
                              [*view.argv(bw, ws, wrapper), *true])
    fns: dict[str, Callable[[], Any]] = {
        "bare": lambda: subprocess.run(true, capture_output=True),
        "bwrap_floor": lambda: subprocess.run([bw, "--ro-bind", "/", "/", "--", *true],
                                              capture_output=True),
        "bwrap_view": lambda: subprocess.run([*view.argv(bw, ws), *true], capture_output=True),
        "wrapped_no_cgroups": lambda: subprocess.run(no_cgroups, capture_output=True),
        "spawned": lambda: subprocess.run(spawned, capture_output=True),
        "runner": lambda: shipped.run(req),
        "runner_no_memory_cgroup": lambda: no_mem.run(req),
        "runner_network_on": lambda: net_on.run(req),
        "runner_unconfined": lambda: unconfined.run(req),
        "runner_preexec": lambda: fallback.run(req),
    }
    before = _load()
    times, last = interleaved(fns, n, warmup)
    after = _load()
    group.kill_all()
    group.close()
    for k, v in last.items():
        _ok(k, v)
    ms = {k: _round(_ms(v)) for k, v in times.items() if not k.startswith("cpu:")}
    cpu_ms = {k[4:]: _round(_ms(v)) for k, v in times.items() if k.startswith("cpu:")}
    b = _ms(times["bare"])
    block = n // 6  # the machine may be shared: how much the runner's ratio moves
    blocks = sorted(_round(median(times["runner"][i:i + block])
                           / median(times["bare"][i:i + block]))
                    for i in range(0, block * 6, block))
    rec = read_records(shipped.audit.path)[-1]
    return {
        "n": n, "median_ms": ms, "ratio_to_bare": {k: _round(v / b) for k, v in ms.items()},
        "median_cpu_ms": cpu_ms,
        "ours_cpu_ms": {
            "exec_wrapper": _round(cpu_ms["wrapped_no_cgroups"] - cpu_ms["bwrap_view"]),
            "cgroup_joins": _round(cpu_ms["spawned"] - cpu_ms["wrapped_no_cgroups"]),
            "python_side": _round(cpu_ms["runner"] - cpu_ms["spawned"]),
            "memory_cgroup": _round(cpu_ms["runner"] - cpu_ms["runner_no_memory_cgroup"]),
        },
        "ours_ms": {  # what perfscout adds on top of bwrap with its view
            "exec_wrapper": _round(_ms(times["wrapped_no_cgroups"]) - _ms(times["bwrap_view"])),
            "cgroup_joins": _round(_ms(times["spawned"]) - _ms(times["wrapped_no_cgroups"])),
            "python_side": _round(_ms(times["runner"]) - _ms(times["spawned"])),
            "memory_cgroup": _round(_ms(times["runner"])
                                    - _ms(times["runner_no_memory_cgroup"])),
        },
        "view_over_floor_ms": _round(_ms(times["bwrap_view"]) - _ms(times["bwrap_floor"])),
        "runner_ratio_by_block": blocks, "loadavg_before": before, "loadavg_after": after,
        "confined": rec["confined"], "contained_by": rec["contained_by"],
        "memory_cgroup": rec["memory_cgroup"] is not None,
        "network_isolated": bool(last["runner"].network_isolated),
        "spawn": "exec-wrapper" if wrapper else "preexec",
    }


def _without(args: list[str], flag: str, nargs: int = 0) -> list[str]:
    out = list(args)
    i = out.index(flag)
    del out[i:i + 1 + nargs]
    return out


def options(ws: Path, n: int, warmup: int) -> dict[str, Any]:
    """Part 2: each option's price, the full view against the view without it."""
    pol = load_policy()
    r = LocalRunner(pol, ws, ws / "home", audit_log=ws / "o.jsonl")
    bw = confine.bwrap_path(pol.search_path)
    assert bw is not None
    full = [*r.view(False).argv(bw, ws), "/usr/bin/true"]
    mounts = r.view(False).mounts()
    start = full.index("ALL") + 1  # bwrap, the namespace options, --cap-drop ALL, mounts...
    assert full[start:start + len(mounts)] == mounts
    variants = {
        "full": full,
        "--die-with-parent": _without(full, "--die-with-parent"),
        "--new-session": _without(full, "--new-session"),
        "--unshare-net": _without(full, "--unshare-net"),
        "--unshare-pid (and --as-pid-1)": _without(_without(full, "--unshare-pid"),
                                                   "--as-pid-1"),
        "--as-pid-1": _without(full, "--as-pid-1"),
        "--unshare-ipc": _without(full, "--unshare-ipc"),
        "--unshare-uts": _without(full, "--unshare-uts"),
        "--cap-drop ALL": _without(full, "--cap-drop", 1),
        "the mounts (all but a bind of /)": [*full[:start], "--ro-bind", "/", "/",
                                             *full[start + len(mounts):]],
        "--unshare-user (added)": [bw, "--unshare-user", *full[1:]],
    }
    fns = {k: (lambda a=a: subprocess.run(a, capture_output=True)) for k, a in variants.items()}
    before = _load()
    times, last = interleaved(fns, n, warmup)
    after = _load()
    for k, v in last.items():
        _ok(k, v)
    def cost(prefix: str) -> dict[str, float]:
        f = _ms(times[prefix + "full"])
        out = {k: _round(f - _ms(times[prefix + k])) for k in variants if k != "full"}
        added = "--unshare-user (added)"
        out[added] = _round(_ms(times[prefix + added]) - f)
        return out

    return {"n": n, "full_view_ms": _round(_ms(times["full"])),
            "full_view_cpu_ms": _round(_ms(times["cpu:full"])),
            "option_cost_ms": cost(""), "option_cost_cpu_ms": cost("cpu:"),
            "mount_ops": sum(1 for a in mounts if a.startswith("--")),
            "loadavg_before": before, "loadavg_after": after}


def realistic(ws: Path, n: int, warmup: int) -> dict[str, Any]:
    """Part 3: real experiment steps, bare and through the runner."""
    cc = shutil.which("gcc") or shutil.which("cc")
    make = shutil.which("make")
    assert cc and make, "bench_sandbox needs gcc and make"
    (ws / "small.c").write_text(SMALL_C)
    (ws / "spin.c").write_text(SPIN_C)
    subprocess.run([cc, "-O1", "-o", str(ws / "spin"), str(ws / "spin.c")], check=True)
    proj = ws / "proj"
    proj.mkdir()
    (proj / "Makefile").write_text(MAKEFILE)
    (proj / "a.c").write_text(A_C)
    (proj / "b.c").write_text(B_C)
    # about 50 ms of computing (CPU time, so a busy machine does not shrink the work)
    iters = 10_000_000
    c0 = _cpu()
    subprocess.run([str(ws / "spin"), str(iters)], capture_output=True, check=True)
    iters = max(1, int(iters * 0.05 / max(_cpu() - c0, 1e-3)))
    pol = load_policy()
    r = LocalRunner(pol, ws, ws / "home", audit_log=ws / "r.jsonl")
    steps = {
        "gcc_c_small": ((cc, "-O2", "-c", "small.c", "-o", "small.o"), ws),
        "program_50ms": (("./spin", str(iters)), ws),
        "make_two_files": ((make, "-B", "-s"), proj),
    }
    fns: dict[str, Callable[[], Any]] = {}
    for name, (argv, cwd) in steps.items():
        bare_argv = [str(cwd / argv[0][2:]) if argv[0].startswith("./") else argv[0],
                     *argv[1:]]
        fns[f"{name}_bare"] = (lambda a=bare_argv, c=cwd: subprocess.run(
            a, cwd=c, capture_output=True))
        fns[f"{name}_runner"] = (lambda a=argv, c=cwd: r.run(RunRequest(
            tuple(a), cwd=os.path.relpath(c, ws) if c != ws else None)))
    before = _load()
    times, last = interleaved(fns, n, warmup)
    after = _load()
    for k, v in last.items():
        _ok(k, v)
    out: dict[str, Any] = {"n": n, "spin_iterations": iters, "loadavg_before": before,
                           "loadavg_after": after}
    for name in steps:
        b, c = _ms(times[f"{name}_bare"]), _ms(times[f"{name}_runner"])
        cb, cr = _ms(times[f"cpu:{name}_bare"]), _ms(times[f"cpu:{name}_runner"])
        out[name] = {"bare_ms": _round(b), "runner_ms": _round(c), "ratio": _round(c / b),
                     "overhead_ms": _round(c - b), "bare_cpu_ms": _round(cb),
                     "runner_cpu_ms": _round(cr), "cpu_ratio": _round(cr / cb)}
    return out


def main(n: int = 200, n_options: int = 100, n_real: int = 20) -> None:
    with tempfile.TemporaryDirectory() as d:
        ws = Path(d)
        home = ws / "home"
        t = time.perf_counter()
        exec_wrapper(home, load_policy().search_path)
        build_ms = (time.perf_counter() - t) * 1e3
        true = ladder(ws, n, 10)
        opts = options(ws, n_options, 5)
        real = realistic(ws, n_real, 2)
    rt = true["ratio_to_bare"]
    figures = {
        # the headline figures, kept under their earlier names
        "bare_median_ms": true["median_ms"]["bare"],
        "runner_median_ms": true["median_ms"]["runner"],
        "ratio": rt["runner"],
        "bare_bwrap_median_ms": true["median_ms"]["bwrap_view"],
        "ratio_bare_bwrap": rt["bwrap_view"],
        "ratio_bwrap_floor": rt["bwrap_floor"],
        "realistic_ratios": {k: v["ratio"] for k, v in real.items()
                             if isinstance(v, dict) and "ratio" in v},
        "true_ladder": true,
        "bwrap_options": opts,
        "realistic": real,
        "one_time_wrapper_build_ms": _round(build_ms),
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "bwrap_version": subprocess.run(["bwrap", "--version"], capture_output=True,
                                        text=True).stdout.strip(),
        "target": "runner <= 1.5x bare on a calm machine, or say why not",
        "before_bubblewrap": {"bare_median_ms": 1.07, "runner_median_ms": 1.52,
                              "ratio": 1.43, "note": "docs/sandbox.md, load 5"},
    }
    write_result("sandbox", figures)


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    main(*((40, 20, 5) if quick else ()))
