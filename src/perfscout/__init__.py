"""perfscout: a performance scout for HPC codes."""

__version__ = "0.1.0"
ENVELOPE_VERSION = "1"
