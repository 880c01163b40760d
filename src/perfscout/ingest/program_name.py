"""The program a set of inputs is about, by its name: so that a report listing every task on
the machine (``perf sched latency``) speaks of the program another input names, not of the
busiest other job.

A command line an input records (``meta["command"]``: the ``$ mpirun -np 2 ./hybheat 256``
line a printout echoes, perf stat's ``Performance counter stats for './a.out'``, heaptrack's
``Debuggee command``) names it; :func:`program_of` takes the program out of the launcher,
options and settings around it, as the kernel names its task (15 characters);
:func:`simple_command` takes the program's run out of an echoed shell loop or list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from perfscout.model.metrics import Profile

#: tasks that are never the program a user ran: the tools and launchers around it, shells,
#: and kernel threads
NOT_THE_PROGRAM = re.compile(
    r"^(?:perf|sh|bash|dash|zsh|env|time|timeout|sudo|strace|ltrace|valgrind|mpirun|mpiexec|"
    r"orted|prterun|prted|srun|slurmstepd|hydra_pmi_proxy|swapper|idle|init|systemd.*|"
    r"kworker.*|ksoftirqd.*|migration.*|rcu_.*|kthreadd|watchdog.*|irq/.*|cpuhp.*|"
    r"jbd2.*|kcompactd.*|khugepaged|kswapd.*|sshd|tmux.*|screen|taskset|numactl|nice|"
    r"hyperfine|likwid-.*|heaptrack)$")
#: options of the launchers and tools above that take a value (the value is not the program)
_VALUED = frozenset({"-o", "--output", "-np", "-n", "-N", "-c", "-x", "--bind-to", "--map-by",
                     "-e", "--cpu-bind", "-C", "--physcpubind", "--membind", "-m", "-p",
                     "--report-bindings", "-H", "--host", "--hostfile", "-t", "--runs",
                     "-w", "--warmup", "-F", "--freq", "--call-graph", "-G", "--cgroup",
                     "-I", "--interval-print", "-r", "--repeat", "--cpu", "--pid", "--tid",
                     "-u", "--uid", "-D", "--delay", "--sort", "-i", "--input"})
#: options that take two values (``mpirun --mca btl self 0``... ``--mca name value``)
_TWO_VALUED = frozenset({"--mca", "-mca", "--gmca", "-x"})
_NUMBER = re.compile(r"^[-+]?\d+(?:\.\d+)?$")
#: the kernel keeps this many characters of a command name
TASK_NAME = 15


def program_at(words: Sequence[str]) -> int | None:
    """The index of the program among a command line's words: the first that is not an
    option, an option's value, an environment setting, a launcher, a tool or a number; None
    when there is none. Options before it belong to the launcher or tool that runs it."""
    skip = 0
    for i, w in enumerate(words):
        if skip:
            skip -= 1
            continue
        if w in _TWO_VALUED:
            skip = 2 if w != "-x" else 1
            continue
        if w in _VALUED:
            skip = 1
            continue
        name = Path(w.strip("'\"")).name
        if w.startswith("-") or "=" in w or not name or NOT_THE_PROGRAM.match(name) \
                or _NUMBER.match(w):
            continue
        return i
    return None


def program_of(command: str) -> str:
    """The program a command line runs, as the kernel names its task (:func:`program_at`);
    '' when there is none."""
    words = command.split()
    at = program_at(words)
    return Path(words[at].strip("'\"")).name[:TASK_NAME] if at is not None else ""


#: tasks a scheduler trace or a system-wide profile shows that are neither the program nor
#: another user's work, beyond :data:`NOT_THE_PROGRAM`'s tools and kernel threads: a trace's
#: idle placeholder ``:-1``, memory daemons, sealed memfd helpers
_KERNEL_HELPER = re.compile(r"^(?::-?\d+|kdamond.*|memfd:.*|oom_reaper|kauditd|khungtaskd|"
                            r"kblockd.*|writeback|kintegrityd)$")


def other_work(task: str) -> bool:
    """Whether ``task`` (a command name in a trace or a system-wide profile) is work of its
    own beside the program: no tool, launcher or kernel thread (another user's job, a
    build)."""
    return not NOT_THE_PROGRAM.match(task) and not _KERNEL_HELPER.match(task)


def named_programs(profiles: Sequence[Profile]) -> list[str]:
    """The programs the inputs' recorded command lines run, in input order, each once."""
    out: list[str] = []
    for p in profiles:
        name = program_of(p.meta.get("command", ""))
        if name and name not in out:
            out.append(name)
    return out


def name_the_program(profiles: Sequence[Profile]) -> tuple[Profile, ...]:
    """``profiles`` with each per-task report (perf sched) re-read for the program another
    input names, when the report holds that task and had taken another for the program."""
    from perfscout.ingest.adapters.perf_sched import follow_task

    names = named_programs(profiles)
    if not names:
        return tuple(profiles)
    return tuple(follow_task(p, names) if p.format == "perf-sched" else p for p in profiles)


#: shell words that open or close a compound command around the program's run
_SHELL_KEYWORDS = frozenset({"for", "while", "until", "if", "do", "done", "then", "else",
                             "elif", "fi", "in"})


def simple_command(cmd: str) -> str:
    """The program's run in an echoed shell line: a loop or a list (``for n in 32 64; do
    ./porosity $n ...; done``, ``make && ./a 10``) gives its first part that runs something
    (``./porosity``), shell variables and elided arguments (``$n``, ``...``) left out: what
    a verification can run as it is. A plain command line is returned unchanged."""
    if not re.search(r"[;|&]|^\s*(?:for|while|until|if)\b", cmd):
        return cmd
    for part in re.split(r"\s*(?:;|&&|\|\||\|)\s*", cmd):
        words = part.split()
        if words and words[0] in ("for", "while", "until", "if", "elif"):
            continue  # the loop's or test's own header
        while words and words[0] in _SHELL_KEYWORDS:
            words = words[1:]
        words = [w for w in words if not w.startswith("$") and w not in ("...", "…")]
        if words and words[0] not in NOT_A_RUN:  # "make && ./a 10": the run, not the build
            return " ".join(words)
    return ""


#: commands a printout echoes that run no program of the user's: shell builtins, builds
NOT_A_RUN = frozenset({"export", "cd", "module", "ml", "source", ".", "set", "unset", "ulimit",
                       "echo", "cat", "ls", "head", "tail", "grep", "make", "cmake", "gcc",
                       "g++", "gfortran", "cc", "c++", "clang", "clang++", "mpicc", "mpicxx",
                       "mpic++", "mpif90", "mpifort", "icc", "icx", "ifort", "ifx", "nvcc",
                       "which", "sleep", "date", "hostname", "uptime", "nproc", "lscpu"})
