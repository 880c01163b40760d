"""SQLite persistence of experiments, their variants and every sample, committed as it completes.

The database (default ``$PERFSCOUT_HOME/perfscout.db``) carries a ``migrations`` table keyed by
component, so other stages (the knowledge base) add their own tables with their own versions.
A sample's key is (experiment, variant, round): a resumed experiment skips what is stored, and a
completed sample can never be written twice.

Callers get typed objects: :meth:`Store.get` returns a :class:`StoredExperiment` (spec, result
and samples decoded); only this module knows the columns. ``Store`` is a context manager.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from perfscout.experiment.result import ExperimentResult, result_from_json
from perfscout.experiment.spec import ExperimentSpec
from perfscout.experiment.validity import Sample
from perfscout.model.clock import utc_now
from perfscout.model.errors import NotFoundError, StateConflict
from perfscout.model.serialize import from_jsonable, to_jsonable

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
    2: """
    ALTER TABLE samples ADD COLUMN wall_s REAL;
    ALTER TABLE samples ADD COLUMN cpu_s REAL;
    ALTER TABLE samples ADD COLUMN run_delay_s REAL;
    ALTER TABLE samples ADD COLUMN nivcsw INTEGER;
    ALTER TABLE samples ADD COLUMN load_before REAL;
    ALTER TABLE samples ADD COLUMN load_after REAL;
    """,
}

# Sample fields stored in a column of the same name; ``state`` and ``fields`` are JSON columns
_PLAIN = ("variant", "round", "warmup", "ok", "value", "time_s", "checksum", "n", "error",
          "wall_s", "cpu_s", "run_delay_s", "nivcsw", "load_before", "load_after")
_JSON = {"state": "state_json", "fields": "fields_json"}
_BOOL = ("warmup", "ok")


@dataclass(frozen=True)
class StoredExperiment:
    """One experiment as stored: its spec, its result once complete, and every sample."""

    id: str
    name: str
    kind: str
    status: str  # running, complete
    rounds_planned: int
    created_at: str
    updated_at: str
    spec: ExperimentSpec | None  # None for a matrix row or a spec this version cannot read
    result: ExperimentResult | None
    samples: tuple[Sample, ...] = ()

    def of(self, variant: str, *, timed: bool = True) -> list[Sample]:
        """The samples of ``variant`` (warm-ups left out unless ``timed`` is False)."""
        return [s for s in self.samples
                if s.variant == variant and not (timed and s.warmup)]


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
            conn.execute("INSERT INTO migrations VALUES (?, ?, ?)", (component, version, utc_now()))


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

    def __enter__(self) -> Store:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return immediate_tx(self.conn)

    # experiments -------------------------------------------------------------------------
    def begin(self, exp_id: str, name: str, spec: ExperimentSpec | str, rounds: int,
              kind: str = "experiment") -> StoredExperiment:
        """Create the experiment row unless it exists; returns it (resume when it existed)."""
        spec_json = spec if isinstance(spec, str) else json.dumps(to_jsonable(spec))
        with self._tx() as c:
            row = c.execute("SELECT * FROM experiments WHERE id = ?", (exp_id,)).fetchone()
            if row is None:
                c.execute("INSERT INTO experiments (id, name, kind, spec_json, status, "
                          "rounds_planned, result_json, created_at, updated_at) "
                          "VALUES (?, ?, ?, ?, 'running', ?, NULL, ?, ?)",
                          (exp_id, name, kind, spec_json, rounds, utc_now(), utc_now()))
        return self.get(exp_id)

    def get(self, ref: str) -> StoredExperiment:
        """The experiment with id ``ref`` (or the one whose id starts with it), decoded."""
        row = self.find(ref)
        return StoredExperiment(
            id=row["id"], name=row["name"], kind=row["kind"], status=row["status"],
            rounds_planned=int(row["rounds_planned"]), created_at=row["created_at"],
            updated_at=row["updated_at"],
            spec=_spec(row["spec_json"]) if row["kind"] == "experiment" else None,
            result=(result_from_json(json.loads(row["result_json"]))
                    if row["result_json"] and row["kind"] == "experiment" else None),
            samples=tuple(self.samples(row["id"])))

    def experiment(self, exp_id: str) -> dict[str, Any]:
        """The raw row (prefer :meth:`get`, which decodes it)."""
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
                      (rounds, utc_now(), exp_id))

    def finish(self, exp_id: str, result: ExperimentResult | Any) -> None:
        """Mark the experiment complete with its result."""
        with self._tx() as c:
            c.execute("UPDATE experiments SET status = 'complete', result_json = ?, "
                      "updated_at = ? WHERE id = ?",
                      (json.dumps(to_jsonable(result)), utc_now(), exp_id))

    def reset(self, exp_id: str) -> None:
        """Forget an experiment and its samples (``--fresh``)."""
        with self._tx() as c:
            c.execute("DELETE FROM samples WHERE experiment_id = ?", (exp_id,))
            c.execute("DELETE FROM experiments WHERE id = ?", (exp_id,))

    # samples -----------------------------------------------------------------------------
    def add_sample(self, exp_id: str, s: Sample, duration_s: float | None = None) -> None:
        """Commit one sample; a second write of the same key is refused (StateConflict)."""
        cols = {k: getattr(s, k) for k in _PLAIN}
        cols |= {k: int(cols[k]) for k in _BOOL}
        cols |= {col: json.dumps(dict(getattr(s, k))) for k, col in _JSON.items()}
        cols |= {"experiment_id": exp_id, "created_at": utc_now(),
                 "duration_s": duration_s if duration_s is not None else s.wall_s}
        try:
            with self._tx() as c:
                c.execute(f"INSERT INTO samples ({', '.join(cols)}) "
                          f"VALUES ({', '.join('?' * len(cols))})", tuple(cols.values()))
        except sqlite3.IntegrityError:
            raise StateConflict(
                f"sample {s.variant}#{s.round} of {exp_id} already stored") from None

    def samples(self, exp_id: str, variants: Sequence[str] | None = None) -> list[Sample]:
        """Every stored sample of ``exp_id`` (of ``variants`` when given), in run order."""
        names = [*_PLAIN, *_JSON.values()]
        rows = self.conn.execute(
            f"SELECT {', '.join(names)} FROM samples WHERE experiment_id = ? "
            "ORDER BY round, created_at", (exp_id,)).fetchall()
        out = []
        for r in rows:
            d = dict(zip(names, r, strict=True))
            kw = {k: d[k] for k in _PLAIN} | {k: json.loads(d[col] or "{}")
                                              for k, col in _JSON.items()}
            kw |= {k: bool(kw[k]) for k in _BOOL} | {"error": kw["error"] or ""}
            out.append(Sample(**kw))
        return [s for s in out if variants is None or s.variant in variants]

    # matrices ----------------------------------------------------------------------------
    def save_matrix(self, mid: str, name: str, status: str, result: Any) -> None:
        with self._tx() as c:
            c.execute("INSERT INTO matrices VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
                      "SET status = excluded.status, result_json = excluded.result_json, "
                      "updated_at = excluded.updated_at",
                      (mid, name, status, json.dumps(result), utc_now(), utc_now()))


def _spec(text: str) -> ExperimentSpec | None:
    try:
        return from_jsonable(ExperimentSpec, json.loads(text))
    except (TypeError, ValueError, KeyError):
        return None


def default_db(home: Path) -> Path:
    """``$PERFSCOUT_HOME/perfscout.db``."""
    return home / "perfscout.db"
