"""The proposal catalog; importing it registers every entry (one module per layer)."""

from perfscout.advise.catalog import (
    algorithm,
    application,
    generated,
    hardware,
    logfile,
    loopopt,
    runtime,
    solver,
    system,
)
from perfscout.advise.catalog.registry import CATALOG, CatalogEntry, get_entry, proposal

__all__ = [
           "CATALOG",
           "CatalogEntry",
           "algorithm",
           "application",
           "generated",
           "get_entry",
           "hardware",
           "logfile",
           "loopopt",
           "proposal",
           "runtime",
           "solver",
           "system",
]
