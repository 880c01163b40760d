"""The report's view of the message catalog (``perfscout.model.messages_en``/``_zh``, one
catalog for UI text and for every sentence a stage generates).

Renderers look text up by key (``msg("h.findings")``); numbers, ids and units are never
translated. Adding a language means adding one mapping with every key of ``en``;
``tests/i18n`` checks that each catalog is complete.
"""

from __future__ import annotations

from perfscout.model.errors import UsageError
from perfscout.model.message import CATALOGS, EN, ZH, translate
from perfscout.report.translate import NAMED_ROWS, english_sentences

__all__ = ["CATALOGS", "EN", "ZH", "Messages", "messages"]

class Messages:
    """A lookup ``msg(key, **fields)`` in one language, and the text a stage wrote in English
    as that language shows it (:meth:`free`, :meth:`finding_title`, :meth:`proposal_title`)."""

    def __init__(self, lang: str) -> None:
        try:
            self.catalog = CATALOGS[lang]
        except KeyError:
            raise UsageError(f"no report language {lang!r}",
                             hint="languages: " + ", ".join(CATALOGS)) from None
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        text = self.catalog.get(key, EN[key])
        return text.format(**fields) if fields else text

    def free(self, text: str) -> str:
        """A sentence a stage wrote, in this language: a catalog sentence (a
        :class:`~perfscout.model.message.Text`, or its English after a JSON round trip) is
        rendered from its message id; anything else is kept when it is not an English
        sentence (ids, paths, numbers), else replaced by a note that the original is in the
        English report (the ZH completeness tests fail when that note appears)."""
        if self.lang == "en":
            return str(text)
        done = translate(text, self.lang)
        if done is not None:
            return done
        return self("free.english") if english_sentences(text) else text

    def finding_title(self, fid: str, title: str) -> str:
        return title if self.lang == "en" else self._by_id(f"finding.{fid}") or self.free(title)

    def platform_row(self, label: str, value: str) -> tuple[str, str]:
        """A platform card row: the label translated, the value kept when it is a name."""
        if self.lang == "en":
            return label, value
        return (self._by_id(f"platform.label.{label}") or self.free(label),
                value if label in NAMED_ROWS else self.free(value))

    def proposal_title(self, pid: str, title: str) -> str:
        return title if self.lang == "en" else self._by_id(f"proposal.{pid}") or self.free(title)

    def has(self, key: str) -> bool:
        """Whether this language's catalog has ``key`` (a finding or proposal id's name)."""
        return key in self.catalog

    def _by_id(self, key: str) -> str | None:
        return self.catalog.get(key)


def messages(lang: str) -> Messages:
    """A lookup ``msg(key, **fields)`` for ``lang``; UsageError listing languages on a miss."""
    return Messages(lang)
