"""``perfscout init`` on a program whose every printed result carries a unit (``peak -3.2 dB
rms -20.1 dB T30 1.52 s``) beside its timer line: the timer is the metric and the other lines
that print the same numbers in two runs become a tolerance check, which passes on the
program itself and fails when a value changes (tests/program/data/resbank, built and run)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import yaml

from conftest import require_tool, run_cli
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import Variant, load_spec
from perfscout.experiment.stats import INVALID
from perfscout.experiment.store import Store
from perfscout.pipeline.init_program import unstable_lines
from perfscout.sandbox.runner import default_runner

BANK = Path(__file__).parent / "data" / "resbank"
CFG = {"experiment.repetitions": 3, "experiment.max_repetitions": 3, "experiment.warmup": 1,
       "experiment.cv_max": 10.0, "experiment.alpha": 0.05, "experiment.margin": 0.03}

RUN1 = """reverb of 3 takes x 20.0 s at 44100 Hz
take 1: peak -3.2 dB rms -20.1 dB T30 1.52 s T60 3.01 s
take 2: peak -2.9 dB rms -19.4 dB T30 1.49 s T60 2.98 s
DSP time 0.612 s for 60.0 s of audio (98.0 x real time)
"""


def test_lines_with_units_that_repeat_are_kept_and_the_timer_is_left_out() -> None:
    run2 = RUN1.replace("0.612 s", "0.598 s").replace("98.0 x", "100.3 x")
    rx = unstable_lines(RUN1, run2, r"DSP time *([0-9.]+)")
    assert rx is not None
    left_out = [ln for ln in RUN1.splitlines() if re.search(rx, ln)]
    assert left_out == ["DSP time 0.612 s for 60.0 s of audio (98.0 x real time)"]
    # a line that changed between the runs is left out, whatever its words
    moved = RUN1.replace("T60 2.98 s", "T60 2.97 s")
    rx2 = unstable_lines(RUN1, moved, r"DSP time *([0-9.]+)")
    assert rx2 is not None and re.search(rx2, "take 2: peak -2.9 dB rms -19.4 dB T30 1.49 s "
                                              "T60 2.98 s")
    # runs that do not pair up line by line give no answer (the caller keeps its rule)
    assert unstable_lines(RUN1, RUN1 + "extra 1\n", None) is None


def test_init_checks_a_program_whose_results_all_carry_units(tmp_path: Path,
                                                             ps_home: Path) -> None:
    require_tool("make")
    proj = tmp_path / "resbank"
    shutil.copytree(BANK, proj)
    out = run_cli("init", str(proj), "--args", "40", "--out", str(tmp_path / "bank.yaml"),
                  "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    said = json.loads(out.stdout)["data"]["guessed"]
    data = yaml.safe_load((tmp_path / "bank.yaml").read_text())
    assert data["measure"]["regex"].startswith("filter cpu time"), data["measure"]
    check = data["check"]
    assert check["kind"] == "tolerance", (check, said)
    assert any("same in two runs" in s and "channel 1: peak" in s for s in said), said
    # the compared lines are the channels' (with dB and s), not the block timings
    assert not re.search(check["ignore"], "channel 1: peak 0.00 dB  rms -35.80 dB  "
                                          "decay20 1.071 s  decay40 1.647 s")
    assert re.search(check["ignore"], "step 240000: time=0.0093 s tail=3.5573e-322")

    spec = load_spec(tmp_path / "bank.yaml", need_variants=False)
    same = Variant("o1", flags=("-O1",), proposal_id="o1")
    moved = Variant("q", defines={"Q0": "0.9950"}, proposal_id="q")  # other decay times
    spec = dataclasses.replace(spec, variants=(same, moved), repetitions=3, warmup=1)
    with Store(tmp_path / "db.sqlite") as store:
        res = run_experiment(spec, default_runner(tmp_path / "ws"), store, tmp_path / "ws",
                             cfg_get=CFG.__getitem__)
    assert res.outcome("o1").verdict != INVALID, res.outcome("o1").reasons
    bad = res.outcome("q")
    assert bad.verdict == INVALID and any("output differs" in r for r in bad.reasons), \
        bad.reasons


def test_the_total_printed_once_is_the_metric_not_a_per_step_time() -> None:
    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    read_output("step 10: time=0.0100 s\nstep 20: time=0.0110 s\nstep 30: time=0.0120 s\n"
                "solver time 0.034 s\n", g)
    assert g.spec["measure"]["regex"].startswith("solver time"), g.spec["measure"]


def test_a_timing_printed_in_a_fixed_width_is_left_out_whatever_its_digits() -> None:
    """Fortran's f10.3 pads with spaces: a faster variant printing '0.129' where the baseline
    printed '1775.2' has fewer digits and more spaces; the left-out line must still match."""
    first = "table: 240 x 1200\nlookups: 500000 in     0.888 s cpu (   1775.2 ns per cell)\n"
    again = "table: 240 x 1200\nlookups: 500000 in     0.901 s cpu (   1802.0 ns per cell)\n"
    rx = unstable_lines(first, again, None)
    assert rx
    faster = "lookups: 500000 in     0.129 s cpu (    258.3 ns per cell)"
    assert re.search(rx, faster), rx
    assert not re.search(rx, "table: 240 x 1200"), rx


def test_a_table_header_with_speed_units_is_no_rate_and_the_timer_line_is_the_metric() -> None:
    """A rotation-curve table's header names velocities (``km/s``) and an exponent (``^2``):
    neither is a rate of the program's work, so the summation timer is the metric."""
    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    read_output("galaxy: 80000 particles, 30 radii\n"
                "  R (kpc)   v_c (km/s)   scatter    Phi (km/s)^2\n"
                "     0.50    129.55270   3.13298  -2.2491956E+05\n"
                "     1.00    144.63585   2.86370  -2.1176043E+05\n"
                "summation:    1.623 s wall,    1.620 s cpu\n", g)
    assert g.spec["metric"] == "time_s", g.spec
    assert g.spec["measure"]["regex"].startswith("summation:"), g.spec["measure"]


def test_a_printed_bandwidth_stays_a_rate() -> None:
    from perfscout.pipeline.init_program import Guess, read_output

    for line in ("bandwidth: 12.3 GB/s", "triad 8.41 GB/s in 0.2 s", "cells/s 3.1e6"):
        g = Guess({})
        read_output(f"n = 1000\n{line}\n", g)
        assert (g.spec["metric"], g.spec["direction"]) == ("rate", "higher"), (line, g.spec)


def test_a_line_of_phase_times_is_not_the_metric_the_run_is_timed() -> None:
    # one number per phase and no total: a change may move the time from one phase to another
    # (a faster edge table leaves the mesh phase as it was), so the whole run is timed
    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    read_output("dual cells: total area 25281.000000\n"
                "timing: mesh 0.001 s, edge table 1.608 s, dual 0.003 s, diffusion 0.124 s\n", g)
    assert "regex" not in g.spec.get("measure", {}), g.spec
    assert any("4 phases" in s for s in g.said), g.said


def test_the_total_among_phase_times_is_the_metric() -> None:
    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    line = "setup 0.20 s, solve 1.40 s, total 1.60 s"
    read_output(line + "\n", g)
    m = re.search(g.spec["measure"]["regex"], line)
    assert m is not None and m.group(1) == "1.60", g.spec
