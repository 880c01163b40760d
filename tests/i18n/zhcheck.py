"""What the Chinese-report tests call "English left": outside code spans (identifiers, paths,
flags and product names the report quotes as code), any run of two or more English words that
are not names or units (``report.translate.english_sentences``), and the report's own pointer
"the original is in English", which ``Messages.free`` prints for a sentence with no message id.
"""

from __future__ import annotations

import re

from perfscout.report.messages import ZH
from perfscout.report.translate import english_sentences

CODE = re.compile(r"`[^`]*`")


def english_left(texts: list[str]) -> dict[str, str]:
    """English sentence (or pointer) -> the text it was found in, for every text given."""
    out: dict[str, str] = {}
    for t in texts:
        if ZH["free.english"] in t:
            out[ZH["free.english"]] = t
        for s in english_sentences(CODE.sub(" ", t)):
            out[s] = t
    return out
