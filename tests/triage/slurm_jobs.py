"""Waiting for batch jobs on the local Slurm (the held-out runner and the nightly test)."""

from __future__ import annotations

import subprocess
import time


def wait_gone(ids: list[str], limit_s: float) -> bool:
    """Poll squeue until none of ``ids`` is queued or running; False if still there at the
    limit."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        q = subprocess.run(["squeue", "-h", "-j", ",".join(ids), "-o", "%i"],
                           capture_output=True, text=True)
        if q.returncode == 0 and not q.stdout.strip():
            return True
        time.sleep(2)
    return False
