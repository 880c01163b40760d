"""Frozen domain types shared by every stage.

This package imports nothing else of perfscout and does no I/O: it is the vocabulary the
stages exchange (snapshot, metrics and profiles, findings, proposals, run requests).
"""
