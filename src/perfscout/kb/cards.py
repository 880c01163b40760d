"""Cards: one per proposal that ran, with the gain it promised and the gain it delivered.

A card is what the project remembers about one piece of advice on one platform: the problem it
addressed, the evidence, the proposal itself, the expected gain (a range with its basis), the
measured gain (a speedup ratio with its 95% interval), the verdict of the experiment, the
platform key (CPU model | compiler | MPI), the commits it was measured on and the experiments
that measured it. :class:`CardStore` keeps them in the shared perfscout database.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.experiment.store import immediate_tx
from perfscout.kb.schema import upgrade
from perfscout.model.clock import utc_now
from perfscout.model.errors import NotFoundError, StateConflict


@dataclass(frozen=True)
class Gain:
    """A speedup ratio (> 1 is better) with its interval; ``low``/``high`` may be unknown."""

    value: float | None
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class Card:
    """One proposal's verified outcome on one platform."""

    id: str
    proposal_id: str
    verdict: str  # win, loss, neutral, invalid
    platform_key: str
    scope: str = ""  # kernel or function the proposal changed
    problem: str = ""
    evidence: tuple[str, ...] = ()
    proposal: dict[str, Any] = field(default_factory=dict)  # the Proposal as JSON
    expected_low: float | None = None
    expected_high: float | None = None
    expected_basis: str = ""
    actual: Gain = field(default_factory=lambda: Gain(None))
    commits: tuple[str, ...] = ()
    experiments: tuple[str, ...] = ()
    stage: str = ""  # screen, confirm, combine: where the verdict came from
    reasons: tuple[str, ...] = ()  # why a result was invalid
    run_id: str = ""  # the demo/session run that produced it
    created_at: str = ""

    @property
    def cpu(self) -> str:
        return _key_part(self.platform_key, 0)

    @property
    def compiler(self) -> str:
        return _key_part(self.platform_key, 1)

    @property
    def mpi(self) -> str:
        return _key_part(self.platform_key, 2)

    @property
    def actual_over_expected(self) -> float | None:
        """Measured speedup over the middle of the expected range (1.0: as promised)."""
        if self.actual.value is None or self.expected_low is None or self.expected_high is None:
            return None
        mid = (self.expected_low + self.expected_high) / 2
        return self.actual.value / mid if mid > 0 else None


def _key_part(key: str, i: int) -> str:
    parts = key.split("|")
    return parts[i] if i < len(parts) else ""


def card_id(proposal_id: str, platform_key: str, experiments: Sequence[str], scope: str) -> str:
    """A stable id: the same proposal measured by the same experiments is the same card."""
    blob = "|".join([proposal_id, platform_key, scope, *sorted(experiments)])
    return f"{proposal_id}-{hashlib.sha256(blob.encode()).hexdigest()[:10]}"


_COLUMNS = ("id", "created_at", "proposal_id", "scope", "problem", "evidence_json",
            "proposal_json", "expected_low", "expected_high", "expected_basis", "actual",
            "actual_low", "actual_high", "verdict", "platform_key", "commits_json",
            "experiments_json", "cpu", "compiler", "mpi", "stage", "reasons_json", "run_id")


class CardStore:
    """The KB tables of the perfscout database (upgraded to the current schema on open)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        upgrade(self.conn)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> CardStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return immediate_tx(self.conn)

    # cards -------------------------------------------------------------------------------
    def add(self, card: Card) -> Card:
        """Store ``card`` (replacing a card with the same id, e.g. a re-recorded demo run)."""
        c = card if card.created_at else _replace_created(card, utc_now())
        row = (c.id, c.created_at, c.proposal_id, c.scope, c.problem, json.dumps(c.evidence),
               json.dumps(c.proposal, default=str), c.expected_low, c.expected_high,
               c.expected_basis, c.actual.value, c.actual.low, c.actual.high, c.verdict,
               c.platform_key, json.dumps(c.commits), json.dumps(c.experiments), c.cpu,
               c.compiler, c.mpi, c.stage, json.dumps(c.reasons), c.run_id)
        with self._tx() as tx:
            tx.execute(f"INSERT OR REPLACE INTO kb_cards ({', '.join(_COLUMNS)}) "
                       f"VALUES ({', '.join('?' * len(_COLUMNS))})", row)
        return c

    def cards(self, *, proposal_id: str | None = None, platform_key: str | None = None,
              run_id: str | None = None) -> list[Card]:
        """Cards in the order they were recorded, optionally filtered."""
        where, args = [], []
        for col, val in (("proposal_id", proposal_id), ("platform_key", platform_key),
                         ("run_id", run_id)):
            if val is not None:
                where.append(f"{col} = ?")
                args.append(val)
        sql = f"SELECT {', '.join(_COLUMNS)} FROM kb_cards"
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self.conn.execute(sql + " ORDER BY created_at, id", args).fetchall()
        return [_card(dict(zip(_COLUMNS, r, strict=True))) for r in rows]

    def get(self, ref: str) -> Card:
        """A card by id or unique id prefix."""
        rows = self.conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM kb_cards WHERE id = ? "
                                 "OR id LIKE ?", (ref, ref.replace("%", "") + "%")).fetchall()
        exact = [r for r in rows if r[0] == ref]
        if exact:
            rows = exact
        if not rows:
            raise NotFoundError(f"no card matches {ref!r} in {self.path}",
                                hint="`perfscout cards list` shows the card ids")
        if len(rows) > 1:
            raise StateConflict(f"{ref!r} matches {len(rows)} cards", hint="give more of the id")
        return _card(dict(zip(_COLUMNS, rows[0], strict=True)))

    # runs (what a report is built from) -----------------------------------------------------
    def save_run(self, run_id: str, kind: str, data: Any, platform_key: str = "") -> None:
        """Store the inputs of a report (a demo run, later a session) as JSON."""
        with self._tx() as tx:
            tx.execute("INSERT OR REPLACE INTO kb_runs VALUES (?, ?, ?, ?, ?)",
                       (run_id, kind, utc_now(), platform_key, json.dumps(data, default=str)))

    def run(self, run_id: str) -> tuple[str, dict[str, Any]]:
        """A stored run by exact id as (id, data)."""
        row = self.conn.execute("SELECT id, data_json FROM kb_runs WHERE id = ?",
                                (run_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"no run {run_id!r} in {self.path}")
        return str(row[0]), json.loads(row[1])

    def latest_run(self, kind: str) -> tuple[str, dict[str, Any]]:
        """The most recent run of ``kind`` as (id, data)."""
        row = self.conn.execute("SELECT id, data_json FROM kb_runs WHERE kind = ? "
                                "ORDER BY created_at DESC, rowid DESC LIMIT 1",
                                (kind,)).fetchone()
        if row is None:
            raise NotFoundError(f"no {kind} run recorded in {self.path}",
                                hint="run `perfscout demo` first (or `make demo`)")
        return str(row[0]), json.loads(row[1])


def _replace_created(card: Card, when: str) -> Card:
    from dataclasses import replace

    return replace(card, created_at=when)


def _card(r: dict[str, Any]) -> Card:
    return Card(
        id=r["id"], proposal_id=r["proposal_id"], verdict=r["verdict"],
        platform_key=r["platform_key"], scope=r["scope"], problem=r["problem"],
        evidence=tuple(json.loads(r["evidence_json"] or "[]")),
        proposal=json.loads(r["proposal_json"] or "{}"), expected_low=r["expected_low"],
        expected_high=r["expected_high"], expected_basis=r["expected_basis"],
        actual=Gain(r["actual"], r["actual_low"], r["actual_high"]),
        commits=tuple(json.loads(r["commits_json"] or "[]")),
        experiments=tuple(json.loads(r["experiments_json"] or "[]")), stage=r["stage"] or "",
        reasons=tuple(json.loads(r["reasons_json"] or "[]")), run_id=r["run_id"] or "",
        created_at=r["created_at"])
