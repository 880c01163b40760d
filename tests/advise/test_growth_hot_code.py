"""An array grown by one element per append where the copy is the user's own code's time
(gfortran copies the array constructor with an inline loop, so the profile's time is the
appending routine's self time, not only ``memmove``): a multi-file Fortran program of our own
(module routines, the append in a called routine; -O2/-O3, -g on and off), run under perf
record. The append is found from the hot line (line-level data) or from the hot routine's
loops (symbols only), the finding names its line and ``geometric_growth`` is offered there;
a hot routine with a preallocated array, growth already geometric, and an append in a cold
routine while another loop is hot get neither."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise.catalog.allocation import growth_copy_share
from perfscout.advise.facts import Facts
from perfscout.diagnose.copies import append_growth, fresh_copy_share
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.experiment.patching import apply_unified_diff
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load_set
from perfscout.model.metrics import Profile
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.transform import Generated, generate
from transform._cc import line_of

DATA = Path(__file__).resolve().parents[1] / "transform" / "data" / "growth"
PROGRAM = DATA / "fortran_calls"
#: C: glibc's realloc grows a large block in place or by mremap, so no memmove row at all
C_PROGRAM = DATA / "c_calls"
HOT = DEFAULTS["app.redundant_share"].value
APPEND = "idx = [idx, i]"


def _run(tmp_path: Path, flags: str, argv: list[str]) -> tuple[Path, list[str]]:
    require_tool("gfortran")
    work = tmp_path / "sieve"
    shutil.copytree(PROGRAM, work)
    return work, _profile(work, [f"FFLAGS={flags}"], ["./sieve", *argv])


def _profiles(paths: list[str]) -> list[Profile]:
    return [derive(p) for p in load_set(paths, None).profiles]


@pytest.mark.parametrize(("flags", "basis"), [
    ("-O2 -g", "line"),  # perf's srcline names hits.f90's lines
    ("-O3 -g", "line"),
    ("-O2", "routine"),  # no -g: symbols only, the hot routine's loops are scanned
])
def test_the_append_is_found_where_the_profile_puts_the_time(
        tmp_path: Path, flags: str, basis: str) -> None:
    work, paths = _run(tmp_path, flags, ["40000", "1"])
    got = append_growth(_profiles(paths), HOT)
    assert got is not None
    append = line_of((work / "hits.f90").read_text(), APPEND)
    assert got.where == f"{work / 'hits.f90'}:{append}"
    assert got.basis == basis
    assert got.own >= HOT and got.share >= DEFAULTS["app.copy_share"].value


def test_symbols_only_profile_gets_the_finding_and_the_offer_at_the_append(
        tmp_path: Path, live: PlatformSnapshot) -> None:
    work, paths = _run(tmp_path, "-O2", ["40000", "1"])
    a = analyze(paths, snapshot=live)
    append = f"hits.f90:{line_of((work / 'hits.f90').read_text(), APPEND)}"
    f = next((x for x in a.findings if x.id == "app.redundant_work"), None)
    assert f is not None, [(x.id, x.title) for x in a.findings]
    assert append in f.title and f.scope.endswith(append)
    assert f.evidence[0].value is not None and f.evidence[0].value >= 0.25
    g = next((p for p in a.proposals if p.id == "geometric_growth"), None)
    assert g is not None, ([p.id for p in a.proposals], [(r.id, r.reason) for r in a.rejected])
    assert g.scope.endswith(append)


@pytest.mark.parametrize(("flags", "argv"), [
    # the hot routine fills a preallocated array (its final copy and fresh pages still give
    # a copy + fault share: only the missing append keeps the offer away)
    ("-O2 -g", ["30000000", "0"]),
    ("-O2 -g", ["100000", "2"]),  # the append runs on 2000 items, the arithmetic loop is hot
    ("-O2", ["100000", "2"]),  # the same with symbols only
])
def test_no_append_on_the_hot_code_no_offer(tmp_path: Path, flags: str, argv: list[str],
                                            live: PlatformSnapshot) -> None:
    _, paths = _run(tmp_path, flags, argv)
    assert append_growth(_profiles(paths), HOT) is None
    a = analyze(paths, snapshot=live)
    assert not any("per append at" in f.title for f in a.findings), \
        [(f.id, f.title) for f in a.findings]
    assert "geometric_growth" not in {p.id for p in a.proposals}


def _run_c(tmp_path: Path, flags: str) -> tuple[Path, list[str]]:
    require_tool("gcc")
    work = tmp_path / "events"
    shutil.copytree(C_PROGRAM, work)
    return work, _profile(work, [f"CFLAGS={flags}"], ["./events", "8000000"])


@pytest.mark.parametrize(("flags", "basis"), [("-O2 -g", "line"), ("-O3 -g", "line"),
                                              ("-O2", "routine")])
def test_c_realloc_per_item_in_a_called_function_is_found(tmp_path: Path, flags: str,
                                                          basis: str) -> None:
    work, paths = _run_c(tmp_path, flags)
    profs = _profiles(paths)
    assert fresh_copy_share(profs) is None  # the old signature alone saw nothing here
    got = append_growth(profs, HOT)
    assert got is not None
    append = line_of((work / "log.c").read_text(), "lg->t = realloc(")
    assert (got.where, got.basis) == (f"{work / 'log.c'}:{append}", basis)


def test_c_program_gets_the_finding_and_the_offer_at_the_append(
        tmp_path: Path, live: PlatformSnapshot) -> None:
    work, paths = _run_c(tmp_path, "-O2 -g")
    a = analyze(paths, snapshot=live)
    append = f"log.c:{line_of((work / 'log.c').read_text(), 'lg->t = realloc(')}"
    f = next((x for x in a.findings if x.id == "app.redundant_work"), None)
    assert f is not None and append in f.title, [(x.id, x.title) for x in a.findings]
    g = next((p for p in a.proposals if p.id == "geometric_growth"), None)
    assert g is not None and g.scope.endswith(append), [p.id for p in a.proposals]


def test_callgrind_at_two_sizes_gives_the_line_and_the_growth_exponent(
        tmp_path: Path, live: PlatformSnapshot) -> None:
    require_tool("gfortran")
    valgrind = require_tool("valgrind")
    work = tmp_path / "sieve"
    shutil.copytree(PROGRAM, work)
    subprocess.run(["make", "-s"], cwd=work, check=True, capture_output=True, timeout=300)
    outs = []
    for n in ("3000", "6000"):
        out = work / f"callgrind.{n}.out"
        subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}",
                        "./sieve", n, "1"], cwd=work, check=True, capture_output=True,
                       timeout=600)
        outs.append(str(out))
    a = analyze(outs, snapshot=live)
    append = f"hits.f90:{line_of((work / 'hits.f90').read_text(), APPEND)}"
    f = next((x for x in a.findings if x.id == "app.redundant_work"), None)
    assert f is not None and append in f.title, [(x.id, x.title) for x in a.findings]
    k = next((e.value for e in f.evidence if e.metric == "scaling.exponent"), None)
    assert k is not None and k >= DEFAULTS["complexity.exponent"].value  # n^2 copies
    g = next((p for p in a.proposals if p.id == "geometric_growth"), None)
    assert g is not None and g.scope.endswith(append), [p.id for p in a.proposals]


def test_growth_already_geometric_is_not_found_again(tmp_path: Path) -> None:
    require_tool("gfortran")
    work = tmp_path / "sieve"
    shutil.copytree(PROGRAM, work)
    before = growth_copy_share(Facts.build((), None, _profiles(
        _profile(work, ["FFLAGS=-O2 -g"], ["./sieve", "40000", "1"]))))
    assert before is not None and before >= 0.5  # the copies are the run
    src = work / "hits.f90"
    got = generate("geometric_growth", src.read_text(), "hits.f90",
                   line_of(src.read_text(), APPEND), root=work)
    assert isinstance(got, Generated)
    src.write_text(apply_unified_diff(src.read_text(), got.diff, "hits.f90"))
    paths = _profile(work, ["FFLAGS=-O2 -g"], ["./sieve", "40000", "1"])
    profs = _profiles(paths)
    assert append_growth(profs, HOT) is None
    # the copies are gone too: the fixed run is a few milliseconds, so one or two of its few
    # samples on a page fault or a copy can still pass the proposal's 5% floor; what must hold
    # whatever the load is that copying no longer holds the run (before: nearly all of it)
    after = growth_copy_share(Facts.build((), None, profs)) or 0.0
    assert after <= before / 2, (before, after)
