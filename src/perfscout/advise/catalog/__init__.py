"""The proposal catalog; importing it registers every entry (one module per layer)."""

from perfscout.advise.catalog import (
    algorithm,
    application,
    calls,
    generated,
    hardware,
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
           "calls",
           "generated",
           "get_entry",
           "hardware",
           "loopopt",
           "proposal",
           "runtime",
           "solver",
           "system",
]
