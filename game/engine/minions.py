"""Minions (docs/rules/15-minions.md).

A creature whose stat block or map object names a `leader` is a minion of that creature.
- Minions roll no initiative and take no turn of their own (`takes_turns`): they follow their
  leader in the initiative order (`arrange`) and act inside its turn. Their start- and
  end-of-turn hooks (durations, bleeding, gang-up counts) run when the group's turn starts and
  ends (`start_group_turn`, `end_group_turn`).
- **Direct Minions** (`game.engine.direct_minions`): a Little Action of the leader
  once per turn; then the group shares `Economy.minion_actions` (3) collective actions, each
  worth a Big Action, in any split. The pool lives in `Battle.minions` (a MinionPool per
  leader) and every minion's ActionBudget mirrors it (`sync`); whatever a minion spends is
  spent from the pool (`shared_spent`, called by `Battle.update`).
- A minion's command names the minion and is sent in its leader's turn: while it is checked
  (`checking`) and performed (`take_over` .. `hand_back`) the minion is the active creature
  with its own TurnState, so every rule of an action applies to it unchanged.
- One action left unused when the leader's turn ends is kept as one Reaction shared by the
  minions until the leader's next turn: a minion's reaction (an attack of opportunity, an
  active defense, trading spaces) spends it for all.
- A minion attacks at most once per round (`check_attack_limit`, `note_attack`); an attack of
  opportunity counts.
- Minions cannot have minions (the map loader refuses it; a minion cannot Direct Minions).

Decisions where the rulebook is silent (the players' page says them):
- When the leader falls (dead, unconscious or gone), its minions fight on by themselves: the
  first of them that can act (`head`) holds the group's turn at the leader's place in the
  order (in round-by-round initiative it rolls for the group); the 3 actions need no Direct
  Minions, and no Reaction can be kept.
- The group starts the battle with its one Reaction, as every creature does.
- Minions take no Interrupt Turn, prepare no interrupt and never defer: they have no turn.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from game.ecs.components import ActionBudget, Reactions
from game.engine import commands as C
from game.engine import events as E
from game.engine import roster
from game.engine.afflictions import turn_start
from game.engine.health import bleed_and_stabilise
from game.engine.state import MinionPool, Refused, TurnState

#: commands that answer a prompt or set a policy: never a minion's action
PASSIVE = (C.React, C.ChooseNext, C.SetPolicy, C.ActiveParry, C.ActiveDodge)


# ---- who is who ---------------------------------------------------------------------------

def group(b, leader: str) -> list[str]:
    """The leader's minions on the map and alive, in map order."""
    view = b.view()
    return [m for m, lead in b.leader_of.items()
            if lead == leader and view.has_unit(m) and not view.unit(m).dead]


def head(b, leader: str) -> str | None:
    """The minion that holds a leaderless group's turn: the first that can act, else the
    first present (its turn is then automatic)."""
    members = group(b, leader)
    able = [m for m in members if roster.able(b, m)]
    return (able or members or [None])[0]


def takes_turns(b, name: str) -> bool:
    """A creature with turns of its own: not a minion, or the head of a fallen leader's group."""
    leader = b.leader_of.get(name)
    return leader is None or (not roster.standing(b, leader) and head(b, leader) == name)


def held_by(b, name: str) -> str | None:
    """The leader whose group acts in `name`'s turn (None: none does)."""
    if name in b.minions and roster.standing(b, name):
        return name
    leader = b.leader_of.get(name)
    return leader if leader is not None and takes_turns(b, name) else None


def arrange(b, order) -> tuple:
    """The initiative order with every minion right after its leader (or its group's head)."""
    members: dict[str, list] = {}
    for m, leader in b.leader_of.items():
        members.setdefault(leader, []).append(m)
    out: list[str] = []
    for n in order:
        if n in out or (n in b.leader_of and not takes_turns(b, n)):
            continue
        out.append(n)
        out.extend(m for m in members.get(b.leader_of.get(n, n), ()) if m not in out)
    return tuple(out + [m for m in b.leader_of if m not in out])


# ---- the pool -----------------------------------------------------------------------------

def _set_pool(b, leader: str, **changes) -> None:
    b.note_entry("minions", leader, replace(b.minions[leader], **changes))


def _reaction_of(b, pool: MinionPool, name: str) -> int:
    """The kept Reaction, for a minion that has not attacked this round."""
    return 0 if pool.attacked.get(name) == b.round else pool.reaction


def sync(b, leader: str) -> None:
    """Every minion's budget and Reaction mirror the group's pool."""
    pool = b.minions[leader]
    big = pool.actions if pool.directed else 0
    for m in group(b, leader):
        budget = b.budget(m)
        if budget.big != big or budget.little:
            b.update(m, ActionBudget, big=big, little=0)
        want = _reaction_of(b, pool, m)
        if b.reactions(m).available != want:
            b.update(m, Reactions, available=want)


def shared_spent(b, name: str, kind, old, new) -> None:
    """A minion spent Big Actions or its Reaction: the group's pool spends them."""
    leader = b.leader_of[name]
    pool = b.minions.get(leader)
    if pool is None:
        return
    if kind is ActionBudget:
        if pool.directed and new.big < old.big and new.big != pool.actions:
            _set_pool(b, leader, actions=max(0, new.big))
            sync(b, leader)
    elif new.available < old.available and new.available < _reaction_of(b, pool, name):
        _set_pool(b, leader, reaction=0)
        sync(b, leader)


def start(b) -> None:
    """The battle begins: each leader's group, with its one Reaction; no minion acts yet."""
    for leader in dict.fromkeys(b.leader_of.values()):
        b.note_entry("minions", leader, MinionPool())
        sync(b, leader)


def new_round(b) -> None:
    """A minion that attacked last round may react again with the kept Reaction."""
    for leader in b.minions:
        sync(b, leader)


# ---- the group's turn -----------------------------------------------------------------------

def _start_member(b, m: str) -> None:
    roster.advance_durations(b, m, "start")
    b.note_entry("gang_up", m, None)
    b.note_entry("ignoring", m, None)
    bleed_and_stabilise(b, m)
    turn_start(b, m)
    if m in b.eids:
        b.update(m, ActionBudget, movement=0, moved=False, stepped=False, attacks=0)
        b.update(m, Reactions, aoo_this_round=0)


def start_group_turn(b, name: str) -> None:
    """`name`'s turn starts: so does its group's. The kept Reaction lapses; a leaderless
    group gets its actions at once."""
    leader = held_by(b, name)
    if leader is None:
        return
    for m in group(b, leader):
        if m != name:
            _start_member(b, m)
    leaderless = leader != name
    actions = b.ruleset.economy.minion_actions if leaderless else 0
    _set_pool(b, leader, actions=actions, directed=leaderless, reaction=0, holder=name)
    b.note(minion_turns={})
    sync(b, leader)
    if leaderless:
        b.emit(E.MinionsDirected(name, actions, tuple(group(b, leader)), True))


def end_group_turn(b, name: str) -> None:
    """`name`'s turn ends: so does its group's; a standing leader's unused action is kept as
    one Reaction."""
    for leader, pool in list(b.minions.items()):
        if pool.holder != name:
            continue
        kept = int(leader == name and roster.standing(b, leader) and pool.directed
                   and pool.actions > 0)
        for m in group(b, leader):
            if m != name:
                roster.advance_durations(b, m, "end")
                b.update(m, ActionBudget, movement=0, acted=True)
        _set_pool(b, leader, actions=0, directed=False, reaction=kept, holder="")
        sync(b, leader)
        if kept:
            b.emit(E.MinionReactionKept(leader))


# ---- a minion acting in its leader's turn -------------------------------------------------

def _directed(b, active: str, name: str) -> bool:
    pool = b.minions.get(b.leader_of[name])
    return pool is not None and pool.directed and pool.holder == active and \
        b.view().has_unit(name) and not b.unit(name).dead and name not in b.unaware


def _swap(b, name) -> dict | None:
    """The bookkeeping that makes minion `name` the actor of its holder's turn, or None."""
    if b.commander or b.active is None or b.pending or b.winner or not isinstance(name, str) \
            or name == b.active or name not in b.leader_of or not _directed(b, b.active, name):
        return None
    return {"active": name, "turn": b.minion_turns.get(name, TurnState()),
            "commander": (b.active, b.turn)}


@contextmanager
def checking(b, name):
    """While a command of `name` is checked: a directed minion is the actor."""
    changes = _swap(b, name)
    if changes is None:
        yield
        return
    with b.borrowed(**changes):
        yield


def actor_of(cmd) -> str | None:
    """The creature a command makes act (None: it answers a prompt or sets a policy)."""
    return None if isinstance(cmd, PASSIVE) else cmd.unit


def take_over(b, name) -> None:
    """A directed minion's command is performed: the minion is the actor until it is done."""
    changes = _swap(b, name)
    if changes is not None:
        b.note(**changes)


def hand_back(b) -> None:
    """The minion's action is over: the turn is its holder's again."""
    if not b.commander or b.active not in b.leader_of:
        return
    holder, turn = b.commander
    if b.minions[b.leader_of[b.active]].holder != holder:
        return          # an enemy's interrupt turn inside the minion's action
    b.note_entry("minion_turns", b.active, b.turn)
    b.note(active=holder, turn=turn, commander=())


def commandable(b, name) -> bool:
    """A minion whose commands the battle takes now (its group's directed turn)."""
    return name in b.leader_of and b.active is not None and not b.commander and \
        _directed(b, b.active, name)


def out_of_turn(b, name: str) -> None:
    """The refusal of a minion's command outside its group's directed turn."""
    leader = b.leader_of.get(name)
    if leader is None:
        return
    pool = b.minions.get(leader)
    if pool is not None and pool.holder == b.active and not pool.directed:
        raise Refused("not_directed", f"{leader} must Direct Minions first (a Little Action): "
                      f"then {name} may act")
    raise Refused("not_your_turn", f"{name} is a minion of {leader}: it acts in {leader}'s "
                  f"turn, once {leader} directs its minions (it is {b.active}'s turn)")


# ---- the rules of a minion's actions -------------------------------------------------------

def not_for_minions(b, u, what: str) -> None:
    if u.name in b.leader_of:
        raise Refused("minion_no_turn", f"{u.name} is a minion of {b.leader_of[u.name]}: it "
                      f"has no turn of its own ({what})")


def can_end_turn(b, u) -> None:
    if u.name in b.leader_of and b.commander:
        holder = b.commander[0]
        raise Refused("minion_in_leader_turn", f"{u.name} acts in {holder}'s turn: end "
                      f"{holder}'s turn instead")


def check_attack_limit(b, u) -> None:
    leader = b.leader_of.get(u.name)
    if leader is not None and b.minions[leader].attacked.get(u.name) == b.round:
        raise Refused("minion_attacked", f"{u.name} has attacked this round: a minion "
                      "attacks at most once per round")


def note_attack(b, name: str) -> None:
    """A minion attacked (an attack of opportunity too): no other attack this round."""
    leader = b.leader_of[name]
    attacked = {m: r for m, r in b.minions[leader].attacked.items() if r == b.round}
    _set_pool(b, leader, attacked={**attacked, name: b.round})
    sync(b, leader)


def direct_group(b, leader: str) -> int:
    """`leader` directs its minions: the group's collective actions for this turn (returned)."""
    actions = b.ruleset.economy.minion_actions
    _set_pool(b, leader, actions=actions, directed=True)
    sync(b, leader)
    return actions


def pool_of(b, name: str) -> tuple[str, MinionPool] | None:
    """(leader, pool) of the group `name` leads or belongs to, for the HUD and the AI."""
    leader = name if name in b.minions else b.leader_of.get(name)
    return (leader, b.minions[leader]) if leader in b.minions else None


__all__ = ["PASSIVE", "actor_of", "arrange", "can_end_turn",
           "check_attack_limit", "checking", "commandable", "direct_group", "end_group_turn", "group",
           "hand_back", "head", "held_by", "new_round", "not_for_minions", "note_attack",
           "out_of_turn", "pool_of", "shared_spent", "start", "start_group_turn", "sync",
           "take_over", "takes_turns"]
