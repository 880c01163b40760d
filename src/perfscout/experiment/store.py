"""SQLite persistence of experiments, their variants and every sample, committed as it completes.

The database (default ``$PERFSCOUT_HOME/perfscout.db``) carries a ``migrations`` table keyed by
component, so other stages (the knowledge base) add their own tables with their own versions.
A sample's key is (experiment, variant, round): a resumed experiment skips what is stored, and a
completed sample can never be written twice.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from perfscout.experiment.validity import Sample
from perfscout.model.errors import NotFoundError, StateConflict

COMPONENT = "experiment"

MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE experiments (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'experiment',
        spec_json TEXT NOT NULL, status TEXT NOT NULL, rounds_planned INTEGER NOT NULL,
        result_json TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
    );
    CREATE TABLE samples (
        experiment_id TEXT NOT NULL REFERENCES experiments(id), variant TEXT NOT NULL,
        round INTEGER NOT NULL, warmup INTEGER NOT NULL, ok INTEGER NOT NULL, value REAL,
        time_s REAL, checksum TEXT, n INTEGER, fields_json TEXT, state_json TEXT,
        error TEXT, duration_s REAL, created_at TEXT NOT NULL,
        PRIMARY KEY (experiment_id, variant, round)
    );
    CREATE TABLE matrices (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, result_json TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL
    );
    """,
}


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def migrate(conn: sqlite3.Connection, component: str, migrations: dict[int, str]) -> None:
    """Apply ``component``'s migrations not yet recorded (other components may call this too)."""
    conn.execute("CREATE TABLE IF NOT EXISTS migrations (component TEXT NOT NULL, "
                 "version INTEGER NOT NULL, applied_at TEXT NOT NULL, "
                 "PRIMARY KEY (component, version))")
    done = {r[0] for r in conn.execute(
        "SELECT version FROM migrations WHERE component = ?", (component,))}
    for version in sorted(migrations):
        if version in done:
            continue
        with conn:
            conn.executescript("BEGIN;" + migrations[version] + ";")
            conn.execute("INSERT INTO migrations VALUES (?, ?, ?)", (component, version, _now()))


@contextmanager
def immediate_tx(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction (BEGIN IMMEDIATE: writers queue instead of failing mid-way),
    rolled back on any error. Shared by every component of the perfscout database."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


class Store:
    """The experiment tables of the perfscout database."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        migrate(self.conn, COMPONENT, MIGRATIONS)

    def close(self) -> None:
        self.conn.close()

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return immediate_tx(self.conn)

    # experiments -------------------------------------------------------------------------
    def begin(self, exp_id: str, name: str, spec_json: str, rounds: int, kind: str = "experiment"
              ) -> dict[str, Any]:
        """Create the experiment row unless it exists; returns the row (resume when it does)."""
        with self._tx() as c:
            row = c.execute("SELECT * FROM experiments WHERE id = ?", (exp_id,)).fetchone()
            if row is None:
                c.execute("INSERT INTO experiments VALUES (?, ?, ?, ?, 'running', ?, NULL, ?, ?)",
                          (exp_id, name, kind, spec_json, rounds, _now(), _now()))
        return self.experiment(exp_id)

    def experiment(self, exp_id: str) -> dict[str, Any]:
        cur = self.conn.execute("SELECT * FROM experiments WHERE id = ?", (exp_id,))
        row = cur.fetchone()
        if row is None:
            raise NotFoundError(f"no experiment {exp_id!r} in {self.path}",
                                hint="`perfscout experiment show` without an id lists them")
        return dict(zip([d[0] for d in cur.description], row, strict=True))

    def find(self, prefix: str) -> dict[str, Any]:
        """An experiment by id or unique id prefix."""
        rows = self.conn.execute("SELECT id FROM experiments WHERE id = ? OR id LIKE ?",
                                 (prefix, prefix + "%")).fetchall()
        exact = [r[0] for r in rows if r[0] == prefix]
        if exact:
            return self.experiment(exact[0])
        if not rows:
            raise NotFoundError(f"no experiment matches {prefix!r} in {self.path}",
                                hint="`perfscout experiment show` without an id lists them")
        if len(rows) > 1:
            raise StateConflict(f"{prefix!r} matches {len(rows)} experiments",
                                hint="give more of the id")
        return self.experiment(rows[0][0])

    def list_experiments(self) -> list[dict[str, Any]]:
        cur = self.conn.execute("SELECT id, name, kind, status, updated_at FROM experiments "
                                "ORDER BY created_at")
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]

    def set_rounds(self, exp_id: str, rounds: int) -> None:
        with self._tx() as c:
            c.execute("UPDATE experiments SET rounds_planned = ?, updated_at = ? WHERE id = ?",
                      (rounds, _now(), exp_id))

    def finish(self, exp_id: str, result: Any) -> None:
        with self._tx() as c:
            c.execute("UPDATE experiments SET status = 'complete', result_json = ?, "
                      "updated_at = ? WHERE id = ?", (json.dumps(result), _now(), exp_id))

    def reset(self, exp_id: str) -> None:
        """Forget an experiment and its samples (``--fresh``)."""
        with self._tx() as c:
            c.execute("DELETE FROM samples WHERE experiment_id = ?", (exp_id,))
            c.execute("DELETE FROM experiments WHERE id = ?", (exp_id,))

    # samples -----------------------------------------------------------------------------
    def add_sample(self, exp_id: str, s: Sample, duration_s: float) -> None:
        """Commit one sample; a second write of the same key is refused (StateConflict)."""
        try:
            with self._tx() as c:
                c.execute(
                    "INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (exp_id, s.variant, s.round, int(s.warmup), int(s.ok), s.value, s.time_s,
                     s.checksum, s.n, json.dumps(dict(s.fields)), json.dumps(dict(s.state)),
                     s.error, duration_s, _now()))
        except sqlite3.IntegrityError:
            raise StateConflict(
                f"sample {s.variant}#{s.round} of {exp_id} already stored") from None

    def samples(self, exp_id: str, variants: Sequence[str] | None = None) -> list[Sample]:
        rows = self.conn.execute(
            "SELECT variant, round, warmup, ok, value, time_s, checksum, n, state_json, "
            "fields_json, error FROM samples WHERE experiment_id = ? ORDER BY round, created_at",
            (exp_id,)).fetchall()
        out = [Sample(r[0], r[1], bool(r[2]), bool(r[3]), r[4], r[5], r[6], r[7],
                      json.loads(r[8] or "{}"), json.loads(r[9] or "{}"), r[10] or "")
               for r in rows]
        return [s for s in out if variants is None or s.variant in variants]

    def done_keys(self, exp_id: str) -> set[tuple[str, int]]:
        return {(r[0], r[1]) for r in self.conn.execute(
            "SELECT variant, round FROM samples WHERE experiment_id = ?", (exp_id,))}

    # matrices ----------------------------------------------------------------------------
    def save_matrix(self, mid: str, name: str, status: str, result: Any) -> None:
        with self._tx() as c:
            c.execute("INSERT INTO matrices VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
                      "SET status = excluded.status, result_json = excluded.result_json, "
                      "updated_at = excluded.updated_at",
                      (mid, name, status, json.dumps(result), _now(), _now()))


def default_db(home: Path) -> Path:
    """``$PERFSCOUT_HOME/perfscout.db``."""
    return home / "perfscout.db"
