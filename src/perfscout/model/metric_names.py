"""The canonical metric vocabulary: name -> (unit, meaning).

Adapters map tool-specific names onto these; rules read only these. Extend, never rename.
Bandwidths are in MB/s (10^6 bytes/s), times in seconds, FLOP rates in MFLOP/s, shares in 0..1.
"""

from __future__ import annotations

CANONICAL: dict[str, tuple[str, str]] = {
    # time and process
    "time.elapsed": ("s", "wall-clock time of the run or region"),
    "time.per_item": ("s", "time of one item or operation a program prints (``ns/entry``, "
                      "``us/lookup``): its cost per unit of work, which grows with the size "
                      "only when each item's work or its data's distance grows"),
    "time.step": ("s", "wall-clock time of one step/iteration a program prints (scope interval)"),
    "time.user": ("s", "user CPU time"),
    "cpu.share": ("ratio", "CPU time / wall time of one run (derived): the share of a CPU it got"),
    "time.cpu": ("s", "CPU time a program measured for itself (clock(), getrusage), per run"),
    "time.sys": ("s", "system CPU time"),
    "time.task_clock": ("ms", "perf task-clock"),
    "cpu.utilized": ("cpus", "average CPUs busy (perf 'CPUs utilized')"),
    "mem.max_rss": ("KiB", "peak resident set size"),
    "ab.ratio": ("ratio", "slower / faster median time of a program's own runs of the same "
                 "work that differ in one named factor (its words in the raw name)"),
    "mem.rss": ("KiB", "resident set size at one moment (pmap -x total)"),
    "mem.virtual": ("KiB", "mapped virtual memory at one moment (pmap -x total)"),
    "mem.dirty": ("KiB", "dirty resident pages at one moment (pmap -x total)"),
    "mem.anon_rss": ("KiB", "resident anonymous memory (heap, large allocations) at one moment"),
    # llvm-mca's static model of a block of assembly (no run: how the core would schedule it)
    "mca.ipc": ("ratio", "instructions per cycle llvm-mca models for a block (a static model)"),
    "mca.uops_per_cycle": ("ratio", "uOps per cycle llvm-mca models for a block"),
    "mca.block_rthroughput": ("cycles", "llvm-mca's reciprocal throughput of one iteration"),
    "mca.cycles_per_iteration": ("cycles", "llvm-mca's total cycles over its iterations"),
    # what the user said may not change (a note handed over with the outputs; settings)
    "constraint.keep_precision": ("flag", "1: the user's note says the data must keep its "
                                          "floating-point precision"),
    "constraint.bitwise": ("flag", "1: the user's note says the results are checked bit for "
                                   "bit"),
    # core counters
    "cycles": ("count", "core cycles"),
    "instructions": ("count", "retired instructions"),
    "ipc": ("ratio", "instructions per cycle (derived)"),
    "cpi": ("ratio", "cycles per instruction"),
    "branches": ("count", "retired branches"),
    "branch_misses": ("count", "mispredicted branches"),
    "branch_miss_ratio": ("ratio", "branch misses / branches (derived)"),
    "stalled_cycles.frontend": ("count", "frontend stall cycles"),
    "stalled_cycles.backend": ("count", "backend stall cycles"),
    "clock.ghz": ("GHz", "effective clock"),
    # caches and TLB
    "cache.references": ("count", "last-level cache references (perf generic)"),
    "cache.misses": ("count", "last-level cache misses (perf generic)"),
    "cache.miss_ratio": ("ratio", "cache misses / references (derived)"),
    "l1d.loads": ("count", "L1 data loads"),
    "l1d.load_misses": ("count", "L1 data load misses"),
    "l1d.miss_ratio": ("ratio", "L1D load misses / loads (derived)"),
    "l2.requests": ("count", "L2 requests"),
    "l2.misses": ("count", "L2 misses"),
    "l2.miss_ratio": ("ratio", "L2 miss ratio"),
    "l2.bandwidth": ("MB/s", "L1<->L2 bandwidth"),
    "l3.bandwidth": ("MB/s", "L2<->L3 bandwidth"),
    "llc.loads": ("count", "LLC loads"),
    "llc.load_misses": ("count", "LLC load misses"),
    "llc.miss_ratio": ("ratio", "LLC load misses / loads (derived)"),
    "dtlb.loads": ("count", "dTLB loads"),
    "dtlb.load_misses": ("count", "dTLB load misses"),
    "dtlb.miss_ratio": ("ratio", "dTLB miss ratio (derived)"),
    "page_faults": ("count", "page faults"),
    "page_faults.major": ("count", "major page faults"),
    "context_switches": ("count", "context switches"),
    "context_switches.involuntary": ("count", "involuntary context switches"),
    "cpu_migrations": ("count", "CPU migrations"),
    # memory
    "mem.bandwidth": ("MB/s", "DRAM bandwidth"),
    "mem.read_bandwidth": ("MB/s", "DRAM read bandwidth"),
    "mem.write_bandwidth": ("MB/s", "DRAM write bandwidth"),
    "mem.data_volume": ("GB", "DRAM data volume"),
    "numa.local_accesses": ("count", "local NUMA accesses"),
    "numa.remote_accesses": ("count", "remote NUMA accesses"),
    "numa.remote_ratio": ("ratio", "remote / (local + remote) (derived)"),
    # floating point
    "flops.dp": ("MFLOP/s", "double-precision FLOP rate"),
    "flops.sp": ("MFLOP/s", "single-precision FLOP rate"),
    "flops.dp_vector": ("MFLOP/s", "packed (vector) DP FLOP rate"),
    "flops.vector_share": ("ratio", "vectorized share of FLOPs (derived)"),
    "arith_intensity": ("FLOP/B", "operational intensity (derived)"),
    # top-down
    "topdown.retiring": ("ratio", "TMA retiring share"),
    "topdown.bad_speculation": ("ratio", "TMA bad speculation share"),
    "topdown.frontend_bound": ("ratio", "TMA frontend-bound share"),
    "topdown.backend_bound": ("ratio", "TMA backend-bound share"),
    "topdown.memory_bound": ("ratio", "TMA memory-bound share (L2)"),
    "topdown.core_bound": ("ratio", "TMA core-bound share (L2)"),
    # sampling / instrumentation profiles
    "samples": ("count", "profile samples"),
    "profile.total": ("", "the profile's total of its primary metric"),
    "ir": ("count", "callgrind instructions executed (Ir)"),
    "d1.miss_ratio": ("ratio", "cachegrind simulated D1 miss ratio"),
    "loop.strided": ("ratio", "share of all samples in a hot loop whose array index jumps a "
                     "row each time its innermost variable steps (``K[i * n + j]`` with ``i`` "
                     "innermost), read from the source lines a profile prints; the access "
                     "is its raw name"),
    "d1.misses": ("count", "simulated D1 read + write misses of one source line (cg_annotate)"),
    "ll.miss_ratio": ("ratio", "cachegrind simulated LL miss ratio"),
    # MPI
    "mpi.time": ("s", "time in MPI (per rank or aggregate)"),
    "mpi.time_share": ("ratio", "MPI time / app time"),
    "app.time": ("s", "application time per rank"),
    "mpi.call_time": ("ms", "time in one MPI call site"),
    "mpi.call_share": ("ratio", "share of MPI time in one call site or call"),
    "mpi.msg_count": ("count", "messages sent"),
    "mpi.msg_size_mean": ("B", "mean message size"),
    "mpi.bytes_sent": ("B", "bytes sent"),
    "mpi.coll_bytes": ("B", "bytes a rank's collectives of one class sent in one communicator "
                       "(Open MPI monitoring)"),
    "mpi.coll_calls": ("count", "collective operations of that class and communicator"),
    "imbalance.max_over_mean": ("ratio", "max / mean of a per-rank or per-thread value (derived)"),
    # micro-benchmarks
    "bench.bandwidth": ("MB/s", "benchmark bandwidth (STREAM, OSU bw, likwid-bench)"),
    "bench.latency": ("us", "benchmark latency (OSU, IMB)"),
    "bench.gflops": ("GFLOP/s", "benchmark FLOP rate (HPL)"),
    "bench.msg_size": ("B", "message size of a benchmark row"),
    # compiler remarks
    "vector.loops_vectorized": ("count", "loops the compiler vectorized"),
    "vector.loops_missed": ("count", "loops the compiler did not vectorize"),
    "calls.std_function_sites": ("count", "call sites of std::function::operator() the "
                                 "compiler reports not inlined (gcc -fopt-info-missed): each "
                                 "an indirect call through the type-erased invoker"),
    # scaling
    "scaling.threads": ("count", "thread count of a scaling point"),
    "scaling.slowdown": ("ratio", "a sweep's time at the most threads over its time at the "
                         "fewest (above 1: slower with more threads; derived)"),
    "scaling.speedup": ("ratio", "speedup over one thread"),
    "io.read_bytes": ("B", "bytes read"),
    "io.write_bytes": ("B", "bytes written"),
    "io.read_chars": ("B", "bytes the read system calls returned (/proc/PID/io rchar)"),
    "io.write_chars": ("B", "bytes passed to write system calls (/proc/PID/io wchar)"),
    # gprof, callgrind, benchmarks, /usr/bin/time -v (docs/ingest-trees-mpi-benchmarks.md)
    "bench.msg_rate": ("msg/s", "benchmark message rate (OSU mbw_mr)"),
    "mem.swaps": ("count", "swaps (/usr/bin/time -v)"),
    "cpu.percent": ("%", "CPU share the job got (/usr/bin/time -v 'Percent of CPU')"),
    "exit_status": ("", "exit status of the measured command"),
    # added by ingest (perf stat, likwid-perfctr)
    "time.cpu_clock": ("ms", "perf cpu-clock"),
    "time.runtime_unhalted": ("s", "likwid unhalted runtime"),
    "calls": ("count", "call count of a region"),
    "clock.mhz": ("MHz", "effective clock (likwid)"),
    "stalled_cycles.frontend_share": ("ratio", "frontend idle cycles / cycles (perf comment)"),
    "stalled_cycles.backend_share": ("ratio", "backend idle cycles / cycles (perf comment)"),
    "stalled_cycles.per_insn": ("ratio", "stalled cycles per instruction (perf comment)"),
    "dtlb.store_misses": ("count", "dTLB store misses"),
    "page_faults.minor": ("count", "minor page faults"),
    "l1d.stores": ("count", "L1 data stores"),
    "topdown.slots": ("count", "TMA pipeline slots"),
    "topdown.heavy_operations": ("ratio", "TMA heavy operations share (L2)"),
    "topdown.light_operations": ("ratio", "TMA light operations share (L2)"),
    "topdown.branch_mispredicts": ("ratio", "TMA branch mispredicts share (L2)"),
    "topdown.machine_clears": ("ratio", "TMA machine clears share (L2)"),
    "topdown.fetch_latency": ("ratio", "TMA fetch latency share (L2)"),
    "topdown.fetch_bandwidth": ("ratio", "TMA fetch bandwidth share (L2)"),
    "flops.sp_vector": ("MFLOP/s", "packed (vector) SP FLOP rate"),
    "flops.vector_ratio": ("ratio", "likwid 'Vectorization ratio' / 100"),
    "uops.packed": ("MUOP/s", "packed FP uops rate (likwid)"),
    "uops.scalar": ("MUOP/s", "scalar FP uops rate (likwid)"),
    "l2.data_volume": ("GB", "L1<->L2 data volume"),
    "l3.data_volume": ("GB", "L2<->L3 data volume"),
    "l2.request_rate": ("ratio", "L2 requests per instruction"),
    "l2.miss_rate": ("ratio", "L2 misses per instruction"),
    "l3.miss_ratio": ("ratio", "L3 miss ratio"),
    "mem.read_data_volume": ("GB", "DRAM read data volume"),
    "mem.write_data_volume": ("GB", "DRAM write data volume"),
    "energy.pkg": ("J", "package energy"),
    "energy.dram": ("J", "DRAM energy"),
    "power.pkg": ("W", "package power"),
    "power.dram": ("W", "DRAM power"),
    "bench.cycles": ("count", "likwid-bench cycles"),
    "bench.time": ("s", "likwid-bench runtime"),
    "bench.cycles_per_update": ("ratio", "likwid-bench cycles per update"),
    "bench.cycles_per_cacheline": ("ratio", "likwid-bench cycles per cache line"),
    "bench.mflops": ("MFLOP/s", "likwid-bench MFlops/s"),
    # Score-P (scorep-score)
    "region.time": ("s", "time in a region or region group (scorep-score time[s])"),
    "region.time_share": ("ratio", "share of the run's time in a region (scorep-score time[%])"),
    "region.time_per_visit": ("s", "mean time per visit of a region"),
    "trace.buffer_bytes": ("B", "trace buffer one process needs for a region (max_buf)"),
    "trace.total_bytes": ("B", "estimated aggregate size of the event trace"),
    "trace.max_buffer_bytes": ("B", "estimated largest per-process trace buffer"),
    "trace.total_memory": ("B", "estimated SCOREP_TOTAL_MEMORY a process needs"),
    # issue 22: what users actually hand over (program printouts, sweeps, runtime reports,
    # strace, disassembly). One name per quantity; rules read these, never the tool's words.
    "threads.busy_share": ("ratio", "a thread's printed busy time / the run's wall time "
                           "(derived, least busy thread)"),
    "threads.slowdown": ("ratio", "least busy thread's time / the one-thread run's wall time "
                         "(derived)"),
    "threads.requested": ("count", "threads the run asked for (program printout, OMP_NUM_THREADS)"),
    "ranks.count": ("count", "MPI ranks in the run"),
    "omp.dynamic": ("bool", "1 when the OpenMP runtime may shrink teams (OMP_DISPLAY_ENV "
                            "OMP_DYNAMIC='TRUE'), 0 when it says 'FALSE' (a setting)"),
    "omp.thread_limit": ("count", "the most threads all teams together may use (OMP_DISPLAY_ENV "
                                  "OMP_THREAD_LIMIT, a setting)"),
    "affinity.threads": ("count", "threads or ranks whose placement a runtime reported"),
    "affinity.cpus": ("count", "distinct CPUs those threads or ranks may run on"),
    "affinity.unbound": ("count", "threads or ranks reported as not bound"),
    "affinity.pinned": ("count", "threads or ranks a runtime reported bound each to one CPU of "
                                 "its own (no two share one)"),
    "io.records_written": ("count", "records (lines, samples, rows) the program says it wrote"),
    "time.parallel": ("s", "time of a phase the program's printout marks as parallel "
                           "(``smooth (parallel) 0.1 s``, ``OpenMP region: 0.3 s``)"),
    "time.serial": ("s", "time of a phase the program's printout marks as serial"),
    "busy.time": ("s", "time one thread or rank spent computing (its own printout)"),
    "mpi.wait_time": ("s", "time one rank waited in MPI (its own printout)"),
    "mpi.latency": ("us", "time per message the program measured"),
    "flops.rate": ("MFLOP/s", "FLOP rate the program reports (precision not stated)"),
    "lups.rate": ("MLUP/s", "lattice/grid updates per second the program reports"),
    "io.time": ("s", "time the program measured reading or writing its files (output=, dump=)"),
    "io.time_share": ("ratio", "io.time / the run's time (derived)"),
    "io.throughput": ("MB/s", "I/O throughput the program reports"),
    "scaling.size": ("count", "problem size of a sweep point"),
    "scaling.ops": ("count", "operations a sweep point performs (events, queries, lookups) "
                    "when the sweep holds them fixed while the size grows"),
    "scaling.ranks": ("count", "rank count of a sweep point"),
    "scaling.efficiency": ("ratio", "speedup / threads of a sweep point (derived)"),
    "syscall.calls": ("count", "calls of one system call (strace -c)"),
    "syscall.time": ("s", "time in one system call, or all of them (strace -c)"),
    "syscall.errors": ("count", "failed calls of one system call (strace -c)"),
    "syscall.bytes": ("B", "bytes the calls of one system call name (mmap/munmap lengths, "
                      "read/write results; strace call lines)"),
    "syscall.trace_span": ("s", "seconds from the first call of a timestamped strace trace "
                           "(-t, -tt, -ttt, -r) to its last: the time its calls were made in"),
    "syscall.total_calls": ("count", "system calls in the run (strace -c total)"),
    "syscall.thread_calls": ("count", "system calls one thread made (perf trace -s, THREAD "
                             "scope)"),
    "syscall.thread_time": ("s", "time one thread spent in system calls, entry to exit "
                            "(perf trace -s, THREAD scope)"),
    "insn.fp_total": ("count", "floating-point instructions in the code (disassembly)"),
    "insn.x87": ("count", "x87 stack instructions (80-bit long double)"),
    "insn.scalar": ("count", "scalar SSE/AVX floating-point instructions"),
    "insn.packed": ("count", "packed (vector) floating-point instructions"),
    "insn.libm_calls": ("count", "calls to libm functions"),
    "insn.locked_share": ("ratio", "share of the sampled time on lock-prefixed (atomic) "
                          "instructions and the instruction after each, where a stalled locked "
                          "operation's samples land"),
    "insn.fp_widen": ("count", "float->double conversions (cvtss2sd, cvtps2pd) in loop bodies "
                      "(objdump) or their sampled weight (perf annotate)"),
    "insn.fp_narrow": ("count", "double->float conversions (cvtsd2ss, cvtpd2ps) in loop bodies "
                       "(objdump) or their sampled weight (perf annotate)"),
    "insn.softfloat_calls": ("count", "calls to routines that emulate __float128 in software "
                             "(libgcc __multf3, __addtf3, conversions; libquadmath)"),
    "insn.isa_emulated_calls": ("count", "calls to libgcc routines that stand in for one "
                                "instruction (__popcountdi2 without -mpopcnt)"),
    "isa.emulated_share": ("ratio", "share of a profile in libgcc routines standing in for one "
                           "instruction (derived)"),
    "machine.run_queue": ("count", "runnable processes on the whole machine (vmstat r, mean)"),
    "machine.cpu_busy": ("ratio", "whole-machine CPU busy share, user + system (vmstat)"),
    "machine.cpu_iowait": ("ratio", "whole-machine CPU share waiting for I/O (vmstat wa)"),
    "disk.util": ("ratio", "share of time a block device had requests in flight (iostat "
                  "%util; REGION scope 'device NAME'), whole machine"),
    "disk.read_rate": ("B/s", "bytes read per second from a block device (iostat rkB/s)"),
    "disk.write_rate": ("B/s", "bytes written per second to a block device (iostat wkB/s)"),
    "disk.r_await": ("s", "mean time a read request to a block device took, queue included "
                     "(iostat r_await)"),
    "disk.w_await": ("s", "mean time a write request took, queue included (iostat w_await)"),
    "machine.cpu_steal": ("ratio", "whole-machine CPU share stolen by the hypervisor (vmstat st)"),
    "machine.swap_io": ("count", "pages swapped in + out per second, whole machine (vmstat)"),
    "serial.phase_share": ("ratio", "share of a run's printed phase times outside the phases "
                                    "the printout marks parallel (derived)"),
    "omp.serialized_share": ("ratio", "share of a sampling profile in the OpenMP runtime's "
                             "ordered/critical/lock routines (threads taking turns; derived)"),
    "precision.type_bytes": ("B", "bytes of the floating-point type a run's printout names "
                             "(mode=long double: 16, double: 8, float: 4): runs of one program "
                             "in two types side by side"),
    "precision.softfloat_share": ("ratio", "share of a profile in software floating-point "
                                  "routines (derived)"),
    "compute.share": ("ratio", "a process's share of the samples in its own computing code "
                      "(perf report --sort pid: one per MPI rank)"),
    "callsite.cost": ("count", "inclusive cost of the calls one source line makes to one "
                      "callee (callgrind_annotate)"),
    "callsite.calls": ("count", "calls one source line makes to one callee"),
    "callsite.count": ("count", "executions of a source line that calls a routine by name "
                       "(gcov; scope CALLSITE file:line, the routine its parent)"),
    "callsite.call_insns": ("count", "call instructions the compiler placed at one source "
                            "line to one callee (objdump -dl; static, not calls made)"),
    "build.checking_flags": ("count", "flags and defines of a debug or checking build on the "
                             "compile lines (model/checking.py: -D_GLIBCXX_DEBUG, "
                             "-fsanitize=, -fcheck=, -O0)"),
    "copy.temporaries": ("count", "array temporaries the compiler makes (gfortran "
                         "-Warray-temporaries), per call site line and in total"),
    "insn.div_sqrt": ("count", "floating-point divide/square-root instructions (one divider "
                      "unit sets their throughput)"),
    "insn.locked": ("count", "lock-prefixed (atomic read-modify-write) instructions; weighted "
                    "by samples from perf annotate"),
    "insn.complex_calls": ("count", "call sites of libgcc's C99 complex multiply/divide "
                           "(__muldc3, __mulsc3, __divdc3...) in the code"),
    "insn.lock_loop_share": ("ratio", "share of a function's loops (backward jumps in objdump -d) "
                             "whose body holds a lock-prefixed instruction"),
    "insn.int_div": ("count", "integer division instructions (div/idiv: no SIMD form on x86)"),
    "insn.x87_share": ("ratio", "x87 share of floating-point instructions (derived)"),
    "insn.packed_share": ("ratio", "packed share of floating-point instructions (derived)"),
    "insn.vector_bits": ("bits", "widest vector register the packed instructions use"),
    # issue 22 (diag11): the system outputs users paste (gdb backtraces, massif, ps -L / top -H,
    # sacct, uptime / loadavg / nproc / schedstat / free / ulimit, lscpu, ls -l / du). Machine
    # facts keep the snapshot's names (load.avg1, cpu.online, cpu.cores, numa.nodes).
    "threads.observed": ("count", "threads a debugger backtrace or a per-thread process listing "
                         "showed in the process"),
    "threads.waiting": ("count", "threads whose stack sits in a wait (lock, condition, barrier, "
                        "MPI, poll, sleep, runtime spin); per wait kind at FUNCTION scope"),
    "threads.computing": ("count", "threads whose innermost frame is the program's own code"),
    "threads.wait_share": ("ratio", "threads.waiting / threads.observed (derived)"),
    "threads.on_cpu": ("count", "threads whose last CPU (ps PSR, top P) was this one at the "
                       "snapshot, per CPU: where they ran, not a binding"),
    "heap.peak": ("B", "peak heap in use (massif total at its peak snapshot)"),
    "heap.site_bytes": ("B", "heap one allocation site holds at the peak snapshot"),
    "heap.site_share": ("ratio", "share of the peak heap one allocation site holds"),
    # heaptrack_print: how often the program allocates, not only how much it holds
    "alloc.calls": ("count", "calls to allocation functions (malloc, new...) in the run, or "
                    "from one allocating function (FUNCTION scope)"),
    "alloc.rate": ("1/s", "calls to allocation functions per second of the run (under the "
                   "tracer, which slows the run: a lower bound of the untraced rate)"),
    "alloc.temporary": ("count", "temporary allocations (freed with no other allocation in "
                        "between), in the run or from one allocating function"),
    "alloc.temporary_share": ("ratio", "temporary allocations / all allocations (derived)"),
    "heap.site_peak": ("B", "the most heap one allocating function held at once "
                       "(heaptrack PEAK MEMORY CONSUMERS)"),
    "heap.leaked": ("B", "heap not freed at exit"),
    "load.avg1": ("count", "1-minute load average of the machine (uptime, /proc/loadavg, top): "
                  "the snapshot fact of the same name"),
    "psi.cpu.some": ("ratio", "share of the last 10 s in which some runnable task waited for a "
                     "CPU (/proc/pressure/cpu some avg10): machine-wide CPU contention"),
    "psi.cpu.full": ("ratio", "share of the last 10 s in which every non-idle task waited for a "
                     "CPU"),
    "psi.memory.some": ("ratio", "share of the last 10 s some task stalled on memory (reclaim, "
                        "swap-in; /proc/pressure/memory)"),
    "psi.memory.full": ("ratio", "share of the last 10 s every non-idle task stalled on memory"),
    "psi.io.some": ("ratio", "share of the last 10 s some task stalled on I/O "
                    "(/proc/pressure/io)"),
    "psi.io.full": ("ratio", "share of the last 10 s every non-idle task stalled on I/O"),
    "load.avg5": ("count", "5-minute load average of the machine"),
    "load.avg15": ("count", "15-minute load average of the machine"),
    "cpu.online": ("count", "CPUs online on the machine an input describes (lscpu, nproc --all): "
                   "the snapshot fact of the same name"),
    "cpu.cores": ("count", "physical cores of that machine (lscpu, likwid-topology)"),
    "numa.nodes": ("count", "NUMA nodes of that machine"),
    "memory.total_mb": ("MiB", "memory of the machine (free, /proc/meminfo)"),
    "memory.available_mb": ("MiB", "memory available for new work (free 'available')"),
    "memory.swap_used_mb": ("MiB", "swap in use (free)"),
    "sched.wait_time": ("s", "time a task waited on a run queue for a CPU (/proc/PID/schedstat)"),
    "sched.timeslices": ("count", "times a task was run on a CPU (/proc/PID/schedstat)"),
    "machine.program_share": ("ratio", "the program's share of a system-wide profile's samples "
                              "(perf record -a by command): times the CPUs, the CPUs it kept busy"),
    "threads.one_only_share": ("ratio", "share of an OpenMP process's samples (split by "
                               "thread) in routines only its busiest thread ran: code outside "
                               "the parallel regions (perf report --sort pid,sym)"),
    "mpi.sampled_share": ("ratio", "an MPI job's samples inside MPI (its libraries and "
                          "transports, and the kernel's copy of pinned pages of a single-copy "
                          "transfer) / the ranks' samples (perf report): a lower bound of the "
                          "time in MPI"),
    "machine.others_share": ("ratio", "other commands' share of a system-wide profile's samples "
                             "(not the program, tools or kernel threads)"),
    "time.repeat_spread": ("ratio", "slowest / fastest of three or more repeats of one run in "
                           "one printout (a rep table): the machine's noise (derived)"),
    "work.items": ("count", "units of work one run performed as the program counts them "
                   "(pixel or cell updates, pair interactions)"),
    "threads.per_cpu": ("ratio", "a program's threads / the CPUs they ran on in a scheduler "
                        "trace (perf sched timehist's CPU column): above one they took turns"),
    "machine.others_cpus": ("cpus", "CPUs other tasks (not the program, the kernel's threads "
                            "or the tools) kept busy over the span a scheduler trace covers"),
    "sched.wait_share": ("ratio", "run-queue wait / (CPU time + run-queue wait) of a task "
                         "(derived)"),
    "cpu.allocated_share": ("ratio", "CPU time / (elapsed x CPUs the job may use): the share of "
                            "its CPUs a job kept busy (derived; sacct)"),
    "file.size": ("B", "size of a file an ls -l / du listing shows (input or output: the "
                  "listing does not say which)"),
    "limit.stack": ("KiB", "stack size limit (ulimit -s)"),
    "limit.open_files": ("count", "open file limit (ulimit -n)"),
    "limit.processes": ("count", "process/thread limit of the user (ulimit -u)"),
    "io.request_bytes": ("B", "bytes per read or write request a program reports (block=)"),
    "array.leading_dim": ("count", "elements between consecutive rows of a 2-D array a program "
                          "reports (ld=, lda=, pitch=)"),
}

# Names outside CANONICAL that adapters may emit: "event.<tool event>" is a raw counter the
# tool printed with no canonical mapping (kept so nothing is dropped; rules ignore them).
RAW_EVENT_PREFIX = "event."


def unit_of(name: str) -> str:
    """The canonical unit of ``name`` (empty string for unknown names)."""
    return CANONICAL.get(name, ("", ""))[0]
