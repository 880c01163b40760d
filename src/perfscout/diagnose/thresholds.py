"""The one named threshold table every diagnosis rule reads.

Each entry has a value and a meaning; a finding quotes the entries that fired. Users override
values with the config key ``thresholds`` (``perfscout.yaml``: ``thresholds: {bw.near_peak: 0.8}``);
an unknown name is a configuration error that lists the valid names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from perfscout.model.errors import ConfigError


@dataclass(frozen=True)
class Threshold:
    name: str
    value: float
    meaning: str


_TABLE: tuple[Threshold, ...] = (
    Threshold("bw.near_peak", 0.70, "achieved / peak DRAM bandwidth at or above: bandwidth bound"),
    Threshold("bw.far_below_peak", 0.40, "achieved / peak bandwidth below: DRAM is not the limit"),
    Threshold("cache.llc_miss_ratio", 0.10, "LLC misses / references at or above: many misses"),
    Threshold("cache.l1d_miss_ratio", 0.05, "L1D load misses / loads at or above: many misses"),
    Threshold("cache.l2_miss_ratio", 0.20, "L2 misses / L2 requests at or above: many misses"),
    Threshold("cache.sim_d1_miss_ratio", 0.05, "cachegrind simulated D1 miss ratio at or above"),
    Threshold("cache.sim_ll_miss_ratio", 0.01, "cachegrind simulated LL miss ratio at or above"),
    Threshold("cache.miss_line_share", 0.50, "sampled time share on the loop nest of the line "
              "with the most simulated D1 misses at or above: the time goes where the misses are"),
    Threshold("numa.remote_ratio", 0.20, "remote / all NUMA accesses at or above: remote memory"),
    Threshold("numa.migrations_per_s", 20.0, "CPU migrations per task-clock second at or above: "
              "threads wander between cores (no binding)"),
    Threshold("vector.share_low", 0.50, "vectorized share of FLOPs below: scalar code"),
    Threshold("vector.missed_share", 0.30, "missed / all remarked loops at or above"),
    Threshold("vector.min_mix_samples", 50, "samples of the annotated code a sampled "
              "instruction mix (perf annotate) needs before its scalar share is read"),
    Threshold("vector.x87_share", 0.50, "x87 / all floating-point instructions at or above: "
              "the data type (long double), not vectorization, is the limit"),
    Threshold("compute.flops_near_peak", 0.50, "achieved / peak FLOP rate at or above"),
    Threshold("compute.ipc_high", 2.5, "IPC at or above: the core is busy retiring"),
    Threshold("compute.tma_share", 0.50, "TMA retiring or core-bound share of slots at or above: "
              "the execution units are the limit"),
    Threshold("frontend.share", 0.25, "frontend-bound share (TMA or stalled-frontend/cycles) at or "
              "above"),
    Threshold("badspec.share", 0.15, "bad-speculation share (TMA) at or above"),
    Threshold("badspec.branch_miss_ratio", 0.05, "branch misses / branches at or above"),
    Threshold("freq.below_max", 0.85, "effective clock / maximum clock below: throttled"),
    Threshold("tlb.dtlb_miss_ratio", 0.01, "dTLB misses / loads at or above"),
    Threshold("tlb.major_faults", 100.0, "major page faults at or above"),
    Threshold("alloc.churn_calls", 1000.0, "temporary allocations (heaptrack: freed right "
              "after use) at one program site at or above: a scratch block per iteration"),
    Threshold("alloc.churn_share", 0.9, "share of a site's allocations that are temporary at "
              "or above, with alloc.churn_calls"),
    Threshold("tlb.unmap_calls", 10.0, "munmap/madvise calls (strace -c) at or above, each at "
              "least tlb.unmap_ms: large buffers are returned and faulted in again"),
    Threshold("tlb.unmap_bytes", 1048576.0, "mean bytes per munmap call (a trace naming sizes) "
              "at or above, with as many mmap calls: large buffers mapped again fault again"),
    Threshold("tlb.unmap_ms", 0.5, "mean milliseconds per munmap/madvise call at or above: each "
              "frees many touched pages"),
    Threshold("tlb.faults_per_s", 100000.0, "page faults per task-clock second at or above"),
    Threshold("tlb.sys_share", 0.20, "system time / (user + system) at or above"),
    Threshold("io.cpu_idle_share", 0.50, "1 - (user + sys) / (elapsed x threads) at or above: "
              "the process waits"),
    Threshold("io.bytes", 1.0e8, "bytes read + written at or above"),
    Threshold("io.blocked_switches", 0.90, "voluntary / all context switches at or above: the "
              "process blocks itself (I/O, sync) rather than being preempted"),
    Threshold("io.sync_share", 0.50, "share of traced system-call time in fsync/fdatasync/sync "
              "at or above"),
    Threshold("noise.ctx_per_cpu_s", 500.0, "context switches per CPU-second at or above"),
    Threshold("sched.shared_switches_per_s", 2000.0, "context switches per CPU-second at or "
              "above: the run's own threads or ranks time-share CPUs (other jobs' time slices "
              "give a few hundred)"),
    Threshold("noise.involuntary_share", 0.50, "involuntary / all context switches at or above"),
    Threshold("oversub.own_share_drop", 1.5, "lone run's CPU share / the mean CPU share of "
              "several runs printed together at or above: they were started together and took "
              "turns on the CPUs"),
    Threshold("oversub.ratio", 1.0, "threads or ranks / cores above"),
    Threshold("mpi.share_high", 0.20, "MPI time / application time at or above"),
    Threshold("mpi.wait_share", 0.50, "share of MPI time in Wait/Barrier/collectives at or above"),
    Threshold("mpi.comm_share", 0.30, "MPI time share at or above (transfer-dominated)"),
    Threshold("imbalance.max_over_mean", 1.15, "max / mean of per-rank or per-thread work at or "
              "above"),
    Threshold("imbalance.strong", 1.3, "max / mean of per-thread work at or above: the idle "
              "threads cost a known share of the run (0.23 of it at 1.3), so the imbalance "
              "outranks code-speed findings whose gain no input measured"),
    Threshold("imbalance.min_cost", 0.05, "(slowest rank's compute - mean) / its app time at or "
              "above: the imbalance costs a material share of the run"),
    Threshold("mpi.beyond_compute", 1.5, "margin over the other ranks' compute (ranks - 1 "
              "times the busiest rank's) that every rank's MPI time must exceed to be the "
              "operations' own cost: a wait for the others, even one rank after the other, "
              "lasts no longer"),
    Threshold("msg.small_bytes", 4096.0, "mean message size below: small messages"),
    Threshold("msg.many", 1000.0, "messages at or above: many"),
    Threshold("msg.latency_us", 30.0, "time per message below (microseconds), when no size is "
              "known: the message costs its latency, not its bytes"),
    Threshold("threads.busy_share", 0.8, "every thread's printed busy time / the run's wall "
              "time at or above: all threads worked the whole run"),
    Threshold("redundant.thread_slowdown", 1.6, "least busy thread's time (every thread busy) "
              "/ the one-thread run's wall time at or above: each thread did the whole work"),
    Threshold("serial.fraction", 0.10, "Amdahl serial fraction fitted from a thread sweep at or "
              "above"),
    Threshold("serial.one_thread_share", 0.15, "share of an OpenMP process's samples (split "
              "by thread) in routines only its busiest thread ran at or above: code outside "
              "the parallel regions, the serial part (not unequal work inside them)"),
    Threshold("serial.phase_share", 0.5, "share of a run's printed phase times outside the "
              "phases the printout marks parallel at or above (no sweep measured)"),
    Threshold("serial.min_points", 3.0, "thread counts needed for an Amdahl fit"),
    Threshold("serial.busy_cpus", 1.3, "CPUs kept busy by one run at or below which, on a "
              "machine with more cores, the run is treated as serial (no sweep measured)"),
    Threshold("gpu.copy_share", 0.20, "share of time in host<->device copies at or above"),
    Threshold("complexity.exponent", 1.5, "fitted exponent of time vs problem size at or above"),
    Threshold("complexity.per_op_exponent", 0.5, "fitted exponent of the time of one "
              "operation vs the size at or above, when every run performs the same operations "
              "(a lookup that scans; a hash or tree stays near 0)"),
    Threshold("complexity.item_beyond_memory", 1e-6, "time of one item or operation a "
              "program prints (``ns/collision``) at the sweep's largest size at or above: "
              "more than ten memory accesses cost, so a per-item time growing with the size is "
              "the work of each item growing (a scan), not its data leaving the caches; below "
              "it the growth may be either"),
    Threshold("complexity.pair_calls_match", 0.001, "relative difference at or below between "
              "a routine's call count and n(n-1)/2, n(n+1)/2 or n^2 for a swept size n: called "
              "once per pair"),
    Threshold("complexity.two_size_factor", 2.0, "largest / smallest size at or above: two sizes "
              "(two printouts) are enough for a slope"),
    Threshold("app.io_share", 0.20, "share of the WHOLE profile in I/O or parsing functions at or "
              "above"),
    Threshold("ab.ratio", 1.3, "slower / faster time of a program's own A/B of one factor (same "
              "work) at or above which the factor measurably matters"),
    Threshold("io.library_seen_share", 0.05, "share of a profile in library code at or above "
              "which it lists the library's routines: a program function named like I/O then "
              "counts as I/O only if some library I/O routine is listed"),
    Threshold("io.library_io_share", 0.01, "share of a profile in the library's read, write "
              "and parse routines above which a program function named like I/O may be I/O"),
    Threshold("app.redundant_calls", 1.0e8, "calls to one function at or above"),
    Threshold("profile.inclusive_sum", 1.5, "sum of a profile's function shares above which it "
              "counts each routine with its callees (callgrind --inclusive=yes, perf report "
              "with children), not self time"),
    Threshold("call.tiny_ns", 5.0, "self time per call (ns) at or below: a callee this short is "
              "call overhead around a few instructions (no loop of its own)"),
    Threshold("app.tree_share", 0.20, "share of the WHOLE profile in an ordered tree container's "
              "code (std::map/set: _Rb_tree, stl_tree.h) and its key compares at or above"),
    Threshold("app.container_seen_share", 0.05, "share of the WHOLE profile in a container's "
              "own routines at or above which a sampling profile corroborates the program's "
              "A/B of that container (below it, the walk is inlined elsewhere: no word)"),
    Threshold("app.hash_share", 0.20, "share of the WHOLE profile in a hash table's steps "
              "along a bucket chain past its first node (std::unordered_map/set: the loop of "
              "_Hashtable::_M_find_before_node) at or above: a lookup with a good hash stops at "
              "about the first node, so this much means long chains"),
    Threshold("rt.locked_share", 0.20, "share of the sampled time on lock-prefixed instructions "
              "(and the instruction after each) at or above"),
    Threshold("rt.contention_slowdown", 1.15, "time at the most threads of a sweep over the "
              "time at the fewest, beyond which the threads' turns on a lock cost more than "
              "the work they share: an Amdahl serial part can cap the speedup at 1x, never "
              "make the run slower (rt.sync_contention, not rt.serial_fraction)"),
    Threshold("rt.region_slowdown", 3.0, "time at the most threads of a sweep over the time "
              "at the fewest, with the runtime's fork/join code sampled, beyond which the "
              "regions' start, end and barriers cost more than their work "
              "(rt.region_overhead): a serial part inside a region keeps the other threads "
              "at its barrier too, and other jobs can add a factor near two"),
    Threshold("rt.lock_routine_share", 0.20, "share of a sampling profile in lock and wait "
              "routines (pthread mutex/condvar, the futex path, the OpenMP runtime's dynamic "
              "iteration handout and its mutex) at or above"),
    Threshold("rt.futex_traced_share", 0.50, "share of strace -f -c's traced system time in "
              "futex calls at or above (a second family for a sampled lock, never alone: "
              "batched locking still spends its little traced time in futex)"),
    Threshold("app.redundant_share", 0.10, "self share of that function at or above"),
    Threshold("app.repeated_queries", 1000.0, "metadata system calls (stat, access...) per file "
              "opened at or above, holding most of the traced non-waiting system time: the same "
              "answer is asked for again and again"),
    Threshold("app.query_time_share", 0.50, "share of the traced non-waiting system time in those "
              "metadata calls at or above"),
    Threshold("contention.other_load", 0.50, "load average of OTHER jobs (load minus the run's own "
              "busy CPUs) per online CPU at or above: the cores were shared, not idle"),
    Threshold("noise.explains_share", 0.50, "share of the run's wall time the machine's noise can "
              "explain (time waiting for a CPU / wall) at or above which it may rank before a "
              "finding of the program: below it, or beside a finding measured in CPU time, it "
              "ranks after"),
    Threshold("contention.busy_share", 0.80, "CPUs the run kept busy / CPUs it could use below: it "
              "did not get its CPUs"),
    Threshold("precision.convert_ratio", 0.50, "float<->double conversions per floating-point "
              "arithmetic instruction in the hot code at or above: float data computed in double"),
    Threshold("precision.narrow_per_widen", 0.20, "double->float narrowings per float->double "
              "widening at or above: the double result is stored back as float"),
    Threshold("build.checking_share", 0.05, "share of a profile in a checking runtime (debug "
              "iterators, a sanitizer, bounds-error reporting) at or above: the checks cost "
              "measured time, not only a flag on the compile line"),
    Threshold("app.exception_share", 0.15, "share of a profile throwing, unwinding and catching "
              "C++ exceptions at or above: exceptions as control flow on the hot path"),
    Threshold("rng.setup_share", 0.30, "share of a profile refilling and seeding a random "
              "engine's state at or above"),
    Threshold("rng.refill_per_draw", 10.0, "refill+seed share over the drawing share at or "
              "above: one refill serves hundreds of draws, so the engine is seeded per item"),
    Threshold("rng.draws_per_refill", 0.5, "draws per state refill (call counts) below this "
              "share of the numbers one refill makes: the engine is seeded per item"),
    Threshold("rng.seed_share", 0.05, "share of a random engine's own seeding routine at or "
              "above: stands in for the draw comparison when the draws are inlined"),
    Threshold("mpi.reduce_bytes_per_call", 1048576.0, "bytes one reduction call moves at or "
              "above (the program's own count): a whole array, not a value"),
    Threshold("mpi.reduce_share", 0.25, "share of the run in that reduction (its printed time) "
              "or in MPI (a profile) at or above"),
    Threshold("precision.type_ratio", 2.0, "time of a run in the wider floating-point type / "
              "the same run in the narrower one at or above (the printout's own A/B)"),
    Threshold("precision.x87_share", 0.30, "x87 share of floating-point instructions at or above: "
              "80-bit long double code (no SIMD form)"),
    Threshold("compute.divsqrt_share", 0.10, "share of the hot function's floating-point "
              "instructions that divide or take square roots at or above: divider-bound"),
    Threshold("compute.rate_near_peak", 0.10, "FLOP rate the program reports / the snapshot's "
              "peak at or above, with operands in cache: the arithmetic is the limit"),
    Threshold("app.copy_share", 0.25, "share of a sampling profile in the allocator and the "
              "copy routines together (memmove, malloc/free, container copy constructors) at or "
              "above: a value that owns memory is copied per call"),
    Threshold("app.copy_part", 0.20, "copy routines' part of the copies plus the allocator in a "
              "sampling profile at or above: the allocations serve copies of owned values, "
              "read as values copied per call before allocation churn alone"),
    Threshold("app.fresh_copy_part", 0.20, "block copies' (memmove/memcpy) part of the copies "
              "plus the allocator and fresh-page faults in a sampling profile at or above: a "
              "block copied whole into new memory again and again (growth by one element)"),
    Threshold("rt.fork_join_share", 0.30, "share of a sampling profile in the OpenMP runtime's "
              "fork/join and barrier code (not its critical sections) at or above, with the "
              "program's parallel regions sampled: the regions are too short for their cost"),
    Threshold("app.pure_call_share", 0.30, "self share of a pure libc routine (strlen, strcmp...) "
              "at or above: its result is recomputed"),
    Threshold("io.syscalls_per_s", 20000.0, "system calls per second of run at or above"),
    Threshold("crossval.disagree", 0.30, "relative difference between two sources above: conflict"),
    Threshold("bw.low_intensity", 0.25, "arithmetic intensity (FLOP/byte) below, at high bandwidth "
              "with no measured peak: a streaming kernel, likely bandwidth bound"),
    Threshold("compute.ipc_low", 1.0, "IPC below: the core waits (supports a memory-bound "
              "finding)"),
    Threshold("numa.socket_bw_ratio", 2.0, "max / min bandwidth across sockets at or above: "
              "memory sits on one node"),
    Threshold("io.reads_per_cpu_s", 2000.0, "read system calls per CPU-second at or above (no "
              "profile): the run consumes its input throughout, between reads in user space"),
    Threshold("io.rw_syscall_share", 0.50, "read/write calls / all system calls at or above: "
              "the system calls are I/O"),
    Threshold("io.writes_per_record", 0.5, "write system calls per record the program says it "
              "wrote at or above (strace -c beside the printout): one call per record"),
    Threshold("io.traced_over_run", 1.3, "traced file-I/O time over the run's wall time above: "
              "the tracer's own cost per call is in the traced times (ptrace, perf trace), "
              "which then say nothing of the untraced run's share"),
    Threshold("io.records_min", 1000.0, "records written at or above for one write call per "
              "record to matter"),
    Threshold("io.small_call_bytes", 1024.0, "bytes per read or write system call below (the "
              "process's own counts, /proc/PID/io): the calls move records one at a time, not "
              "a buffer (stdio's is 4096 bytes)"),
    Threshold("io.opens_per_write", 0.50, "file opens / writes at or above, writes outnumbering "
              "reads: the file is opened and closed per write (a log opened per line)"),
    Threshold("affinity.speedup_per_cpu", 1.3, "thread-sweep speedup / CPUs allowed at or "
              "below: the extra threads found no CPU to run on (supports an affinity finding)"),
    Threshold("affinity.busy_per_cpu", 1.15, "CPUs utilized / CPUs allowed at or below: the "
              "threads share the allowed CPUs"),
    Threshold("app.library_share", 0.25, "share of a profile in one non-compute library family "
              "(allocator, clocks, text formatting, a system call's kernel path) at or above: "
              "the inner loop repeats bookkeeping around its work"),
    Threshold("app.indirect_call_share", 0.15, "share of a profile in std::function's invokers "
              "(the rows of _M_invoke) at or above: a type-erased call per element; lower than "
              "app.library_share because the rows understate the call's cost (operator()'s "
              "empty check and the indirect call are inlined into the caller's rows)"),
    Threshold("app.format_transfer_ratio", 0.10, "share of a sampling profile on the I/O "
              "transfer path (write/read calls, stdio flush, the kernel's write path) / its share "
              "formatting text below: the formatted text stays in memory (no trace needed)"),
    Threshold("app.format_into_strings", 0.90, "share of the formatting a call tree shows "
              "entering through snprintf/sprintf/asprintf at or above: the text is built in "
              "memory (a key, a label), not written, whichever family profiled it"),
    Threshold("app.format_writes_per_s", 100.0, "write calls per second of sampled formatting "
              "time below: the formatted text is not written (at 64 KiB a call, a tenth or less "
              "of what printf formats in that time)"),
    Threshold("steps.jump", 3.0, "median time of the later printed steps / the earlier ones "
              "at or above (equal work per step), and the CPU time per step grown as much: "
              "each step costs more CPU, not a wait for it"),
    Threshold("io.small_request_bytes", 65536.0, "bytes per read/write call at or below: small "
              "requests (each pays a system call, and a disk access when unbuffered)"),
    Threshold("contention.runqueue_share", 0.30, "run-queue wait / (CPU time + run-queue wait) "
              "of the run at or above (/proc/PID/schedstat): it waited for a CPU"),
    Threshold("cpu.allocated_low", 0.60, "CPU time / (elapsed x allocated CPUs) of a job below, "
              "on two CPUs or more (sacct): it left allocated CPUs idle"),
    # diag15: system and runtime quantities read from traces, process tables and vmstat
    Threshold("io.traced_run_share", 0.20, "traced time in file read/write/sync/seek calls / the "
              "run's wall time (another input) at or above: the run waits on its files"),
    Threshold("io.traced_seconds", 0.20, "traced seconds in file read/write/sync/seek calls at "
              "or above, with reads and writes alike (data read back), when no input gives the "
              "run's wall time"),
    Threshold("tlb.spawns", 3.0, "processes created (clone/fork calls in a trace) at or above: "
              "not a launcher or a helper started once"),
    Threshold("tlb.faults_per_spawn", 1024.0, "page faults per process created at or above (4 "
              "MiB of 4 KiB pages): the parent copies the pages it shares with each child"),
    Threshold("tlb.spawn_ms", 1.0, "milliseconds per clone/fork call at or above: each copies "
              "the page tables of a large address space"),
    Threshold("contention.run_queue", 1.5, "runnable tasks (vmstat r) per online CPU at or "
              "above, with the CPUs busy: more runnable work than CPUs"),
    Threshold("contention.psi_cpu", 0.50, "share of time some runnable task waited for a CPU "
              "(/proc/pressure/cpu some avg10) at or above: more runnable work than CPUs"),
    Threshold("contention.machine_busy", 0.90, "user + system share of the machine's CPUs "
              "(vmstat us+sy, top's busy processes) at or above"),
    Threshold("threads.running_share", 0.05, "share of a per-thread profile's samples at or "
              "above: the thread ran work (below: a runtime or service thread)"),
    Threshold("sweep.min_ticks", 5.0, "a sweep point whose time is fewer than this many steps "
              "of its printed resolution (0.03 s printed with two decimals is 3) is left out "
              "of a rate computed from its time: its last digit moves the rate too much"),
    Threshold("noise.repeat_spread", 1.5, "slowest / fastest repeat of one run at or above: "
              "the same work took that much longer another time (the machine's doing)"),
    Threshold("contention.others_cpus", 0.50, "CPUs other tasks kept busy over a scheduler "
              "trace of the run (perf sched timehist -s) at or above: other work held CPUs "
              "the run could have used"),
    Threshold("affinity.threads_per_cpu", 1.5, "a program's threads / the CPUs they ran on in a "
              "scheduler trace at or above: its threads took turns on fewer CPUs"),
    Threshold("contention.busy_process", 0.10, "share of a CPU a process in a top table got at "
              "or above: it competed for the CPUs"),
    Threshold("io.read_back_ratio", 0.25, "fewer / more of the traced read and write calls at or "
              "above: the data written is read back"),
    Threshold("cache.padded_speedup", 1.20, "time with a power-of-two leading dimension / time "
              "with a padded one (same input family) at or above: padding measured"),
    Threshold("cache.strided_share", 0.3, "share of all samples at or above in a hot loop "
              "whose array index jumps a row per step of its innermost variable (its source "
              "printed beside the samples): the walk, not the arithmetic, is the cost"),
    Threshold("cache.rate_drop", 2.0, "a sweep's compute rate (GFLOP/s, MLUP/s) at its smallest "
              "size / at its largest, at or above, falling from size to size: the data left "
              "the caches"),
    Threshold("cache.rate_drop_two", 4.0, "the same drop when the sweep has only two sizes, at "
              "or above: no middle point says the rate falls steadily, so the drop must "
              "exceed what other jobs' load does to one run (about 2x on a shared machine)"),
    Threshold("cache.rate_step", 1.15, "how much a falling sweep's rate may rise from one size "
              "to the next (a run's own noise) and still count as falling"),
    Threshold("threads.lowered_share", 0.60, "threads seen running / threads requested at or "
              "below: the runtime ran fewer threads than asked"),
)

DEFAULTS: dict[str, Threshold] = {t.name: t for t in _TABLE}


def resolve(overrides: Mapping[str, float] | None = None) -> dict[str, float]:
    """The table's values with ``overrides`` applied; unknown names raise ConfigError."""
    values = {name: t.value for name, t in DEFAULTS.items()}
    for name, raw in (overrides or {}).items():
        if name not in DEFAULTS:
            raise ConfigError(
                f"unknown threshold {name!r}", hint="valid thresholds: " + ", ".join(DEFAULTS)
            )
        try:
            values[name] = float(raw)
        except (TypeError, ValueError):
            raise ConfigError(f"threshold {name} must be a number, got {raw!r}") from None
    return values


def meaning(name: str) -> str:
    return DEFAULTS[name].meaning
