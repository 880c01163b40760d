"""Turning a command string into argv without ever giving it to a shell."""

from __future__ import annotations

import shlex

from perfscout.model.errors import PolicyDenied

SHELL_SYNTAX = (";", "|", "&", "<", ">", "`", "$", "(", ")", "{", "}", "*", "?", "[", "]", "~",
                "!", "#", "\n", "\r")


def split_command(text: str) -> tuple[str, ...]:
    """``shlex`` split of ``text``; any shell syntax (pipes, ``$()``, globs, ...) is refused.

    Commands run without a shell, so syntax that only a shell would interpret means the caller
    expected something that will not happen; refusing it is clearer than running it literally.
    """
    for ch in SHELL_SYNTAX:
        if ch in text:
            raise PolicyDenied(
                f"command string contains the shell metacharacter {ch!r}; commands run "
                "without a shell", "give the program and its arguments as separate words")
    try:
        argv = tuple(shlex.split(text))
    except ValueError as exc:
        raise PolicyDenied(f"cannot split the command string: {exc}",
                           "balance the quotes") from None
    if not argv:
        raise PolicyDenied("empty command")
    return argv
