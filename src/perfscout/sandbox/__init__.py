"""The sandbox: every command perfscout runs goes through one policy-enforced runner.

Public API: :func:`default_runner` returns the runner stages are handed;
:class:`LocalRunner`, :func:`load_policy`, :class:`Evaluator`, :class:`AuditLog` and
:func:`verify` are the reusable pieces; :func:`grant_token` / :func:`check_token` gate commands
that need a person's approval.
"""

from perfscout.sandbox.approval import check_token, grant_token
from perfscout.sandbox.audit import AuditLog, verify
from perfscout.sandbox.evaluate import Evaluator, Verdict
from perfscout.sandbox.local_runner import LocalRunner, build_env
from perfscout.sandbox.policy import Limits, Policy, load_policy
from perfscout.sandbox.runner import default_runner
from perfscout.sandbox.shellwords import split_command

__all__ = ["AuditLog", "Evaluator", "Limits", "LocalRunner", "Policy", "Verdict", "build_env",
           "check_token", "default_runner", "grant_token", "load_policy", "split_command",
           "verify"]
