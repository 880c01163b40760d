"""Catalog entries answering system and runtime causes that a change of the program's own
structure fixes: a thread count lowered by code, an intermediate spilled to a scratch file,
a child forked every step, a power-of-two leading dimension. Each entry builds only when the
finding carries the evidence of its cause (otherwise another entry answers the finding)."""

from __future__ import annotations

from perfscout.advise.catalog.common import conf, gain_on_share, refs, scope_of, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer


def _has(f: Finding, *metrics: str) -> bool:
    return any(e.metric in metrics for e in f.evidence)


def _value(f: Finding, metric: str) -> float | None:
    return next((e.value for e in f.evidence if e.metric == metric), None)


@proposal("restore_thread_count", layer=Layer.RUNTIME, kind="source")
def restore_thread_count(facts: Facts, f: Finding) -> Proposal | None:
    """The requested thread count back in force after the code that lowered it (or, when the
    finding rests on the CPUs the run may use and the count its environment gave, that count
    set to those CPUs; when it rests on a thread limit, the limit raised)."""
    cpus = _value(f, "threads.cpus_per_task") or _value(f, "affinity.cpus")
    asked = _value(f, "threads.requested")
    ran = _value(f, "threads.running") or _value(f, "omp.thread_limit")
    if ran is not None and cpus is not None and cpus > ran and (asked is None or asked <= ran):
        # the environment asked for no more than ran (a module's OMP_NUM_THREADS=1)
        return _count_from_environment(facts, f, int(cpus), ran)
    req = asked or cpus
    if req is None or ran is None:
        return None
    n = int(req)
    if _has(f, "omp.thread_limit"):
        return _raise_thread_limit(facts, f, n, ran)
    if _has(f, "omp.dynamic"):
        return _no_dynamic_teams(facts, f, n, ran)
    return _restored(
        facts, f, n, ran,
        title=f"Find the call that sets the thread count to {int(ran)} and restore {n} after it",
        change=Change(params={"threads": n}, description=(
            "search the program and the libraries it calls at setup for omp_set_num_threads "
            "(or a num_threads clause, OMP_NUM_THREADS set by the code): remove that call, or "
            "save omp_get_max_threads() before it and call omp_set_num_threads(saved) after "
            "it, or give the program's own parallel regions num_threads(saved)")),
        risk="the library may lower the count on purpose (a solver not thread safe): restore "
             "it after the library call, not inside it",
        why="fewer threads ran than were requested",
        invalid_when=("the library's own threading needs one thread inside its calls",
                      "the parallel regions are too small to gain from more threads"),
        rollback="revert the patch commit")


def _restored(facts: Facts, f: Finding, n: int, ran: float, *, title: str, change: Change,
              risk: str, why: str, invalid_when: tuple[str, ...], rollback: str) -> Proposal:
    """A ``restore_thread_count`` proposal: what differs between the causes (a call in the
    code, ``OMP_DYNAMIC``, ``OMP_THREAD_LIMIT``) is the change and its risk; the gain (up to
    ``n`` / threads that ran), its check (CPU utilisation up) and scope are the same."""
    return Proposal(
        id="restore_thread_count", addresses=(f.id,), layer=Layer.RUNTIME, kind="source",
        title=title, change=change, evidence=refs(f, facts),
        verification=verify(facts, "cpu.utilized", "higher", events="task-clock"),
        expected_gain=ExpectedGain(round(1 + 0.5 * (n / max(ran, 1.0) - 1), 2),
                                   round(n / max(ran, 1.0), 2), Text(
            "gain.threads_restored", ran=f"{ran:.0f}", n=str(n))),
        risk=Risk("low", risk), confidence=Confidence(conf(f, 0.6), why),
        invalid_when=invalid_when, rollback=rollback, scope=scope_of(f, facts),
    )


def _within_cpus(facts: Facts, n: int) -> int:
    """``n`` threads, or the machine's online CPUs when fewer (no more threads than CPUs)."""
    cpus = facts.snapshot.cpu.online_cpus if facts.snapshot else 0
    return cpus if cpus and n > cpus else n


def _no_dynamic_teams(facts: Facts, f: Finding, n: int, ran: float) -> Proposal:
    """The runtime shrank the teams itself (``OMP_DYNAMIC=true``): turn the adjustment off
    for the run rather than search the code for a call that is not there. The team it keeps is
    the request, or the machine's online CPUs when the request is larger (no more threads
    than CPUs)."""
    n = _within_cpus(facts, n)
    omp = {"OMP_DYNAMIC": "false", **({"OMP_NUM_THREADS": str(n)} if n < int(
        _value(f, "threads.requested") or n) else {})}
    return _restored(
        facts, f, n, ran,
        title=f"Set OMP_DYNAMIC=false so that the runtime keeps a team of {n} threads",
        change=Change(env=omp, params={"threads": n}, description=(
            "the job exports OMP_DYNAMIC=true, which lets the OpenMP runtime give each team "
            "fewer threads than requested (libgomp subtracts the load average from the CPUs): "
            "remove the export or set OMP_DYNAMIC=false (omp_set_dynamic(0) in the code); "
            "ask the batch system for the cores so that the threads do not share them")),
        risk="on a node shared with other jobs the full team time-shares its cores: request "
             "the cores from the batch system",
        why="the runtime reported dynamic team sizes and fewer threads ran than were requested",
        invalid_when=("other jobs hold the cores the full team would need",),
        rollback="unset OMP_DYNAMIC")


def _count_from_environment(facts: Facts, f: Finding, n: int, ran: float) -> Proposal:
    """The run's environment gives OpenMP fewer threads than the CPUs it may use (a site module
    or a sourced file exports ``OMP_NUM_THREADS``): export the count of those CPUs after it
    (no more threads than the machine's online CPUs)."""
    n = _within_cpus(facts, n)
    return _restored(
        facts, f, n, ran,
        title=f"Export OMP_NUM_THREADS={n} (the CPUs the run may use) after the module or file "
              f"that sets it to {int(ran)}",
        change=Change(env={"OMP_NUM_THREADS": str(n)}, params={"threads": n}, description=(
            "a module or a sourced settings file exports OMP_NUM_THREADS below the CPUs the job "
            "may use: export OMP_NUM_THREADS after loading it (=$SLURM_CPUS_PER_TASK in a "
            "batch job), or ask the site to drop the default")),
        risk="the module may set one thread on purpose for a library that threads itself: "
             "check that the run's own regions are OpenMP",
        why="the runtime was told fewer threads than the CPUs the run may use",
        invalid_when=("the job shares its CPUs with other work it started itself",),
        rollback="unset the export")


def _raise_thread_limit(facts: Facts, f: Finding, n: int, ran: float) -> Proposal:
    """The runtime caps every team at ``OMP_THREAD_LIMIT`` (a site module or job script sets
    it): unset or raise the limit for the run rather than search the code for a call that is
    not there (no more threads than the machine's online CPUs)."""
    n = _within_cpus(facts, n)
    return _restored(
        facts, f, n, ran,
        title=f"Raise OMP_THREAD_LIMIT to {n} (or unset it) so that a team of {n} threads runs",
        change=Change(env={"OMP_THREAD_LIMIT": str(n)}, params={"threads": n}, description=(
            "the run's environment sets OMP_THREAD_LIMIT below OMP_NUM_THREADS (a site module "
            "or the job script exports it): the OpenMP runtime caps every team at that limit; "
            "unset it after loading the module or export OMP_THREAD_LIMIT equal to the "
            "threads requested")),
        risk="the site may set the limit on purpose (shared login or service nodes): raise it "
             "only where the job holds the cores",
        why="the runtime reported a thread limit below the request and fewer threads ran",
        invalid_when=("the job was given fewer cores than threads requested",),
        rollback="restore the module's OMP_THREAD_LIMIT")


@proposal("keep_in_memory", layer=Layer.SYSTEM, kind="source")
def keep_in_memory(facts: Facts, f: Finding) -> Proposal | None:
    """Keep an intermediate that the run writes to a file and reads back in memory."""
    if not _has(f, "syscall.read_write_ratio"):
        return None
    share = _value(f, "io.run_share")
    return Proposal(
        id="keep_in_memory", addresses=(f.id,), layer=Layer.SYSTEM, kind="source",
        title="Keep the intermediate array in memory instead of a scratch file",
        change=Change(description=(
            "the run writes data to a file and reads it back (a spill every step): keep it in "
            "a buffer in memory (it fits when the machine's free memory exceeds the file), or "
            "at least drop the fsync and use a tmpfs path for the scratch file")),
        evidence=refs(f, facts),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, "", 2.0, 20.0, share if share is not None else 0.3,
                                    Text("gain.what.in_memory")),
        risk=Risk("low", "more resident memory: the size of the scratch file"),
        confidence=Confidence(conf(f, 0.6), "the traced file I/O is written and read back"),
        invalid_when=("the file is a checkpoint meant to survive the run",
                      "the array does not fit in memory"),
        rollback="revert the patch commit", scope=scope_of(f, facts),
    )


@proposal("checkpoint_without_fork", layer=Layer.SYSTEM, kind="source")
def checkpoint_without_fork(facts: Facts, f: Finding) -> Proposal | None:
    """Stop forking a child every step: its shared pages make the parent copy them on write."""
    if not _has(f, "syscall.spawns"):
        return None
    return Proposal(
        id="checkpoint_without_fork", addresses=(f.id,), layer=Layer.SYSTEM, kind="source",
        title="Write the checkpoint without forking a child every step",
        change=Change(description=(
            "each fork() shares every page with the child, and the parent's next sweep copies "
            "each page it writes (one page fault per 4 KiB page per fork): write the "
            "checkpoint from the parent (or from a thread) out of a copy of the array, fork "
            "less often, or let the child exit before the next sweep writes the array")),
        evidence=refs(f, facts),
        verification=verify(facts, "page_faults", "lower", events="task-clock,page-faults"),
        expected_gain=gain_on_share(facts, scope_of(f, facts), 1.2, 3.0, 0.3,
                                    Text("gain.what.no_cow")),
        risk=Risk("medium", "a checkpoint written by the parent blocks it unless written from "
                  "a copy or a thread"),
        confidence=Confidence(conf(f, 0.55), "processes created every step with copy-on-write "
                              "faults after each"),
        invalid_when=("the child runs a different program (exec right after fork)",),
        rollback="revert the patch commit", scope=scope_of(f, facts),
    )


@proposal("pad_leading_dimension", layer=Layer.HARDWARE, kind="source")
def pad_leading_dimension(facts: Facts, f: Finding) -> Proposal | None:
    """Pad a power-of-two leading dimension so consecutive rows fall in different L1 sets."""
    ld = _value(f, "array.leading_dim_pow2")
    if ld is None:
        return None
    n = int(ld)
    pad = n + 64 // 8  # one cache line of doubles
    return Proposal(
        id="pad_leading_dimension", addresses=(f.id,), layer=Layer.HARDWARE, kind="source",
        title=f"Pad the leading dimension from {n} to {pad} elements",
        change=Change(params={"leading_dim": pad}, description=(
            f"allocate rows of {pad} elements (one cache line more than {n}) and index with "
            "the padded leading dimension: rows no longer lie a multiple of 4 KiB apart, so "
            "the rows of a tile spread over the L1 sets; the loop order and tiles stay")),
        evidence=refs(f, facts),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope_of(f, facts), 1.3, 4.0, 0.5,
                                    Text("gain.what.spread_sets")),
        risk=Risk("low", "a little more memory; code that assumes contiguous rows (one memcpy "
                  "of the whole array, an external library's lda) must use the padded size"),
        confidence=Confidence(conf(f, 0.65), "L1 misses with rows a power of two apart"),
        invalid_when=("the misses come from a working set larger than L1, not set conflicts",),
        rollback="revert the patch commit", scope=scope_of(f, facts),
    )
