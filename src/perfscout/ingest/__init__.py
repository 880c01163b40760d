"""Ingest: every profiler format is an adapter into one normalized :class:`Profile`.

Public API: :func:`load` (detect the format by content and parse), :func:`detect`,
:func:`adapters` (the registry), :class:`Adapter` (the base class a new format subclasses).
"""

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import adapters, detect, get_adapter, load, register_adapter

__all__ = ["Adapter", "adapters", "detect", "get_adapter", "load", "register_adapter"]
