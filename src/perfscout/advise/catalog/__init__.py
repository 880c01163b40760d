"""The proposal catalog; importing it registers every entry (one module per layer)."""

from perfscout.advise.catalog import (
    algorithm,
    allocation,
    app_compute,
    application,
    calls,
    checking,
    generated,
    hardware,
    logfile,
    loopopt,
    runtime,
    solver,
    sysrt,
    system,
    tallies,
    temporaries,
)
from perfscout.advise.catalog.registry import CATALOG, CatalogEntry, get_entry, proposal

__all__ = [
    "CATALOG",
    "CatalogEntry",
    "algorithm",
    "allocation",
    "app_compute",
    "application",
    "calls",
    "checking",
    "generated",
    "get_entry",
    "hardware",
    "logfile",
    "loopopt",
    "proposal",
    "runtime",
    "solver",
    "sysrt",
    "system",
    "tallies",
    "temporaries",
]
