"""Parsers for /proc and /sys facts: meminfo, THP, cpufreq, kernel, hostname, os-release,
perf_event_paranoid. Each raises only :class:`ParseError` on unreadable text."""

from __future__ import annotations

import re

from perfscout.snapshot.textutil import Facts, require, to_float, to_int


def parse_meminfo(text: str, source: str = "/proc/meminfo") -> Facts:
    """MemTotal, HugePages_Total and Hugepagesize from /proc/meminfo."""
    kv = dict(re.findall(r"^(\w+):\s+(\d+)", text, re.MULTILINE))
    facts: Facts = {}
    if "MemTotal" in kv:
        facts["memory.total_mb"] = int(kv["MemTotal"]) // 1024
    if "HugePages_Total" in kv:
        facts["memory.hugepages_total"] = int(kv["HugePages_Total"])
    if "Hugepagesize" in kv:
        facts["memory.hugepage_size_kb"] = int(kv["Hugepagesize"])
    return require(facts, source, "'MemTotal:' from /proc/meminfo", text.strip()[:60])


def parse_thp(text: str, source: str = "transparent_hugepage/enabled") -> Facts:
    """The bracketed mode in ``always [madvise] never``."""
    m = re.search(r"\[(\w+)\]", text)
    if not m:
        return require({}, source, "a bracketed THP mode like 'always [madvise] never'",
                       text.strip()[:60])
    return {"memory.thp_mode": m.group(1)}


def parse_single_line(field: str, kind: str) -> object:
    """A parser for a one-value file (``kind``: str, int, khz-to-mhz)."""

    def parse(text: str, source: str = "") -> Facts:
        value = text.strip().splitlines()[0].strip() if text.strip() else ""
        if kind == "int":
            v: object = to_int(value)
        elif kind == "khz":
            f = to_float(value)
            v = f / 1000.0 if f is not None else None
        else:
            v = value if value and value.isprintable() and len(value) < 200 else None
        if v is None:
            return require({}, source, f"one {kind} value", value[:60])
        return {field: v}

    return parse


def parse_os_release(text: str, source: str = "/etc/os-release") -> Facts:
    """PRETTY_NAME from /etc/os-release."""
    m = re.search(r'^PRETTY_NAME="?([^"\n]+)"?', text, re.MULTILINE)
    if not m:
        return require({}, source, "PRETTY_NAME=", text.strip()[:60])
    return {"os": m.group(1)}


def parse_modules(text: str, source: str = "LOADEDMODULES") -> Facts:
    """A colon-separated LOADEDMODULES value (empty: no modules loaded)."""
    mods = tuple(m for m in text.strip().split(":") if m)
    return {"modules": mods}


def parse_loadavg(text: str, source: str = "/proc/loadavg") -> Facts:
    """The 1/5/15-minute load averages and the runnable task count from /proc/loadavg."""
    m = re.match(r"\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)/(\d+)", text)
    if not m:
        return require({}, source, "three load averages and runnable/total", text.strip()[:60])
    return {"load.avg1": float(m.group(1)), "load.avg5": float(m.group(2)),
            "load.avg15": float(m.group(3)), "load.runnable": int(m.group(4))}
