"""The threshold table is the one place a diagnosis judgement constant lives.

Every entry is read by some rule (by its name, outside the table), and no rule compares a
measured quantity with a number of its own: a float literal in a comparison in
``diagnose/`` is a judgement constant that belongs in the table, where a user can override it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from perfscout.diagnose.thresholds import DEFAULTS

PKG = Path(__file__).resolve().parents[2] / "src" / "perfscout"
TABLE = PKG / "diagnose" / "thresholds.py"
#: functions whose numbers are not judgements (how a value is printed)
NOT_JUDGEMENTS = {("common.py", "fmt")}


def _sources() -> dict[Path, str]:
    return {p: p.read_text() for p in sorted(PKG.rglob("*.py")) if p != TABLE}


def literal_comparisons(path: Path) -> list[str]:
    """``file:line: code`` for every comparison holding a float literal other than 0."""
    tree = ast.parse(path.read_text())
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef) or (path.name, fn.name) in NOT_JUDGEMENTS:
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Compare) and any(
                    isinstance(c, ast.Constant) and isinstance(c.value, float) and c.value != 0.0
                    for c in ast.walk(node)):
                out.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return sorted(set(out))


def test_every_threshold_is_read_by_name_outside_the_table() -> None:
    from perfscout.diagnose.crossval import own_bound
    from perfscout.diagnose.kinds import KINDS

    text = "\n".join(_sources().values())
    # a kind's confirming pair may bound its family's value by a threshold (crossval reads it)
    bounds = {b[2] for k in KINDS.values() for c in k.confirms
              if (b := own_bound(c.partition(":")[2])) is not None}
    unread = [n for n in DEFAULTS if f'"{n}"' not in text and f"'{n}'" not in text
              and n not in bounds]
    assert not unread, f"table entries nothing reads: {unread}"


def test_no_rule_compares_with_a_number_of_its_own() -> None:
    found = [hit for p in sorted((PKG / "diagnose").rglob("*.py")) if p != TABLE
             for hit in literal_comparisons(p)]
    assert not found, "judgement constants outside the threshold table:\n" + "\n".join(found)


def test_the_literal_check_sees_a_hidden_constant(tmp_path: Path) -> None:
    rule = tmp_path / "rule.py"
    rule.write_text("def r(ipc: float, n: int) -> bool:\n"
                    "    return ipc < 1.0 or n >= 2 or ipc * 1.15 > n or ipc > 0.0\n")
    assert literal_comparisons(rule) == ["rule.py:2: ipc * 1.15 > n", "rule.py:2: ipc < 1.0"]
