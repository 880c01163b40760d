"""The knowledge base feeds back into advise through analyze: a proposal that lost on this
platform before is offered with lower confidence."""

from __future__ import annotations

from pathlib import Path

from perfscout.kb.cards import Card, CardStore, Gain
from perfscout.pipeline.analyze import analyze


def _inputs(corpus: Path) -> list[Path]:
    return [corpus / "benchmarks" / "stream" / "stream-5.10-omp-2threads-in-notes.txt"]


def test_losing_history_lowers_confidence(tmp_path: Path, corpus: Path) -> None:
    files = _inputs(corpus)
    before = analyze(files)
    assert before.proposals, "the STREAM run should get proposals"
    target = before.proposals[0]
    db = tmp_path / "perfscout.db"
    store = CardStore(db)
    for i in range(4):
        store.add(Card(id=f"c{i}", proposal_id=target.id, verdict="loss",
                       platform_key="any", actual=Gain(0.8, 0.7, 0.9)))
    store.close()
    after = analyze(files, kb_db=db)
    again = {p.id: p for p in after.proposals}
    lowered = again.get(target.id)
    assert target.confidence is not None
    if lowered is not None:  # still offered, but trusted less
        assert lowered.confidence is not None
        assert lowered.confidence.value < target.confidence.value
    else:  # or ranked out of the first round entirely
        assert target.id not in again
    assert analyze(files, kb_db=tmp_path / "missing.db").proposals == before.proposals
