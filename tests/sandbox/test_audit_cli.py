"""Audit chain tamper detection, policy validation, and the run/policy/audit/approve CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.model.errors import ConfigError
from perfscout.model.runs import RunRequest
from perfscout.sandbox.audit import verify
from perfscout.sandbox.policy import load_policy
from sandbox.sbox import Box


def _log(box: Box, n: int = 4) -> Path:
    r = box.runner()
    for i in range(n):
        r.run(RunRequest(("true",) if i % 2 == 0 else ("sh", "-c", "x")))
    return r.audit.path


def test_untouched_log_verifies(box: Box) -> None:
    res = verify(_log(box), box.home)
    assert res.ok and res.records == 4


def test_edited_line_is_named(box: Box) -> None:
    p = _log(box)
    lines = p.read_text().splitlines()
    rec = json.loads(lines[1])
    assert rec["allowed"] is False
    rec["allowed"] = True  # the edit keeps the old hash and link
    lines[1] = json.dumps(rec)
    p.write_text("\n".join(lines) + "\n")
    res = verify(p, box.home)
    assert not res.ok and res.line == 2 and "edited" in res.problem


def test_deleted_line_is_named(box: Box) -> None:
    p = _log(box)
    lines = p.read_text().splitlines()
    del lines[1]
    p.write_text("\n".join(lines) + "\n")
    res = verify(p, box.home)
    assert not res.ok and res.line == 2


def test_deleted_last_line_is_caught(box: Box) -> None:
    p = _log(box)
    lines = p.read_text().splitlines()
    p.write_text("\n".join(lines[:-1]) + "\n")
    res = verify(p, box.home)
    assert not res.ok and res.line == 4


def test_unknown_policy_key_is_a_config_error(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("version: 1\nexecutables:\n  lscpu:\n    flagz: [-e]\n")
    with pytest.raises(ConfigError, match="flagz"):
        load_policy(f)


def test_cli_run_policy_audit_approve(box: Box, ps_home: Path) -> None:
    ws = str(box.ws)
    cp = run_cli("run", "--json", "-w", ws, "--", "lscpu")
    env = json.loads(cp.stdout)
    assert cp.returncode == 0 and env["data"]["result"]["allowed"] is True
    cp = run_cli("run", "--json", "-w", ws, "--", "bash", "-c", "id")
    assert cp.returncode == 6 and json.loads(cp.stdout)["errors"][0]["type"] == "PolicyDenied"
    cp = run_cli("policy", "check", "--json", "-w", ws, "--", "sbatch", "--wrap", "x")
    assert cp.returncode == 9
    tok = json.loads(run_cli("approve", "grant", "--json", "--scope", "sbatch").stdout)
    token = tok["data"]["token"]
    cp = run_cli("policy", "check", "--json", "-w", ws, "--approval", token, "--", "sbatch", "j")
    assert cp.returncode == 0
    assert json.loads(run_cli("approve", "list", "--json").stdout)["data"]["approvals"]
    cp = run_cli("audit", "verify", "--json", "-w", ws)
    assert cp.returncode == 0 and json.loads(cp.stdout)["data"]["records"] == 2
    log = box.ws / ".perfscout" / "audit.jsonl"
    log.write_text(log.read_text().replace("lscpu", "lsxpu", 1))
    cp = run_cli("audit", "verify", "--json", str(log))
    assert cp.returncode == 1 and json.loads(cp.stdout)["data"]["logs"][0]["line"] == 1
    cp = run_cli("audit", "show", "--json", str(log))
    assert len(json.loads(cp.stdout)["data"]["records"]) == 2
