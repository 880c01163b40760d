"""Options given before the subcommand (``perfscout --debug --config F ...``)."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass
class GlobalOptions:
    debug: bool = bool(os.environ.get("PERFSCOUT_DEBUG"))
    config_path: str | None = None


OPTIONS = GlobalOptions()
