"""Write the report files atomically: ``report[-LANG].html``, ``report[-LANG].md`` and the
Markdown's PNG folder. Each file goes to a temporary name first and is renamed into place, so
an interrupted run never leaves half a report."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from perfscout.files import write_atomic
from perfscout.model.errors import InputError
from perfscout.report.data import ReportInput
from perfscout.report.document import document, source_text
from perfscout.report.messages import messages
from perfscout.report.render import to_html, to_markdown


@dataclass(frozen=True)
class ReportFiles:
    html: Path
    markdown: Path
    assets: Path
    figures: tuple[str, ...]


def write_report(inp: ReportInput, out_dir: Path, lang: str = "en") -> ReportFiles:
    """Render ``inp`` in ``lang`` into ``out_dir`` (created); returns the paths written."""
    messages(lang)  # an unknown language fails before anything is written
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create report folder {out_dir}: {exc.strerror}",
                         hint="choose a writable --out folder") from None
    stem = "report" if lang == "en" else f"report-{lang}"
    blocks, figs = document(inp, lang)
    assets = out_dir / f"{stem}_files"
    assets.mkdir(exist_ok=True)
    for f in figs:
        write_atomic(assets / f"{f.key}.png", f.png)
    md = out_dir / f"{stem}.md"
    page = out_dir / f"{stem}.html"
    write_atomic(md, to_markdown(blocks, assets.name).encode())
    msg = messages(lang)
    write_atomic(page, to_html(blocks, lang, f"{msg('title')} · {source_text(msg, inp.source)}"
                               ).encode())
    return ReportFiles(page, md, assets, tuple(f.key for f in figs))
