"""The knowledge base's tables, versioned under the component ``kb`` of the shared database.

The KB lives in the same SQLite file as the experiment store (``$PERFSCOUT_HOME/perfscout.db``)
and uses the store's ``migrations`` table, so each component upgrades on its own. Migrations are
append-only: a new version adds columns or tables and never drops a card.
"""

from __future__ import annotations

import sqlite3

from perfscout.experiment.store import migrate

COMPONENT = "kb"

MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE kb_cards (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, proposal_id TEXT NOT NULL,
        scope TEXT NOT NULL DEFAULT '', problem TEXT NOT NULL DEFAULT '',
        evidence_json TEXT NOT NULL DEFAULT '[]', proposal_json TEXT NOT NULL DEFAULT '{}',
        expected_low REAL, expected_high REAL, expected_basis TEXT NOT NULL DEFAULT '',
        actual REAL, actual_low REAL, actual_high REAL, verdict TEXT NOT NULL,
        platform_key TEXT NOT NULL, commits_json TEXT NOT NULL DEFAULT '[]',
        experiments_json TEXT NOT NULL DEFAULT '[]'
    );
    CREATE INDEX kb_cards_proposal ON kb_cards (proposal_id, platform_key);
    """,
    2: """
    ALTER TABLE kb_cards ADD COLUMN cpu TEXT NOT NULL DEFAULT '';
    ALTER TABLE kb_cards ADD COLUMN compiler TEXT NOT NULL DEFAULT '';
    ALTER TABLE kb_cards ADD COLUMN mpi TEXT NOT NULL DEFAULT '';
    ALTER TABLE kb_cards ADD COLUMN stage TEXT NOT NULL DEFAULT '';
    ALTER TABLE kb_cards ADD COLUMN reasons_json TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE kb_cards ADD COLUMN run_id TEXT NOT NULL DEFAULT '';
    UPDATE kb_cards SET
        cpu = substr(platform_key, 1, instr(platform_key, '|') - 1)
        WHERE instr(platform_key, '|') > 0;
    CREATE TABLE kb_runs (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, created_at TEXT NOT NULL,
        platform_key TEXT NOT NULL DEFAULT '', data_json TEXT NOT NULL
    );
    """,
}

SCHEMA_VERSION = max(MIGRATIONS)


def upgrade(conn: sqlite3.Connection) -> None:
    """Bring the KB tables of ``conn`` to :data:`SCHEMA_VERSION` (no-op when current)."""
    migrate(conn, COMPONENT, MIGRATIONS)


def version(conn: sqlite3.Connection) -> int:
    """The KB schema version recorded in ``conn`` (0: no KB tables yet)."""
    try:
        row = conn.execute("SELECT max(version) FROM migrations WHERE component = ?",
                           (COMPONENT,)).fetchone()
    except sqlite3.OperationalError:
        return 0
    return int(row[0] or 0)
