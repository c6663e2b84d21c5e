"""The balance report's numbers (report.json): many games' results combined, one at a time.

`Tally` takes the result of each game (`game.ai.simulate.play_game`, with its `stats` from
`game.balance.stats`) as it arrives and keeps only counters, so its memory does not grow
with the number of games; `Tally.report()` is the JSON document docs/balance.md describes:

- `pairings`: per controller pairing (who played which team) the wins of each team with
  their 95% Wilson interval, the draws, its own verdict line and the uses of each command
  type per team;
- `length`: rounds per game (mean, quantiles, histogram) and commands per game;
- `unit_kinds`: per kind of creature (and per team inside): survival (standing at the end)
  with its interval, creatures felled, kills, damage dealt and damage taken per creature
  and game;
- `fallen`: the hexes where creatures fell (went down: dying, unconscious or dead), with
  counts;
- `decisive_rolls`: the attack rolls that felled a creature against the longest odds, the
  biggest creatures first (`game.balance.stats`);
- `verdict`: which team the map favours, in points of win rate with a 95% margin, from the
  first pairing where every team has the same controller (all games when there is none).
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict

from game.ai.simulate import wilson

Z95 = 1.959963984540054
DECISIVE_ROLLS = 10


class Tally:
    """Counters over the games of one map; `add(pairing, result)` per game."""

    def __init__(self, map_name: str, teams: list[str], pairings: list[dict], seed: int,
                 rules: str = "lfg"):
        self.map_name, self.teams, self.seed, self.rules = map_name, list(teams), seed, rules
        self.pairings = [{"sides": dict(p), "games": 0, "wins": Counter(), "draws": 0,
                          "actions": defaultdict(Counter)} for p in pairings]
        self.rounds: Counter = Counter()
        self.commands = 0
        self.kinds: dict = defaultdict(lambda: defaultdict(Counter))   # kind -> team -> sums
        self.fallen: Counter = Counter()
        self.rolls: list[dict] = []
        self.stalls = self.refusals = 0

    def add(self, pairing: int, result: dict) -> None:
        p = self.pairings[pairing]
        p["games"] += 1
        if result["winner"] in self.teams:
            p["wins"][result["winner"]] += 1
        else:
            p["draws"] += 1
        self.rounds[result["rounds"]] += 1
        self.commands += result["commands"]
        self.stalls += bool(result["stalled"])
        self.refusals += result["refusals"]
        stats = result["stats"]
        for team, counts in stats["actions"].items():
            p["actions"][team].update(counts)
        for unit in stats["units"].values():
            sums = self.kinds[unit["kind"]][unit["team"]]
            sums.update(creatures=1, standing=int(unit["standing"]), felled=unit["felled"],
                        kills=unit["kills"], dealt=unit["dealt"], taken=unit["taken"])
        self.fallen.update(tuple(cell) for cell in stats["fallen"])
        for roll in stats["rolls"]:
            self.rolls.append({**roll, "seed": result["seed"], "pairing": pairing})
        self.rolls.sort(key=lambda r: (-r["decisiveness"], r["seed"], r["round"]))
        del self.rolls[DECISIVE_ROLLS:]

    @property
    def games(self) -> int:
        return sum(p["games"] for p in self.pairings)

    def report(self) -> dict:
        pairings = [self._pairing(p) for p in self.pairings]
        return {"map": self.map_name, "rules": self.rules, "teams": self.teams,
                "seed": self.seed,
                "games": self.games, "pairings": pairings, "length": self._length(),
                "unit_kinds": self._kinds(), "fallen": self._fallen(),
                "decisive_rolls": self.rolls, "verdict": verdict(pairings, self.teams),
                "stalls": self.stalls, "refusals": self.refusals}

    def _pairing(self, p: dict) -> dict:
        n = p["games"]
        teams = {}
        for team in self.teams:
            wins = p["wins"][team]
            lo, hi = wilson(wins, n)
            teams[team] = {"controller": p["sides"].get(team, "?"), "wins": wins,
                           "win_rate": round(wins / n, 4) if n else 0.0,
                           "ci95": [round(lo, 4), round(hi, 4)]}
        lead = favoured({t: p["wins"][t] for t in self.teams}, n, self.teams)
        return {"sides": p["sides"], "games": n, "draws": p["draws"], "teams": teams,
                "verdict": lead["text"],
                "actions": {t: dict(sorted(c.items())) for t, c in sorted(p["actions"].items())}}

    def _length(self) -> dict:
        n = sum(self.rounds.values())
        ordered = sorted(self.rounds.elements())
        return {"mean_rounds": round(sum(ordered) / n, 3) if n else 0.0,
                "median_rounds": _quantile(ordered, 0.5),
                "p10_rounds": _quantile(ordered, 0.1), "p90_rounds": _quantile(ordered, 0.9),
                "rounds_histogram": {str(r): c for r, c in sorted(self.rounds.items())},
                "mean_commands": round(self.commands / n, 2) if n else 0.0}

    def _kinds(self) -> list[dict]:
        rows = []
        for kind in sorted(self.kinds):
            by_team = {team: _kind_row(sums) for team, sums in sorted(self.kinds[kind].items())}
            total = sum((self.kinds[kind][t] for t in self.kinds[kind]), Counter())
            rows.append({"kind": kind, **_kind_row(total), "by_team": by_team})
        return rows

    def _fallen(self) -> list[dict]:
        return [{"cell": list(cell), "count": n}
                for cell, n in sorted(self.fallen.items(), key=lambda kv: (-kv[1], kv[0]))]


def _kind_row(sums: Counter) -> dict:
    n = sums["creatures"]
    lo, hi = wilson(sums["standing"], n)
    per = (lambda key: round(sums[key] / n, 3)) if n else (lambda key: 0.0)
    return {"creatures": n, "survival": per("standing"), "survival_ci95": [round(lo, 4),
            round(hi, 4)], "felled": per("felled"), "kills": per("kills"),
            "damage_dealt": per("dealt"), "damage_taken": per("taken")}


def _quantile(ordered: list[int], q: float) -> float:
    if not ordered:
        return 0.0
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def verdict(pairings: list[dict], teams: list[str]) -> dict:
    """The report's verdict: from the first pairing where every team has the same controller
    (only the map and the dice differ there), else from all games together (then the
    controllers differ too: give each pairing both ways round)."""
    mirror = [p for p in pairings if len(set(p["sides"].values())) == 1]
    used = mirror[:1] or pairings
    n = sum(p["games"] for p in used)
    wins = {t: sum(p["teams"][t]["wins"] for p in used) for t in teams}
    return {**favoured(wins, n, teams), "based_on": "mirror" if mirror else "all",
            "sides": used[0]["sides"] if mirror else None}


def favoured(wins: dict, n: int, teams: list[str]) -> dict:
    """Which team leads and by how many points of win rate, with a 95% margin.

    The leader's win rate minus the runner-up's: its variance is that of the difference of
    two shares of one multinomial, (p1 + p2 - (p1 - p2)^2) / n, taken with one win added to
    each of the two teams (as Agresti and Caffo do for two proportions) so that 10 wins of
    10 games do not claim a margin of 0."""
    if n == 0 or len(teams) < 2:
        return {"text": "no games", "favoured": None, "points": 0.0, "margin": 0.0, "games": n}
    leader, runner = sorted(teams, key=lambda t: (-wins[t], teams.index(t)))[:2]
    p1, p2 = wins[leader] / n, wins[runner] / n
    points = 100 * (p1 - p2)
    a1, a2 = (wins[leader] + 1) / (n + 2), (wins[runner] + 1) / (n + 2)
    margin = 100 * Z95 * math.sqrt(max(0.0, a1 + a2 - (a1 - a2) ** 2) / (n + 2))
    if points > margin:
        text = f"{leader} favoured by {points:.0f} +/- {margin:.0f} points"
    else:
        text = (f"no team clearly favoured: {leader} ahead by {points:.0f} +/- {margin:.0f} "
                "points")
    behind = []
    if len(teams) > 2:
        text += f" over {runner}"
        # with more sides the two leaders may be even while others never win
        fair = 1 / len(teams)
        behind = [t for t in teams if wilson(wins[t], n)[1] < fair]
        if behind:
            text += (f"; {' and '.join(behind)} behind (below a fair share of "
                     f"{100 * fair:.0f}%)")
    return {"text": text, "favoured": leader if points > margin else None,
            "points": round(points, 2), "margin": round(margin, 2), "games": n,
            "behind": behind}


__all__ = ["DECISIVE_ROLLS", "Tally", "favoured", "verdict"]
