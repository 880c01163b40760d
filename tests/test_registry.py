"""The one registry contract: every plugin family refuses a duplicate name and answers a miss
with the one error type, :class:`UnknownName`, whose hint lists the valid names.

Each family is driven through its own public API (its decorator or ``register`` and its lookup),
so a family that goes back to a hand-written dict fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from perfscout.advise.catalog import CATALOG, get_entry, proposal
from perfscout.advise.preconditions import PRECONDITIONS, evaluate, precondition
from perfscout.model.errors import ExitCode, NotFoundError
from perfscout.model.taxonomy import Layer
from perfscout.registry import DuplicateName, Registry, UnknownName
from perfscout.snapshot import all_collectors, get_collector
from perfscout.snapshot.registry import Collector, register


@dataclass(frozen=True)
class Family:
    """One converted plugin family: its registry, a way to re-register a taken name through
    the family's own API, and its lookup."""

    name: str
    registry: Registry[object]
    register_again: Callable[[str], object]
    lookup: Callable[[str], object]


def _collector_again(name: str) -> None:
    register(Collector(name, get_collector(name).parse))


def _proposal_again(name: str) -> None:
    e = CATALOG[name]
    proposal(name, layer=e.layer, kind=e.kind)(e.build)


def _precondition_again(name: str) -> None:
    precondition(name)(PRECONDITIONS[name])


def _evaluate_one(name: str) -> object:
    return evaluate((name,), facts=None, scope="")  # type: ignore[arg-type]  # never reached


def _tool_again(name: str) -> None:
    from perfscout.agent.tools import TOOLS

    TOOLS.register(name, TOOLS[name])


def _tool_lookup(name: str) -> object:
    from perfscout.agent.tools import TOOLS

    return TOOLS[name]


def _families() -> list[Family]:
    from perfscout.agent.tools import TOOLS
    from perfscout.snapshot.registry import _REGISTRY as collectors

    all_collectors()  # loads the built-in collectors
    return [
        Family("snapshot collectors", collectors, _collector_again, get_collector),  # type: ignore[arg-type]
        Family("proposal catalog", CATALOG, _proposal_again, get_entry),  # type: ignore[arg-type]
        Family("preconditions", PRECONDITIONS, _precondition_again, _evaluate_one),  # type: ignore[arg-type]
        Family("agent tools", TOOLS, _tool_again, _tool_lookup),  # type: ignore[arg-type]
    ]


FAMILIES = _families()


@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
def test_family_refuses_a_duplicate_and_keeps_the_first(family: Family) -> None:
    assert isinstance(family.registry, Registry)
    assert len(family.registry) >= 2, "the family registered its built-ins"
    taken = family.registry.names()[0]
    before = family.registry[taken]
    with pytest.raises(DuplicateName, match=repr(taken)):
        family.register_again(taken)
    assert family.registry[taken] is before
    assert len(family.registry.names()) == len(set(family.registry))


@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
def test_family_miss_is_unknown_name_listing_every_valid_name(family: Family) -> None:
    with pytest.raises(UnknownName) as exc:
        family.lookup("no such name")
    err = exc.value
    assert err.name == "no such name" and err.kind == family.registry.kind
    assert err.valid == family.registry.names()
    for n in family.registry.names():
        assert n in err.hint
    assert err.exit_code == ExitCode.NOT_FOUND


def test_registry_keeps_order_and_reads_like_a_mapping() -> None:
    reg: Registry[int] = Registry("widget")
    assert reg.register("b", 2) == 2
    reg.register("a", 1)
    assert list(reg) == ["b", "a"] and reg.names() == ("a", "b")
    assert "a" in reg and "z" not in reg and len(reg) == 2
    assert reg.get("z") is None and reg.get("z", 9) == 9 and reg.get("a") == 1
    assert dict(reg.items()) == {"b": 2, "a": 1}


def test_unknown_name_is_one_line_for_the_cli_and_for_key_error_callers() -> None:
    reg: Registry[int] = Registry("widget")
    reg.register("alpha", 1)
    reg.register("beta", 2)
    with pytest.raises(UnknownName) as exc:
        reg["gamma"]
    err = exc.value
    assert isinstance(err, NotFoundError) and isinstance(err, KeyError)
    assert str(err) == "unknown widget 'gamma'; valid: alpha, beta"
    assert err.to_dict()["message"] == "unknown widget 'gamma'"
    assert err.to_dict()["hint"] == "valid: alpha, beta"


def test_duplicate_is_a_value_error_naming_the_family() -> None:
    reg: Registry[int] = Registry("widget")
    reg.register("alpha", 1)
    with pytest.raises(DuplicateName) as exc:
        reg.register("alpha", 2)
    assert isinstance(exc.value, ValueError)
    assert "widget 'alpha'" in str(exc.value)
    assert reg["alpha"] == 1


def test_proposal_refused_before_registration_leaves_no_entry() -> None:
    with pytest.raises(ValueError, match="no finding kind"):  # no kind in kinds.py names it
        proposal("not_registered", layer=Layer.HARDWARE, kind="env")
    assert "not_registered" not in CATALOG


def test_proposal_naming_an_unknown_precondition_is_refused_listing_the_valid_ones() -> None:
    with pytest.raises(UnknownName) as exc:
        proposal("not_registered_either", layer=Layer.HARDWARE, kind="env",
                 preconditions=("numa_nodes >= 2", "no such precondition"))
    assert exc.value.name == "no such precondition" and exc.value.kind == "precondition"
    assert exc.value.valid == PRECONDITIONS.names()
    assert "not_registered_either" not in CATALOG


def test_every_catalog_precondition_is_registered() -> None:
    for entry in CATALOG.values():
        for name in entry.preconditions:
            assert name in PRECONDITIONS, f"{entry.id}: {name}"


def test_an_unknown_tool_call_names_every_tool() -> None:
    from perfscout.agent.tools import TOOLS, Workbench

    wb = Workbench.__new__(Workbench)  # dispatch reads no session state before the lookup
    obs = wb.call("no_such_tool", {})
    assert obs["ok"] is False and "no_such_tool" in obs["error"]
    assert all(n in obs["next"] for n in TOOLS.names())
