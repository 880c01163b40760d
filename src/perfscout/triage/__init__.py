"""Triage of failed batch jobs: known failure patterns in job logs, joined with scheduler facts.

A stage placed right after ``diagnose`` in the layout order. Entry points: :func:`triage_files`
(logs on disk), :func:`triage_text` (one log's text) and :func:`parse_sacct` (``--parsable2``).
"""

from perfscout.triage.classify import LogReport, Match, triage_files, triage_text
from perfscout.triage.logtext import clean_lines
from perfscout.triage.patterns import PATTERNS, Pattern
from perfscout.triage.sacct import JobFacts, parse_sacct

__all__ = ["PATTERNS", "JobFacts", "LogReport", "Match", "Pattern", "clean_lines",
           "parse_sacct", "triage_files", "triage_text"]
