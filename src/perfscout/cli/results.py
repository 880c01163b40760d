"""The typed ``data`` of the commands whose result is small: one dataclass per command (its
field names are the JSON keys of the envelope's ``data``). Commands with a larger result keep
theirs beside their rendering (``*_view.py``) or in their own module."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GrantData:
    """``approve grant``: the token (shown once) and the stored grant."""

    token: str
    approval: Any


@dataclass(frozen=True)
class ApprovalsData:
    """``approve list``: every stored grant (tokens themselves are not stored)."""

    approvals: list[dict[str, Any]]


@dataclass(frozen=True)
class RevokedData:
    """``approve revoke``: the grant removed."""

    revoked: Any


@dataclass(frozen=True)
class AuditVerifyData:
    """``audit verify``: whether every chain holds, per log, and the records checked."""

    ok: bool
    logs: list[dict[str, Any]]
    records: int


@dataclass(frozen=True)
class AuditShowData:
    """``audit show``: one log's records."""

    log: str
    records: list[dict[str, Any]]


@dataclass(frozen=True)
class PolicyShowData:
    """``policy show``: the effective policy's defaults, rules and refusals."""

    source: str
    defaults: dict[str, Any]
    rules: list[dict[str, Any]]
    denied: dict[str, Any]
    read_only: list[str]


@dataclass(frozen=True)
class PolicyYamlData:
    """``policy show --yaml``: the shipped default policy."""

    yaml: str


@dataclass(frozen=True)
class PolicyCheckData:
    """``policy check``: the decision on one command line, in this workspace."""

    decision: Any
    argv: list[str]
    workspace: str
    limits: Any
    network: Any


@dataclass(frozen=True)
class RunData:
    """``run``: the sandboxed run's result and the audit log it was recorded in."""

    result: Any
    audit_log: str


@dataclass(frozen=True)
class ConfigData:
    """``config``: every configuration value with its origin."""

    values: list[dict[str, Any]]


@dataclass(frozen=True)
class DiffData:
    """``diff``: the functions that moved between two profiles."""

    diff: Any


@dataclass(frozen=True)
class DrillData:
    """``drill``: one function's callers, callees and paths."""

    drill: Any


@dataclass(frozen=True)
class SummariesData:
    """``summarize``: one hotspot summary per input, and the inputs skipped with the reason."""

    summaries: list[Any]
    skipped: Any


@dataclass(frozen=True)
class ToolsData:
    """``mcp --check``: the tools served, with their input schemas."""

    tools: list[dict[str, Any]]


@dataclass(frozen=True)
class InitData:
    """``init``: the spec written, its content and what was guessed."""

    spec_file: str
    spec: dict[str, Any]
    guessed: list[str]


@dataclass(frozen=True)
class SessionsData:
    """``session status`` without an id: every session's status."""

    sessions: list[dict[str, Any]]
