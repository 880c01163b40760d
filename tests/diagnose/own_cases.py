"""Reading the project's own recorded cases (``tests/diagnose/data/diagNN/<case>``: a ``data/``
folder of tool outputs and the ``platform.json`` snapshot taken beside them) the way ``perfscout
analyze`` does, for the diagNN tests."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from perfscout.ingest.registry import load
from perfscout.model.metrics import Profile
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import Analysis, analyze
from perfscout.sandbox import default_runner


def one_profile(path: Path) -> Profile:
    """The one profile an adapter reads from ``path`` (a test fails on none or several)."""
    got = load(str(path))
    profiles = [p for p in (got if isinstance(got, (list, tuple)) else [got])
                if isinstance(p, Profile)]
    assert len(profiles) == 1, profiles
    return profiles[0]


def analyze_case(case: Path, files: list[Path] | None = None) -> Analysis:
    """``analyze`` on a case's files (all of ``data/`` unless named) with its snapshot."""
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((case / "platform.json").read_text())["data"])
    with tempfile.TemporaryDirectory(prefix="perfscout-case-") as ws:
        return analyze(files or sorted((case / "data").iterdir()), snapshot=snap,
                       runner=default_runner(Path(ws)))
