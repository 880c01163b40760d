"""Library work repeated for every record, seen in a sampling profile alone
(tests/diagnose/data/per_record/make.sh: src/stamps.c formats each record's time with
localtime()+strftime() with TZ unset, so glibc stats its zone file at every call; "once" looks
the zone up once and the per-record checksum left is the job)."""

from __future__ import annotations

from pathlib import Path

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.libwork import family_of
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.metrics import Hotspot

D = Path(__file__).parent / "data" / "per_record"


def _findings(*names: str) -> list:
    return list(diagnose([derive(load(D / n)) for n in names], None).findings)


def test_time_zone_code_and_the_stat_calls_under_it_are_redundant_work() -> None:
    f = _findings("perf-report-stamps-each.txt")[0]
    assert f.id == "app.redundant_work"
    assert f.scope == "__strftime_internal"  # the conversion routine the program calls
    # by hand: every kernel row (the stat path: link_path_walk 8.03%, ...) plus
    # __strftime_internal 3.36% and __GI___fstatat64 2.04% of the 685 samples
    rows = [ln.split() for ln in (D / "perf-report-stamps-each.txt").read_text().splitlines()
            if ln.strip().endswith(tuple("abcdefghijklmnopqrstuvwxyz_0123456789"))
            and "%" in ln and not ln.startswith("#")]
    by_hand = sum(float(r[0].rstrip("%")) for r in rows
                  if r[2] == "[kernel.kallsyms]" or r[-1] in ("__strftime_internal",
                                                               "__GI___fstatat64")) / 100
    assert abs(f.evidence[0].value - by_hand) < 0.01
    assert f.evidence[0].value >= 0.25


def test_strace_alone_shows_the_same_stat_per_record() -> None:
    # newfstatat 400,005 calls for 400,000 records, 100% of the traced time
    f = _findings("strace-c-stamps-each.txt")[0]
    assert f.id == "app.redundant_work"
    assert "400,005" in str(f.evidence[0])


def test_the_fixed_program_whose_per_record_work_is_the_job_stays_silent() -> None:
    # main 95% of 21 samples: the checksum over each record is what the program is for
    for name in ("perf-report-stamps-once.txt", "strace-c-stamps-once.txt"):
        assert "app.redundant_work" not in [f.id for f in _findings(name)]


def test_families_of_time_conversion_and_metadata_routines() -> None:
    for name in ("localtime", "__tz_convert", "__tzfile_read", "__strftime_internal",
                 "mktime", "__offtime"):
        assert family_of(Hotspot(name)) == "time conversion", name
    for name in ("__GI___fstatat64", "stat64", "__do_sys_newfstatat", "vfs_statx",
                 "__x64_sys_statx"):
        assert family_of(Hotspot(name)) == "metadata", name
    for name in ("link_path_walk", "main", "strtod", "do_sys_openat2", "times"):
        assert family_of(Hotspot(name)) not in ("metadata", "time conversion"), name


def test_a_file_stated_and_written_per_record_is_not_a_metadata_query() -> None:
    # src/fileper.c: stat() then fopen/fprintf/fclose per record; the profile samples
    # cp_new_stat 1.45% but also __GI___libc_open, __fopen_internal and ext4's write path: the
    # kernel's time is the files' (I/O), not repeated metadata queries
    from perfscout.diagnose.libwork import metadata_in_kernel

    p = derive(load(D / "perf-report-fileper.txt"))
    assert any(family_of(h) == "metadata" for h in p.hotspots)
    assert not metadata_in_kernel(p)
    assert "app.redundant_work" not in [f.id for f in _findings("perf-report-fileper.txt")]
