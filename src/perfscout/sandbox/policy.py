"""The sandbox policy as validated data: executables, argument rules, env, limits, paths.

Load it with :func:`load_policy` (the shipped ``default_policy.yaml`` or a user file named by the
``policy`` config key / ``--policy``). Validation is strict: an unknown key anywhere is a
:class:`ConfigError` naming the key and its place, so a typo never silently widens or narrows
what may run. The schema is documented in ``docs/sandbox.md``.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from perfscout.files import MAX_YAML_BYTES, parse_structured, read_user_text
from perfscout.model.errors import ConfigError, InputError, NotFoundError
from perfscout.model.taxonomy import PROPOSAL_ENV

POSITIONAL_KINDS = ("none", "any", "read", "write", "workspace", "program", "choices")
VALUE_KINDS = ("any", "read", "write", "workspace", "env", "program")
DEFAULT_POLICY = "default_policy.yaml"


@dataclass(frozen=True)
class Limits:
    """Resource limits applied in the child before exec (``None``: leave unlimited)."""

    address_space_mb: int | None = None
    cpu_s: int | None = None
    nproc: int | None = None
    nofile: int | None = None
    fsize_mb: int | None = None
    # the whole process tree's memory (a per-run memory cgroup), which no process of the tree
    # can raise or leave, unlike the per-process address-space rlimit
    memory_mb: int | None = None

    def override(self, other: Limits) -> Limits:
        """``self`` with every value that ``other`` sets replaced."""
        vals = {f.name: getattr(other, f.name) for f in dataclasses.fields(self)
                if getattr(other, f.name) is not None}
        return dataclasses.replace(self, **vals)

    def widest(self, other: Limits) -> Limits:
        """The per-field maximum (a wrapper and its program share one set of limits)."""
        vals: dict[str, int | None] = {}
        for f in dataclasses.fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            vals[f.name] = None if a is None or b is None else max(a, b)
        return Limits(**vals)


@dataclass(frozen=True)
class ValueSpec:
    """What an option's value must be: a kind (``read``, ``write``, ...) or a list of choices."""

    kind: str = "any"
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class ArgRule:
    """How the arguments of one executable (or one of its subcommands) are checked."""

    name: str
    flags: tuple[str, ...] = ()  # globs of allowed options without a value
    values: Mapping[str, ValueSpec] = field(default_factory=dict)  # option -> value spec
    keyvalue: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # opt K V: bad K
    deny: Mapping[str, str] = field(default_factory=dict)  # option glob -> reason
    positionals: str = "none"
    choices: tuple[str, ...] = ()
    min_positionals: int = 0
    max_positionals: int | None = None
    deny_positionals: Mapping[str, str] = field(default_factory=dict)
    approval: str | None = None
    network: bool = False
    limits: Limits = field(default_factory=Limits)
    timeout_s: float | None = None


@dataclass(frozen=True)
class Executable:
    """One allowed program: the names it answers to, its top-level rule and its subcommands."""

    key: str
    names: tuple[str, ...]
    rule: ArgRule
    subcommands: Mapping[str, ArgRule] = field(default_factory=dict)


#: The names a proposal of any kind may set, from their one declaration
#: (``model.taxonomy.PROPOSAL_ENV``): every env policy passes them, whatever its own lists say,
#: so a proposal's change reaches the program it is measured on. The declaration names no
#: program, library or file something loads (its own rule, tested there).
PROPOSAL_NAMES = tuple(dict.fromkeys(p for pats in PROPOSAL_ENV.values() for p in pats))


def _globs(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One regex matching a name any of the fnmatch ``patterns`` matches (none: nothing)."""
    if not patterns:
        return re.compile(r"(?!)")
    return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))


@dataclass(frozen=True)
class EnvPolicy:
    """Which environment variables reach a program: the names proposals may set
    (:data:`PROPOSAL_NAMES`), and the ``allow`` globs less the ``deny`` ones; ``force`` is
    set last."""

    allow: tuple[str, ...] = ()  # globs of variable names passed through
    deny: tuple[str, ...] = ()  # globs always dropped (wins over allow, not over proposals)
    force: Mapping[str, str] = field(default_factory=dict)

    @functools.cached_property
    def _compiled(self) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
        return _globs(PROPOSAL_NAMES), _globs(self.allow), _globs(self.deny)

    def passes(self, name: str) -> bool:
        """``name`` reaches the program."""
        declared, allow, deny = self._compiled
        return declared.match(name) is not None or (
            deny.match(name) is None and allow.match(name) is not None)

    def denied(self, name: str) -> bool:
        """``name`` is dropped by the deny list (recorded in the audit log when it is)."""
        declared, _allow, deny = self._compiled
        return declared.match(name) is None and deny.match(name) is not None


@dataclass(frozen=True)
class Policy:
    """The whole policy; ``source`` says which file it came from."""

    source: str
    search_path: tuple[str, ...]
    read_only: tuple[str, ...]
    env: EnvPolicy
    limits: Limits
    timeout_s: float
    total_budget_s: float | None
    output_cap_bytes: int
    network: bool
    executables: Mapping[str, Executable]
    denied: Mapping[str, str]  # executable name -> reason
    workspace_programs: ArgRule
    allow_scripts: bool = False

    def by_name(self, name: str) -> Executable | None:
        """The entry answering to the executable basename ``name``."""
        for exe in self.executables.values():
            if name in exe.names:
                return exe
        return None


def policy_scopes(policy: Policy) -> set[str]:
    """The approval scopes the policy's rules name (``approval: SCOPE``)."""
    out: set[str] = set()
    for exe in policy.executables.values():
        for rule in (exe.rule, *exe.subcommands.values()):
            if rule.approval:
                out.add(rule.approval)
    return out


def timeout_problem(value: object, cap: float) -> str | None:
    """Why ``value`` is not a usable timeout under ``cap`` seconds, or None (None: use cap).

    A timeout must be a finite number of seconds, above 0 and at most the policy's (or the
    rule's) cap: 0, negative, NaN or infinite values would turn the kill off or fire it
    before the program could run, and a higher one would override the policy.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"timeout {value!r} is not a number of seconds"
    if value != value or value in (float("inf"), float("-inf")):
        return f"timeout {value!r} is not a finite number of seconds"
    if value <= 0:
        return f"timeout {value:g} s must be above 0"
    if value > cap:
        return f"timeout {value:g} s is above the policy's cap of {cap:g} s for this command"
    return None


# ---- validation ---------------------------------------------------------------------------

def _check_keys(where: str, data: Any, allowed: set[str]) -> dict[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ConfigError(f"policy {where}: must be a mapping, got {type(data).__name__}")
    for k in data:
        if k not in allowed:
            raise ConfigError(
                f"policy {where}: unknown key {k!r}",
                hint="valid keys here: " + ", ".join(sorted(allowed)),
            )
    return dict(data)


def _strs(where: str, v: Any) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list) or not all(isinstance(x, (str, int, float)) for x in v):
        raise ConfigError(f"policy {where}: must be a list of strings")
    return tuple(str(x) for x in v)


def _str_map(where: str, v: Any) -> dict[str, str]:
    if v is None:
        return {}
    if isinstance(v, list):
        return {str(x): "" for x in v}
    if not isinstance(v, Mapping):
        raise ConfigError(f"policy {where}: must be a mapping or a list")
    return {str(k): "" if x is None else str(x) for k, x in v.items()}


def _int_or_none(where: str, v: Any) -> int | None:
    if v is None or v == "unlimited":
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ConfigError(f"policy {where}: must be a non-negative integer or 'unlimited'")
    return v


def _limits(where: str, data: Any) -> Limits:
    names = {f.name for f in dataclasses.fields(Limits)}
    d = _check_keys(where, data, names)
    return Limits(**{k: _int_or_none(f"{where}.{k}", v) for k, v in d.items()})


def _value_spec(where: str, v: Any) -> ValueSpec:
    if isinstance(v, list):
        return ValueSpec("choices", _strs(where, v))
    if v is None:
        return ValueSpec("any")
    if not isinstance(v, str) or v not in VALUE_KINDS:
        raise ConfigError(f"policy {where}: unknown value kind {v!r}",
                          hint="use one of " + ", ".join(VALUE_KINDS) + " or a list of choices")
    return ValueSpec(v)


RULE_KEYS = {"flags", "values", "keyvalue", "deny", "positionals", "choices", "min_positionals",
             "max_positionals", "deny_positionals", "approval", "network", "limits",
             "timeout_s"}


def _rule(where: str, name: str, data: Any, extra: set[str] = frozenset()) -> ArgRule:  # type: ignore[assignment]
    d = _check_keys(where, data, RULE_KEYS | set(extra))
    pos = d.get("positionals", "none")
    if pos not in POSITIONAL_KINDS:
        raise ConfigError(f"policy {where}.positionals: unknown kind {pos!r}",
                          hint="use one of " + ", ".join(POSITIONAL_KINDS))
    values_raw = d.get("values") or {}
    if not isinstance(values_raw, Mapping):
        raise ConfigError(f"policy {where}.values: must be a mapping option -> kind")
    kv_raw = d.get("keyvalue") or {}
    if not isinstance(kv_raw, Mapping):
        raise ConfigError(f"policy {where}.keyvalue: must be a mapping option -> denied keys")
    timeout = d.get("timeout_s")
    if timeout is not None and (not isinstance(timeout, (int, float)) or timeout <= 0):
        raise ConfigError(f"policy {where}.timeout_s: must be a positive number")
    approval = d.get("approval")
    if approval is not None and not isinstance(approval, str):
        raise ConfigError(f"policy {where}.approval: must be a scope name")
    network = d.get("network", False)
    if not isinstance(network, bool):
        raise ConfigError(f"policy {where}.network: must be true or false")
    return ArgRule(
        name=name,
        flags=_strs(f"{where}.flags", d.get("flags")),
        values={str(k): _value_spec(f"{where}.values.{k}", v) for k, v in values_raw.items()},
        keyvalue={str(k): _strs(f"{where}.keyvalue.{k}", v) for k, v in kv_raw.items()},
        deny=_str_map(f"{where}.deny", d.get("deny")),
        positionals=str(pos),
        choices=_strs(f"{where}.choices", d.get("choices")),
        min_positionals=_int_or_none(f"{where}.min_positionals", d.get("min_positionals")) or 0,
        max_positionals=_int_or_none(f"{where}.max_positionals", d.get("max_positionals")),
        deny_positionals=_str_map(f"{where}.deny_positionals", d.get("deny_positionals")),
        approval=approval,
        network=network,
        limits=_limits(f"{where}.limits", d.get("limits")),
        timeout_s=float(timeout) if timeout is not None else None,
    )


TOP_KEYS = {"version", "search_path", "read_only", "env", "defaults", "executables", "deny",
            "workspace_programs"}
DEFAULT_KEYS = {"timeout_s", "total_budget_s", "output_cap_bytes", "network", "limits"}


def parse_policy(data: Any, source: str) -> Policy:
    """Validate a decoded YAML document and build the :class:`Policy`."""
    top = _check_keys("(top level)", data, TOP_KEYS)
    if top.get("version", 1) != 1:
        raise ConfigError(f"policy {source}: version {top.get('version')!r} is not supported",
                          hint="this perfscout reads policy version 1")
    env = _check_keys("env", top.get("env"), {"allow", "deny", "force"})
    force = env.get("force") or {}
    if not isinstance(force, Mapping):
        raise ConfigError("policy env.force: must be a mapping NAME -> value")
    dflt = _check_keys("defaults", top.get("defaults"), DEFAULT_KEYS)
    exes: dict[str, Executable] = {}
    raw_exes = top.get("executables") or {}
    if not isinstance(raw_exes, Mapping):
        raise ConfigError("policy executables: must be a mapping name -> rule")
    for key, spec in raw_exes.items():
        where = f"executables.{key}"
        d = _check_keys(where, spec, RULE_KEYS | {"names", "subcommands"})
        subs_raw = d.pop("subcommands", None) or {}
        if not isinstance(subs_raw, Mapping):
            raise ConfigError(f"policy {where}.subcommands: must be a mapping")
        names = _strs(f"{where}.names", d.pop("names", None)) or (str(key),)
        subs = {str(s): _rule(f"{where}.subcommands.{s}", f"exe:{key}/{s}", r)
                for s, r in subs_raw.items()}
        exes[str(key)] = Executable(str(key), names, _rule(where, f"exe:{key}", d), subs)
    wp = _check_keys("workspace_programs", top.get("workspace_programs"),
                     RULE_KEYS | {"allow_scripts"})
    allow_scripts = bool(wp.pop("allow_scripts", False))
    total = dflt.get("total_budget_s")
    return Policy(
        source=source,
        search_path=_strs("search_path", top.get("search_path"))
        or ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"),
        read_only=_strs("read_only", top.get("read_only")),
        env=EnvPolicy(_strs("env.allow", env.get("allow")), _strs("env.deny", env.get("deny")),
                      {str(k): str(v) for k, v in force.items()}),
        limits=_limits("defaults.limits", dflt.get("limits")),
        timeout_s=float(dflt.get("timeout_s", 120)),
        total_budget_s=float(total) if total is not None else None,
        output_cap_bytes=int(dflt.get("output_cap_bytes", 1 << 20)),
        network=bool(dflt.get("network", False)),
        executables=exes,
        denied=_str_map("deny", top.get("deny")),
        workspace_programs=_rule("workspace_programs", "exe:workspace-program", wp),
        allow_scripts=allow_scripts,
    )


def default_policy_text() -> str:
    """The shipped default policy, as YAML text."""
    return resources.files("perfscout.sandbox").joinpath(DEFAULT_POLICY).read_text()


def load_policy(path: str | Path | None = None) -> Policy:
    """The policy at ``path``, or the shipped default when ``path`` is empty.

    A user file replaces the default as a whole (start from ``perfscout policy show --yaml``);
    there is no merging, so what the file says is exactly what is allowed.
    """
    if not path:
        text, source = default_policy_text(), f"default ({DEFAULT_POLICY})"
    else:
        p = Path(path).expanduser()
        try:
            text = read_user_text(p, "policy", limit=MAX_YAML_BYTES,
                                  hint="fix the 'policy' config key or --policy")
        except NotFoundError as exc:
            raise ConfigError(exc.message, exc.hint) from None
        source = str(p)
    return _parse_text(text, source)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=16)
def _parse_text(text: str, source: str) -> Policy:
    """Parse and validate once per distinct text (a Policy is immutable, so it is shared)."""
    try:
        data = parse_structured(text, f"policy {source}", "yaml")
    except InputError as exc:
        raise ConfigError(exc.message, exc.hint) from None
    try:
        return parse_policy(data, source)
    except ConfigError as exc:
        raise ConfigError(f"{exc.message} (in {source})", exc.hint) from None
