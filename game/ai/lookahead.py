"""Hard's look-ahead: its best few plans, and its picks of who acts next, tried out with the
real engine through the enemies' reply.

`search(battle, options, policy, budget)` takes the options the planner scored
(`game.ai.player.Planner` for a turn, the pick of who acts next for a choice), keeps the
best `budget.candidates` distinct commands the battle accepts (its legality query,
`battle.refusal`), and plays each of them out on copies of the battle (`Battle.rehearsal`)
with sampled dice: the candidate command, the rest of the creature's turn, and then the
enemies' answer (the turn of the enemy picked next, when one is) until another creature's
turn begins or the battle is over. Both sides play the rollout as `policy` (Normal without
noise, the player Hard mostly meets) would. A rollout that stopped when the creature's turn
ended (as it once did) never saw the blow that answers a plan: it only confirmed the
planner's own estimate of the danger. Each copy's end is scored (`outcome_value`) and the
candidate with the best value wins; ties keep the planner's order.

The budget is a count of rollouts (`Budget.rollouts`), handed out round-robin over the
candidates, so the answer depends only on the battle and the budget, never on the machine's
speed: rollout r of every candidate rolls dice seeded with the battle's seed, the length of
its log and r (the same dice for every candidate: their differences are the plans', not the
luck's). `Budget.seconds` is a safety cap: no rollout starts that would end past it, and one
still running STOP_GRACE after it is dropped; the search then answers with its best so far
(it always has one: the planner's own first choice, tried first, or taken untried).

The score of an outcome is in the planner's currency (`game.ai.evaluate`: damage output per
round): what each creature lost (its value x the share of its hit points lost, and
KILL_ROUNDS x its value x the chance that it went down; the enemies' losses count for us,
ours against us) plus, for a turn, the acting creature's position where it stands at the end
(the danger there and the attacks it could make next: `Context.position`). The weapon blows
of a rollout count at their odds, not at their dice (`game.ai.ledger`): with rolled dice one
kill more or less decided a rollout, and a handful of them could not tell two plans apart
(Hard with six rollouts a decision won 20 of 41 games against Normal without its noise).
Counted at their odds, the same plan's rollouts spread about a tenth as much.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from game.ai.evaluate import KILL_ROUNDS, Context, standing
from game.ai.ledger import Ledger
from game.ai.memo import Memo

DEFAULT_ROLLOUTS = 6        # rollouts per decision
DEFAULT_CANDIDATES = 3      # the planner's best distinct commands that are tried out
SAFETY_SECONDS = 1.2        # no rollout starts that would end past this, from the start
STOP_GRACE = 0.6            # a rollout still running this long after the cap is dropped
PRIOR_ROLLOUTS = 1.0        # the planner's score weighs as much as this many rollouts
STEPS_PER_ROLLOUT = 48      # commands of one rollout at most (the turn, the reply, reactions)


@dataclass(frozen=True)
class Budget:
    """How much Hard looks ahead: rollouts in all, candidates tried, a time cap."""
    rollouts: int = DEFAULT_ROLLOUTS
    candidates: int = DEFAULT_CANDIDATES
    seconds: float = SAFETY_SECONDS


@dataclass
class Trial:
    """One candidate plan and the scores of its rollouts so far."""
    option: object
    scores: list


def candidates(battle, options, wanted: int) -> list:
    """The planner's best `wanted` options with distinct commands that the battle accepts,
    best first (the planner's order breaks ties)."""
    ranked = sorted(enumerate(options), key=lambda io: (-io[1].score, io[0]))
    out, seen = [], set()
    for _, option in ranked:
        key = repr(option.command)
        if key in seen or battle.refusal(option.command) is not None:
            continue
        seen.add(key)
        out.append(option)
        if len(out) >= wanted:
            break
    return out


def search(battle, options, policy, budget: Budget, started: float | None = None):
    """(the chosen option, its details: rollouts made, each candidate's value) of the
    look-ahead over `options`; None when there is nothing to choose between or the battle
    cannot be copied (an action paused by an interrupt turn). The decision began at
    `started` (time.perf_counter(); default now): no rollout starts that would end past
    its cap, and the candidates tried so far are compared (at least the planner's first
    choice, which is tried first)."""
    trials = [Trial(o, []) for o in candidates(battle, options, budget.candidates)]
    if len(trials) < 2 or battle.rehearsal(0) is None:
        return None
    turn = battle.awaiting() == "turn"
    actor = battle.active if turn else battle.chooser
    base = Baseline(battle, actor, policy.profile.weights)
    start = time.perf_counter()
    deadline = (start if started is None else started) + budget.seconds
    made = 0
    for n in range(max(budget.rollouts, len(trials))):
        if time.perf_counter() >= deadline:            # the planner alone took the time
            break
        trial, r = trials[n % len(trials)], n // len(trials)
        copy = battle.rehearsal(f"{battle.seed}:{len(battle.log)}:{r}")
        cmd = trial.option.command
        score = rollout(copy, cmd, actor if turn else cmd.next, policy, base,
                        scored=actor if turn else None,
                        stop=deadline + STOP_GRACE)
        if score is None:                               # dropped: past the cap and its grace
            break
        trial.scores.append(score)
        made += 1
        now = time.perf_counter()
        if now + (now - start) / made > deadline:     # the next one would pass the cap
            break
    if not made:                        # not one rollout in time: the planner's choice
        return trials[0].option, {"rollouts": 0, "values": []}
    values = judged(trials)
    best = max(values, key=lambda tv: (tv[1], -trials.index(tv[0])))[0]
    return best.option, {"rollouts": made,
                         "values": [(_short(t.option), round(v, 3)) for t, v in values]}


def judged(trials: list) -> list:
    """(trial, value) of the trials with rollouts: the planner's score moved toward the mean
    of its rollouts by how many there are (PRIOR_ROLLOUTS: with two, halfway), both on one
    scale (the planner's scores shifted by the mean difference of the two over the trials).
    Every trial is compared on its first rounds only, the same dice for all."""
    tried = [t for t in trials if t.scores]
    rounds = min(len(t.scores) for t in tried)
    means = {id(t): sum(t.scores[:rounds]) / rounds for t in tried}
    shift = sum(means[id(t)] - t.option.score for t in tried) / len(tried)
    weight = rounds / (rounds + PRIOR_ROLLOUTS)
    return [(t, t.option.score + shift + weight * (means[id(t)] - t.option.score - shift))
            for t in tried]


def _short(option) -> str:
    return f"{option.kind} {type(option.command).__name__}"


def rollout(copy, command, actor: str, policy, base: Baseline, scored: str | None = None,
            stop: float | None = None) -> float | None:
    """Apply `command` on the copy, play the rest of `actor`'s turn with `policy`, and then
    the enemies' reply: the turn of the enemy picked next (with the picks and reactions on
    the way), until another creature's turn begins (one of ours at once: no reply), the
    battle is over or STEPS_PER_ROLLOUT commands were played; score it
    (`scored`: whose position counts, `Baseline.outcome_value`). An enemy that the plan
    leaves standing strikes back in the rollout, with sampled dice. None when the clock
    passed `stop` (time.perf_counter()) before the rollout ended."""
    ledger = Ledger()
    if not ledger.play(copy, command):
        return float("-inf")
    current, replied = actor, False
    for _ in range(STEPS_PER_ROLLOUT):
        if stop is not None and time.perf_counter() > stop:
            return None
        state = copy.awaiting()
        if state == "over":
            break
        if state == "turn" and copy.active != current:
            if replied or copy.teams_of.get(copy.active) == base.team:
                break
            current, replied = copy.active, True
        if not ledger.play(copy, policy.command(copy)):
            break
    return base.outcome_value(copy, scored, ledger)


class Baseline:
    """The creatures as they stand before the decision, and their values (the planner's,
    `Context.values`), to score where a rollout ends."""

    def __init__(self, battle, actor: str, weights):
        view = battle.view()
        me = view.unit(actor)
        self.actor, self.team, self.weights = actor, me.team, weights
        ctx = Context(battle, view, me, weights=weights, memo=Memo(battle.hexmap))
        self.values = dict(ctx.values)
        self.before = {u.name: (u.team, u.hp, u.max_hp, standing(u)) for u in view.units}

    def outcome_value(self, copy, actor: str | None, ledger: Ledger | None = None) -> float:
        """What the rollout gained: the enemies' losses minus ours (the attacks `ledger`
        noted counted at their odds, `game.ai.ledger`), plus `actor`'s position at the end
        (when there is one and it still stands)."""
        ledger = ledger if ledger is not None else Ledger()
        view = copy.view()
        now = {u.name: u for u in view.units}
        total = 0.0
        for name, (team, hp, max_hp, was_standing) in self.before.items():
            if not was_standing or name not in self.values:
                continue
            u = now.get(name)
            went_down = u is None or not standing(u)
            lost_hp, down = ledger.lost(name, hp - (u.hp if u is not None else 0), hp,
                                        went_down)
            loss = self.values[name] * (lost_hp / max(1, max_hp) + KILL_ROUNDS * down)
            total += -loss if team == self.team else loss
        me = now.get(actor) if actor is not None else None
        if me is not None and standing(me) and copy.awaiting() != "over":
            ctx = Context(copy, view, me, weights=self.weights, memo=Memo(copy.hexmap))
            if ctx.enemies:
                total += ctx.position(me.anchor, me.facing, exact=False)[0]
        return total


__all__ = ["Budget", "DEFAULT_CANDIDATES", "DEFAULT_ROLLOUTS", "SAFETY_SECONDS", "search"]
