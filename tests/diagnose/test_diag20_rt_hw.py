"""Runtime and hardware look-alikes on real tool outputs made here (gcc, perf record/report/
annotate with cpu-clock, objdump -d: tests/diagnose/data/diag20/make.sh), each with a
look-alike that must stay silent:

- an OpenMP histogram with an atomic per sample (``lock add``, or a ``lock cmpxchg`` retry loop
  for a double) read from the disassembly alone is ``rt.sync_contention``, not vectorization or
  the divide that splits the iterations; the same histogram with per-thread copies (the atomic
  only in the merge loop) and a one-thread program with a C11 atomic are not;
- complex multiply at -O2 (C99 NaN recovery: ``call __muldc3``) is ``hw.vectorization``, not
  ``hw.compute_bound``; the same source with -ffast-math has no such finding;
- rows whose cost sits in the first static block (per-thread CPU times 0.56 s vs 0.015 s, both
  printed from inside the region) are ``rt.omp_imbalance``, while the same loop after a library
  set one thread (one thread prints, two were requested) is ``rt.threads_lowered``."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding

D = Path(__file__).parent / "data" / "diag20"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str) -> list[Finding]:
    return list(diagnose([derive(load(D / f)) for f in files], _two_cpus()).findings)


def _ids(fs: list[Finding]) -> list[str]:
    return [f.id for f in fs]


def _loops_and_locks(name: str, fn: str) -> tuple[list[tuple[int, int]], list[int]]:
    """Backward jumps and lock-prefixed addresses of one function, read from the listing."""
    loops: list[tuple[int, int]] = []
    locks: list[int] = []
    inside = False
    for ln in (D / name).read_text().splitlines():
        if re.match(r"^[0-9a-f]+ <", ln):
            inside = ln.rstrip().endswith(f"<{fn}>:")
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(\S*)", ln)
        if not inside or not m:
            continue
        at = int(m[1], 16)
        if m[2] == "lock":
            locks.append(at)
        t = re.match(r"([0-9a-f]+) <", m[3] + " <") if m[2].startswith("j") else None
        if t and int(t[1], 16) < at:
            loops.append((int(t[1], 16), at))
    return loops, locks


def _lock_loop_share(name: str, fn: str) -> float:
    return next(m.value for m in load(D / name).metrics
                if m.name == "insn.lock_loop_share" and m.scope.name == fn)


def test_atomic_in_every_loop_of_the_parallel_body_is_sync_contention() -> None:
    for name in ("hist-objdump.txt", "histw-objdump.txt", "hist-objdump-all.txt"):
        loops, locks = _loops_and_locks(name, "main._omp_fn.0")
        assert loops and locks
        assert all(any(lo <= a <= hi for a in locks) for lo, hi in loops)  # by hand
        assert _lock_loop_share(name, "main._omp_fn.0") == 1.0
        fs = _run(name)
        assert fs and fs[0].id == "rt.sync_contention", (name, _ids(fs))
        assert fs[0].scope == "main._omp_fn.0"
        assert "hw.vectorization" not in _ids(fs) and "hw.compute_bound" not in _ids(fs)


def test_per_thread_copies_merge_with_an_atomic_outside_the_work_loop() -> None:
    loops, locks = _loops_and_locks("histpriv-objdump.txt", "main._omp_fn.0")
    free = [sp for sp in loops if not any(sp[0] <= a <= sp[1] for a in locks)]
    assert free  # the counting loop takes no atomic
    share = _lock_loop_share("histpriv-objdump.txt", "main._omp_fn.0")
    assert share == (len(loops) - len(free)) / len(loops) < 1.0
    for name in ("histpriv-objdump.txt", "histpriv-objdump-all.txt", "histpriv-annotate.txt"):
        assert "rt.sync_contention" not in _ids(_run(name)), name
    # the idiv that splits the iterations among threads runs once, outside every loop
    assert "hw.compute_bound" not in _ids(_run("histpriv-objdump.txt"))


def test_one_thread_taking_an_atomic_is_not_contention() -> None:
    # C11 atomic_fetch_add in main: the annotate puts all samples on it, yet nobody waits
    locked = next(m.value for m in load(D / "hist1-annotate.txt").metrics
                  if m.name == "insn.locked_share")
    assert locked > 0.9
    for name in ("hist1-objdump.txt", "hist1-annotate.txt", "hist1-annotate2.txt"):
        assert "rt.sync_contention" not in _ids(_run(name)), name


def test_sampled_atomics_in_the_stdio2_layout() -> None:
    for name in ("hist-annotate2.txt", "histw-annotate2.txt"):
        fs = _run(name)
        assert fs[0].id == "rt.sync_contention" and fs[0].scope == "main._omp_fn.0"


def test_complex_multiply_recovery_call_keeps_the_loop_scalar() -> None:
    assert (D / "cmul-objdump.txt").read_text().count("call   1520 <__muldc3>") == 1
    for files in (("cmul-objdump.txt",), ("cmul-annotate.txt",), ("cmul-annotate2.txt",),
                  ("cmul-objdump.txt", "cmul-output.txt"),
                  ("cmul-annotate.txt", "cmul-perf.txt", "cmul-output.txt")):
        fs = _run(*files)
        assert fs and fs[0].id == "hw.vectorization", (files, _ids(fs))
        assert fs[0].scope == "mac"
        assert "__muldc3" in fs[0].evidence[0].quote
        assert "hw.compute_bound" not in _ids(fs)


def test_fast_math_complex_code_has_no_recovery_finding() -> None:
    for files in (("cmulf-objdump.txt",), ("cmulf-annotate.txt",),
                  ("cmulf-annotate.txt", "cmulf-output.txt")):
        fs = _run(*files)
        assert not any(f.id == "hw.vectorization" and "__muldc3" in f.evidence[0].quote
                       for f in fs), files


def _busy(name: str) -> dict[int, float]:
    return {int(m[1]): float(m[2]) for m in re.finditer(r"thread (\d+) busy ([\d.]+) s",
                                                         (D / name).read_text())}


def test_imbalance_by_data_is_not_threads_lowered() -> None:
    busy = _busy("mask-output.txt")
    assert sorted(busy) == [0, 1] and max(busy.values()) > 10 * min(busy.values())
    for files in (("mask-output.txt", "mask-perf-pid.txt"),
                  ("mask-output.txt", "mask-perf-pid.txt", "mask-perf.txt")):
        fs = _run(*files)
        assert fs[0].id == "rt.omp_imbalance", (files, _ids(fs))
        assert "rt.threads_lowered" not in _ids(fs)


def test_one_thread_timed_of_two_requested_is_threads_lowered() -> None:
    assert list(_busy("masklow-output.txt")) == [0]
    assert "OMP_NUM_THREADS = '2'" in (D / "masklow-output.txt").read_text()
    for files in (("masklow-output.txt",), ("masklow-output.txt", "masklow-perf-pid.txt"),
                  ("masklow-output.txt", "masklow-perf-pid.txt", "masklow-perf.txt")):
        fs = _run(*files)
        assert fs[0].id == "rt.threads_lowered", (files, _ids(fs))


def _tiles(name: str, key: str) -> dict[int, list[float]]:
    out: dict[int, list[float]] = {}
    for m in re.finditer(rf"ld=(\d+) {key}=([\d.]+)", (D / name).read_text()):
        out.setdefault(int(m[1]), []).append(float(m[2]))
    return out


def test_power_of_two_leading_dimension_from_cpu_times_or_rates() -> None:
    # the tiled transpose printing CPU time only, or bandwidth only (no wall time): the
    # power-of-two leading dimension still costs more per element than its padded neighbours
    cpu = _tiles("tiles-cpu-output.txt", "cpu")
    rate = _tiles("tiles-rate-output.txt", "bandwidth")
    med = {ld: sorted(v)[1] for ld, v in cpu.items()}
    assert sorted(med) == [2048, 2056, 2064] and all(len(v) == 3 for v in cpu.values())
    want = med[2048] / min(med[2056], med[2064])  # same n: time per element ~ time
    for name in ("tiles-cpu-output.txt", "tiles-rate-output.txt"):
        fs = _run(name)
        assert fs and fs[0].id == "hw.cache_locality", (name, _ids(fs))
        ratio = next(e for e in fs[0].evidence if e.metric == "time.padded_ratio")
        assert (ratio.value or 0) >= 1.3
        if name.startswith("tiles-cpu"):
            # the median runs' CPU times, per element of an ld x ld layout
            n2 = {ld: ld * ld for ld in med}
            best = min((2056, 2064), key=lambda ld: med[ld] / n2[ld])
            assert abs((ratio.value or 0) - (med[2048] / n2[2048]) / (med[best] / n2[best])) \
                < 1e-9
            assert want > 1.3
        else:
            rmed = {ld: sorted(v)[1] for ld, v in rate.items()}
            assert abs((ratio.value or 0) - max(rmed[2056], rmed[2064]) / rmed[2048]) < 1e-9


def test_padded_sweep_alone_is_no_set_conflict(tmp_path: Path) -> None:
    # the same program's padded runs alone: no power of two, nothing to compare
    text = "".join(ln for ln in (D / "tiles-cpu-output.txt").read_text().splitlines(True)
                   if "ld=2048 " not in ln)
    assert "ld=2056" in text and "ld=2048 " not in text
    f = tmp_path / "padded-output.txt"
    f.write_text(text)
    fs = list(diagnose([derive(load(f))], _two_cpus()).findings)
    assert "hw.cache_locality" not in _ids(fs)
