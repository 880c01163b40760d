"""The table of known batch-job failure patterns (data, not code).

Each row: a stable id, a severity, regular expressions that recognise the evidence line (the
most telling first: when several lines of a log fire, the evidence is the line matching the
earliest regex), the likely cause and the fix, and two facts the verdict needs:

- ``tier``: how directly the pattern names why the job ended (0: the scheduler's own verdict,
  1: a resource or environment cause, or an abort the program declared, 2: a crash or
  uncaught error, 3: a bare cancel). One
  cause per job: the lowest tier wins, then the scheduler's lines, then the log's tail.
- ``silent``: a failure even when the job exited 0 (a command that never ran, N MPI
  singletons); other patterns in a job that exited 0 are text the job survived.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SEVERITY_RANK = {"critical": 3, "error": 2, "warning": 1}


@dataclass(frozen=True)
class Pattern:
    id: str
    severity: str  # critical | error | warning
    regexes: tuple[str, ...]
    cause: str
    fix: str
    tier: int = 2
    silent: bool = False
    compiled: tuple[re.Pattern[str], ...] = field(default=(), compare=False, repr=False)
    keywords: tuple[str | None, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", tuple(re.compile(r, re.I | re.M)
                                                     for r in self.regexes))
        object.__setattr__(self, "keywords", tuple(required_literal(r) for r in self.regexes))

    def search(self, line: str) -> bool:
        return any(c.search(line) for c in self.compiled)


_SPECIAL = set("\\.^$*+?()[]{}|")


def required_literal(regex: str) -> str | None:
    """The longest plain text (lower case, 3+ characters) every match of ``regex`` contains,
    or None: a log without it cannot match, so the regex need not run. Only text outside
    groups and classes counts, and none when the regex has a top-level alternation."""
    runs: list[str] = []
    run, depth, i = "", 0, 0
    while i < len(regex):
        ch = regex[i]
        if ch == "\\":
            runs.append(run)
            run, i = "", i + 2
            continue
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "|" and depth == 0:
            return None
        if depth == 0 and ch not in _SPECIAL:
            run += ch
            i += 1
            continue
        if ch in "?*{" and run:
            run = run[:-1]  # the quantified character is optional
        runs.append(run)
        run, i = "", i + 1
    runs.append(run)
    best = max(runs, key=len)
    return best.lower() if len(best) >= 3 else None


def _p(id: str, severity: str, regexes: tuple[str, ...], cause: str, fix: str, tier: int,
       silent: bool = False) -> Pattern:
    return Pattern(id, severity, regexes, cause, fix, tier, silent)


PATTERNS: tuple[Pattern, ...] = (
    _p("oom.cgroup", "critical",
       (r"Detected \d+ oom[-_]kill event", r"Exceeded job memory limit",
        r"oom-kill event\(s\)", r"OOM Killed", r"out-of-memory handler"),
       "the job used more memory than it requested (cgroup/Slurm memory limit)",
       "request more memory (--mem / --mem-per-cpu) or reduce the working set per task", 0),
    _p("timeout", "critical",
       (r"CANCELLED AT \S+ DUE TO TIME LIMIT", r"DUE TO TIME LIMIT", r"time limit exhausted"),
       "the job ran past its --time limit and was killed",
       "raise --time, checkpoint and restart, or shrink the problem per job", 0),
    _p("preempted", "error", (r"DUE TO PREEMPTION", r"\bPREEMPTED\b"),
       "a higher-priority job preempted this one",
       "resubmit with --requeue, or use a partition/QOS without preemption", 0),
    _p("node_fail", "critical",
       (r"DUE TO NODE FAILURE", r"\bNODE_FAIL\b", r"node failure", r"Node \S+ not responding"),
       "a node of the allocation failed during the job",
       "resubmit (--requeue) and report the node to the admins; exclude it with --exclude", 0),
    _p("cuda_oom", "critical",
       (r"CUDA out of memory", r"cudaErrorMemoryAllocation", r"CUBLAS_STATUS_ALLOC_FAILED"),
       "the GPU ran out of device memory",
       "reduce batch size or model size, free cached tensors, or request a larger GPU", 0),
    _p("oom.process", "critical",
       (r"std::bad_alloc", r"^\s*(?:[\w.]+\.)?MemoryError\b", r"\bMemoryError\b",
        r"Cannot allocate memory", r"(?:srun|slurmstepd): error: .*: tasks? [\d,-]+: Killed",
        r"slurm_script: line \d+: +\d+ Killed", r"^Killed$"),
       "the process could not get memory or was killed (typically by the OOM killer)",
       "compare MaxRSS with the requested memory; request more or reduce memory per task", 1),
    _p("stack_overflow", "critical",
       (r"has overflowed its stack", r"AddressSanitizer: stack-overflow",
        r"java\.lang\.StackOverflowError", r"\bStackOverflowError\b",
        r"RecursionError: maximum recursion depth exceeded", r"maximum recursion depth exceeded",
        r"fatal runtime error: stack overflow", r"stack overflow", r"goroutine stack exceeds",
        r"Fatal Python error: Cannot recover from stack overflow"),
       "the program overflowed its stack (deep or unbounded recursion, or large local arrays)",
       "bound the recursion or make it iterative; otherwise raise the stack (ulimit -s, "
       "-Xss for Java, RUST_MIN_STACK / a thread with a bigger stack, OMP_STACKSIZE)", 1),
    _p("stack_limit", "error",
       (r"stack smashing detected", r"ulimit: .*(?:cannot modify limit|Operation not permitted)",
        r"Resource temporarily unavailable", r"RLIMIT_"),
       "a shell/stack resource limit was hit",
       "raise the limit in the job (ulimit -s unlimited, OMP_STACKSIZE) or check "
       "PropagateResourceLimits", 2),
    _p("missing_library", "error",
       (r"error while loading shared libraries: (\S+): cannot open shared object",
        r"cannot open shared object file", r"libcudart\.so\S*: cannot open"),
       "a shared library the program links against is not on the node's library path",
       "load the module that provides it (module load ...) or set LD_LIBRARY_PATH in the script",
       1, silent=True),
    _p("command_not_found", "error",
       (r": command not found", r"execve\(\): .*: No such file or directory",
        r"No such file or directory.*execve", r"srun: error: .*No such file"),
       "the script ran a command that is not installed or not on PATH on the compute node",
       "use the full path, load the module, or fix the typo in the batch script", 2,
       silent=True),
    _p("mpi.launcher", "error",
       (r'appears to have been direct launched using "srun"',
        r"OMPI was not built with SLURM's PMI support",
        r"Invalid rank has value \d+ but must be nonnegative and less than 1\b",
        r"PMI2_Init failed", r"was unable to reach the PMIx server", r"pmix_init.*failed",
        r"PMIx? .*(?:not|mismatch|failed)", r"OPAL ERROR: Not initialized",
        r"OPAL ERROR: Unreachable", r"MPI_Init.*failed"),
       "the MPI library and the launcher do not match (another MPI's mpirun, or srun without "
       "the library's process-management interface): ranks do not find each other",
       "launch with the mpirun of the MPI the binary links (ldd ./app | grep mpi), or srun "
       "--mpi=pmix for Open MPI / --mpi=pmi2 for MPICH", 1, silent=True),
    _p("mpi.slots", "error",
       (r"There are not enough slots available", r"not enough slots available"),
       "mpirun was asked for more ranks than the allocation/host has slots",
       "ask for fewer ranks, request more tasks (-n), or add --oversubscribe knowingly", 1),
    _p("mpi.root", "error",
       (r"mpirun has detected an attempt to run as root", r"Running as root is.*not supported",
        r"--allow-run-as-root"),
       "Open MPI refuses to run as root",
       "run as a normal user, or pass --allow-run-as-root / set OMPI_ALLOW_RUN_AS_ROOT=1 and "
       "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", 1),
    _p("version_mismatch", "error",
       (r"version `[^']+' not found", r"GLIBC_\d", r"GLIBCXX_\d", r"CXXABI_\d",
        r"compiled against .* but running", r"version mismatch", r"module compiled against API"),
       "the program was built against a newer library/ABI than the node provides",
       "rebuild on the cluster, or load the matching compiler/runtime module", 1),
    _p("disk", "error",
       (r"No space left on device", r"Disk quota exceeded", r"\bENOSPC\b", r"\bEDQUOT\b"),
       "the file system (or your quota) is full",
       "clean up or write to scratch; check quota (quota -s / lfs quota)", 1),
    _p("python.import", "error",
       (r"ModuleNotFoundError: No module named", r"ImportError: "),
       "a Python module is missing in the job's environment",
       "activate the right venv/conda env in the batch script or pip install the module", 1),
    _p("abort", "critical",
       (r"double free detected", r"free\(\): invalid (?:pointer|size|next size)",
        r"malloc\(\): (?:corrupted|memory corruption|invalid)",
        r"corrupted (?:size vs\. prev_size|double-linked list)"),
       "the C library found heap corruption and aborted the program "
       "(a failed assert() or an uncaught C++ exception is runtime.exception)",
       "rebuild with -g -fsanitize=address and run it again: it names the bad access", 2),
    _p("segfault", "critical",
       (r"noticed that process rank \d+ .* exited on signal (?:11|7)\b",
        r"exited on signal (?:11|7)\b", r"(?:srun|slurmstepd): error: .*Segmentation fault",
        r"Segmentation fault", r"\bSIGSEGV\b", r"signal 11\b", r"Bus error", r"\bSIGBUS\b",
        r"Signal: Segmentation fault"),
       "the program crashed on an invalid memory access",
       "rebuild with -g -fsanitize=address or run under gdb/valgrind; check stack limits", 2),
    _p("mpi.abort", "error",
       (r"MPI_ABORT was invoked on rank \d+", r"application called MPI_Abort\(",
        r"MPI_Abort\(.*\)"),
       "a rank called MPI_Abort: the program stopped itself on an error it detected",
       "read the rank's own message just before the abort (the error code names it)", 1),
    _p("runtime.exception", "error",
       (r'Exception in thread "[^"]*" [\w.$]+', r"thread '[^']*'(?: \(\d+\))? panicked at",
        r"terminate called after throwing an instance of",
        r"Assertion [`'].*' failed", r"^panic: ",
        r"Unhandled exception\b", r"uncaught exception"),
       "the program stopped on an uncaught exception, panic or failed assertion (Java, Rust, "
       "C/C++, Go, ...)",
       "read the exception and the first frame of your own code; fix the error it names", 2),
    _p("python.traceback", "error", (r"^Traceback \(most recent call last\):",),
       "the Python program raised an uncaught exception",
       "read the exception and the innermost frame of your own code; fix the error it names", 2),
    _p("cancelled", "warning",
       (r"\*\*\* JOB \d+ ON \S+ CANCELLED AT \S+ \*\*\*", r"CANCELLED AT \S+ \*\*\*",
        r"\bCANCELLED by \d+"),
       "the job was cancelled (scancel by the user or an admin)",
       "nothing to fix in the code; check who cancelled it (sacct -o State,Reason)", 3),
)

BY_ID = {p.id: p for p in PATTERNS}
