"""Run every held-out job script on the local Slurm and keep its real log and accounting.

Usage (as root, Slurm up: scripts/slurm.sh start)::

    python tests/triage/heldout/make_logs.py [--set DIR] [CASE ...]

``--set DIR`` runs another labelled set laid out the same way (tests/triage/unseen).

Each case's ``job.sh`` is submitted from a scratch copy of its directory with the default output
name (``slurm-<jobid>.out``, stdout and stderr together, as most users leave it). When no job
is left in the queue, the log is copied next to ``job.sh`` and the scheduler's record of the job
(``sacct -c --parsable2``, the jobcomp file) is written to ``sacct.txt``. The labels in
``labels.yaml`` were committed before this ran; this script never reads them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
from tests.triage.slurm_jobs import wait_gone  # noqa: E402

FIELDS = "JobID,JobName,State,ExitCode,Elapsed,TotalCPU,NCPUS,MaxRSS,ReqMem,Start,End"


def submit(case: Path, scratch: Path) -> str:
    work = scratch / case.name
    work.mkdir()
    shutil.copy(case / "job.sh", work / "job.sh")
    cp = subprocess.run(["sbatch", "--parsable", "-J", f"{case.parent.name}-{case.name}", "job.sh"],
                        cwd=work, capture_output=True, text=True, check=True)
    return cp.stdout.strip().split(";")[0]


def wait(ids: list[str], limit_s: float = 1800) -> None:
    if not wait_gone(ids, limit_s):
        raise SystemExit(f"jobs still queued after {limit_s:.0f} s: {ids}")


def collect(case: Path, scratch: Path, jid: str) -> None:
    for old in case.glob("slurm-*.out"):
        old.unlink()
    shutil.copy(scratch / case.name / f"slurm-{jid}.out", case / f"slurm-{jid}.out")
    acct = subprocess.run(["sacct", "-c", "--parsable2", "-S", "now-2days", "-j", jid,
                           f"--format={FIELDS}"], capture_output=True, text=True, check=True)
    (case / "sacct.txt").write_text(acct.stdout)


def main(args: list[str]) -> None:
    root = HERE
    if args[:1] == ["--set"]:
        root, args = Path(args[1]).resolve(), args[2:]
    cases = [root / n for n in args] if args else sorted(
        p for p in root.iterdir() if (p / "job.sh").is_file())
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        scratch = Path(tmp)
        ids = {case: submit(case, scratch) for case in cases}
        wait(list(ids.values()))
        time.sleep(2)  # the jobcomp record is written as the job leaves the queue
        for case, jid in ids.items():
            collect(case, scratch, jid)
            print(case.name, jid)


if __name__ == "__main__":
    main(sys.argv[1:])
