"""``snapshot collect-script``: a POSIX sh script that saves exactly the files ``--from`` reads."""

from __future__ import annotations

import shlex

from perfscout.snapshot.registry import all_collectors


def collect_script() -> str:
    """A POSIX sh script that runs every live collector's command on the target node and saves
    its output (stdout and stderr) under the name ``--from DIR`` expects, in ``$1`` (default
    ``./perfscout-snapshot``). Missing tools just leave their file out."""
    lines = [
        "#!/bin/sh",
        "# Written by `perfscout snapshot collect-script`. Run on the node to profile, then copy",
        "# the directory back and run `perfscout snapshot --from DIR`.",
        'out="${1:-./perfscout-snapshot}"',
        'mkdir -p "$out" || exit 1',
        "export LC_ALL=C",
        "save() { f=\"$1\"; shift; command -v \"$1\" >/dev/null 2>&1 || return 0; "
        "\"$@\" >\"$out/$f\" 2>&1 || true; }",
        "savecat() { [ -r \"$2\" ] && cat \"$2\" >\"$out/$1\" 2>/dev/null || true; }",
    ]
    for c in all_collectors():
        if not c.files:
            continue
        name = c.files[0]
        if not c.argv:
            if c.env_var:
                lines.append(f'printf "%s\\n" "${{{c.env_var}:-}}" >"$out/{name}"')
            else:
                lines.append(f"command -v lstopo >/dev/null 2>&1 && lstopo --of xml "
                             f"\"$out/{name}\" 2>/dev/null || true")
            continue
        if c.argv[0] == "cat":
            lines.append(f"savecat {name} {shlex.quote(c.argv[1])}")
            continue
        argv = " ".join('"$(hostname)"' if a == "{hostname}" else shlex.quote(a)
                        for a in c.argv)
        lines.append(f"save {name} {argv}")
    lines += ['echo "perfscout: saved $(ls \"$out\" | wc -l) files in $out" >&2', ""]
    return "\n".join(lines)
