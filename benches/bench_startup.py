"""How fast the CLI starts: ``perfscout --version``/``--help`` and a small ``analyze`` beside
``python -c pass`` (the interpreter's own start), medians of interleaved runs.

Heavy libraries (numpy, scipy, matplotlib, optuna, pandas, hatchet, jinja2, openai, mcp) are
imported where they are used, and ``perfscout NAME`` loads only ``cli/cmd_NAME.py``; this bench
shows what a command costs over a bare interpreter, and which heavy modules each start still
loads (``--version``, ``--help``, every command's ``--help``, ``analyze`` of one small STREAM
output from the corpus). A command's own ``--help`` loads pydantic: typer builds its parameter
converters with it.
Run: ``.venv/bin/python benches/bench_startup.py`` (the load average is recorded with it).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from _common import median, write_result

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("PERFSCOUT_CORPUS", REPO.parent / "shared" / "corpus"))
SMALL = CORPUS / "benchmarks" / "stream" / "stream-5.10-omp-2threads-in-notes.txt"
HEAVY = ("scipy", "matplotlib", "optuna", "pandas", "hatchet", "openai", "mcp", "numpy", "jinja2",
         "pydantic", "httpx", "tree_sitter", "jsonschema", "sqlite3")
REPS = int(os.environ.get("BENCH_REPS", "9"))


def _cases() -> dict[str, list[str]]:
    py = sys.executable
    ps = [py, "-m", "perfscout"]
    cases = {"python -c pass": [py, "-c", "pass"],
             "import perfscout.cli.main": [py, "-c", "import perfscout.cli.main"],
             "perfscout --version": [*ps, "--version"],
             "perfscout --help": [*ps, "--help"],
             "perfscout analyze --help": [*ps, "analyze", "--help"]}
    if SMALL.is_file():
        cases["perfscout analyze SMALL --json"] = [*ps, "analyze", str(SMALL), "--json"]
    return cases


def _heavy_loaded(args: str) -> list[str]:
    code = (f"import sys, runpy; sys.argv = ['perfscout', *{args.split()!r}]\n"
            "try:\n    runpy.run_module('perfscout', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            f"print('HEAVY:' + ','.join(h for h in {HEAVY!r} if h in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_env(), timeout=120).stdout.splitlines()
    line = next((ln for ln in reversed(out) if ln.startswith("HEAVY:")), "HEAVY:?")
    return [h for h in line.removeprefix("HEAVY:").split(",") if h]


def _heavy_by_command() -> dict[str, list[str]]:
    """The heavy libraries each start loads: --version, --help, every command's --help, and
    ``analyze`` of the small real file (what a command costs before it does its work)."""
    from perfscout.cli.main import command_modules

    starts = ["--version", "--help"] + [f"{m.removeprefix('cmd_')} --help"
                                         for m in command_modules()]
    if SMALL.is_file():
        starts.append(f"analyze {SMALL} --json")
    return {s.replace(str(SMALL), "SMALL"): _heavy_loaded(s) for s in starts}


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO / "src"), PERFSCOUT_HOME="/tmp/ps-bench-home")


def main() -> None:
    cases = _cases()
    times: dict[str, list[float]] = {k: [] for k in cases}
    load0 = os.getloadavg()
    for _ in range(REPS):  # interleaved: a burst of load hits every case alike
        for name, argv in cases.items():
            t0 = time.perf_counter()
            subprocess.run(argv, capture_output=True, env=_env(), timeout=300)
            times[name].append(time.perf_counter() - t0)
    load1 = os.getloadavg()
    base = median(times["python -c pass"])
    figures = {name: {"median_s": round(median(ts), 4), "min_s": round(min(ts), 4),
                      "over_python_s": round(median(ts) - base, 4)}
               for name, ts in times.items()}
    figures["heavy_modules_loaded"] = _heavy_by_command()
    figures["repetitions"] = REPS
    figures["loadavg_1min_before_after"] = [round(load0[0], 2), round(load1[0], 2)]
    figures["cores"] = os.cpu_count()
    write_result("startup", figures)


if __name__ == "__main__":
    main()
