"""A generated ReFrame test is loaded and listed by the real ReFrame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.export.reframe import reframe_test
from perfscout.kb.cards import Card, Gain
from perfscout.model.errors import InputError

SPEC = ExperimentSpec("mm", Variant("baseline"), (Variant("loop_interchange",
                      proposal_id="loop_interchange"),), kernel="matmul", size=128,
                      args=("{size}", "1"), metric="gflops", direction="higher")
CARD = Card("abcdef1234", "loop_interchange", "win", "cpu|gcc|nompi", scope="matmul",
            actual=Gain(3.2, 2.9, 3.5), experiments=("mm-x",))


def test_reframe_lists_the_generated_test(tmp_path: Path) -> None:
    src = reframe_test(CARD, SPEC, "loop_interchange", 1.75, tmp_path)
    f = tmp_path / "ps_check.py"
    f.write_text(src)
    rf = Path(sys.executable).with_name("reframe")
    r = subprocess.run([str(rf), "-c", str(f), "-l"], capture_output=True, text=True,
                       timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Perfscout_loop_interchange_abcdef12" in r.stdout
    assert "Found 1 check" in r.stdout
    assert "(1.75, -0.1, None, 'gflops')" in src


def test_no_reference_without_a_verified_value(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no verified value"):
        reframe_test(CARD, SPEC, "loop_interchange", 0.0, tmp_path)
