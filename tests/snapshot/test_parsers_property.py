"""Random mutations of the corpus lscpu files never make a parser raise anything but
ParseError (the documented error type), and --from never turns them into a traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perfscout.model.errors import ParseError
from perfscout.snapshot.parse_lscpu import parse_lscpu, parse_lscpu_e
from perfscout.snapshot.parse_topology import (
    parse_likwid_topology,
    parse_lstopo,
    parse_numactl,
)
from perfscout.snapshot.textutil import Facts

_SPECIAL = ["", "-", "²", "١٢", "0-", "-5", "1e9", "99999999999999999999", "否", "是", "K",
            "(0 instances)", "0:0", "nan", "\x00", "\ufffd"]
_junk = st.one_of(
    st.sampled_from(_SPECIAL),
    st.text(alphabet=st.sampled_from(list(":：,-() \t\n0123456789abcXYZ是否#*[]|²١")),
            max_size=40),
)


def mutate(draw: st.DrawFn, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.sampled_from(["cut", "insert", "delete", "swaplines", "dupline", "token"]))
        n = len(text)
        i = draw(st.integers(0, max(n - 1, 0)))
        if op == "cut":
            text = text[:i]
        elif op == "insert":
            text = text[:i] + draw(_junk) + text[i:]
        elif op == "token":  # replace one whitespace-separated token of one line
            lines = text.splitlines() or [""]
            j = draw(st.integers(0, len(lines) - 1))
            toks = lines[j].split(" ")
            toks[draw(st.integers(0, len(toks) - 1))] = draw(_junk)
            lines[j] = " ".join(toks)
            text = "\n".join(lines)
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 200)):]
        else:
            lines = text.splitlines()
            if len(lines) > 1:
                j = draw(st.integers(0, len(lines) - 1))
                k = draw(st.integers(0, len(lines) - 1))
                if op == "swaplines":
                    lines[j], lines[k] = lines[k], lines[j]
                else:
                    lines.insert(k, lines[j])
                text = "\n".join(lines)
    return text


def _check(parse: object, text: str) -> None:
    try:
        facts: Facts = parse(text, "mutated")  # type: ignore[operator]
    except ParseError as exc:
        assert exc.message
        return
    assert isinstance(facts, dict) and facts


def _texts(corpus: Path, *prefixes: str) -> list[str]:
    topo = corpus / "topology"
    return [p.read_text() for pre in prefixes for p in sorted(topo.glob(pre + "*"))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_lscpu_parsers_only_raise_parse_error(corpus: Path, data: st.DataObject) -> None:
    text = mutate(data.draw, _texts(corpus, "lscpu-"))
    _check(parse_lscpu, text)
    _check(parse_lscpu_e, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_topology_parsers_only_raise_parse_error(corpus: Path, data: st.DataObject) -> None:
    text = mutate(data.draw, _texts(corpus, "numactl-", "lstopo-", "machine-state-"))
    for parse in (parse_numactl, parse_lstopo, parse_likwid_topology):
        _check(parse, text)


def test_non_ascii_digits_are_not_cpu_ids() -> None:
    """"²".isdigit() is True but int("²") fails: such rows are skipped, not a crash."""
    facts = parse_lscpu_e("CPU NODE SOCKET CORE\n²  0 0 0\n1 0 0 0\n0 ١ 0 1\n")
    assert facts["cpu.total_cpus"] == 2
