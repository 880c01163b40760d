"""The card store is a context manager: leaving the ``with`` block closes its connection, also
when the block raised, and what was added before is kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from perfscout.kb import Card, CardStore, Gain


def test_with_block_closes_the_connection_even_on_error(tmp_path: Path) -> None:
    db = tmp_path / "perfscout.db"
    with pytest.raises(RuntimeError, match="boom"), CardStore(db) as cs:
        cs.add(Card(id="c1", proposal_id="thread_count", verdict="win",
                    platform_key="cpu|gcc|nompi", actual=Gain(1.5)))
        raise RuntimeError("boom")
    with pytest.raises(sqlite3.ProgrammingError):
        cs.conn.execute("SELECT 1")
    with CardStore(db) as again:
        assert [c.id for c in again.cards()] == ["c1"]
