"""Layered configuration: defaults < config file < ``PERFSCOUT_*`` environment < command line.

Every value remembers where it came from so ``perfscout config show`` can say so. Keys are dotted
(``llm.base_url``); the environment name is ``PERFSCOUT_`` plus the key upper-cased with dots
replaced by underscores (``PERFSCOUT_LLM_BASE_URL``). The file is YAML, found at ``--config``, else
``$PERFSCOUT_CONFIG``, else ``./perfscout.yaml``, else ``$PERFSCOUT_HOME/config.yaml``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.files import MAX_YAML_BYTES, parse_structured, read_user_text
from perfscout.model.errors import ConfigError, InputError, NotFoundError

# key -> (default, type, help)
DEFAULTS: dict[str, tuple[Any, type, str]] = {
    "home": ("~/.perfscout", str, "store for snapshots, the knowledge base and studies"),
    "workspace": ("", str, "directory builds, exports, the sandbox and its audit log use "
                  "(empty: $PERFSCOUT_HOME/workspace)"),
    "policy": ("", str, "sandbox policy YAML overriding the shipped default"),
    "llm.base_url": ("", str, "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1"),
    "llm.model": ("", str, "model name sent to the endpoint"),
    "llm.api_key": ("", str, "API key (local servers accept any value)"),
    "llm.timeout_s": (300.0, float, "per-request timeout (a small local model on a busy "
                      "2-core machine needs minutes)"),
    "llm.max_retries": (1, int, "retries of a request that failed to connect, timed out or "
                        "got a 5xx answer"),
    "llm.max_tokens": (512, int, "largest reply the model may write per request"),
    "agent.max_steps": (30, int, "tool-call budget of one agent session"),
    "agent.max_tokens": (200000, int, "token budget of one agent session"),
    "agent.max_wall_s": (1800.0, float, "wall-time budget of one agent session"),
    "experiment.repetitions": (7, int, "timed repetitions per variant (before adaptive extra)"),
    "experiment.max_repetitions": (25, int, "upper bound after adaptive repetitions"),
    "experiment.warmup": (1, int, "warm-up runs discarded per variant"),
    "experiment.cv_max": (0.25, float, "reported only: noise never voids a verdict"),
    "experiment.alpha": (0.05, float, "significance level of the rank test"),
    "experiment.margin": (0.03, float, "speedups within 1 +- margin count as no difference"),
    "thresholds": ({}, dict, "overrides of the diagnosis threshold table"),
}

SENSITIVE = {"llm.api_key"}


@dataclass(frozen=True)
class Value:
    key: str
    value: Any
    source: str  # "default", "file:<path>", "env:<NAME>", "cli"


def env_name(key: str) -> str:
    return "PERFSCOUT_" + key.upper().replace(".", "_")


def _coerce(key: str, raw: Any, origin: str) -> Any:
    tp = DEFAULTS[key][1]
    if tp is dict:
        if isinstance(raw, str):
            try:
                raw = parse_structured(raw[:MAX_YAML_BYTES + 1], f"{origin}: {key}",
                                       "yaml") or {}
            except InputError as exc:
                raise ConfigError(exc.message) from None
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{origin}: {key} must be a mapping")
        return dict(raw)
    try:
        return tp(raw)
    except (TypeError, ValueError):
        raise ConfigError(
            f"{origin}: {key} must be {tp.__name__}, got {raw!r}",
            hint=f"fix the value or unset {env_name(key)}",
        ) from None


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        key = f"{prefix}{k}"
        if key in DEFAULTS:
            out[key] = v
        elif isinstance(v, Mapping):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = v
    return out


def config_file(explicit: str | None = None, env: Mapping[str, str] | None = None) -> Path | None:
    env = os.environ if env is None else env
    candidates = [explicit, env.get("PERFSCOUT_CONFIG"), "perfscout.yaml"]
    home = env.get("PERFSCOUT_HOME", DEFAULTS["home"][0])
    candidates.append(str(Path(home).expanduser() / "config.yaml"))
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    if explicit:
        raise ConfigError(f"config file {explicit} does not exist")
    return None


class Config:
    """Resolved configuration; ``get(key)`` for the value, ``values()`` for value + source."""

    def __init__(self, values: Mapping[str, Value]) -> None:
        self._values = dict(values)

    def get(self, key: str) -> Any:
        try:
            return self._values[key].value
        except KeyError:
            raise ConfigError(
                f"unknown config key {key!r}", hint="valid keys: " + ", ".join(DEFAULTS)
            ) from None

    def values(self) -> list[Value]:
        return [self._values[k] for k in DEFAULTS]

    @property
    def home(self) -> Path:
        p = Path(str(self.get("home"))).expanduser()
        return p

    @property
    def workspace(self) -> Path:
        """The one workspace: experiments build under ``workspace/experiments/ID``, exports
        point there, and the sandbox confines commands and keeps its audit log there. The
        ``workspace`` key when set, else ``$PERFSCOUT_HOME/workspace`` (not created here)."""
        raw = str(self.get("workspace") or "")
        return Path(raw).expanduser() if raw else self.home / "workspace"

    def thresholds(self) -> dict[str, Any]:
        """The configured threshold overrides as written; ``diagnose.thresholds.resolve``
        checks names and numbers (a ConfigError naming the threshold)."""
        return {str(k): v for k, v in dict(self.get("thresholds")).items()}


def load_config(
    cli: Mapping[str, Any] | None = None,
    config_path: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Config:
    """Resolve every key through the four layers."""
    env = os.environ if env is None else env
    vals = {k: Value(k, d[0], "default") for k, d in DEFAULTS.items()}
    path = config_file(config_path, env)
    if path is not None:
        try:
            raw = parse_structured(read_user_text(path, "config", limit=MAX_YAML_BYTES),
                                   f"config file {path}", "yaml") or {}
        except (InputError, NotFoundError) as exc:
            raise ConfigError(f"cannot read config file {path}: {exc.message}") from None
        if not isinstance(raw, Mapping):
            raise ConfigError(f"config file {path} must hold a mapping")
        for k, v in _flatten(raw).items():
            if k not in DEFAULTS:
                raise ConfigError(
                    f"{path}: unknown key {k!r}", hint="valid keys: " + ", ".join(DEFAULTS)
                )
            vals[k] = Value(k, _coerce(k, v, str(path)), f"file:{path}")
    for k in DEFAULTS:
        name = env_name(k)
        if name in env and env[name] != "":
            vals[k] = Value(k, _coerce(k, env[name], name), f"env:{name}")
    for k, v in (cli or {}).items():
        if v is None:
            continue
        if k not in DEFAULTS:
            raise ConfigError(f"unknown config key {k!r}")
        vals[k] = Value(k, _coerce(k, v, "command line"), "cli")
    return Config(vals)
