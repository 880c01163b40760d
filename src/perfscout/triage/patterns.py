"""The table of known batch-job failure patterns (data, not code).

Each row: a stable id, a severity, one or more regular expressions that recognise the evidence
line, the likely cause and the fix. Order matters only for ties: the first matching row of the
highest severity names the job's primary failure.
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
    compiled: tuple[re.Pattern[str], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", tuple(re.compile(r, re.I) for r in self.regexes))

    def search(self, line: str) -> bool:
        return any(c.search(line) for c in self.compiled)


def _p(id: str, severity: str, regexes: tuple[str, ...], cause: str, fix: str) -> Pattern:
    return Pattern(id, severity, regexes, cause, fix)


PATTERNS: tuple[Pattern, ...] = (
    _p("oom.cgroup", "critical",
       (r"Detected \d+ oom[-_]kill event", r"Exceeded job memory limit",
        r"oom-kill event\(s\)", r"OOM Killed", r"out-of-memory handler"),
       "the job used more memory than it requested (cgroup/Slurm memory limit)",
       "request more memory (--mem / --mem-per-cpu) or reduce the working set per task"),
    _p("timeout", "critical",
       (r"CANCELLED AT \S+ DUE TO TIME LIMIT", r"DUE TO TIME LIMIT", r"time limit exhausted"),
       "the job ran past its --time limit and was killed",
       "raise --time, checkpoint and restart, or shrink the problem per job"),
    _p("preempted", "error", (r"DUE TO PREEMPTION", r"\bPREEMPTED\b"),
       "a higher-priority job preempted this one",
       "resubmit with --requeue, or use a partition/QOS without preemption"),
    _p("node_fail", "critical",
       (r"DUE TO NODE FAILURE", r"\bNODE_FAIL\b", r"node failure", r"Node \S+ not responding"),
       "a node of the allocation failed during the job",
       "resubmit (--requeue) and report the node to the admins; exclude it with --exclude"),
    _p("cuda_oom", "critical",
       (r"CUDA out of memory", r"cudaErrorMemoryAllocation", r"CUBLAS_STATUS_ALLOC_FAILED"),
       "the GPU ran out of device memory",
       "reduce batch size or model size, free cached tensors, or request a larger GPU"),
    _p("oom.process", "critical",
       (r"std::bad_alloc", r"\bMemoryError\b", r"Cannot allocate memory",
        r"slurm_script: line \d+: +\d+ Killed", r"^Killed$"),
       "the process could not get memory or was killed (typically by the OOM killer)",
       "compare MaxRSS with the requested memory; request more or reduce memory per task"),
    _p("segfault", "critical",
       (r"Segmentation fault", r"\bSIGSEGV\b", r"signal 11\b", r"Bus error", r"\bSIGBUS\b",
        r"core dumped", r"Signal: Segmentation fault"),
       "the program crashed on an invalid memory access",
       "rebuild with -g -fsanitize=address or run under gdb/valgrind; check stack limits"),
    _p("stack_limit", "error",
       (r"stack overflow", r"stack smashing detected", r"ulimit",
        r"Resource temporarily unavailable",
        r"RLIMIT_"),
       "a shell/stack resource limit was hit",
       "raise the limit in the job (ulimit -s unlimited, OMP_STACKSIZE) or check "
       "PropagateResourceLimits"),
    _p("missing_library", "error",
       (r"error while loading shared libraries: (\S+): cannot open shared object",
        r"cannot open shared object file", r"libcudart\.so\S*: cannot open"),
       "a shared library the program links against is not on the node's library path",
       "load the module that provides it (module load ...) or set LD_LIBRARY_PATH in the script"),
    _p("command_not_found", "error",
       (r": command not found", r"No such file or directory.*execve",
        r"execve\(\): .*: No such file or directory", r"srun: error: .*No such file"),
       "the script ran a command that is not installed or not on PATH on the compute node",
       "use the full path, load the module, or fix the typo in the batch script"),
    _p("mpi.slots", "error",
       (r"There are not enough slots available", r"not enough slots available"),
       "mpirun was asked for more ranks than the allocation/host has slots",
       "ask for fewer ranks, request more tasks (-n), or add --oversubscribe knowingly"),
    _p("mpi.root", "error",
       (r"mpirun has detected an attempt to run as root", r"Running as root is.*not supported",
        r"--allow-run-as-root"),
       "Open MPI refuses to run as root",
       "run as a normal user, or pass --allow-run-as-root / set OMPI_ALLOW_RUN_AS_ROOT=1 and "
       "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"),
    _p("mpi.pmi", "error",
       (r"PMIx? .*(?:not|mismatch|failed)", r"OPAL ERROR: Not initialized",
        r"PMI2_Init failed", r"--mpi=pmix", r"was unable to reach the PMIx server",
        r"pmix_init.*failed", r"MPI_Init.*failed"),
       "the MPI library and the launcher disagree on the process-management interface",
       "launch Open MPI with srun --mpi=pmix (MPICH: --mpi=pmi2), or use the library's mpirun"),
    _p("mpi.wrong_launcher", "warning",
       (r"HYDU_\w+", r"mpiexec\.hydra\S*: ", r"\[proxy:\S+\] "),
       "the job was launched with a different MPI's launcher than the binary was built with",
       "use the mpirun of the MPI the binary links (ldd ./app | grep mpi)"),
    _p("version_mismatch", "error",
       (r"version `[^']+' not found", r"GLIBC_\d", r"GLIBCXX_\d", r"CXXABI_\d",
        r"compiled against .* but running", r"version mismatch", r"module compiled against API"),
       "the program was built against a newer library/ABI than the node provides",
       "rebuild on the cluster, or load the matching compiler/runtime module"),
    _p("disk", "error",
       (r"No space left on device", r"Disk quota exceeded", r"\bENOSPC\b", r"\bEDQUOT\b"),
       "the file system (or your quota) is full",
       "clean up or write to scratch; check quota (quota -s / lfs quota)"),
    _p("cancelled", "warning",
       (r"\*\*\* JOB \d+ ON \S+ CANCELLED AT \S+ \*\*\*", r"CANCELLED AT \S+ \*\*\*",
        r"\bCANCELLED by \d+"),
       "the job was cancelled (scancel by the user or an admin)",
       "nothing to fix in the code; check who cancelled it (sacct -o State,Reason)"),
    _p("python.import", "error",
       (r"ModuleNotFoundError: No module named", r"ImportError: "),
       "a Python module is missing in the job's environment",
       "activate the right venv/conda env in the batch script or pip install the module"),
    _p("python.traceback", "error", (r"^Traceback \(most recent call last\):",),
       "the Python program raised an uncaught exception",
       "read the last line of the traceback; fix the error it names"),
)

BY_ID = {p.id: p for p in PATTERNS}
