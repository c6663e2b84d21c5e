"""The computer player: the next command for whoever the battle waits on.

    choose_command(battle, name=None, difficulty="normal", rng=None) -> Command
    AIPlayer(difficulty="normal", seed=0).command(battle) -> Command

It plays like a person: it reads the battle (`battle.view()` and the public bookkeeping:
budgets, who attacked whom this round) and sends commands through `Battle.apply`; it never
touches the battle's component store nor its dice (the window lets it decide on a detached
copy, `Battle.detached`, on a worker thread). Every command it returns was built from the rules'
own option lists (`game.rules.movement` reachable hexes and paths, 5-Foot Steps, Runs,
Charges, Retreats; `game.rules.situation` attacks) and is checked with `battle.check` before
it is returned (a refused first choice falls back to the next one, at worst EndTurn).

A turn is planned, not scripted: at every command the player lists the plans that the rest
of the turn allows (attack from here and then move away, move then attack, 5-Foot Step then
attack, Charge, Aim then shoot, move, Retreat, stay and fight defensively), scores each with
`game.ai.evaluate` (expected damage and kill chance of the attacks, danger where the plan
ends, attacks of opportunity on the way) and sends the first command of the best one. The
next call plans again from what actually happened (an attack of opportunity, a kill). A
leader first directs its minions and spends their shared actions (`game.ai.minions`).

Search is bounded (about 200 ms per decision on the largest shipped map): every reachable end
hex gets a cheap score (quick attack estimates, threat zones, no lines of sight), and only
the top K get the full score (exact previews with cover, concealment and flanking, exact
paths with their attacks of opportunity).

The difficulty levels are different players (`PROFILES`, described for people in
`DESCRIPTIONS`): `easy` plans one action at a time (no moving away after an attack), takes
the cheapest path without searching for one that provokes no one and gives attacks of
opportunity no weight, sees no cover nor concealment, and adds much noise; `normal` plans
the turn but adds noise that often makes it take its second- or third-best plan (this spaces
the ladder: with little noise it played nearly level with Hard); `hard` focuses fire
(`game.ai.evaluate.ally_support`: an attack is scored by what it adds to the attacks of the
allies still to act this round, so it picks the enemy they can bring down together and wastes
no blow on one they fell anyway; wounded enemies count more), looks ahead at the enemies' replies (the
danger where a plan ends, also after attacking and moving away, counts an enemy the plan
brings down only by the chance it survives), gives more end hexes the full score, and adds
no noise, and then plays its best few plans (and its best picks of which of its creatures
acts next) out on copies of the battle with sampled dice, through the enemies' reply, each
blow counted at its odds (`game.ai.lookahead`, `game.ai.ledger`: the budget is a count of rollouts, `AIPlayer(budget=N)`, none by
default: `PROFILES`). The noise
comes from a `random.Random` the player owns (seeded), never from the battle's dice.

Every movement plan has a purpose (`game.ai.purpose`): none re-enters a hex of the turn, and
each names its reason (approach, cover, flank, protect, retreat, objective). The noise of a
plan is drawn once per turn from where it ends and whom it strikes, so planning again after
a step meets the same noise and carries on with the same plan.

Every decision is logged on the `game.ai` logger at DEBUG level, with its score breakdown
(a movement's `reason` first) and the best alternatives (`--ai-debug`).
"""
from __future__ import annotations

import gc
import logging
import random
import time
from dataclasses import dataclass, field, replace

from game.ai.evaluate import (DIVE, Context, Estimate, Weights, combine, fdist, dilate,
                              max_range, move_hexes, threateners, weapon_modes)
from game.ai.afflictions import affliction_options
from game.ai.flight import mind_the_stall
from game.ai.equipment import equipment_options
from game.ai.fogged import fogged_command
from game.ai import reactions
from game.ai.abilities import ability_options
from game.ai.maneuvers import in_cover_value, knockout_or_attack, maneuver_options
from game.ai.healing import healing_options
from game.ai.hiding import hiding_options
from game.ai.riding import riding_options
from game.ai.wrestling import wrestling_options
from game.ai.skill_actions import skill_and_pass_options
from game.ai.minions import minion_options
from game.ai.memo import Memo
from game.ai.objectives import aims_of
from game.ai.options import MOVE_COST, Option, command_text
from game.ai.purpose import plan_key, purposeful
from game.ai.terrain import path_risk, terrain_options
from game.ai import interrupts
from game.ai.light import LightPlayer
from game.ai.steller import StellerPlayer
from game.ai import lookahead
from game.engine import commands as C
from game.engine.legality import choices
from game.hexgrid import Hex, footprint
from game.rules import movement as rm
from game.rules.initiative import attacks_per_turn
from game.rules.locomotion import is_dive
from game.rules.threat import can_react, footprint_distance, threatened_hexes

log = logging.getLogger("game.ai")

DIFFICULTIES = ("easy", "normal", "hard")
COARSE_ABOVE = 120                # more reachable hexes than this: a coarse grid far away
MAX_COMMANDS_PER_TURN = 16        # a stall guard: then the creature ends its turn
SEARCH_SECONDS = lookahead.SAFETY_SECONDS   # the look-ahead's wall-clock cap (a safety)
ROLLOUT_TOP_K = 4                 # end hexes scored in full by the look-ahead's rollouts


@dataclass(frozen=True)
class Profile:
    """What a difficulty level searches, sees and how much noise it adds."""
    name: str
    top_k: int              # end hexes that get the full score
    noise: float            # standard deviation of the noise, relative to the score scale
    depth: int              # 1: one action at a time; 2: the turn; 3: the turn, for hard
    weights: Weights = field(default_factory=Weights)
    sees_cover: bool = True  # weighs cover and concealment in attacks and danger
    # (docs/rules/06-cover.md, 07-concealment.md)
    lookahead: bool = False  # the enemies' replies after the plan: a creature it likely
    # brings down does not strike back
    rollouts: int = 0        # the look-ahead's rollouts per decision (game.ai.lookahead)
    seconds: float = SEARCH_SECONDS   # its wall-clock cap, a safety


PROFILES = {
    "easy": Profile("easy", top_k=2, noise=0.8, depth=1,
                    weights=Weights(danger=0.15, flank=0.0, protect=0.0, reach=0.0, aoo=0.0),
                    sees_cover=False),
    # Normal's noise spaces the ladder (tools/ai_quality.py --ladder, 200 games a rung): at
    # 0.05 Hard beats it in 52.5%, at 0.6 in 60% (68% when the value was chosen, before the
    # levels' later changes), and Normal beats Easy in 68.5%; more noise would take Normal
    # below its own rung (0.7 beat Easy in 61%), so only a stronger Hard widens the ladder.
    "normal": Profile("normal", top_k=8, noise=0.6, depth=2),
    # Hard's rollouts are off by default: played out through the enemies' reply, 6 a
    # decision won 20 of 41 games against Normal's search at noise 0.05 (49%, 95% interval
    # 34-64%) for about a second a decision; with their blows counted at their odds
    # (game.ai.ledger) 12 of 30 (40%, 25-58%, the machine loaded), and the planner alone 14
    # of the same 30 (47%, 30-64%); `ai:hard@6` plays them (game.ai.lookahead,
    # game.ai.specs). The planner's own extras (focus fire, exact danger, 12 end hexes in
    # full) won 99 of 200 duels against Normal at noise 0.05.
    "hard": Profile("hard", top_k=12, noise=0.0, depth=3,
                    weights=Weights(focus=0.5, support=0.8), lookahead=True, rollouts=0),
}

# What each level does differently, for people (the setup screen's tooltip).
DESCRIPTIONS = {
    "easy": "Easy: one action at a time (no moving away after an attack); walks the shortest "
            "path through the enemies' reach without weighing attacks of opportunity, ignores "
            "cover, concealment and flanking, and is often unpredictable.",
    "normal": "Normal: plans the whole turn, finds paths that provoke no one, uses cover, "
              "flanking and reach, keeps out of the enemies' strike zones and waits to have "
              "the last word in the round; but often settles for its second- or third-best "
              "plan.",
    "hard": "Hard: as Normal, and focuses fire: it strikes the enemy that it and the allies "
            "still to act this round are most likely to bring down (no blow wasted on one "
            "they fell anyway); looks ahead at the enemies' replies (an enemy it is likely to "
            "bring down will not strike back) and scores more positions in full; never "
            "random.",
}


def profile_of(difficulty: str, budget: int | None = None, noise: float | None = None,
               weights: tuple = ()) -> Profile:
    """The profile of a level; `budget` replaces its look-ahead's rollouts per decision
    (0: none), `noise` its noise, `weights` ((name, value) pairs of `Weights`) some of its
    weights (a variant to measure: `game.ai.specs`)."""
    if difficulty not in PROFILES:
        raise ValueError(f"unknown difficulty {difficulty!r} (use {', '.join(DIFFICULTIES)})")
    profile = PROFILES[difficulty]
    if budget is not None:
        if not isinstance(budget, int) or budget < 0:
            raise ValueError(f"a look-ahead budget is a count of rollouts (0 or more), "
                             f"not {budget!r}")
        profile = replace(profile, rollouts=budget)
    if noise is not None:
        profile = replace(profile, noise=float(noise))
    if weights:
        profile = replace(profile, weights=replace(profile.weights, **dict(weights)))
    return profile


@dataclass
class Decision:
    """A logged decision: who, what, its score and the alternatives it beat."""
    unit: str
    kind: str
    command: C.Command
    score: float
    detail: dict
    alternatives: list
    ms: float


# ---- the player -----------------------------------------------------------------------------

class AIPlayer:
    """A computer player with a difficulty and its own seeded noise generator.

    `command(battle)` returns the next command for whoever the battle waits on (the active
    creature's action, ChooseNext for the chooser, React for a pending reaction). The
    player keeps the last decisions in `decisions` (for a debug overlay) and logs each one.
    """

    def __init__(self, difficulty: str = "normal", seed: int | str | None = 0,
                 rng: random.Random | None = None, budget: int | None = None,
                 noise: float | None = None, weights: tuple = ()):
        self.profile = profile_of(difficulty, budget, noise, weights)
        self.difficulty = difficulty
        self.noise = noise          # a spec's noise (None: each rules' player keeps its own)
        self.rng = rng if rng is not None else random.Random(seed)
        self.decisions: list[Decision] = []
        self.rejected = 0          # first choices the engine refused (a fallback was taken)
        self._salt = None          # ((round, creature), salt) of the turn's noise

    def light_player(self) -> LightPlayer:
        if getattr(self, "_light", None) is None:
            self._light = LightPlayer(self.difficulty, rng=self.rng)
            if self.noise is not None:
                self._light.noise = self.noise
        return self._light

    def steller_player(self) -> StellerPlayer:
        if getattr(self, "_steller", None) is None:
            self._steller = StellerPlayer(self.difficulty, rng=self.rng)
            if self.noise is not None:
                self._steller.noise = self.noise
        return self._steller

    # -- entry ---------------------------------------------------------------------------------
    def command(self, battle, name: str | None = None) -> C.Command:
        """The next command; under fog of war decided on what the side knows
        (`game.ai.fogged`)."""
        return fogged_command(self._command, battle, name)

    def _command(self, battle, name: str | None = None) -> C.Command:
        if battle.profile.name == "light":      # another rulebook: its own player
            return self.light_player().command(battle, name)
        if battle.profile.name == "steller":
            return self.steller_player().command(battle, name)
        state, who = battle.decider()
        if state == "over":
            raise ValueError("the battle is over: there is nothing to command")
        if name is not None and name != who and battle.teams_of.get(who) != name:
            raise ValueError(f"the battle waits for {who} ({state}), not for {name}")
        setup = reactions.opt_in(battle, who)
        if setup is not None:       # our creatures' defense prompts come to us (ask)
            chosen = Option("defense policy", 0.0, setup)
            self._record(battle, who, chosen, [chosen], 0.0)
            return setup
        start = time.perf_counter()
        # The battle's history and the caches are old by now: keep the cyclic collector off
        # them while deciding (a full collection of them took up to 150 ms on the largest
        # map); what the decision creates is still collected as usual.
        gc.freeze()
        try:
            memo = Memo(battle.hexmap)     # what this decision remembers, dropped after it
            if state == "reaction":
                options = self._react(battle, memo)
            elif state == "choice":
                options = self._choose_next(battle, memo)
            else:
                options = self._turn(battle, memo)
            chosen = self._searched(battle, _searchable(state, options), start)
            if chosen is None:
                chosen = self._pick(battle, options)
        finally:
            gc.unfreeze()
        ms = (time.perf_counter() - start) * 1000
        self._record(battle, who, chosen, options, ms)
        return chosen.command

    # -- picking, checking, logging ------------------------------------------------------------
    def _searched(self, battle, options: list[Option], started: float) -> Option | None:
        """The look-ahead's choice among the plans (game.ai.lookahead), when this level
        looks ahead and there is a choice to make."""
        if not self.profile.rollouts or len(options) < 2:
            return None
        state, who = battle.decider()
        if aims_of(battle, battle.view().unit(who)):
            return None         # a rollout's score weighs no objective: the planner's do
        if state == "choice" and getattr(battle, "fog", False):
            return None         # the pick reads the battle itself: no rollout on what is unseen
        policy = rollout_player()
        got = lookahead.search(battle, options, policy,
                               lookahead.Budget(rollouts=self.profile.rollouts,
                                                seconds=self.profile.seconds), started)
        if got is None:
            return None
        option, detail = got
        option.detail["search"] = detail
        return option

    def _pick(self, battle, options: list[Option]) -> Option:
        if self.profile.noise and len(options) > 1:
            scale = max(1.0, max(abs(o.score) for o in options))
            sigma = self.profile.noise * scale * 0.25
            draw = self._turn_noise(battle) if battle.awaiting() == "turn" else None
            for o in options:
                o.detail["noise"] = round(draw(o, sigma) if draw else
                                          self.rng.gauss(0.0, sigma), 3)
        ranked = sorted(enumerate(options),
                        key=lambda io: (-(io[1].score + io[1].detail.get("noise", 0.0)), io[0]))
        for n, (_, o) in enumerate(ranked):
            why = battle.refusal(o.command)
            if why is None:
                if n:
                    self.rejected += 1
                return o
            log.debug("rejected %s: %s", command_text(battle, o.command), why)
        # nothing of the list is legal: end the turn (or answer / choose the first option)
        fallback = _fallback(battle)
        self.rejected += 1
        return Option("fallback", 0.0, fallback)

    def _turn_noise(self, battle):
        """The noise of the active creature's plans this turn: one salt per creature and
        round from the player's generator, and each plan's noise drawn from the salt and
        where the plan ends and whom it strikes (`game.ai.purpose.plan_key`). Planning
        again after a step of the plan meets the same noise for the same plan, so the
        creature carries on with the plan it chose instead of drifting to another one at
        every command."""
        key = (battle.round, battle.active)
        if self._salt is None or self._salt[0] != key:
            self._salt = (key, self.rng.random())
        salt = self._salt[1]
        here = battle.cell(battle.view().unit(battle.active).anchor)

        def draw(option: Option, sigma: float) -> float:
            return random.Random(f"{salt}:{plan_key(option, here)}").gauss(0.0, sigma)
        return draw

    def _record(self, battle, who, chosen: Option, options, ms: float) -> None:
        alternatives = [o for o in sorted(options, key=lambda o: -o.score) if o is not chosen][:4]
        decision = Decision(who, chosen.kind, chosen.command, chosen.score, chosen.detail,
                            [(o.kind, command_text(battle, o.command), round(o.score, 3))
                             for o in alternatives], ms)
        self.decisions.append(decision)
        if len(self.decisions) > 200:
            del self.decisions[:100]
        if log.isEnabledFor(logging.DEBUG):
            alts = "; ".join(f"{k} {t} = {s:.2f}" for k, t, s in decision.alternatives)
            log.debug("round %s %s [%s]: %s %s = %.2f %s (%.0f ms) | alternatives: %s",
                      battle.round, who, self.difficulty, chosen.kind,
                      command_text(battle, chosen.command), chosen.score, _fmt(chosen.detail), ms,
                      alts or "none")

    # -- reactions -----------------------------------------------------------------------------
    def _react(self, battle, memo: Memo) -> list[Option]:
        """An attack of opportunity is free damage: accept it
        (docs/rules/04-attacks-of-opportunity.md). An Interrupt Turn is weighed
        (game.ai.interrupts)."""
        p = battle.pending
        if p.kind == "interrupt":
            return interrupts.interrupt_answer(battle, self.profile, memo, Option)
        if p.kind == "defense":
            return reactions.defense_options(battle, Option)
        return [Option("react", 1.0, C.React(p.reactor, True), {"mover": p.mover}),
                Option("react", 0.0, C.React(p.reactor, False))]

    # -- selective initiative ------------------------------------------------------------------
    def _choose_next(self, battle, memo: Memo) -> list[Option]:
        """Selective initiative (docs/rules/09-turns-and-actions.md). Ours act first when acting
        now gains most (it can bring an enemy down, or it is in danger where it stands). But the
        last creature to act in a round picks who opens the next one: a side that spends all its
        creatures first hands the other a double turn. So (depth 2+) the last of ours waits until
        the enemy has acted ("keep the last word"), and when none of ours can strike this turn and
        no enemy that may act can strike us either, an enemy goes first: it comes to us, and we
        strike first. When we let an enemy act, it is the least dangerous one."""
        view = battle.view()
        chooser = battle.chooser
        team = battle.teams_of.get(chooser)
        options = []
        candidates = _not_just_deferred(battle, choices(battle))
        ours = [n for n in candidates if battle.teams_of.get(n) == team]
        theirs = [n for n in candidates if battle.teams_of.get(n) != team]
        best_ours = 0.0
        for n in ours:
            value, detail = interrupts.act_value(battle, view, view.unit(n), self.profile,
                                                 memo=memo)
            best_ours = max(best_ours, value)
            options.append(Option("choose", value, C.ChooseNext(chooser, n), detail))
        keep_last = len(ours) == 1 and self.profile.depth >= 2
        for n in theirs:
            potential, detail = interrupts.act_value(battle, view, view.unit(n), self.profile,
                                          attack_only=True, memo=memo)
            if not ours:
                score, why = -potential, "none of ours left"
            elif keep_last:
                # above any of ours whatever the enemy may do; the least dangerous enemy first
                score, why = best_ours + 1.0 + 1.0 / (1.0 + potential), "keep the last word"
            elif potential <= 0.05 and best_ours <= 0.05:
                score, why = 0.5 - potential, "let them come"
            else:
                score, why = -1.0 - potential, ""
            detail["pass"] = why
            options.append(Option("pass", score, C.ChooseNext(chooser, n), detail))
        return options

    # -- a turn --------------------------------------------------------------------------------
    def _turn(self, battle, memo: Memo) -> list[Option]:
        name = battle.active
        view = battle.view()
        me = view.unit(name)
        if _commands_this_turn(battle, name) >= MAX_COMMANDS_PER_TURN:
            return [Option("stall-guard", 0.0, C.EndTurn(name))]
        ctx = Context(battle, view, me, weights=self.profile.weights,
                      exact_danger=self.profile.depth >= 3, sees_cover=self.profile.sees_cover,
                      memo=memo)
        if not ctx.enemies:
            return [Option("end", 0.0, C.EndTurn(name))]
        directed = minion_options(battle, name, self.profile, memo, Option)
        if directed:                # a leader's minions act first (game.ai.minions)
            return directed
        options = Planner(battle, ctx, self.profile).options()
        return options + interrupts.prepare_options(battle, me, options, Option) + \
            interrupts.defer_options(battle, me, options, Option)


def rollout_player() -> AIPlayer:
    """How both sides play a look-ahead's rollouts out: Normal without noise, scoring fewer
    end hexes in full (ROLLOUT_TOP_K), so that a rollout costs a few of its decisions."""
    player = AIPlayer("normal", budget=0, noise=0.0)
    player.profile = replace(player.profile, top_k=ROLLOUT_TOP_K)
    return player


def _searchable(state: str, options: list[Option]) -> list[Option]:
    """The options the look-ahead chooses between: a turn's plans; at a pick of who acts
    next, which of ours acts when the planner would let one of ours act (whether to let an
    enemy act first stays the planner's: keeping the last word of the round); none when the
    battle waits for a reaction."""
    if state == "turn":
        return options
    if state != "choice" or not options:
        return []
    if max(options, key=lambda o: o.score).kind != "choose":
        return []
    return [o for o in options if o.kind == "choose"]


def _fmt(detail: dict) -> str:
    parts = []
    for k, v in detail.items():
        if isinstance(v, float):
            v = round(v, 3)
        parts.append(f"{k}={v}")
    return "{" + ", ".join(parts) + "}"


def _commands_this_turn(battle, name: str) -> int:
    n = 0
    for cmd in reversed(battle.log):
        if isinstance(cmd, (C.EndTurn, C.ChooseNext, C.PrepareInterrupt)):
            break
        if cmd.unit == name:
            n += 1
    return n


def _not_just_deferred(battle, candidates: list[str]) -> list[str]:
    """The picks left once the creature that has just deferred to the chooser is set aside
    (the rulebook: "the one that picked it picks another creature"; picked back at once,
    it would defer again, and the round would never end)."""
    last = next((c for c in reversed(battle.log) if not isinstance(c, C.SetPolicy)), None)
    if isinstance(last, C.Defer) and len(candidates) > 1:
        return [n for n in candidates if n != last.unit]
    return candidates


def _fallback(battle) -> C.Command:
    state, who = battle.decider()
    if state == "reaction":
        return C.React(who, True)
    if state == "choice":
        return C.ChooseNext(who, choices(battle)[0])
    return C.EndTurn(who)


# ---- selective initiative: what acting now is worth ------------------------------------------

# ---- planning a turn -------------------------------------------------------------------------

@dataclass
class Candidate:
    """A plan ranked by its cheap score, waiting for the full score."""
    kind: str
    cheap: float
    anchor: Hex
    facing: int
    data: dict = field(default_factory=dict)


class Planner:
    """The options of the active creature for the rest of its turn (see the module docstring)."""

    def __init__(self, battle, ctx: Context, profile: Profile):
        self.b, self.ctx, self.p = battle, ctx, profile
        self.view, self.me = ctx.view, ctx.me
        me, b = self.me, battle
        self.budget = b.budget(me.name)
        self.speed = move_hexes(me)
        self.prone = "prone" in me.conditions
        self.can_move = self.allowed("move")
        self.allowance = attacks_per_turn(me.level)
        self.here = me.anchor
        self.here_threatened = [x for x in threateners(self.view, me) if can_react(x)
                                and x.aoo_policy != "never"]
        self._reach = {}
        self._safe = {}
        self._near_enemies = None

    def allowed(self, action: str) -> bool:
        """The engine's own check that `action` can start now (its budget and conditions,
        before any target: `battle.can_start`); the commands that pass it are still built
        from the rules' option lists and checked with `battle.refusal`."""
        return self.b.can_start(self.me.name, action) is None

    # -- budget arithmetic ------------------------------------------------------------------
    def attacks_possible(self, bigs: int) -> int:
        """Attacks left this turn when `bigs` Big Actions remain for attacking
        (docs/rules/09-turns-and-actions.md)."""
        n = self.b.turn.attacks_left
        used = self.b.turn.attack_actions
        for i in range(max(0, bigs)):
            n += self.allowance.attacks_in_action(used + i)
        return n

    def bigs_for(self, cost: int) -> int | None:
        """Big Actions a Move of `cost` hexes needs now (leftover movement first)."""
        extra = max(0, cost - self.budget.movement)
        if not extra:
            return 0
        if not self.speed:
            return None
        return -(-extra // self.speed)

    def reachable(self, budget: int):
        if budget not in self._reach:
            larger = [r for b, r in self._reach.items() if b > budget]
            cut = larger[0].within(budget) if larger else None
            self._reach[budget] = cut or rm.reachable(self.view, self.me, budget)
        return self._reach[budget]

    def safe_paths(self, budget: int):
        """The paths that provoke no one within `budget`: one search for all candidates."""
        if budget not in self._safe:
            self._safe[budget] = rm.safe_paths(self.view, self.me, budget)
        return self._safe[budget]

    # -- commands ------------------------------------------------------------------------------
    def cells(self, states) -> tuple:
        return tuple(self.b.cell(h) for h, _ in states)

    def move_command(self, path) -> C.Move:
        return C.Move(self.me.name, self.cells(path.states), tuple(f for _, f in path.states),
                      confirm=True)

    def attack_command(self, target: str, est: Estimate):
        if est.power:
            return C.PowerAttack(self.me.name, target, est.weapon.id)
        knockout = knockout_or_attack(self, target, est.weapon)
        if knockout is not None:        # the same blow, and a chance to knock it out
            return knockout
        return C.Attack(self.me.name, target, est.weapon.id, confirm=True)

    # -- attacks -------------------------------------------------------------------------------
    def targets_from(self, me) -> list:
        """Enemies I could attack from where `me` stands (cheap: reach, range, walls)."""
        out = []
        for e in self.ctx.enemies:
            if e.name in self.view.hidden:      # unseen: no attack finds it
                continue
            d = fdist(me.hexes, e.hexes)
            for w in me.weapons:
                if any(d <= max_range(me, w, m) and (m == "melee" or
                       not self.ctx.walls_block(me.anchor, e.anchor))
                       for m in weapon_modes(w)):
                    out.append(e)
                    break
        return out

    def best_targets(self, me, k: int = 3) -> list:
        """The `k` targets with the best cheap attack value from where `me` stands (only
        these get the exact previews)."""
        targets = self.targets_from(me)
        if len(targets) <= k:
            return targets
        ranked = sorted(range(len(targets)),
                        key=lambda i: (-self.ctx.cheap_attack(me, targets[i], 1)[0], i))
        return [targets[i] for i in sorted(ranked[:k])]

    def cheap_attacks(self, me, n: int, *, charge_target=None) -> tuple[float, object]:
        """The cheap value of the best target's `n` attacks from where `me` stands."""
        targets = [charge_target] if charge_target is not None else self.targets_from(me)
        best = (0.0, None)
        for t in targets:
            value, est = self.ctx.cheap_attack(me, t, n, charge=charge_target is not None)
            if est is not None and value > best[0]:
                best = (value, t)
        return best

    def attack_sequence(self, view, me, n: int, *, aim: bool | None = None, charge: bool = False,
                        moved: bool = False, melee_only: bool = False,
                        first_target=None) -> tuple[float, list]:
        """The best `n` attacks from where `me` stands, exact (greedy; kill chances combined
        on one target): (value, [(target, estimate, kill chance), ...]). The exact previews
        go to the best 3 targets by cheap value from here, 2 from elsewhere."""
        if n <= 0:
            return 0.0, []
        k = 3 if me is self.me else 2
        targets = [first_target] if first_target is not None else self.best_targets(me, k)
        if not targets:
            return 0.0, []
        prev0 = self.budget.attacks
        chosen: list = []
        total = 0.0
        per_target: dict = {}
        for i in range(n):
            best = None
            for t in targets:
                ests = self.ctx.attack_options(view, me, t, previous=prev0 + i, aim=aim,
                                               charge=charge if i == 0 else False, moved=moved,
                                               melee_only=melee_only)
                before = [x for x in per_target.get(t.name, [])]
                base = self.ctx.attack_value(t, before)[0] if before else 0.0
                for est in ests:
                    value, down = self.ctx.attack_value(t, before + [est])
                    gain = value - base + est.stray
                    if est.power:
                        gain -= 0.1 * self.ctx.value(self.me)   # -2 AC until its next turn
                    if best is None or gain > best[0]:
                        best = (gain, t, est, down)
            if best is None or best[0] <= 0:
                break
            gain, t, est, down = best
            total += gain
            chosen.append((t, est, round(down, 3)))
            per_target.setdefault(t.name, []).append(est)
            if first_target is not None and i == 0 and n > 1:
                targets = self.best_targets(me, k)
        return total, chosen

    def felled(self, chosen) -> tuple:
        """Lookahead (hard): (target, chance the plan's own attacks bring it down), so that
        the danger where it ends counts only the replies of enemies left standing. The
        allies' attacks still to come are left out: they may come after the enemy's reply."""
        if not self.p.lookahead or not chosen:
            return ()
        attacks: dict = {}
        for t, est, _ in chosen:
            attacks.setdefault(t.name, (t, []))[1].append(est.dist)
        return tuple(sorted((name, round(combine(dists, t.hp)[0], 3))
                            for name, (t, dists) in attacks.items()))

    def ranged_aoo(self, me, chosen) -> tuple[float, float, list]:
        """A ranged attack made while threatened provokes (docs/rules/04-attacks-of-opportunity.md
        "What provokes")."""
        if not chosen or all(est.mode == "melee" for _, est, _ in chosen):
            return 0.0, 0.0, []
        if me is self.me:
            provokers = self.here_threatened
        else:
            provokers = [x for x in self.ctx.enemies if can_react(x)
                         and x.aoo_policy != "never" and x.eid != me.eid
                         and threatened_hexes(self.view, x) & set(me.hexes)]
        return self.ctx.aoo_cost(provokers, me)

    # -- paths ---------------------------------------------------------------------------------
    def path_to(self, reach, anchor: Hex, facing: int, budget: int):
        """A cheapest path (fewest provocations), or a path that provokes no one when one
        exists within the budget (depth 2+): (path, aoo cost, chance down, provokers); the
        cost includes the risk of the checks and falls on the way (game.ai.terrain)."""
        path = reach.path(anchor, facing)
        if path is None or not path.states or path.cost > budget:
            return None
        cost, down, names = self.path_aoo(path)
        if cost > 0 and self.p.depth >= 2:
            safe = self.safe_paths(budget)
            safe = safe.path(anchor, facing) if safe is not None else None
            if safe is not None and safe.states and safe.cost <= budget:
                return safe, path_risk(self, safe), 0.0, []
        return path, cost + path_risk(self, path), down, names

    def path_aoo(self, path) -> tuple[float, float, list]:
        provokers = []
        for p in path.provocations:
            for x, ok in zip(p.by, p.reaction_available):
                if ok:
                    provokers.append(x)
        return self.ctx.aoo_cost(provokers)

    # -- the options ---------------------------------------------------------------------------
    def options(self) -> list[Option]:
        ctx, budget = self.ctx, self.budget
        stay_value, stay_detail = ctx.position(self.here, exact=True)
        if self.prone:
            return self.prone_options(stay_value, stay_detail)
        out = [self.stay_option(stay_value, stay_detail)]
        out += reactions.ally_options(self.b, self.me, stay_value, Option)
        if self.can_move and rm.movement_budget(budget.movement, budget.big, self.speed) > 0:
            # the widest search first: the smaller budgets below are cut from it
            self.reachable(rm.movement_budget(budget.movement, budget.big, self.speed))
        n_here = self.attacks_possible(budget.big) if self.allowed("attack") else 0
        if n_here:
            out += self.attack_here_options(n_here, stay_value)
        out += ability_options(self, stay_value)
        out += healing_options(self, stay_value)
        out += wrestling_options(self, stay_value)
        out += skill_and_pass_options(self, stay_value)
        out += riding_options(self, stay_value)
        cands: list[Candidate] = []
        if self.can_move:
            cands += self.move_candidates()
        if self.allowed("step"):
            cands += self.step_candidates()
        if self.allowed("charge") and self.attacks_possible(1):
            cands += self.charge_candidates()
        if self.here_threatened and self.p.depth >= 2 and self.allowed("retreat"):
            cands += self.retreat_candidates()
        for c in self.select(cands):
            opt = self.full(c)
            if opt is not None:
                out.append(opt)
        out = purposeful(self, out, stay_detail)      # no wandering (game.ai.purpose)
        out += purposeful(self, equipment_options(self, out, stay_value), stay_detail)
        out += terrain_options(self, out, stay_value)
        out += hiding_options(self, stay_value)
        out += affliction_options(self, stay_value)
        return mind_the_stall(self, out + maneuver_options(self, out, stay_value))

    def select(self, cands: list[Candidate]) -> list[Candidate]:
        """The top K by cheap score, and the best of each kind."""
        order = sorted(range(len(cands)), key=lambda i: (-cands[i].cheap, i))
        # a creature of several hexes costs about three times as much per full score (its
        # footprint's lines of sight, turning paths): half as many keep it within the bound
        top_k = self.p.top_k if len(self.me.hexes) == 1 else max(2, self.p.top_k // 2)
        picked, kinds = [], set()
        for i in order[:top_k]:
            picked.append(i)
            kinds.add(cands[i].kind)
        for i in order[top_k:]:
            if cands[i].kind not in kinds:
                kinds.add(cands[i].kind)
                picked.append(i)
        return [cands[i] for i in sorted(picked)]

    def stay_option(self, value: float, detail: dict) -> Option:
        """End the turn here; with a Big Action unused and enemies able to strike in melee,
        fight defensively first (docs/rules/09-turns-and-actions.md: +2 dodge AC until the next
        turn). Staying in cover keeps what it hides the creature from (game.ai.maneuvers)."""
        me = self.me
        value += in_cover_value(self)
        danger = -detail.get("danger", 0.0)
        melee_threat = any(k.startswith("melee") for _, k, _ in detail["threat"]["by"])
        if (melee_threat and danger > 0 and self.p.depth >= 2
                and self.b.refusal(C.FightDefensively(me.name)) is None):
            bonus = 0.15 * danger
            return Option("defend", value + bonus, C.FightDefensively(me.name),
                          {"position": round(value, 3), "defend": round(bonus, 3), **detail})
        return Option("stay", value, C.EndTurn(me.name), {"position": round(value, 3), **detail})

    def prone_options(self, stay_value, stay_detail) -> list[Option]:
        """A prone creature stands up (docs/rules/03-movement.md; it provokes when threatened)."""
        me = self.me
        out = [Option("stay", stay_value, C.EndTurn(me.name), dict(stay_detail))]
        if self.allowed("stand_up"):
            cost, down, names = self.ctx.aoo_cost(self.here_threatened)
            value = stay_value + 0.5 * self.ctx.value(me) - cost
            out.append(Option("stand", value, C.StandUp(me.name, confirm=True),
                              {"aoo": -round(cost, 3), "provokes": names}))
        return out

    def attack_here_options(self, n: int, stay_value: float) -> list[Option]:
        """Attack from here (then, depth 2+, move on with the movement left)."""
        me = self.me
        out = []
        value, chosen = self.attack_sequence(self.view, me, n)
        if not chosen:
            return out
        aoo, down, names = self.ranged_aoo(me, chosen)
        value *= (1.0 - down)
        post, post_detail = stay_value, "stay"
        if self.p.lookahead:
            post, _ = self.ctx.position(self.here, exact=True, felled=self.felled(chosen))
        if self.p.depth >= 2 and self.can_move:
            bigs_left = self.budget.big - (1 if self.b.turn.attacks_left == 0 else 0)
            left = rm.movement_budget(self.budget.movement, bigs_left - (len(chosen) - 1), self.speed)
            if left > 0:
                best = self.best_move_after(left, self.felled(chosen))
                if best is not None and best[0] > post:
                    post, post_detail = best
        t, est, kill = chosen[0]
        detail = {"target": t.name, "weapon": est.weapon.id, "mode": est.mode,
                  "hit": round(est.hit, 3), "dmg": round(est.mean, 2), "kill": kill,
                  "attacks": len(chosen), "attack": round(value, 3), "then": post_detail,
                  "position": round(post, 3)}
        if est.power:
            detail["power"] = True
        if aoo:
            detail["aoo"] = (-round(aoo, 3), names)
        out.append(Option("attack", value + post - aoo, self.attack_command(t.name, est), detail))
        # Aim first (docs/rules/09-turns-and-actions.md): ranged, standing still, both Big Actions
        if (self.budget.big >= 2 and self.p.depth >= 2 and est.mode != "melee"
                and self.allowed("aim") and not self.b.turn.aim and self.b.turn.attacks_left == 0
                and self.allowance.attack_actions == 1):
            v2, ch2 = self.attack_sequence(self.view, me, 1, aim=True, first_target=t)
            if ch2:
                out.append(Option("aim", v2 * (1.0 - down) + stay_value - aoo,
                                  C.Aim(me.name, confirm=True),
                                  {"target": t.name, "attack": round(v2, 3),
                                   "position": round(stay_value, 3)}))
        return out

    def best_move_after(self, left: int, felled=()):
        """The best place to end after attacking, with `left` hexes of movement (`felled`:
        the lookahead's enemies the attacks may bring down, see `Context.danger`)."""
        ctx = self.ctx
        reach = self.reachable(left)
        cands = []
        for h in self.worth_scoring(reach):
            f = reach.facing[h]
            v, _ = ctx.position(h, f, exact=False)
            cands.append((v, h, f))
        cands.sort(key=lambda x: -x[0])
        best = None
        for _, h, f in cands[:3]:
            got = self.path_to(reach, h, f, left)
            if got is None:
                continue
            path, aoo, down, _ = got
            v, _ = ctx.position(h, f, exact=True, felled=felled)
            v = v - aoo - MOVE_COST
            if best is None or v > best[0]:
                best = (v, f"move to {self.b.cell(h)[0]},{self.b.cell(h)[1]}")
        return best

    # -- candidates (cheap scores) -------------------------------------------------------------
    def worth_scoring(self, reach) -> list:
        """The reachable anchors to score, here excluded: all of them, or when there are more
        than COARSE_ABOVE, a coarse grid far from the enemies (one hex in three, a
        3-colouring: every hex left out is next to one kept) and every hex near them."""
        hexes = [h for h in reach.cost if h != self.here]
        if len(hexes) <= COARSE_ABOVE:
            return hexes
        if self._near_enemies is None:
            ctx = self.ctx
            self._near_enemies = dilate([h for e in ctx.enemies for h in e.hexes],
                                        (ctx.my_reach or 1) + 2)
        near = self._near_enemies
        return [h for h in hexes if not (h.q - h.r) % 3 or h in near]

    def move_candidates(self) -> list[Candidate]:
        """Move then attack, and move only, for every reachable hex."""
        me, ctx, budget = self.me, self.ctx, self.budget
        total = rm.movement_budget(budget.movement, budget.big, self.speed)
        if total <= 0:
            return []
        reach = self.reachable(total)
        start_aoo = ctx.aoo_cost(self.here_threatened)[0] if self.here_threatened else 0.0
        out = []
        for h in self.worth_scoring(reach):
            cost = reach.cost[h]
            f = reach.facing[h]
            need = self.bigs_for(cost)
            if need is None or need > budget.big:
                continue
            pos, _ = ctx.position(h, f, exact=False)
            out.append(Candidate("move", pos - start_aoo, h, f, {"budget": total}))
            n = self.attacks_possible(budget.big - need)
            if n:
                value, t = self.cheap_attacks(ctx.moved(h, f), n)
                if t is not None:
                    out.append(Candidate("move+attack", value + pos - start_aoo, h, f,
                                         {"n": n, "budget": total}))
        return out

    def step_candidates(self) -> list[Candidate]:
        """5-Foot Step (docs/rules/03-movement.md: never provokes), then attack or not."""
        me, ctx, budget = self.me, self.ctx, self.budget
        steps = rm.five_foot_step_targets(self.view, me, moved=budget.moved)
        bigs_after = budget.big - (0 if budget.little > 0 else 1)
        n = self.attacks_possible(bigs_after)
        out = []
        for h, path in steps.items():
            f = path.facing
            pos, _ = ctx.position(h, f, exact=False)
            out.append(Candidate("step", pos, h, f))
            if n:
                value, t = self.cheap_attacks(ctx.moved(h, f), n)
                if t is not None:
                    out.append(Candidate("step+attack", value + pos, h, f, {"n": n}))
        return out

    def charge_candidates(self) -> list[Candidate]:
        """Charge (docs/rules/03-movement.md): a straight Run of 2+ hexes and a melee attack at +2
        damage; -2 AC against melee until the next turn. A flyer's run that dives (docs/rules/
        21-terrain-and-falling.md "Flying": a Dive Attack) comes first among those reaching a foe.
        A creature that pounces (docs/rules/17-special-abilities.md) counts two blows."""
        me, ctx = self.me, self.ctx
        if ctx.my_reach is None:
            return []
        out = []
        limit = 2 * self.speed
        near = [t for t in ctx.enemies if footprint_distance(me, t) <= limit + ctx.my_reach
                and t.name not in self.view.hidden]
        if not near:
            return out
        runs = [p for p in rm.run_targets(self.view, me).values()
                if 2 <= len(p.states) <= limit]
        blows = 2 if me.unit.pounce else 1     # Pounce: two natural weapons strike at the end
        for t in near:
            picked = {}
            for p in sorted(runs, key=lambda p: (not is_dive(self.b.hexmap, me, me.anchor, p.end),
                                                 p.cost, len(p.provocations), tuple(p.end))):
                end = footprint(me.size, p.end, p.facing)
                if footprint_distance(end, t.hexes) <= ctx.my_reach:
                    picked.setdefault(len(p.provocations), p)   # cheapest per provocations
            for p in list(picked.values())[:2]:
                cost, down, names = self.path_aoo(p)
                kind = DIVE if is_dive(self.b.hexmap, me, me.anchor, p.end) else True
                value, _ = ctx.cheap_attack(ctx.moved(p.end, p.facing), t, blows, charge=kind)
                if not value:
                    continue
                pos, _ = ctx.position(p.end, p.facing, exact=False, extra_conditions=("running",))
                out.append(Candidate("charge", value * (1 - down) + pos - cost, p.end, p.facing,
                                     {"target": t, "path": p, "aoo": (cost, down, names),
                                      "charge": kind}))
        return out

    def retreat_candidates(self) -> list[Candidate]:
        """Retreat (docs/rules/03-movement.md, full-round): away from the enemies that threaten it
        without provoking them; Unfortunate on attack rolls until its next turn."""
        me, ctx = self.me, self.ctx
        reach = rm.retreat_targets(self.view, me)
        out = []
        for h in reach.cost:
            f = reach.facing[h]
            if h == self.here or f != me.facing:
                continue        # a Retreat command has no facings: the creature keeps its own
            v, _ = ctx.position(h, f, exact=False)
            out.append(Candidate("retreat", v - 0.05 * ctx.value(me), h, f, {"reach": reach}))
        return out

    # -- full scores ---------------------------------------------------------------------------
    def full(self, c: Candidate) -> Option | None:
        return getattr(self, "full_" + c.kind.replace("+", "_"))(c)

    def full_move(self, c: Candidate) -> Option | None:
        ctx, b = self.ctx, self.b
        total = c.data["budget"]
        got = self.path_to(self.reachable(total), c.anchor, c.facing, total)
        if got is None:
            return None
        path, aoo, down, names = got
        pos, detail = ctx.position(c.anchor, c.facing, exact=True)
        info = {"to": b.cell(c.anchor), "position": round(pos, 3), **detail}
        if aoo:
            info["aoo"] = (-round(aoo, 3), names)
        return Option("move", pos - aoo - down * ctx.value(self.me) - MOVE_COST,
                      self.move_command(path), info, c.cheap)

    def full_move_attack(self, c: Candidate) -> Option | None:
        ctx, b = self.ctx, self.b
        # the path must leave a Big Action for the attack
        slot = 1 if self.b.turn.attacks_left == 0 else 0
        budget_for_path = rm.movement_budget(self.budget.movement, self.budget.big - slot, self.speed)
        got = self.path_to(self.reachable(c.data["budget"]), c.anchor, c.facing, budget_for_path)
        if got is None:
            return None
        path, aoo, down, names = got
        view2, me2 = ctx.view_at(c.anchor, c.facing)
        n = self.attacks_possible(self.budget.big - (self.bigs_for(path.cost) or 0))
        val, chosen = self.attack_sequence(view2, me2, n, moved=True)
        if not chosen:
            return None
        raoo, rdown, rnames = self.ranged_aoo(me2, chosen)
        val *= (1.0 - down) * (1.0 - rdown)
        pos, detail = ctx.position(c.anchor, c.facing, exact=True, felled=self.felled(chosen))
        return Option("move+attack", val + pos - aoo - raoo - MOVE_COST, self.move_command(path),
                      self._attack_info(c, chosen, val, pos, detail, aoo + raoo,
                                        names + rnames), c.cheap)

    def _attack_info(self, c, chosen, val, pos, detail, aoo, names) -> dict:
        t, est, kill = chosen[0]
        info = {"to": self.b.cell(c.anchor), "target": t.name, "weapon": est.weapon.id,
                "mode": est.mode, "hit": round(est.hit, 3), "dmg": round(est.mean, 2),
                "kill": kill, "attacks": len(chosen), "attack": round(val, 3),
                "position": round(pos, 3), **detail}
        if aoo:
            info["aoo"] = (-round(aoo, 3), names)
        return info

    def full_step(self, c: Candidate) -> Option | None:
        pos, detail = self.ctx.position(c.anchor, c.facing, exact=True)
        return Option("step", pos - MOVE_COST, C.Step(self.me.name, self.b.cell(c.anchor)),
                      {"to": self.b.cell(c.anchor), "position": round(pos, 3), **detail},
                      c.cheap)

    def full_step_attack(self, c: Candidate) -> Option | None:
        ctx = self.ctx
        view2, me2 = ctx.view_at(c.anchor, c.facing)
        val, chosen = self.attack_sequence(view2, me2, c.data["n"], moved=True)
        if not chosen:
            return None
        raoo, rdown, rnames = self.ranged_aoo(me2, chosen)
        val *= 1.0 - rdown
        pos, detail = ctx.position(c.anchor, c.facing, exact=True, felled=self.felled(chosen))
        return Option("step+attack", val + pos - raoo, C.Step(self.me.name,
                                                              self.b.cell(c.anchor)),
                      self._attack_info(c, chosen, val, pos, detail, raoo, rnames), c.cheap)

    def full_charge(self, c: Candidate) -> Option | None:
        ctx = self.ctx
        t = c.data["target"]
        cost, down, names = c.data["aoo"]
        view2, me2 = ctx.view_at(c.anchor, c.facing)
        blows = 2 if self.me.unit.pounce else 1      # Pounce: a second natural weapon
        val, chosen = self.attack_sequence(view2, me2, blows, charge=c.data["charge"],
                                           moved=True, melee_only=True, first_target=t)
        if not chosen:
            return None
        val *= 1.0 - down
        pos, detail = ctx.position(c.anchor, c.facing, exact=True,
                                   extra_conditions=("running",), felled=self.felled(chosen))
        est = chosen[0][1]
        return Option("charge", val + pos - cost,
                      C.Charge(self.me.name, self.b.cell(c.anchor), t.name, est.weapon.id,
                               confirm=True),
                      self._attack_info(c, chosen, val, pos, detail, cost, names), c.cheap)

    def full_retreat(self, c: Candidate) -> Option | None:
        ctx, me = self.ctx, self.me
        path = c.data["reach"].path(c.anchor, c.facing)
        if path is None or not path.states or any(s[1] != me.facing for s in path.states):
            return None
        cost, down, names = self.path_aoo(path)
        pos, detail = ctx.position(c.anchor, c.facing, exact=True)
        info = {"to": self.b.cell(c.anchor), "position": round(pos, 3), **detail}
        if cost:
            info["aoo"] = (-round(cost, 3), names)
        return Option("retreat", pos - cost - 0.05 * ctx.value(me),
                      C.Retreat(me.name, self.cells(path.states), confirm=True), info, c.cheap)


# ---- the simple entry ------------------------------------------------------------------------

def choose_command(battle, name: str | None = None, difficulty: str = "normal",
                   rng: random.Random | None = None) -> C.Command:
    """The next command for whoever `battle` waits on (the active creature's action,
    ChooseNext for the chooser, React for a pending reaction), chosen by a computer player
    of `difficulty` ("easy", "normal", "hard").

    `name`, when given, is who the caller expects to act for (a creature's or a team's name;
    ValueError when the battle waits for someone else). `rng` is the player's own noise
    generator (a `random.Random`); without one, a generator seeded from the battle's seed and
    the length of its log is used, so that the same battle state gets the same answer.
    """
    if rng is None:
        rng = random.Random(f"{battle.seed}:{len(battle.log)}")
    return AIPlayer(difficulty, rng=rng).command(battle, name)


__all__ = ["AIPlayer", "DESCRIPTIONS", "DIFFICULTIES", "Decision", "Option", "PROFILES",
           "Planner", "Profile", "choose_command", "profile_of"]
