"""How ``perfscout tune`` results read for people (the envelope's data is the result dict)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table


def progress_table(rows: list[dict[str, Any]], budget: int) -> Table:
    """The live trial table while a study runs."""
    t = Table("trial", "params", "value", "best", "done", "failed",
              title=f"tuning (budget {budget})")
    for r in rows[-12:]:
        val = "-" if r["value"] is None else f"{r['value']:.4g}"
        if r.get("cached"):
            val += " (cached)"
        if not r["ok"]:
            val = f"failed: {r.get('reason', '')[:40]}"
        best = "-" if r["best_value"] is None else f"{r['best_value']:.4g}"
        t.add_row(str(r["trial"]), json.dumps(r["params"]), val, best, str(r["done"]),
                  str(r["failed"]))
    return t


def render_run(con: Console, r: dict[str, Any]) -> None:
    """Space with reasons, the evidence's preferences, the best configuration and its gains."""
    t = Table("parameter", "role", "searched", "reason", title=f"space: {r['space']['name']}")
    for p in r["space"]["params"]:
        t.add_row(p["name"], p["role"], json.dumps(p["values"]), p["reason"])
    for f in r["space"]["fixed"]:
        t.add_row(f["name"], f["role"], f"fixed = {f['value']}", f["reason"])
    con.print(t)
    for p in (r.get("prior") or {}).get("preferences", []):
        con.print(f"tried first: {p['param']} in {json.dumps(p['values'])} ({p['reason']})")
    for why in (r.get("prior") or {}).get("removed", []):
        con.print(f"removed (cannot work here): {why}")
    con.print(f"best {r['best_value']} with {json.dumps(r['best_params'])}; "
              f"{r['n_trials']} trials ({r.get('n_evaluated', r['n_trials'])} measured), "
              f"{r['n_failed']} failed")
    if r.get("best_config"):
        con.print("apply: " + json.dumps(r["best_config"]))
    if r.get("importances"):
        con.print("importance: " + ", ".join(f"{k} {v:.2f}" for k, v in r["importances"].items()))
    c = r.get("confirmation")
    if c:
        g = c["gain_vs_baseline"]
        con.print(f"gain vs baseline: {g['ratio']} [{g['ratio_low']}, {g['ratio_high']}] "
                  f"-> {g['verdict']}")
        if c.get("best_single"):
            con.print(f"vs best single proposal {c['best_single']}: ratio {c['ratio']} "
                      f"[{c['ratio_low']}, {c['ratio_high']}] -> {c['verdict']}")
    if r.get("plot"):
        con.print(f"history plot: {r['plot']}")


def render_replay(con: Console, res: dict[str, Any], where: str) -> None:
    t = Table("sampler", "space", "points", "evals to 5% (median)", "p90", "misses",
              "best at budget", title=f"replay of {where} (best {res['table_best']:.4g})")
    for r in res["results"]:
        t.add_row(r["sampler"], r["space"], str(r["space_size"]),
                  f"{r['evals_to_5pct_median']:g}", f"{r['evals_to_5pct_p90']:g}",
                  str(r["misses"]), f"{r['best_at_budget_median']:.4g}")
    con.print(t)
