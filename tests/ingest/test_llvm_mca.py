"""llvm-mca's report read as a static model of a block: its summary as ``mca.*`` and the
instructions it lists counted as a disassembly's are (three scalar double operations, one of
them a divide; moves are no arithmetic), family compiler. Fixture: ``data/llvm_mca/make.sh``
(real gcc -S and llvm-mca); the values below are read off ``mca.txt`` by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest import load
from perfscout.ingest.registry import get_adapter
from perfscout.model.errors import ParseError

D = Path(__file__).parent / "data" / "llvm_mca"


def test_the_summary_and_the_instruction_mix_of_a_scalar_loop() -> None:
    p = load(D / "mca.txt")
    assert p.format == "llvm-mca" and get_adapter("llvm-mca").family == "compiler"
    got = {m.name: m.value for m in p.metrics}
    assert got["mca.ipc"] == 0.36 and got["mca.uops_per_cycle"] == 0.45
    assert got["mca.block_rthroughput"] == 22.0
    assert got["mca.cycles_per_iteration"] == pytest.approx(2219 / 100)
    assert got["insn.scalar"] == 3 and got["insn.div_sqrt"] == 1 and "insn.packed" not in got
    assert p.meta["command"] == "llvm-mca -mcpu=x86-64 body.s" and p.unparsed_lines == 0


def test_a_report_without_its_summary_is_refused(tmp_path: Path) -> None:
    cut = tmp_path / "mca-tail.txt"
    cut.write_text("\n".join((D / "mca.txt").read_text().splitlines()[12:]) + "\n")
    with pytest.raises(ParseError):
        get_adapter("llvm-mca").parse(cut)
