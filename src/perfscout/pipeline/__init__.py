"""Orchestration of the stages (the only package besides cli/ and agent/ that may import them all).

``analyze`` (pipeline/analyze.py): files + platform -> profiles, findings, data requests,
proposals, rejected, do-not list. ``demo`` (pipeline/demo.py): the whole loop on the bundled
kernels.
"""
