"""The one form perfscout records a moment in: UTC to the second, ``2026-12-03T19:04:11Z``.

Stored records (cards, migrations, session steps), snapshots and the nightly triage summary
stamp their time with :func:`utc_now`, so every file and table reads and sorts the same way.
"""

from __future__ import annotations

import datetime as _dt

UTC_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def utc_now() -> str:
    """Now, in UTC, as :data:`UTC_FORMAT` (``2026-12-03T19:04:11Z``)."""
    return _dt.datetime.now(_dt.UTC).strftime(UTC_FORMAT)
