"""A Slurm batch script (``job.sh`` with ``#SBATCH`` lines), a PBS one (``#PBS -l``), or a plain
run script (a shell's ``#!`` line and a line running the program): what the job asked the
scheduler for, the OpenMP environment it exports, and how it starts the program.

It states requests, not measurements, so every metric is a setting (never a confirming
family): ``threads.cpus_per_task`` (``--cpus-per-task`` / ``-c``), ``ranks.count``
(``--ntasks`` / ``-n``, or a launcher line's ``-np``), ``nodes.count`` (``--nodes`` / ``-N``),
``affinity.cpus`` (the CPUs one task may use: its CPUs per task; PBS ``ncpus``),
``threads.requested`` (``export OMP_NUM_THREADS=4``; ``=$SLURM_CPUS_PER_TASK`` is the CPUs per
task), the other ``OMP_*`` exports as :func:`.placement_metrics` reads the runtime's report
(``omp.thread_limit``, ``omp.dynamic``), ``time.limit`` (``--time``). The program line
(``srun ./a``, ``mpirun -np 4 ./a``, a line running ``./a``) becomes the profile's
``command``; files the script sources (``source ./site-env.sh``, ``module load``) are listed
in meta (``sources``): settings perfscout did not see. Family: runtime report (what the job
was set up with), its values settings.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.program_name import simple_command
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.runtime_lines import Placement, placement_metrics
from perfscout.ingest.slurm_fields import duration_s
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_DIRECTIVE = re.compile(r"^\s*#(?P<kind>SBATCH|PBS)\s+(?P<rest>.*?)\s*$")
# "--cpus-per-task=2", "--cpus-per-task 2", "-c 2", "-c2"
_OPTION = re.compile(r"(?P<opt>--[\w-]+|-\w)(?:[=\s]\s*|(?<=-\w))(?P<val>[^\s#]+)")
_SLURM = {"--cpus-per-task": "threads.cpus_per_task", "-c": "threads.cpus_per_task",
          "--ntasks": "ranks.count", "-n": "ranks.count", "--nodes": "nodes.count",
          "-N": "nodes.count"}
_PBS_SELECT = re.compile(r"(?:select=(?P<nodes>\d+))?.*?ncpus=(?P<ncpus>\d+)"
                         r"(?:.*?mpiprocs=(?P<procs>\d+))?(?:.*?ompthreads=(?P<omp>\d+))?")
_EXPORT = re.compile(r"^\s*(?:export\s+)?(?P<var>(?:OMP|GOMP|KMP)_\w+)=(?P<val>\S+)\s*$")
_SHEBANG = re.compile(r"^#!\s*/\S*(?:ba|z|k|da)?sh\b|^#!\s*/usr/bin/env\s+(?:ba|z|k)?sh\b")
_SOURCE = re.compile(r"^\s*(?:source|\.)\s+(?P<file>\S+)|^\s*module\s+(?:load|add)\s+(?P<mod>.+)$")
_LAUNCH = re.compile(r"^\s*(?:srun|mpirun|mpiexec|prterun)\b(?P<rest>.*)$")
_NP = re.compile(r"(?:^|\s)(?:-np|-n|--ntasks|--np)[=\s]\s*(?P<n>\d+)\b")
_REDIRECT = (">", "<", "2>", "&>")
_RUN = re.compile(r"(?:^|\s)\./\S+|^\s*(?:srun|mpirun|mpiexec|prterun)\b")
_SHELL = re.compile(r"^\s*(?:#|$|set\s|cd\s|echo\s|export\s|module\s|source\s|\.\s|ulimit\s|"
                    r"date\b|hostname\b|\w+=|if\s|fi\b|then\b|else\b|done\b|for\s|do\b|wait\b|"
                    r"exit\b|trap\s|mkdir\s|cp\s|rm\s|mv\s|cat\s|ls\b|sleep\s)")


@register_adapter
class JobScriptAdapter(Adapter):
    """A Slurm or PBS batch script (see module docstring)."""

    name = "job-script"
    description = "a Slurm (#SBATCH) or PBS (#PBS) batch script: what the job asked for"
    family = "runtime_report"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:80]
        if any(_DIRECTIVE.match(x) for x in lines):
            return 0.9
        # a plain run script: a shell's #! line near the top and a line that runs the program
        if any(_SHEBANG.match(x) for x in lines[:5]) and any(
                _RUN.search(x) and not x.lstrip().startswith("#") for x in lines):
            return 0.5
        return 0.0

    def parse(self, path: Path) -> Profile:
        got: dict[str, tuple[float, int, str]] = {}
        meta: dict[str, str] = {}
        sources: list[str] = []
        env = Placement()
        shebang = False
        unparsed = Unparsed()
        directives = 0
        for no, line in iter_lines(path):
            d = _DIRECTIVE.match(line)
            if d is not None:
                directives += 1
                self._directive(d["kind"], d["rest"], no, got, meta)
                continue
            if no <= 5 and _SHEBANG.match(line):
                shebang = True
                continue
            e = _EXPORT.match(line)
            if e is not None:
                env.env[e["var"]] = (e["val"].strip("'\""), no)
                continue
            s = _SOURCE.match(line)
            if s is not None:
                sources.append(s["file"] or f"module {s['mod'].strip()}")
                continue
            launch = _LAUNCH.match(line)
            if launch is not None:
                np = _NP.search(launch["rest"])
                if np is not None:
                    got.setdefault("ranks.count", (float(np["n"]), no, "launcher -np"))
            if _RUN.search(line):
                words = simple_command(line).split()  # the run inside a loop or a list
                # the program's own command: a timing wrapper before it is not the program's,
                # and its redirections are not part of it
                at = next((i for i, w in enumerate(words) if w.startswith("./")
                           or w in ("srun", "mpirun", "mpiexec", "prterun")), 0)
                cut = next((i for i, w in enumerate(words) if w.startswith(_REDIRECT)),
                           len(words))
                meta["command"] = " ".join(words[at:cut])
                continue
            if line.strip() and not _SHELL.match(line) and not line.startswith("#!"):
                unparsed.add(no)
        if not directives and not (shebang and "command" in meta):
            raise ParseError(str(path), None, "a batch script with #SBATCH or #PBS lines, or a "
                                              "shell script that runs the program")
        cpt = got.get("threads.cpus_per_task")
        omp = env.env.get("OMP_NUM_THREADS")
        if omp is not None and "SLURM_CPUS_PER_TASK" in omp[0] and cpt is not None:
            got["threads.requested"] = (cpt[0], omp[1], "OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK")
        if cpt is not None and "affinity.cpus" not in got:
            got["affinity.cpus"] = (cpt[0], cpt[1], "CPUs per task")
        if sources:
            meta["sources"] = "\t".join(sources)
        sc = Scope(ScopeKind.PROCESS, "")
        metrics = tuple(
            Metric(name, value, "s" if name == "time.limit" else "count", sc,
                   SourceRef(str(path), no), raw, family="setting")
            for name, (value, no, raw) in got.items()) + tuple(
            m for m in placement_metrics(env, path, "setting") if m.name not in got)
        return Profile(format=self.name, path=str(path), metrics=metrics, meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

    @staticmethod
    def _directive(kind: str, rest: str, no: int, got: dict[str, tuple[float, int, str]],
                   meta: dict[str, str]) -> None:
        if kind == "PBS":
            sel = _PBS_SELECT.search(rest) if rest.startswith("-l") else None
            if sel is not None:
                got.setdefault("affinity.cpus", (float(sel["ncpus"]), no, "ncpus"))
                if sel["nodes"]:
                    got.setdefault("nodes.count", (float(sel["nodes"]), no, "select"))
                if sel["procs"]:
                    got.setdefault("ranks.count", (float(sel["procs"]), no, "mpiprocs"))
                if sel["omp"]:
                    got.setdefault("threads.requested", (float(sel["omp"]), no, "ompthreads"))
            return
        for m in _OPTION.finditer(rest):
            opt, val = m["opt"], m["val"]
            name = _SLURM.get(opt)
            if name is not None and val.isdigit():
                got.setdefault(name, (float(val), no, opt.lstrip("-")))
            elif opt in ("--time", "-t"):
                secs = duration_s(val)
                if secs is not None:
                    got.setdefault("time.limit", (secs, no, "time"))
            elif opt in ("--job-name", "-J", "--partition", "-p"):
                meta.setdefault(opt.lstrip("-"), val)
