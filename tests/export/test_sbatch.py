"""Generated batch scripts: valid bash always, accepted by the local Slurm's sbatch --test-only."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import require_service, require_tool
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.export.sbatch import sbatch_script

SPEC = ExperimentSpec("mm", Variant("baseline", threads=1),
                      (Variant("two", threads=2, env={"X": "a b"}),), kernel="matmul",
                      size=128, args=("{size}", "1"))


def test_script_is_valid_bash_with_variant_resources(tmp_path: Path) -> None:
    s = sbatch_script(SPEC, "two", tmp_path, cores=2)
    p = tmp_path / "job.sh"
    p.write_text(s)
    assert subprocess.run(["bash", "-n", str(p)]).returncode == 0
    assert "--cpus-per-task=2" in s and "OMP_NUM_THREADS=2" in s and "export X='a b'" in s
    assert "gcc" in s and "128 1" in s
    assert "--cpus-per-task=1" in sbatch_script(SPEC, "two", tmp_path, cores=1)


def test_sbatch_test_only_accepts_it(tmp_path: Path) -> None:
    require_tool("sbatch")
    ok = shutil.which("sinfo") is not None and subprocess.run(
        ["sinfo", "-h"], capture_output=True, timeout=20).returncode == 0
    require_service("slurm", ok, "bash scripts/slurm.sh start")
    p = tmp_path / "job.sh"
    p.write_text(sbatch_script(SPEC, "two", tmp_path, cores=2, time_min=5))
    r = subprocess.run(["sbatch", "--test-only", str(p)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert "to start at" in r.stderr + r.stdout


def test_cli_script_sbatch_from_a_stored_experiment(tmp_path: Path, ps_home: Path) -> None:
    import json

    from conftest import run_cli
    from perfscout.experiment.runner import experiment_id
    from perfscout.experiment.store import Store, default_db
    from perfscout.model.serialize import to_jsonable

    st = Store(default_db(ps_home))
    st.begin(experiment_id(SPEC), SPEC.name, json.dumps(to_jsonable(SPEC)), 3)
    st.close()
    out = tmp_path / "job.sh"
    r = run_cli("script", "sbatch", "mm", "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["data"]["variant"] == "two"
    assert subprocess.run(["bash", "-n", str(out)]).returncode == 0
    assert "OMP_NUM_THREADS=2" in out.read_text()
    r = run_cli("script", "sbatch", "nope", "--json")
    assert r.returncode != 0 and "Traceback" not in r.stderr


def test_a_terminal_gets_the_script_written_to_the_workspace(tmp_path: Path,
                                                              ps_home: Path) -> None:
    """On a terminal the script is not printed (the terminal would wrap it): it is written
    under the workspace's exports/ and the path is said."""
    import json
    import os
    import pty
    import sys

    from conftest import REPO
    from perfscout.experiment.runner import experiment_id
    from perfscout.experiment.store import Store, default_db
    from perfscout.model.serialize import to_jsonable

    st = Store(default_db(ps_home))
    st.begin(experiment_id(SPEC), SPEC.name, json.dumps(to_jsonable(SPEC)), 3)
    st.close()
    main, tty = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    r = subprocess.run([sys.executable, "-m", "perfscout", "script", "sbatch", "mm"],
                       stdout=tty, stderr=subprocess.PIPE, env=env, timeout=120)
    os.close(tty)
    shown = os.read(main, 65536).decode()
    os.close(main)
    assert r.returncode == 0, r.stderr
    [written] = (ps_home / "workspace" / "exports").glob("sbatch_*_two.sh")
    assert "wrote" in shown and written.name in shown.replace("\r\n", "").replace("\n", "")
    assert "#SBATCH" not in shown and written.read_text().startswith("#!/bin/bash")
