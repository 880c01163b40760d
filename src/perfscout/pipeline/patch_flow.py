"""Verify a proposal's branch and record the outcome as a knowledge-base card.

The patch stage cannot import kb (kb comes after it in the stage order), so this orchestrator
joins them: :func:`verify_and_record` runs :func:`perfscout.patch.workflow.verify_patch` and adds
a Card holding the expected gain (from the patch record) and the measured ratio, with the
branch's commit, to the card store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from perfscout.experiment.runner import ExperimentResult
from perfscout.experiment.store import Store
from perfscout.kb.cards import Card, CardStore, Gain, card_id
from perfscout.model.runs import Runner
from perfscout.patch.git import Git
from perfscout.patch.workflow import PatchRecord, verify_patch


def verify_and_record(git: Git, home: Path, proposal_id: str, source: str, runner: Runner,
                      store: Store, cards: CardStore, *, platform_key: str,
                      cfg_get: Callable[[str], Any],
                      args: Sequence[str] = (), size: int | None = None,
                      repetitions: int | None = None, workspace: Path | None = None
                      ) -> tuple[PatchRecord, ExperimentResult, Card]:
    """Build and time the branch against its base (under ``workspace/experiments``, the one
    workspace exports point at), then store one card for the proposal."""
    rec, res = verify_patch(git, home, proposal_id, source, runner, store, workspace or home,
                            cfg_get=cfg_get, args=args, size=size, repetitions=repetitions)
    v = res.outcome(proposal_id)
    card = cards.add(Card(
        id=card_id(proposal_id, platform_key, (res.id,), source), proposal_id=proposal_id,
        verdict=v.verdict, platform_key=platform_key, scope=source,
        problem=f"source change {proposal_id} on {source}",
        expected_low=rec.expected_low, expected_high=rec.expected_high,
        expected_basis="proposal", actual=Gain(v.ratio, v.ratio_low, v.ratio_high),
        commits=(rec.commit,), experiments=(res.id,), stage="patch", reasons=v.reasons))
    return rec, res, card
