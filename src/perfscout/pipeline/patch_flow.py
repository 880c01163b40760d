"""Verify a proposal's branch and record the outcome as a knowledge-base card.

The patch stage cannot import kb (kb comes after it in the stage order), so this orchestrator
joins them: :func:`verify_and_record` runs :func:`perfscout.patch.workflow.verify_patch` and adds
a Card holding the expected gain (from the patch record) and the measured ratio, with the
branch's commit, to the card store. :func:`apply_and_verify` is the one call of ``patch apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.patch.git import Git

if TYPE_CHECKING:  # the stages are imported where used: `perfscout patch --help` stays fast
    from perfscout.config import Config
    from perfscout.experiment.runner import ExperimentResult
    from perfscout.experiment.store import Store
    from perfscout.kb.cards import Card, CardStore
    from perfscout.model.runs import Runner
    from perfscout.patch.workflow import PatchRecord


def verify_and_record(git: Git, home: Path, proposal_id: str, source: str, runner: Runner,
                      store: Store, cards: CardStore, *, platform_key: str,
                      cfg_get: Callable[[str], Any],
                      args: Sequence[str] = (), size: int | None = None,
                      repetitions: int | None = None, workspace: Path | None = None
                      ) -> tuple[PatchRecord, ExperimentResult, Card]:
    """Build and time the branch against its base (under ``workspace/experiments``, the one
    workspace exports point at), then store one card for the proposal."""
    from perfscout.kb.cards import Card, Gain, card_id
    from perfscout.patch.workflow import verify_patch

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


def open_git(repo: Path, cfg: Config) -> Git:
    """The user's repository's git, through a sandbox runner rooted at it and the patch dir."""
    from perfscout.patch.git import repository_root
    from perfscout.patch.workflow import patches_dir
    from perfscout.sandbox.runner import repository_runner

    root = repository_root(repo)
    return Git.open(repository_runner(root, patches_dir(cfg.home), config=cfg), root)


def apply_and_verify(cfg: Config, proposal: str, diff_text: str, scope: Sequence[str],
                     repo: Path, verify: str, args: Sequence[str], size: int | None
                     ) -> tuple[PatchRecord, str | None]:
    """``patch apply``: branch ``perfscout/PROPOSAL`` with one commit; with ``verify`` (a C
    source in the repository) build, time and record it as a card. Returns the record and the
    card id (None without ``verify``)."""
    import platform

    from perfscout.experiment.store import Store, default_db
    from perfscout.kb.cards import CardStore
    from perfscout.patch.workflow import apply_proposal
    from perfscout.sandbox.runner import default_runner

    git = open_git(repo, cfg)
    rec = apply_proposal(git, cfg.home, proposal, diff_text, list(scope))
    if not verify:
        return rec, None
    with Store(default_db(cfg.home)) as st, CardStore(default_db(cfg.home)) as cs:
        rec, _res, card = verify_and_record(
            git, cfg.home, proposal, verify, default_runner(cfg.workspace), st, cs,
            platform_key=f"{platform.machine()}|nocc|nompi", cfg_get=cfg.get,
            args=tuple(args), size=size, workspace=cfg.workspace)
    return rec, card.id
