"""The knowledge base: cards of what each proposal delivered, per platform, and their stats."""

from perfscout.kb.cards import Card, CardStore, Gain
from perfscout.kb.record import cards_from_experiment, make_card
from perfscout.kb.stats import ProposalStats, kb_stats, summarize

__all__ = ["Card", "CardStore", "Gain", "ProposalStats", "cards_from_experiment", "kb_stats",
           "make_card", "summarize"]
