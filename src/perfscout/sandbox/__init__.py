"""The sandbox: every command perfscout runs goes through one policy-enforced runner.

Public API: :func:`default_runner` returns the runner stages are handed.
"""

from perfscout.sandbox.runner import default_runner

__all__ = ["default_runner"]
