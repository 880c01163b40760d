"""Diagnosis rules, one module per layer; importing this package registers them all."""

from perfscout.diagnose.rules import (  # noqa: F401
    algorithm,
    application,
    contention,
    hardware,
    machine_load,
    runtime,
    system,
    threads_lowered,
    traced,
)
