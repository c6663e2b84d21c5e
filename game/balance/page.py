"""The balance report's index.html: the verdict, the tables and the images, one static page.

Every text that comes from a map or a unit file is escaped, for HTML and for its control
characters (a team named with an ESC or a right-to-left override shows them as `\x1b`,
`\u202e`: docs/security.md "Names on the console"); the page links the PNGs beside it and
carries no script.
"""
from __future__ import annotations

import html

from game.errors import printable

STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;
text-align:right}th{background:#eee}td:first-child,th:first-child{text-align:left}
.verdict{font-size:1.4em;font-weight:bold}img{max-width:100%;display:block;margin:1em 0}"""


def escape(text) -> str:
    return html.escape(printable(text))


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(ci: list) -> str:
    return f"{100 * ci[0]:.0f}-{100 * ci[1]:.0f}%"


def table(head: list[str], rows: list[list]) -> str:
    out = ["<table><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def pairings_table(doc: dict) -> str:
    rows = []
    for p in doc["pairings"]:
        for team in doc["teams"]:
            t = p["teams"][team]
            rows.append([team, t["controller"], p["games"], t["wins"], pct(t["win_rate"]),
                         interval(t["ci95"]), p["draws"], p["verdict"]])
    return table(["team", "controller", "games", "wins", "win rate", "95% interval",
                  "draws", "this pairing"], rows)


def kinds_table(doc: dict) -> str:
    rows = []
    for k in doc["unit_kinds"]:
        rows.append([k["kind"], ", ".join(k["by_team"]), k["creatures"], pct(k["survival"]),
                     interval(k["survival_ci95"]), f"{k['felled']:.2f}", f"{k['kills']:.2f}",
                     f"{k['damage_dealt']:.1f}", f"{k['damage_taken']:.1f}"])
    return table(["kind", "teams", "creature-games", "standing at the end", "95% interval",
                  "felled", "kills", "damage dealt", "damage taken"], rows)


def rolls_table(doc: dict) -> str:
    rows = []
    for r in doc["decisive_rolls"]:
        what = "critical" if r["critical"] else "hit"
        sides = ",".join(doc["pairings"][r["pairing"]]["sides"].values())
        rows.append([sides, r["seed"], r["round"], f"{r['attacker']} ({r['attacker_kind']})",
                     f"{r['target']} ({r['target_kind']})", f"{r['weapon']} {r['kind']}",
                     f"{r['natural']} {what}", r["damage"], pct(r["chance"]),
                     pct(r["share"])])
    return table(["sides", "seed", "round", "attacker", "felled", "weapon", "natural d20", "damage",
                  "chance of the hit", "share of its side's hit points"], rows)


def length_text(doc: dict) -> str:
    n = doc["length"]
    return (f"{n['mean_rounds']:.1f} rounds on average (median {n['median_rounds']:.0f}, "
            f"10% of games end by round {n['p10_rounds']:.0f}, 90% by round "
            f"{n['p90_rounds']:.0f}); {n['mean_commands']:.0f} commands per game.")


def rules_text(doc: dict) -> str:
    """The rulebook the games played (a report of before it was recorded: the default)."""
    from game.rulebooks import SUMMARIES, TITLES
    name = doc.get("rules", "lfg")
    if name not in TITLES:
        return f"Rules: {name}."
    return f"Rules: {TITLES[name]} ({name}). {SUMMARIES[name]}"


def render_page(doc: dict, images: list[str]) -> str:
    """The whole index.html for report document `doc` and the image files beside it."""
    v = doc["verdict"]
    based = (f"the {v['games']} games of the first pairing with the same controller on "
             "every team" if v["based_on"] == "mirror" else
             f"all {v['games']} games (no pairing had the same controller on every team)")
    img = {name: f'<img src="{escape(name)}" alt="{escape(name)}">' for name in images}
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Balance of {escape(doc['map'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance of {escape(doc['map'])}</h1>",
        f"<p>{escape(rules_text(doc))}</p>",
        f"<p class='verdict'>{escape(v['text'])}</p>",
        f"<p>From {escape(based)}; the margin is a 95% interval. "
        f"{doc['games']} games in all, dice seeds {doc['seed']} onwards; "
        f"{doc['stalls']} stalled, {doc['refusals']} refused commands.</p>",
        "<h2>Win rates</h2>", pairings_table(doc), img.get("win_rates.png", ""),
        "<h2>Game length</h2>", f"<p>{escape(length_text(doc))}</p>",
        img.get("game_length.png", ""),
        "<h2>Creature kinds</h2>",
        "<p>Per creature and game: felled = creatures its blows left dying, unconscious or "
        "dead; kills = creatures that died of its blow.</p>", kinds_table(doc), img.get("unit_kinds.png", ""),
        "<h2>Where creatures fell</h2>", img.get("fallen.png", ""),
        "<h2>Most decisive rolls</h2>",
        "<p>Attack rolls that felled a creature (dead, dying or unconscious), the least "
        "likely hits on the biggest creatures first. To watch one again: <code>hexskirmish "
        "simulate MAP --sides SIDES --seed SEED --games 1</code> (<code>python -m game "
        "simulate ...</code> from a checkout) plays the same game."
        "</p>", rolls_table(doc),
        "<h2>Commands used</h2>", img.get("actions.png", ""),
        "<p>The same numbers: <a href='report.json'>report.json</a>.</p></body></html>",
    ]
    return "\n".join(parts)


__all__ = ["render_page"]
