"""Files that set or show a run's environment without running anything: an environment module
(Lmod's Lua ``setenv("OMP_NUM_THREADS", "1")``, a Tcl modulefile's ``setenv OMP_NUM_THREADS
1``), a shell file a job sources (``export OMP_NUM_THREADS=1`` lines, a site ``env.sh``), or
the job's environment as ``env`` / ``printenv`` / ``env | sort`` listed it.

A site module or a sourced file is where a thread count, a thread limit or dynamic teams often
come from without the user knowing: ``OMP_DISPLAY_ENV`` shows the value the runtime got, this
file shows who set it. Its variables are read as :func:`.placement_metrics` reads the
runtime's report (``threads.requested``, ``omp.thread_limit``, ``omp.dynamic``), each a
setting of family ``setting`` (what the run was told, never a measurement, so never a
confirming family). Every variable it sets is listed in meta (``sets``: ``NAME=value`` joined
by tabs) so a finding can name the file that set the value it rests on.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.runtime_lines import Placement, placement_metrics
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile

# Lmod: setenv("NAME", "value") / pushenv("NAME", 4); Tcl: setenv NAME value
_LUA_SET = re.compile(r"""^\s*(?:setenv|pushenv)\s*\(\s*["'](?P<k>\w+)["']\s*,\s*"""
                      r"""["']?(?P<v>[^"',)]*)["']?\s*(?:,[^)]*)?\)\s*;?\s*(?:--.*)?$""")
_TCL_SET = re.compile(r"""^\s*(?:setenv|pushenv)\s+(?P<k>\w+)\s+["'{]?(?P<v>[^"'}\s]*)["'}]?"""
                      r"\s*(?:#.*)?$")
_SH_SET = re.compile(r"""^\s*(?:export\s+)?(?P<k>[A-Z_][A-Z0-9_]*)=["']?(?P<v>[^"'\s;]*)"""
                     r"""["']?\s*(?:;\s*export\s+\w+\s*)?(?:#.*)?$""")
# what else a module file or a sourced settings file holds
_LUA_OTHER = re.compile(r"^\s*(?:--|$|(?:whatis|help|prepend_path|append_path|remove_path|"
                        r"load|always_load|depends_on|prereq|conflict|family|unsetenv|"
                        r"set_alias|setenv|pushenv|local|if|end|else|elseif|"
                        r"LmodMessage|LmodError|add_property)\b)")
_TCL_OTHER = re.compile(r"^\s*(?:#|$|proc\b|\}|module-whatis\b|prepend-path\b|append-path\b|"
                        r"remove-path\b|module\b|conflict\b|prereq\b|set\b|unsetenv\b|"
                        r"puts\b|if\b|setenv\b|pushenv\b)")
_SH_OTHER = re.compile(r"^\s*(?:#|$|module\s|source\s|\.\s|ulimit\s|umask\s|alias\s|"
                       r"unset\s|set\s|if\s|fi\b|then\b|else\b|elif\s)")
# environment variables that shape a parallel run (one of them marks a settings file)
_RUN_VARS = re.compile(r"^(?:OMP|GOMP|KMP|OMPI|MPICH|I_MPI|MKL|OPENBLAS|SLURM|MV2|UCX)_")


def _flavour(lines: list[str]) -> str:
    """``lua``, ``tcl``, ``sh`` or ``env`` (an ``env``/``printenv`` listing) by the file's own
    marks; empty when it has none."""
    body = [ln for ln in lines if ln.strip()]
    if body and _DUMP_CMD.match(body[0]):
        body = body[1:]
        if body and all(_DUMP_LINE.match(ln) for ln in body) and any(
                _RUN_VARS.match(ln) for ln in body):
            return "env"
    elif len(body) >= 5 and all(_DUMP_LINE.match(ln) for ln in body) and sum(
            1 for ln in body if ln.startswith(_DUMP_MARKS)) >= 2 and any(
            _RUN_VARS.match(ln) for ln in body):
        return "env"
    if body and body[0].startswith("#%Module"):
        return "tcl"
    if any(_LUA_SET.match(ln) for ln in body) or any(
            re.match(r"^\s*(?:whatis|prepend_path|append_path)\s*\(", ln) for ln in body):
        return "lua"
    if any(_TCL_SET.match(ln) for ln in body) and any(
            re.match(r"^\s*(?:module-whatis|prepend-path|append-path)\b", ln) for ln in body):
        return "tcl"
    sets = [m for m in (_SH_SET.match(ln) for ln in body) if m is not None]
    if sets and any(_RUN_VARS.match(m["k"]) for m in sets) and all(
            _SH_SET.match(ln) or _SH_OTHER.match(ln) for ln in body):
        return "sh"
    return ""


# an environment listing: `env`, `printenv`, `env | sort` (its command line first, when kept)
_DUMP_CMD = re.compile(r"^\s*[$%#>]\s*(?:env|printenv|export -p|set)\b")
_DUMP_LINE = re.compile(r"^(?:declare -x |export )?(?P<k>[A-Za-z_][A-Za-z0-9_]*)=(?P<v>.*)$")
#: variables every login environment holds: two of them make a bare listing an environment
_DUMP_MARKS = ("PATH=", "HOME=", "USER=", "SHELL=", "LANG=", "PWD=", "HOSTNAME=", "LOGNAME=")
_ENV_SET = re.compile(r"""^(?:declare -x |export )?(?P<k>[A-Za-z_][A-Za-z0-9_]*)="""
                      r"""["']?(?P<v>[^"'\s]*)["']?\s*$""")
_ENV_OTHER = re.compile(r"^\s*(?:[$%#>].*|$|[A-Za-z_][A-Za-z0-9_]*=.*)$")

_FORMS = {"lua": (_LUA_SET, _LUA_OTHER), "tcl": (_TCL_SET, _TCL_OTHER),
          "sh": (_SH_SET, _SH_OTHER), "env": (_ENV_SET, _ENV_OTHER)}


@register_adapter
class EnvSettingsAdapter(Adapter):
    """An environment module (Lmod Lua, Tcl) or a sourced shell settings file (see module
    docstring)."""

    name = "env-settings"
    description = ("an environment module (Lmod .lua, Tcl modulefile) or a sourced settings "
                   "file (export lines): what the run's environment was set to")
    family = "runtime_report"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:120]
        if any(re.match(r"^\s*#(?:SBATCH|PBS)\b", ln) for ln in lines):
            return 0.0  # a batch script: job-script reads it
        if any(re.match(r"^\s*(?:\S*/)?(?:srun|mpirun|mpiexec)\b|^\s*\./", ln) for ln in lines):
            return 0.0  # it runs something: a script, not a settings file
        return {"lua": 0.8, "tcl": 0.8, "sh": 0.6, "env": 0.7}.get(_flavour(lines), 0.0)

    def parse(self, path: Path) -> Profile:
        lines = list(iter_lines(path))
        flavour = _flavour([ln for _, ln in lines])
        if not flavour:
            raise ParseError(str(path), None, "an environment module (setenv) or a settings "
                                              "file of export lines")
        setter, other = _FORMS[flavour]
        pl = Placement()
        sets: list[str] = []
        unparsed = Unparsed()
        for no, line in lines:
            m = setter.match(line)
            if m is not None:
                pl.env.setdefault(m["k"], (m["v"], no))  # the first setting a run would get
                sets.append(f"{m['k']}={m['v']}")
            elif not other.match(line):
                unparsed.add(no)
        if not sets:
            raise ParseError(str(path), None, "an environment module or settings file that "
                                              "sets a variable")
        pl.kinds.add(f"env_{flavour}")
        meta = {"sets": "\t".join(sets), "flavour": {"lua": "Lmod module (Lua)",
                                                     "tcl": "Tcl modulefile",
                                                     "sh": "shell settings file",
                                                     "env": "environment listing"}[flavour]}
        return Profile(format=self.name, path=str(path),
                       metrics=tuple(placement_metrics(pl, path, "setting")), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
