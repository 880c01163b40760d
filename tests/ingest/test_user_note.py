"""A user's note handed over beside the outputs that states what may not change: the data's
precision, results checked bit for bit. Read into ``constraint.*`` settings with the sentence's
clause and line (English and Chinese notes as users write them); a clause that negates the
constraint and a note that states none give nothing (the note adapter declines it). What advise
does with them: ``tests/advise/test_user_constraints.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest import load
from perfscout.ingest.adapters.user_note import UserNoteAdapter
from perfscout.model.errors import ParseError

D = Path(__file__).parent / "data" / "user_notes"


def _said(name: str) -> dict[str, tuple[int | None, str, str]]:
    p = load(D / name)
    assert p.format == "user-note"
    return {m.name: (m.source.line if m.source else None, m.raw_name, m.family)
            for m in p.metrics}


def test_a_note_that_keeps_double_precision_is_read_with_its_clause_and_line() -> None:
    got = _said("keep_double.txt")
    # the sentence starts on line 3 and continues on line 4; the clause is what is quoted
    assert got == {"constraint.keep_precision": (
        3, "the tracer fields have to remain in double precision", "setting")}


def test_a_chinese_note_checked_bit_for_bit_keeps_precision_too() -> None:
    got = _said("bitwise_zh.md")
    assert set(got) == {"constraint.bitwise", "constraint.keep_precision"}
    assert got["constraint.bitwise"][:2] == (3, "结果必须与业务版本逐位一致")


@pytest.mark.parametrize("name", ["relaxed.txt", "question_only.txt"])
def test_a_note_that_negates_or_states_no_constraint_is_not_read(name: str) -> None:
    note = UserNoteAdapter()
    assert note.sniff((D / name).read_text(), D / name) == 0.0
    with pytest.raises(ParseError):
        note.parse(D / name)
