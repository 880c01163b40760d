"""Error types with named exit codes.

Every stage raises a subclass of :class:`PerfscoutError` for problems a user can fix. The CLI
turns them into a one-line message plus a hint and the matching exit code, never a traceback.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit codes; documented in README (section "Exit codes")."""

    OK = 0
    FAILURE = 1  # the command ran but its verdict is negative (e.g. audit chain broken)
    USAGE = 2  # bad command line
    INPUT = 3  # malformed or unrecognised input file
    NOT_FOUND = 4  # a named file, id or store entry does not exist
    TOOL_MISSING = 5  # an external tool the command needs is absent
    POLICY_DENIED = 6  # the sandbox policy refused a command
    RUN_FAILED = 7  # a command ran and failed (non-zero exit, signal)
    TIMEOUT = 8  # a time budget was exceeded
    APPROVAL_REQUIRED = 9  # the action needs an approval that was not given
    CONFIG = 10  # invalid configuration or policy file
    CONFLICT = 11  # state conflict (dirty git tree, lock held, ...)
    LLM = 12  # the model endpoint failed or answered nonsense
    INTERNAL = 70  # a bug in perfscout
    INTERRUPTED = 130  # Ctrl-C


class PerfscoutError(Exception):
    """A failure with a one-line cause, a hint on what to do, and an exit code."""

    exit_code: ExitCode = ExitCode.FAILURE

    def __init__(self, message: str, hint: str = "", exit_code: ExitCode | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        if exit_code is not None:
            self.exit_code = exit_code

    def to_dict(self) -> dict[str, object]:
        return {
            "type": type(self).__name__,
            "message": self.message,
            "hint": self.hint,
            "exit_code": int(self.exit_code),
        }


class UsageError(PerfscoutError):
    exit_code = ExitCode.USAGE


class InputError(PerfscoutError):
    """Malformed, truncated or unrecognised input (profile, snapshot dir, spec)."""

    exit_code = ExitCode.INPUT


class BinaryInputError(InputError):
    """A binary tool output perfscout reads only as text (gprof's gmon.out, perf.data, an
    executable): ``command`` is the exact argv that turns it into text, ``reads_as`` the input
    format that reads the result."""

    def __init__(self, message: str, command: tuple[str, ...], reads_as: str) -> None:
        super().__init__(message, hint=f"run `{' '.join(command)} > OUT.txt` and pass OUT.txt")
        self.command = command
        self.reads_as = reads_as


class ParseError(InputError):
    """A parser could not read a file: names the file, the line and what was expected."""

    def __init__(
        self, path: str, line: int | None, expected: str, found: str = "", hint: str = ""
    ) -> None:
        where = f"{path}:{line}" if line is not None else path
        msg = f"{where}: expected {expected}"
        if found:
            msg += f", found {found!r}"
        super().__init__(msg, hint or "check that the file is complete and of the named format")
        self.path = path
        self.line = line
        self.expected = expected
        self.found = found


class NotFoundError(PerfscoutError):
    exit_code = ExitCode.NOT_FOUND


class ToolMissingError(PerfscoutError):
    exit_code = ExitCode.TOOL_MISSING


class PolicyDenied(PerfscoutError):
    exit_code = ExitCode.POLICY_DENIED


class RunFailed(PerfscoutError):
    exit_code = ExitCode.RUN_FAILED


class BudgetExceeded(PerfscoutError):
    exit_code = ExitCode.TIMEOUT


class ApprovalRequired(PerfscoutError):
    exit_code = ExitCode.APPROVAL_REQUIRED


class ConfigError(PerfscoutError):
    exit_code = ExitCode.CONFIG


class StateConflict(PerfscoutError):
    exit_code = ExitCode.CONFLICT


class LLMError(PerfscoutError):
    exit_code = ExitCode.LLM
