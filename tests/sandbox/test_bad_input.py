"""Bad input never crashes a reader or a command: size, encoding and depth limits.

Hypothesis drives every in-process reader of user files with arbitrary bytes and nesting; a
fixed set of hostile files (deep JSON and YAML, binary, Latin-1, a 50 MB single line, a YAML
alias bomb, wrong types, an empty file, a directory) goes through every command that takes a
file. Each must answer with a documented exit code: never 70 (internal error), never a hang.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import run_cli
from perfscout.config import load_config
from perfscout.files import (
    MAX_DEPTH,
    MAX_YAML_BYTES,
    parse_structured,
    read_structured,
    read_user_bytes,
    read_user_text,
)
from perfscout.model.errors import ConfigError, InputError, NotFoundError, PerfscoutError
from perfscout.sandbox.policy import load_policy

INTERNAL = 70
HANG_S = 120  # a CLI start took ~12 s at load 10 on 2 cores; a hang is an unbounded read


def _nested(depth: int, fmt: str) -> str:
    if fmt == "json":
        return "[" * depth + "]" * depth
    return "a:\n" + "".join("  " * i + "- \n" for i in range(depth))


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_nesting_over_the_limit_is_one_input_error(tmp_path: Path, fmt: str) -> None:
    f = tmp_path / f"deep.{fmt}"
    f.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InputError, match=r"nests deeper|not valid"):
        read_structured(f, "spec", fmt)  # type: ignore[arg-type]
    f.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(InputError, match=f"deeper than {MAX_DEPTH}"):
        read_structured(f, "spec", fmt)  # type: ignore[arg-type]
    f.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert read_structured(f, "spec", fmt) is not None  # type: ignore[arg-type]


def test_size_limit_and_encoding(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * (MAX_YAML_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        read_structured(big, "space", "yaml")
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"caf\xe9": 1}')
    with pytest.raises(InputError, match="not valid JSON: not UTF-8 text"):
        read_structured(bad, "spec")
    with pytest.raises(InputError, match="not a regular file"):
        read_user_text(tmp_path, "diff")
    with pytest.raises(NotFoundError):
        read_user_text(tmp_path / "none", "diff")


def test_a_pipe_is_read_like_a_file_and_bounded_the_same_way() -> None:
    """Process substitution (``--sacct <(sacct ...)``) hands the reader a pipe, not a file."""
    import os
    import threading
    for payload, ok in ((b"JobID|State\n1|FAILED\n", True), (b"x" * 2048, False)):
        r, w = os.pipe()
        writer = threading.Thread(target=lambda w=w, data=payload: (os.write(w, data),
                                                                    os.close(w)))
        writer.start()
        try:
            if ok:
                assert read_user_text(f"/dev/fd/{r}", "sacct") == payload.decode()
            else:
                with pytest.raises(InputError, match="larger than"):
                    read_user_bytes(f"/dev/fd/{r}", "sacct", limit=1024)
        finally:
            writer.join()
            os.close(r)


def test_yaml_alias_bomb_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 40)]
    with pytest.raises(InputError, match="aliases"):
        parse_structured("\n".join(lines), "bomb", "yaml")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.one_of(
    st.binary(max_size=2048),
    st.text(max_size=512).map(str.encode),
    st.integers(1, 5000).map(lambda n: ("[" * n + "]" * n).encode()),
    st.integers(1, 3000).map(lambda n: ("{\"a\":" * n + "1" + "}" * n).encode()),
    st.integers(1, 3000).map(lambda n: _nested(n, "yaml").encode()),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                 lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=5), c,
                                                                      max_size=4),
                 max_leaves=30).map(lambda v: json.dumps(v).encode()),
))
def test_every_reader_answers_bad_bytes_with_a_perfscout_error(tmp_path: Path,
                                                               data: bytes) -> None:
    f = tmp_path / "in.txt"
    f.write_bytes(data)
    for read in (lambda: read_structured(f, "spec", "json"),
                 lambda: read_structured(f, "spec", "yaml"),
                 lambda: read_user_text(f, "diff"),
                 lambda: load_policy(f),
                 lambda: load_config(env={"PERFSCOUT_CONFIG": str(f)})):
        with contextlib.suppress(PerfscoutError, ConfigError):
            read()


def _hostile(d: Path) -> dict[str, Path]:
    d.mkdir()
    files = {
        "deep.json": ("[" * 200_000 + "]" * 200_000).encode(),
        "deep.yaml": _nested(5000, "yaml").encode(),
        "binary.bin": bytes(range(256)) * 64,
        "latin1.yaml": "name: caf\xe9\n".encode("latin-1"),
        "oneline.yaml": b"k: " + b"a" * (50 * 1024 * 1024),
        "bomb.yaml": "\n".join(["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]"
            for i in range(1, 30)]).encode(),
        "types.json": b'{"name": 3, "variants": "x", "repetitions": [1], "timeout_s": "nan"}',
        "empty.txt": b"",
    }
    out = {}
    for name, blob in files.items():
        (d / name).write_bytes(blob)
        out[name] = d / name
    (d / "adir").mkdir()
    out["adir"] = d / "adir"
    return out


# every command that takes a user file, with FILE where the file goes
COMMANDS = [
    ("policy", "check", "--policy", "FILE", "--", "lscpu"),
    ("run", "--policy", "FILE", "--", "lscpu"),
    ("--config", "FILE", "policy", "show"),
    ("audit", "verify", "FILE"),
    ("audit", "show", "FILE"),
    ("experiment", "run", "FILE"),
    ("tune", "run", "FILE"),
    ("tune", "replay", "FILE"),
    ("patch", "apply", "p1", "--diff", "FILE", "--scope", "a.c", "--repo", "REPO"),
    ("agent", "replay", "FILE"),
    ("snapshot", "diff", "FILE", "FILE"),
    ("summarize", "FILE"),
    ("triage", "FILE"),
]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _hostile(tmp_path_factory.mktemp("hostile") / "files")


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(x for x in c if x != "FILE")
                         .replace("--", ""))
def test_no_command_crashes_or_hangs_on_a_hostile_file(cmd: tuple[str, ...], tmp_path: Path,
                                                       hostile: dict[str, Path]) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    env = {"PERFSCOUT_HOME": str(tmp_path / "home"), "PERFSCOUT_WORKSPACE": str(tmp_path)}
    crashed = []
    for name, path in hostile.items():
        argv = [str(path) if a == "FILE" else str(repo) if a == "REPO" else a for a in cmd]
        try:
            cp = run_cli(*argv, cwd=tmp_path, env=env, timeout=HANG_S)
        except subprocess.TimeoutExpired:
            crashed.append(f"{name}: no answer in {HANG_S} s")
            continue
        if cp.returncode == INTERNAL or "Traceback" in cp.stderr:
            crashed.append(f"{name}: exit {cp.returncode}: {cp.stderr.strip()[-300:]}")
    assert not crashed, "\n".join(crashed)
