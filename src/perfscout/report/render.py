"""Markdown and self-contained HTML from the report's blocks.

The HTML file has inline CSS and its plots as inline ``data:image/png;base64`` images: no
external URL, no script, so it opens offline and can be mailed as one file. The Markdown file
references its PNGs in a folder next to it.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence

from perfscout.report.document import Block, Bullets, Heading, Image, Para, Table
from perfscout.report.messages import messages

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC",sans-serif;
max-width:1180px;margin:24px auto;padding:0 16px;color:#1b2631;line-height:1.45}
h1{border-bottom:3px solid #1565c0;padding-bottom:6px}
h2{margin-top:2em;border-bottom:1px solid #cfd8dc;padding-bottom:4px;color:#0d47a1}
h3{margin-top:1.3em;color:#263238}
table{border-collapse:collapse;margin:8px 0 14px;font-size:13px;width:100%}
th,td{border:1px solid #cfd8dc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eceff1}
tr:nth-child(even) td{background:#fafafa}
.muted{color:#546e7a;font-size:13px}
figure{margin:10px 0 20px}
figure img{max-width:100%;border:1px solid #eceff1}
figcaption{color:#546e7a;font-size:12px}
code{background:#eceff1;padding:1px 4px;border-radius:3px}
.v-win{color:#2e7d32;font-weight:600}.v-loss{color:#c62828;font-weight:600}
.v-neutral{color:#b28704}.v-invalid{color:#8e24aa;font-weight:600}.v-baseline{color:#1565c0}
"""

_VERDICT_CLASS = {"win": "v-win", "loss": "v-loss", "neutral": "v-neutral",
                  "invalid": "v-invalid", "baseline": "v-baseline", "inconclusive": "v-neutral"}


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def to_markdown(blocks: Sequence[Block], assets: str) -> str:
    """Markdown text; images are ``assets/<figure key>.png``."""
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append("#" * b.level + " " + b.text)
        elif isinstance(b, Para):
            out.append(f"*{b.text}*" if b.style == "muted" else b.text)
        elif isinstance(b, Table):
            out.append("| " + " | ".join(_md_cell(h) for h in b.headers) + " |")
            out.append("|" + "---|" * len(b.headers))
            out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in b.rows]
        elif isinstance(b, Bullets):
            out += [f"- {i}" for i in b.items]
        elif isinstance(b, Image):
            out.append(f"![{b.figure.caption}]({assets}/{b.figure.key}.png)")
        out.append("")
    return "\n".join(out)


def _inline(text: str) -> str:
    """Escape, then render the two inline marks the blocks use: **bold** and `code`."""
    t = html.escape(text)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", t)


def to_html(blocks: Sequence[Block], lang: str, title: str) -> str:
    """One self-contained HTML document."""
    body: list[str] = []
    msg = messages(lang)
    verdict_text = {msg(f"verdict.{v}"): v for v in _VERDICT_CLASS}
    for b in blocks:
        if isinstance(b, Heading):
            aid = f' id="{html.escape(b.anchor)}"' if b.anchor else ""
            body.append(f"<h{b.level}{aid}>{html.escape(b.text)}</h{b.level}>")
        elif isinstance(b, Para):
            cls = f' class="{b.style}"' if b.style else ""
            body.append(f"<p{cls}>{_inline(b.text)}</p>")
        elif isinstance(b, Table):
            head = "".join(f"<th>{html.escape(h)}</th>" for h in b.headers)
            rows = []
            for r in b.rows:
                cells = []
                for i, c in enumerate(r):
                    cls = _VERDICT_CLASS.get(verdict_text.get(c, c), "") \
                        if i == b.verdict_col else ""
                    cells.append(f'<td class="{cls}">{_inline(c)}</td>' if cls
                                 else f"<td>{_inline(c)}</td>")
                rows.append("<tr>" + "".join(cells) + "</tr>")
            thead = f"<thead><tr>{head}</tr></thead>" if any(b.headers) else ""
            kind = "" if any(b.headers) else ' class="platform"'  # the label/value card
            body.append(f"<table{kind}>{thead}<tbody>{''.join(rows)}</tbody></table>")
        elif isinstance(b, Bullets):
            body.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in b.items) + "</ul>")
        elif isinstance(b, Image):
            data = base64.b64encode(b.figure.png).decode("ascii")
            cap = html.escape(b.figure.caption)
            body.append(f'<figure data-figure="{html.escape(b.figure.key)}">'
                        f'<img alt="{cap}" src="data:image/png;base64,{data}">'
                        f"<figcaption>{cap}</figcaption></figure>")
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
