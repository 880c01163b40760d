"""Tampering with the audit log and the approvals store: every edit is detected or refused.

An attacker here can write every file a sandboxed command could not (the point of the keyed
chain is what happens when the log or the store is edited anyway): truncation with and without
the head, a forged append, an edit with every hash recomputed (the unkeyed SHA-256 chain an
attacker can rebuild), an extended expiry, a forged grant, a token replayed for another
proposal or command. The last tests run an experiment and ``audit verify`` with no argument.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path

import pytest

from conftest import require_tool, run_cli
from perfscout.model.errors import ConfigError, UsageError
from perfscout.model.runs import RunRequest
from perfscout.sandbox.approval import (
    _path as store_path,
)
from perfscout.sandbox.approval import (
    argv_digest,
    check_token,
    grant_token,
    list_tokens,
)
from perfscout.sandbox.audit import AuditLog, head_path, verify
from perfscout.sandbox.local_runner import LocalRunner
from sandbox.sbox import Box, policy


def _log(tmp: Path, n: int = 5) -> tuple[Path, Path]:
    home, log = tmp / "home", tmp / "ws" / ".perfscout" / "audit.jsonl"
    a = AuditLog(log, home)
    for i in range(n):
        a.append({"i": i, "argv": ["true"], "allowed": True})
    assert verify(log, home).ok
    return log, home


def _lines(log: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in log.read_text().splitlines()]


def _write(log: Path, recs: list[dict[str, object]]) -> None:
    log.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in recs))


def _sha_chain(recs: list[dict[str, object]]) -> list[dict[str, object]]:
    """Recompute every link the way an unkeyed chain would (what an attacker can do)."""
    prev = "0" * 64
    out = []
    for i, r in enumerate(recs, start=1):
        body = {k: v for k, v in r.items() if k != "hash"} | {"seq": i, "prev": prev}
        h = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"))
                           .encode()).hexdigest()
        out.append(body | {"hash": h})
        prev = h
    return out


def test_truncation_with_the_head_in_place_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    _write(log, _lines(log)[:3])
    res = verify(log, home)
    assert not res.ok and "records were deleted" in res.problem


def test_truncation_with_the_head_removed_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    _write(log, _lines(log)[:3])
    head_path(home, log).unlink()
    res = verify(log, home)
    assert not res.ok and "head" in res.problem and "missing" in res.problem


def test_a_log_deleted_whole_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    log.unlink()
    assert not verify(log, home).ok


def test_a_forged_append_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    recs = _lines(log)
    forged = _sha_chain([*recs, {"i": 99, "argv": ["sbatch", "x"], "allowed": True}])[-1]
    forged["prev"] = recs[-1]["hash"]
    with log.open("a") as fh:
        fh.write(json.dumps(forged) + "\n")
    res = verify(log, home)
    assert not res.ok and res.line == 6 and "MAC" in res.problem


def test_an_edit_with_every_hash_recomputed_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    recs = _lines(log)
    recs[1]["allowed"] = False
    recs[1]["argv"] = ["rm", "-rf", "/"]
    _write(log, _sha_chain(recs))
    head_path(home, log).unlink()  # and the head dropped, as the attacker did
    res = verify(log, home)
    assert not res.ok and res.line == 1 and "MAC" in res.problem


def test_an_edited_head_is_detected(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    _write(log, _lines(log)[:4])
    h = head_path(home, log)
    doc = json.loads(h.read_text())
    doc["count"], doc["hash"] = 4, _lines(log)[-1]["hash"]
    h.write_text(json.dumps(doc))
    res = verify(log, home)
    assert not res.ok and "head" in res.problem


def test_the_key_is_private_and_outside_the_log(tmp_path: Path) -> None:
    log, home = _log(tmp_path)
    key = home / "private" / "audit.key"
    assert key.stat().st_mode & 0o777 == 0o600
    assert (home / "private").stat().st_mode & 0o777 == 0o700
    assert not str(key).startswith(str(log.parent))


def test_the_home_as_workspace_keeps_key_log_and_approvals_out_of_sight(tmp_path: Path) -> None:
    """The patch verify step runs with perfscout's home as its workspace: the secrets there
    stay hidden from the command."""
    home = tmp_path / "home"
    home.mkdir()
    token, _ = grant_token(home, "sbatch", 600)
    r = LocalRunner(policy(), home, home)
    assert r.run(RunRequest(("true",))).ok
    shutil.copy2("/bin/sh", home / "tool")
    (home / "attack.sh").write_text(
        "cat private/audit.key > stolen\n"
        "echo '{}' > private/approvals.json\n"
        "echo forged >> .perfscout/audit.jsonl\n"
        "rm -rf private .perfscout\n")
    res = r.run(RunRequest(("./tool", "attack.sh")))
    assert res.allowed
    assert not (home / "stolen").exists() or (home / "stolen").stat().st_size == 0
    assert check_token(home, token, "sbatch", argv=["sbatch", "x"])
    assert verify(r.audit.path, home).ok


# ---- approvals ----------------------------------------------------------------------------

def _store(home: Path) -> dict[str, dict[str, object]]:
    return json.loads(store_path(home).read_text())


def test_an_extended_expiry_voids_the_grant(tmp_path: Path) -> None:
    tok, _ = grant_token(tmp_path, "sbatch", 60)
    data = _store(tmp_path)
    for rec in data.values():
        rec["expires"] = time.time() + 10 * 86400
    store_path(tmp_path).write_text(json.dumps(data))
    assert not check_token(tmp_path, tok, "sbatch", argv=["sbatch", "j"])
    assert list_tokens(tmp_path) == []


def test_a_revived_expired_grant_is_refused(tmp_path: Path) -> None:
    tok, _ = grant_token(tmp_path, "sbatch", 0.05)
    time.sleep(0.1)
    assert not check_token(tmp_path, tok, "sbatch", argv=["sbatch", "j"])
    data = _store(tmp_path)
    for rec in data.values():
        rec["expires"] = time.time() + 3600
    store_path(tmp_path).write_text(json.dumps(data))
    assert not check_token(tmp_path, tok, "sbatch", argv=["sbatch", "j"])


def test_a_forged_grant_is_refused(tmp_path: Path) -> None:
    _, real = grant_token(tmp_path, "experiment", 60)
    data = _store(tmp_path)
    copy = dict(next(iter(data.values())))
    mine = "ps_attacker-made-token"
    data[hashlib.sha256(mine.encode()).hexdigest()] = copy | {"scope": "sbatch"}
    data[hashlib.sha256(b"ps_second").hexdigest()] = copy  # same signature, other digest
    store_path(tmp_path).write_text(json.dumps(data))
    assert not check_token(tmp_path, mine, "sbatch", argv=["sbatch", "j"])
    assert not check_token(tmp_path, "ps_second", "experiment", subjects=["p1"])
    assert [a.id for a in list_tokens(tmp_path)] == [real.id]


def test_a_token_replayed_for_another_proposal_is_refused(tmp_path: Path) -> None:
    tok, _ = grant_token(tmp_path, "experiment", 60, bound=["loop_interchange"])
    assert check_token(tmp_path, tok, "experiment", subjects=["loop_interchange"])
    assert not check_token(tmp_path, tok, "experiment", subjects=["thread_count"])
    assert not check_token(tmp_path, tok, "experiment", subjects=["loop_interchange", "x"])
    assert not check_token(tmp_path, tok, "experiment")  # names nothing it could cover
    assert not check_token(tmp_path, tok, "tune", subjects=["loop_interchange"])


def test_a_token_bound_to_one_command_runs_only_that_command(box: Box) -> None:
    require_tool("sbatch")
    tok, _ = grant_token(box.home, "sbatch", 60, bound=[argv_digest(["sbatch", "--version"])])
    r = box.runner()
    assert r.check(("sbatch", "--version"), approval_token=tok).allowed
    other = r.run(RunRequest(("sbatch", "--wrap", "true"), approval_token=tok))
    assert not other.allowed and other.rule == "approval:sbatch"


@pytest.mark.parametrize("damage", [b"\xff\xfe\x00garbage", b"[1, 2]", b'{"a": 5}', b"dir"])
def test_a_damaged_store_is_one_clear_error_or_no_grant(tmp_path: Path, damage: bytes) -> None:
    tok, _ = grant_token(tmp_path, "sbatch", 60)
    p = store_path(tmp_path)
    p.unlink()
    if damage == b"dir":
        p.mkdir()
    else:
        p.write_bytes(damage)
    try:
        ok = check_token(tmp_path, tok, "sbatch", argv=["sbatch", "j"])
    except ConfigError as exc:
        assert "damaged" in exc.message
    else:
        assert ok is False


def test_unknown_scopes_are_refused(tmp_path: Path, ps_home: Path) -> None:
    with pytest.raises(UsageError, match="unknown approval scope"):
        grant_token(tmp_path, "bogus", 60)
    cp = run_cli("approve", "grant", "--scope", "bogus")
    assert cp.returncode == 2 and "unknown approval scope 'bogus'" in cp.stderr
    cp = run_cli("approve", "grant", "--json", "--scope", "experiment", "--for", "p1")
    assert cp.returncode == 0
    assert json.loads(cp.stdout)["data"]["approval"]["bound"] == ["p1"]


def test_audit_verify_without_an_argument_checks_the_experiments_log(tmp_path: Path) -> None:
    """One workspace: an experiment builds and logs in the configured workspace (here not
    under the home), and ``audit verify`` with no argument checks that log."""
    require_tool("gcc")
    home = tmp_path / "home"
    ws = tmp_path / "elsewhere"
    env = {"PERFSCOUT_HOME": str(home), "PERFSCOUT_WORKSPACE": str(ws)}
    spec = tmp_path / "s.yaml"
    spec.write_text("kernel: triad\nsize: 20000\nrepetitions: 2\nwarmup: 0\n"
                    "variants: [{name: two, threads: 2}]\n")
    cp = run_cli("experiment", "run", "--json", str(spec), cwd=tmp_path, env=env, timeout=600)
    assert cp.returncode in (0, 1), cp.stdout + cp.stderr
    cp = run_cli("audit", "verify", "--json", cwd=tmp_path, env=env)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    data = json.loads(cp.stdout)["data"]
    logs = {row["log"]: row["records"] for row in data["logs"]}
    exp_logs = [p for p in logs if p.startswith(str(ws))]
    assert exp_logs and sum(logs[p] for p in exp_logs) >= 3, logs  # gcc builds and runs
    assert (ws / "experiments").is_dir() and not (home / "workspace").exists()
    # and a tampered experiment log is caught by the same no-argument call
    log = Path(exp_logs[0])
    log.write_text(log.read_text().replace('"allowed":true', '"allowed":false', 1))
    cp = run_cli("audit", "verify", "--json", cwd=tmp_path, env=env)
    assert cp.returncode == 1 and not json.loads(cp.stdout)["data"]["ok"]
