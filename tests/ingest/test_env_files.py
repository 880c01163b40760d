"""The files that set a run's environment (an Lmod or Tcl module, a sourced settings file, a
plain run script), ``nproc`` inside a transcript and ``pmap -x``: each read with its values
checked by hand against the fixture (tests/ingest/data/env_files/make.sh), and a folder of
nothing but a known binary output, which asks for its conversion instead of failing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import run_cli
from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError

D = Path(__file__).parent / "data" / "env_files"
GMON = Path(__file__).parent / "data" / "user_evidence" / "gmon-sortkeys.out"


def _values(name: str) -> dict[str, tuple[float, int | None, str]]:
    p = load(D / name)
    return {m.name: (m.value, m.source.line if m.source else None, m.raw_name)
            for m in p.metrics}


def test_an_lmod_module_sets_the_thread_count_and_names_what_it_sets() -> None:
    p = load(D / "stars.lua")
    assert p.format == "env-settings" and p.unparsed_lines == 0
    assert _values("stars.lua")["threads.requested"] == (1.0, 5, "OMP_NUM_THREADS")
    assert p.meta["sets"].split("\t") == ["OMP_NUM_THREADS=1", "OMP_STACKSIZE=64M"]
    assert p.meta["flavour"] == "Lmod module (Lua)"
    assert {m.family for m in p.metrics} == {"setting"}  # told, never measured


def test_a_tcl_modulefile_sets_the_count_and_dynamic_teams() -> None:
    p = load(D / "stars.tcl")
    v = _values("stars.tcl")
    assert p.format == "env-settings" and p.unparsed_lines == 0
    assert v["threads.requested"] == (1.0, 5, "OMP_NUM_THREADS")
    assert v["omp.dynamic"] == (1.0, 6, "OMP_DYNAMIC")


def test_a_sourced_settings_file_sets_a_count_and_a_limit() -> None:
    p = load(D / "site-env.sh")
    v = _values("site-env.sh")
    assert p.format == "env-settings" and p.unparsed_lines == 0
    assert v["threads.requested"] == (1.0, 2, "OMP_NUM_THREADS")
    assert v["omp.thread_limit"] == (1.0, 3, "OMP_THREAD_LIMIT")


def test_a_plain_run_script_is_read_as_a_job_script() -> None:
    p = load(D / "run.sh")
    assert p.format == "job-script" and p.meta["command"] == "./stars 4000000"
    assert _values("run.sh")["threads.requested"] == (2.0, 5, "OMP_NUM_THREADS")


def test_nproc_in_a_transcript_is_the_cpus_the_shell_may_use() -> None:
    # the first answer (line 2: 2 CPUs); the second command is no bare nproc (it runs after
    # the settings, which nproc honours), so its 1 is not read as the CPUs
    p = load(D / "run-with-site-env.txt")
    cpus = [(m.value, m.source.line if m.source else None) for m in p.metrics
            if m.name == "affinity.cpus"]
    assert p.format == "program-output" and cpus == [(2.0, 2)]


def test_pmap_totals_and_anonymous_memory() -> None:
    p = load(D / "pmap-x.txt")
    v = _values("pmap-x.txt")
    assert p.format == "pmap" and p.unparsed_lines == 0
    assert (v["mem.virtual"][0], v["mem.rss"][0], v["mem.dirty"][0]) == (73468, 64344, 62636)
    # the [ anon ] rows' RSS: 8 + 0 + 8 + 62512 + 20 + 8 + 0 + 0 + 4 + 0 (the stack is not one)
    assert v["mem.anon_rss"][0] == 62560
    assert "libgomp.so.1.0.0" in p.meta["libraries"].split("\t")
    assert p.meta["command"].endswith("stars 4000000 hold")


def test_the_module_that_lowers_the_count_is_named_in_the_finding(tmp_path: Path) -> None:
    for f in ("run-with-site-env.txt", "site-env.sh"):
        shutil.copy(D / f, tmp_path / f)
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    top = json.loads(cp.stdout)["data"]["findings"][0]
    assert top["id"] == "rt.threads_lowered"
    assert "2 CPUs the process may use" in top["title"]
    assert "site-env.sh (line 2)" in top["title"]
    # what to change: the count exported after the file, for the CPUs the run may use
    fix = next(p for p in json.loads(cp.stdout)["data"]["proposals"]
               if p["id"] == "restore_thread_count")
    assert fix["change"]["env"] == {"OMP_NUM_THREADS": "2"}


def test_one_thread_told_without_the_cpus_it_may_use_is_no_finding(tmp_path: Path) -> None:
    # the same run without the nproc answer: one thread may be what the user asked for
    text = (D / "run-with-site-env.txt").read_text().splitlines()
    (tmp_path / "run.txt").write_text("\n".join(text[4:]) + "\n")
    shutil.copy(D / "site-env.sh", tmp_path / "site-env.sh")
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    ids = [f["id"] for f in json.loads(cp.stdout)["data"]["findings"]]
    assert "rt.threads_lowered" not in ids


def test_a_folder_of_a_binary_profile_and_a_note_asks_for_its_conversion(
        tmp_path: Path) -> None:
    shutil.copy(GMON, tmp_path / "gmon.out")
    (tmp_path / "note.txt").write_text("profiled with -pg, the setup step is slow\n")
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    data = json.loads(cp.stdout)["data"]
    assert data["findings"] == []
    first = data["data_requests"][0]
    assert first["command"][:2] == ["gprof", "-b"] and first["allowed"] is not None
    assert {Path(s["file"]).name: s["reason"] for s in data["skipped"]} == {
        "gmon.out": "binary", "note.txt": "unknown_format"}


def test_a_folder_of_unreadable_text_still_fails(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("nothing measured here\n")
    (tmp_path / "b.txt").write_text("nor here\n")
    cp = run_cli("analyze", str(tmp_path))
    assert cp.returncode == 3 and "none of the 2 inputs could be read" in cp.stderr


@pytest.mark.parametrize("name,fixture", [("env-settings", "stars.lua"),
                                          ("env-settings", "stars.tcl"),
                                          ("env-settings", "site-env.sh"),
                                          ("pmap", "pmap-x.txt")])
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_env_readers(tmp_path: Path, name: str, fixture: str,
                            data: st.DataObject) -> None:
    lines = data.draw(mutated_lines((D / fixture).read_text().splitlines()))
    target = tmp_path / "x.txt"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="replace")
    try:
        p = get_adapter(name).parse(target)
    except ParseError:
        return
    assert all(m.value >= 0 for m in p.metrics)


def test_an_environment_listing_sets_the_count_and_the_limit() -> None:
    p = load(D / "env-sorted.txt")
    v = _values("env-sorted.txt")
    assert p.format == "env-settings" and p.meta["flavour"] == "environment listing"
    assert v["threads.requested"] == (2.0, 4, "OMP_NUM_THREADS")
    assert v["omp.thread_limit"] == (1.0, 6, "OMP_THREAD_LIMIT")


def test_a_limit_in_the_listing_beside_one_busy_cpu_is_threads_lowered(tmp_path: Path) -> None:
    # the listing's OMP_THREAD_LIMIT=1 under a request of 2, and a run that kept one CPU busy
    shutil.copy(D / "env-sorted.txt", tmp_path / "env.txt")
    (tmp_path / "time-v.txt").write_text(
        (Path(__file__).parent / "data" / "env_files" / "time-v-one-cpu.txt").read_text())
    cp = run_cli("analyze", str(tmp_path), "--json")
    assert cp.returncode == 0, cp.stderr
    top = json.loads(cp.stdout)["data"]["findings"][0]
    assert top["id"] == "rt.threads_lowered" and "OMP_THREAD_LIMIT=1" in top["title"]
    fix = next(p for p in json.loads(cp.stdout)["data"]["proposals"]
               if p["id"] == "restore_thread_count")
    assert fix["change"]["env"] == {"OMP_THREAD_LIMIT": "2"}


def test_a_run_line_inside_a_shell_loop_is_the_one_command(tmp_path: Path) -> None:
    # `for t in 1 2; do OMP_NUM_THREADS=$t ./stars 4000000; done`: the program's command ends
    # at the separator (a data request or a check built from it must pass the sandbox policy)
    f = tmp_path / "run.sh"
    f.write_text((D / "run.sh").read_text().replace(
        "./stars 4000000", "for t in 1 2; do OMP_NUM_THREADS=$t ./stars 4000000; done"))
    assert load(f).meta["command"] == "./stars 4000000"
