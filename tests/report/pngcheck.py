"""Decode PNGs (matplotlib) and measure whether they show something."""

from __future__ import annotations

import base64
import io
import re

import numpy as np
from matplotlib import image as mpimg


def decode(png: bytes) -> np.ndarray:
    """RGB(A) float array of a PNG; raises on anything that is not a valid PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    return np.asarray(mpimg.imread(io.BytesIO(png), format="png"))


def non_uniform(arr: np.ndarray, min_std: float = 0.05) -> bool:
    rgb = arr[..., :3]
    return float(rgb.std()) > min_std and float((rgb < 0.9).mean()) > 0.01


def inline_pngs(html: str) -> list[bytes]:
    """Every ``<img src="data:image/png;base64,...">`` of an HTML page, decoded to bytes."""
    return [base64.b64decode(m) for m in re.findall(
        r'<img [^>]*src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)]


def bands(arr: np.ndarray, white: float = 0.97) -> list[tuple[int, int]]:
    """Row ranges (start, end) that contain non-white pixels, separated by white rows."""
    rows = (arr[..., :3] < white).any(axis=(1, 2))
    out, start = [], None
    for i, r in enumerate(rows):
        if r and start is None:
            start = i
        elif not r and start is not None:
            out.append((start, i))
            start = None
    if start is not None:
        out.append((start, len(rows)))
    return out
