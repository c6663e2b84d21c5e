"""Gestures -> commands, and the previews that come before them (no pygame).

The player's clicks and keys arrive here as plain calls (`click_cell`, `hover_cell`,
`do_action`, ...); the controller turns them into the same command objects the AI and the
tests send (`game.engine.commands`) and hands them to `Battle.apply`. Every question a preview
asks goes to the rules (`game.rules.movement`, `aoo`, `situation`), so what the screen shows
is what the engine will do (the pages of docs/rules/ on movement, attacks of opportunity, cover,
concealment, flanking, turns and hit chances).

A command the engine refuses only because it provokes (it wants `confirm=True`) becomes
`model.pending`: a second click on the same hex or `confirm()` (Enter) sends it confirmed.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Callable

from game.engine import commands as C
from game.engine.state import Outcome
from game.engine.defense import defense_policy, odds as defense_odds
from game.engine.minions import commandable
from game.engine.sightings import known_by
from game.hexgrid import footprint_turns
from game.rules import movement as mv
from game.rules.situation import NO_EXTRAS, attack_preview, preview_weapon
from game.ui import autoplay, light_play, more_mode
from game.ui.fog_view import shown_side
from game.ui.model import MODES, OVERLAYS, MovePreview, UIModel
from game.ui.modes import DEFAULT_MODE, mode_named, prompt_for
from game.ui.overlays import budget_of
from game.ui.presenters import MODE_OF_ACTION, own_bar
from game.ui.undo import Mark, UndoHistory

_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-player")
#: the reactions a person's policy setting covers (SetPolicy.reaction)
REACTIONS = ("aoo", "interrupt", "defense")
ACTION_MODES = ("move", "run", "charge", "step", "attack", "power", "retreat", "ignore",
                "protect", "trade", "ability", "more")


def _melee_rank(w) -> tuple:
    """Melee weapons by their average damage (then listed first)."""
    d = w.damage
    return (d.count * (d.sides + 1) / 2 + d.bonus,)


def _confirmed(cmd):
    """`cmd` as a click sends it once its provocations are accepted."""
    return replace(cmd, confirm=True) if hasattr(cmd, "confirm") else cmd


class GameController:
    """The UI's logic for one battle: owns the `UIModel`, sends commands, notifies listeners."""

    def __init__(self, battle, model: UIModel | None = None,
                 human_teams: set[str] | None = None):
        self.battle = battle
        self.model = model or UIModel()
        if human_teams is None:
            human_teams = {t for t, kind in battle.controllers.items() if kind == "human"}
        self.human_teams = set(human_teams)
        self.listeners: list[Callable[[list], None]] = []
        self.end_warning = False        # ask again before ending a turn with actions left
        self.history = UndoHistory()    # what a person may take back (game.ui.undo)
        self.thinking: str | None = None    # the computer's creature whose move is computed
        self.viewer_side: str | None = None     # a side chosen to be shown ("": all)
        self._last_human: str | None = None     # hotseat: the side that played last
        self._thought = None
        self._turn_key = None
        self._sync()

    # ---- facts ---------------------------------------------------------------------------
    def view(self):
        return self.battle.view()

    def team_of(self, name: str | None) -> str | None:
        return self.battle.teams_of.get(name) if name else None

    def unit_at(self, cell) -> str | None:
        """The living creature standing on `cell` (col,row), else None."""
        if cell is None or not self.battle.hexmap.in_bounds(*cell):
            return None
        unknown = self.unknown_enemies()
        living = [u.name for u in self.view().occupants(self.battle.hexmap.hex_at(*cell))
                  if not u.dead and u.name not in unknown]
        if self.model.pointed in living:      # two in one hex: the half the pointer is in
            return self.model.pointed
        return living[0] if living else None

    def shown_side(self) -> str | None:
        """The side whose knowledge the board shows (None: everything), game.ui.fog_view."""
        team = self.team_of(self.waiting_on())
        if team in self.human_teams:
            self._last_human = team
        return shown_side(self.battle, self.human_teams, self.viewer_side, team,
                          self._last_human)

    def knowledge(self):
        """What the shown side knows (game.rules.knowledge.Knowledge), None: everything."""
        side = self.shown_side()
        return known_by(self.battle, side) if side is not None else None

    def unknown_enemies(self) -> frozenset:
        """The creatures the shown side does not see now (none when everything is shown)."""
        known = self.knowledge()
        if known is None:
            return frozenset()
        return frozenset(u.name for u in self.view().units if not known.knows(u))

    def waiting_on(self) -> str | None:
        """The creature whose owner the battle waits for (actor, chooser or reactor)."""
        return self.battle.decider()[1]

    def is_human_turn(self) -> bool:
        return self.team_of(self.waiting_on()) in self.human_teams

    def actor(self) -> str | None:
        """The creature the player acts with now: the active one, on a human's turn, or the
        selected minion it has directed (docs/rules/15-minions.md)."""
        if self.battle.awaiting() == "turn" and self.is_human_turn():
            selected = self.model.selected
            if selected != self.battle.active and commandable(self.battle, selected):
                return selected
            return self.battle.active
        return None

    def _living(self, name: str | None):
        if name and name in self.battle.eids:
            u = self.view().unit(name)
            return None if u.dead else u
        return None

    def hostile(self, a: str | None, b: str | None) -> bool:
        return bool(a and b) and self.team_of(a) != self.team_of(b)

    @property
    def input_mode(self):
        """The mode object (game.ui.modes) of the mode the model names."""
        return mode_named(self.model.mode)

    def prompt(self):
        """The prompt (game.ui.modes.prompt) the battle waits on a person to answer, if any."""
        return prompt_for(self)

    # ---- hover -----------------------------------------------------------------------------
    def hover_cell(self, cell) -> None:
        """The mouse is over `cell` (None: off the map): recompute the previews."""
        if cell is not None and not self.battle.hexmap.in_bounds(*cell):
            cell = None
        self.model.hover_cell = tuple(cell) if cell is not None else None
        self._refresh_hover()

    def _refresh_hover(self) -> None:
        m = self.model
        m.hover_unit = self.unit_at(m.hover_cell)
        m.preview, m.attack, m.attack_defenses, m.aim = None, None, {}, None
        m.attack_stray = m.attack_provokes = ()
        m.highlighted = set()
        sel = self._living(m.selected)
        if sel is not None and sel.name == self.actor() and \
                self.input_mode.on_hover(self, sel.name):
            return
        if m.pending is not None:
            m.preview = m.pending_preview
            self._highlight_preview()
            return
        if own_bar(self.battle):        # a click walks there or attacks (light_play)
            if sel is not None and sel.name == self.actor():
                return light_play.refresh_free(self, sel.name)
            m.refusal = ""
            return
        m.refusal = ""
        if sel is None or m.hover_cell is None:
            return
        acting = sel.name == self.actor()
        if m.hover_unit and self.hostile(sel.name, m.hover_unit):
            if acting:
                self._preview_attack(sel, m.hover_unit)
            else:                       # a look at what another creature could hit
                m.attack = self.attack_odds(sel, m.hover_unit)
                self._highlight_attack(sel.name)
        elif not acting:
            return                      # moves are previewed for the acting creature only
        elif m.hover_unit in (None, sel.name):
            m.preview = self._move_preview(sel, m.hover_cell, m.mode)
        self._highlight_preview()

    def _preview_attack(self, u, target: str) -> None:
        """The hit chance of the attack a click would make, only when the engine would
        take that attack (else `refusal` says why, in the engine's words)."""
        m, mode = self.model, self.input_mode
        cmd = mode.attack_command(self, u, target)
        refused = None if cmd is None else self.battle.refusal(_confirmed(cmd))
        if cmd is None or refused is not None:
            m.refusal = refused.reason if refused is not None else f"no Charge path to {target}"
            return
        mode.preview_attack(self, u, target)
        m.attack_provokes = self.provokers_of(cmd)
        self._highlight_attack(u.name)

    def _highlight_preview(self) -> None:
        p = self.model.preview
        if p is not None:
            for _, names, _ in p.provokes:
                self.model.highlighted.update(names)

    def _highlight_attack(self, attacker: str) -> None:
        a = self.model.attack
        flank = getattr(a, "flanking", None)
        if flank is not None and flank.flanked and flank.pair:
            self.model.highlighted.update(n for n in flank.pair if n != attacker)

    # ---- previews ----------------------------------------------------------------------------
    def default_weapon(self, u, target: str) -> str | None:
        """The weapon a click attacks with: the chosen one, else the one with the best
        expected damage (then hit chance) from here; the click names it, so the engine
        rolls what the preview showed (never a thrown weapon left in hand)."""
        if self.model.weapon:
            return self.model.weapon
        best = None
        for n, w in enumerate(u.weapons):
            p = preview_weapon(self.view(), u, target, w, self._extras(u, target, w))
            key = (p.expected_damage, p.hit_chance, -n)
            if p.possible and (best is None or key > best[0]):
                best = (key, w.id)
        return best[1] if best else None

    def _extras(self, u, target: str, weapon):
        if self.battle.active != u.name or weapon is None:     # (a minion: no Aim, no Charge)
            return NO_EXTRAS
        from game.engine.combat import own_extras
        return own_extras(self.battle, u.name, target, weapon,
                          power_attack=self.input_mode.power_attack)

    def attack_odds(self, u, target: str):
        """The engine's odds of `u`'s attack on `target` with the weapon a click uses (and
        who a missed missile may strike, in the model)."""
        weapon_id = self.default_weapon(u, target)
        view = self.view()
        weapon = next((w for w in u.weapons if w.id == weapon_id), None)
        if weapon is None:
            best = attack_preview(view, u, target)
            weapon = best.weapon
        extras = self._extras(u, target, weapon)
        self.model.attack_defenses = defense_odds(self.battle, u.name, target, weapon, extras)
        from game.engine.forecast import stray_forecast
        lines, caught = stray_forecast(self.battle, u.name, target, weapon, extras)
        self.model.attack_stray = lines          # firing into melee: who else it may strike
        self.model.highlighted.update(caught)
        return attack_preview(view, u, target, weapon, extras)

    def _cells(self, hexes) -> list[tuple[int, int]]:
        return [self.battle.cell(h) for h in hexes]

    def _provokes(self, path) -> list:
        return [(self.battle.cell(p.hex), [x.name for x in p.by], list(p.reaction_available))
                for p in path.provocations]

    def from_path(self, u, path, kind: str, big, target=None) -> MovePreview:
        turns = footprint_turns(u.size)
        cells = self._cells(s[0] for s in path.states) if turns else self._cells(path.hexes)
        facings = [s[1] for s in path.states] if turns else None
        return MovePreview(cells, path.cost, big, self._provokes(path), None, None, kind,
                           target, facings)

    def big_for(self, u, cost: int) -> int | None:
        movement, big = budget_of(self.battle, u.name)
        need = mv.move_big_actions(cost, movement, mv.speed_hexes(u))
        return need if need is not None and need <= big else None

    def _move_preview(self, u, cell, mode: str) -> MovePreview | None:
        """The path to `cell` in the mode named `mode`, with the enemies the engine says
        its command provokes (the same answer the command gets when it is sent)."""
        p = self._path_preview(u, cell, mode_named(mode))
        if p is not None and p.kind in ("move", "run", "retreat", "step"):
            p.provokers = self.provokers_of(self._move_command(u, p))
        return p

    def provokers_of(self, cmd) -> tuple[str, ...]:
        """The enemies whose attacks of opportunity `cmd` provokes, as the engine's legality
        query says (its refusal until confirmed); none for a command it refuses otherwise."""
        why = self.battle.refusal(cmd)
        if why is None or why.code != "provokes":
            return ()
        return tuple(why.data.get("provokers", ()))

    def _path_preview(self, u, cell, mode) -> MovePreview | None:
        h = self.battle.hexmap.hex_at(*cell)
        return None if h == u.anchor else mode.path(self, u, h)

    def charge_attack_preview(self, u, target: str, p: MovePreview | None):
        """The Charge's attack as it will be rolled: from the end of the run, +2 to hit
        (docs/rules/03-movement.md), with the chosen melee weapon or the best one."""
        if p is None:
            return None
        from dataclasses import replace as swap
        from game.hexgrid import footprint
        end = self.battle.hexmap.hex_at(*p.end)
        facing = p.facings[-1] if p.facings else u.facing
        there = swap(u, anchor=end, facing=facing, hexes=tuple(footprint(u.size, end, facing)))
        view = self.view().replace(there)
        weapon = self.melee_weapon(u)
        extras = swap(self._extras(u, target, next((w for w in u.weapons if w.id == weapon),
                                                   u.weapons[0])), charge=True, mode="melee")
        melee = [w for w in u.weapons if w.can_melee]
        if weapon is None and melee:
            return max((attack_preview(view, there, target, w, extras) for w in melee),
                       key=lambda pv: (pv.possible, pv.expected_damage))
        return attack_preview(view, there, target, weapon, extras)

    def charge_preview(self, u, target: str) -> MovePreview | None:
        paths = mv.charge_paths(self.view(), u, target)
        return self.from_path(u, paths[0], "charge", 2, target) if paths else None

    # ---- commands ----------------------------------------------------------------------------
    def send(self, cmd) -> Outcome:
        """Apply `cmd`; when it is refused only for want of `confirm`, keep it pending."""
        m = self.model
        before = Mark.of(self.battle)
        out = self.battle.apply(cmd)
        if out.ok:
            m.pending = m.pending_preview = None
            m.message = ""
            self.history.record(self.battle, before, self.team_of(cmd.unit))
            self._applied(out)
            return out
        if out.code == "provokes":          # confirming is all it needs (the engine's word)
            m.pending, m.pending_preview = replace(cmd, confirm=True), m.preview
            m.message = (f"{out.reason[:1].upper()}{out.reason[1:]}. Click again or press "
                         "Enter to confirm, Esc to cancel.")
            self._bump()
            return out
        m.message = out.reason
        self._bump()
        return out

    def _applied(self, out: Outcome) -> None:
        for listener in list(self.listeners):
            listener(list(out.events))
        self.input_mode.after_send(self)
        self._sync()

    def _move_command(self, u, p: MovePreview, safe: bool = False):
        if p.kind == "step":
            return C.Step(u.name, to=p.end)
        if p.kind == "run":
            return C.Run(u.name, to=p.end)
        if p.kind == "charge":
            return C.Charge(u.name, to=p.end, target=p.target, weapon=self.melee_weapon(u))
        if p.kind == "retreat":
            return C.Retreat(u.name, path=tuple(p.cells))
        if safe and p.safe_cells:
            return C.Move(u.name, path=tuple(p.safe_cells))
        return C.Move(u.name, path=tuple(p.cells), facings=tuple(p.facings or ()))

    def melee_weapon(self, u) -> str | None:
        """The chosen weapon when it can strike in melee, else the best melee weapon by
        its damage (never a thrown weapon left in hand)."""
        w = next((w for w in u.weapons if w.id == self.model.weapon), None)
        if w is not None and w.can_melee:
            return w.id
        melee = [w for w in u.weapons if w.can_melee]
        return max(melee, key=_melee_rank).id if melee else None

    # ---- clicks ------------------------------------------------------------------------------
    def click_cell(self, cell, button: int = 1, shift: bool = False) -> Outcome | None:
        """Left click: select, pick, move, attack or confirm; right click: cancel."""
        if button != 1:
            self.cancel()
            return None
        if cell is None or not self.battle.hexmap.in_bounds(*cell):
            return None
        cell = tuple(cell)
        if self.model.hover_cell != cell:
            self.hover_cell(cell)
        who = self.unit_at(cell)
        prompt = self.prompt()
        if prompt is not None:
            return prompt.on_click(self, cell, who)
        actor, mode = self._living(self.actor()), self.input_mode
        if actor is None or (who is not None and who != actor.name and
                             not self.hostile(actor.name, who) and not mode.acts_on_allies):
            self.select(who if who is not None else self.model.selected)
            return None                 # looking at a creature, not acting
        if self.model.selected != actor.name:
            self.select(actor.name)     # back to the actor: the click acts at once
            self.hover_cell(cell)
            if who == actor.name and not mode.acts_on_self:
                return None
        return mode.on_click(self, actor, cell, who, shift)

    def pending_at(self, cell) -> bool:
        """Is `cell` where the command waiting for confirmation goes (its end or target)?"""
        m = self.model
        if m.pending is None:
            return False
        p = m.pending_preview
        target = getattr(m.pending, "target", None)
        return (p is not None and p.end == cell) or (target and self.unit_at(cell) == target)

    def click_move(self, actor, cell, shift: bool) -> Outcome | None:
        """A click on an empty hex: the current mode's movement there, if the engine has
        one (Shift: its safe path)."""
        m = self.model
        if cell == self.battle.cell(actor.anchor):
            return None
        m.pending = m.pending_preview = None
        p = self._move_preview(actor, cell, m.mode)
        if p is None:
            self._say(self.input_mode.why_not(actor, cell))
            return None
        m.preview = p
        return self.send(self._move_command(actor, p, safe=shift))

    def select(self, name: str | None) -> None:
        """Select a creature (None: nothing); its overlays and previews follow."""
        m = self.model
        if name is not None and self._living(name) is None:
            name = None
        if name != m.selected:
            m.weapon = None
        m.selected = name
        m.pending = m.pending_preview = None
        self._refresh_hover()
        self._bump()

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (use one of {', '.join(MODES)})")
        m = self.model
        again = m.mode == mode
        m.mode = mode
        m.pending = m.pending_preview = None
        self.input_mode.start(self, again)
        m.message = self.input_mode.hint(self)
        self._refresh_hover()
        self._bump()

    def choose_more(self, action: str) -> None:
        """The More actions menu: take `action` (an engine action id) as the mode's action."""
        m = self.model
        m.mode, m.pending, m.pending_preview = "more", None, None
        more_mode.start(self, action)
        m.message = self.input_mode.hint(self)
        self._refresh_hover()
        self._bump()

    def do_action(self, action: str) -> Outcome | None:
        """An action bar button, by the engine's action id (presenters.ACTIONS; "more": the
        More actions menu); a battle of the light rules has its own bar (game.ui.light_play)."""
        if self.battle.profile.name != "lfg":     # light, steller: the generic bar
            return light_play.do_action(self, action)
        if MODE_OF_ACTION.get(action) in ACTION_MODES:
            self.set_mode(MODE_OF_ACTION[action])
            return None
        actor = self._living(self.actor())
        if actor is None:
            self._say("wait for your turn")
            return None
        name = actor.name
        cmd = {"aim": lambda: C.Aim(name),
               "fight_defensively": lambda: C.FightDefensively(name),
               "stand_up": lambda: C.StandUp(name),
               "drop_prone": lambda: C.DropProne(name),
               "prepare_interrupt": lambda: self._prepare_command(name),
               "defer": lambda: C.Defer(name),
               "draw_weapon": lambda: C.DrawWeapon(name),
               "sheathe_weapon": lambda: C.SheatheWeapon(name, self.model.weapon),
               "pick_up": lambda: C.PickUp(name),
               "end_turn": lambda: C.EndTurn(name)}.get(action)
        if cmd is None:
            raise ValueError(f"unknown action {action!r}")
        if action == "prepare_interrupt" and not self.input_mode.prepares:
            self.set_mode("interrupt")      # choose the trigger and the action first
            return None
        if action == "prepare_interrupt":
            self.model.mode = DEFAULT_MODE
        if action == "end_turn" and self._warn_before_ending(name):
            return None
        return self.send(cmd())

    # ---- Prepare to Interrupt: the trigger and the action, from the engine's options --------
    def _prepare_command(self, name: str) -> C.PrepareInterrupt:
        m = self.model
        u = self._living(name)
        w = next((w for w in u.weapons if w.id == m.weapon), None) if u else None
        weapon = w.id if w is not None and w.can_melee and m.trigger == "enters_reach" else None
        return C.PrepareInterrupt(name, trigger=m.trigger, action=m.prepared, weapon=weapon)

    def _prepare_choices(self) -> list[tuple[str, str]]:
        """(trigger, action) pairs the engine would accept now."""
        actor = self.actor()
        if actor is None or "prepare_interrupt" not in self.battle.profile.action_ids:
            return []
        return [(o.command.trigger, o.command.action)
                for o in self.battle.options(actor, "prepare_interrupt")]

    def cycle_trigger(self) -> None:
        """U: the next trigger for which some prepared action is legal."""
        self._cycle(0)

    def cycle_prepared(self) -> None:
        """K: the next Big Action that may be prepared for the chosen trigger."""
        self._cycle(1)

    def _cycle(self, part: int) -> None:
        m = self.model
        pairs = self._prepare_choices()
        if not pairs:
            self._say("nothing can be prepared now")
            return
        if part == 0:
            order = list(dict.fromkeys(t for t, _ in pairs))
            m.trigger = order[(order.index(m.trigger) + 1) % len(order)] \
                if m.trigger in order else order[0]
        actions = [a for t, a in pairs if t == m.trigger] or [pairs[0][1]]
        if part == 1 or m.prepared not in actions:
            now = actions.index(m.prepared) if m.prepared in actions else -1
            m.prepared = actions[(now + 1) % len(actions)]
        m.mode = "interrupt"
        self._say(self.input_mode.hint(self))

    def _warn_before_ending(self, name: str) -> bool:
        """With the warning on, ending a turn with Big Actions left waits for a second
        End Turn (or Enter; Esc keeps the turn)."""
        m, big = self.model, self.battle.budget(name).big
        if not self.end_warning or big <= 0 or isinstance(m.pending, C.EndTurn):
            return False
        m.pending, m.pending_preview = C.EndTurn(name), None
        self._say(f"{name} still has {big} Big Action{'s' if big != 1 else ''}: end the "
                  "turn anyway? E again or Enter to end it, Esc to go on")
        return True

    def cycle_weapon(self) -> None:
        """Tab: the selected creature's weapons in turn, from the one a click would use."""
        u = self._living(self.model.selected)
        if u is not None and self.input_mode.on_tab(self, u):
            return
        if u is None or not u.weapons:
            return
        ids = [w.id for w in u.weapons]
        now = self.model.weapon
        if now is None and self.model.hover_unit and self.hostile(u.name, self.model.hover_unit) \
                and not own_bar(self.battle):
            now = self.default_weapon(u, self.model.hover_unit)
        elif now is None and getattr(self.model.more.hovered, "option", None) is not None:
            now = light_play.weapon_of(self.model.more.hovered.option.command)  # the click's
        at = ids.index(now) if now in ids else -1
        self.model.weapon = ids[(at + 1) % len(ids)]
        self._say(f"weapon: {next(w.name for w in u.weapons if w.id == self.model.weapon)}")
        self._refresh_hover()

    def confirm(self) -> Outcome | None:
        """Enter: send the pending command confirmed (or Prepare to Interrupt in its mode)."""
        m = self.model
        if m.pending is not None:
            cmd, m.pending = m.pending, None
            return self.send(cmd)
        return self.input_mode.on_confirm(self)

    def take_safe(self) -> Outcome | None:
        """Take the safe path of the current preview (Shift+click, Shift+Enter)."""
        actor = self._living(self.actor())
        p = self.model.pending_preview or self.model.preview
        if actor is None or p is None or not p.safe_cells:
            self._say("there is no safe path to offer here")
            return None
        self.model.pending = self.model.pending_preview = None
        return self.send(C.Move(actor.name, path=tuple(p.safe_cells)))

    def cancellable(self) -> bool:
        """Is there something for Esc to cancel (else Esc opens the menu)?"""
        m = self.model
        return m.pending is not None or not self.input_mode.resting or \
            (m.selected is not None and m.selected != self.actor())

    def cancel(self) -> None:
        """Esc / right click: drop the pending command, else the mode, else the selection."""
        m = self.model
        if m.pending is not None:
            m.pending = m.pending_preview = None
        elif not self.input_mode.resting:
            m.mode = DEFAULT_MODE
        elif m.selected is not None and m.selected != self.actor():
            m.selected = self.actor()
        m.message = ""
        self._refresh_hover()
        self._bump()

    def choose_next(self, name: str) -> Outcome:
        return self.send(C.ChooseNext(self.battle.chooser or "", next=name))

    def react(self, accept: bool) -> Outcome:
        p = self.battle.pending
        return self.send(C.React(p.reactor if p else "", accept=accept))

    def defend(self, kind: str) -> Outcome:
        """Answer a defense prompt with "parry" or "dodge"."""
        p = self.battle.pending
        command = {"parry": C.ActiveParry, "dodge": C.ActiveDodge}[kind]
        return self.send(command(p.reactor if p else ""))
    def set_policy(self, policy: str) -> list:
        """The reaction policy ("ask", "always", "never") of every living creature of the
        people's sides, for each of its reactions (attacks of opportunity, Interrupt Turns,
        active defenses), one SetPolicy command where it differs; a setting, not a move: undo
        does not take it back. Returns the commands sent."""
        sent = []
        for name, team in self.battle.teams_of.items():
            if team not in self.human_teams or self._living(name) is None:
                continue
            for reaction in REACTIONS:
                if self._policy_of(name, reaction) == policy:
                    continue
                out = self.battle.apply(C.SetPolicy(name, policy=policy, reaction=reaction))
                if out.ok:
                    sent.append(out)
        if sent:
            self._sync()
        return sent

    def _policy_of(self, name: str, reaction: str) -> str:
        if reaction == "defense":
            return defense_policy(self.battle, name)
        c = self.battle.controller(name)
        return c.aoo_policy if reaction == "aoo" else c.interrupt_policy

    def toggle_overlay(self, name: str) -> None:
        if name not in OVERLAYS:
            raise ValueError(f"unknown overlay {name!r}")
        self.model.overlays ^= {name}
        self._bump()

    # ---- the computer's turns --------------------------------------------------------------
    def ai_command(self, name: str, battle=None):
        """The computer's command for `name`, decided on `battle` (default: the battle; the
        worker thread passes a detached copy). Subclasses choose a difficulty per side."""
        return autoplay.command_for(self.battle if battle is None else battle, name)

    def step_ai(self) -> Outcome | None:
        """One command of the computer when the battle waits on a computer side."""
        name = self.waiting_on()
        if name is None or self.is_human_turn():
            return None
        return self._apply_ai(name, self.ai_command(name))

    def think(self) -> Outcome | None:
        """The computer's step off the main thread: the first call starts its thinking
        (`thinking` names the creature), a later one applies the command once it is ready
        (None meanwhile). The computer decides on a detached copy of the battle made here,
        on the main thread, before its thread starts (`Battle.detached`): it never reads
        the battle the window reads meanwhile. A thought about a battle that changed since
        is dropped."""
        if self._thought is None:
            name = self.waiting_on()
            if name is None or self.is_human_turn():
                return None
            self.thinking = name
            copy = self.battle.detached()
            self._thought = (name, self.battle, self.battle.version,
                             _THINKER.submit(self.ai_command, name, copy))
            return None
        name, battle, version, future = self._thought
        if not future.done():
            return None
        self._thought, self.thinking = None, None
        if battle is not self.battle or version != battle.version or self.waiting_on() != name:
            return None
        return self._apply_ai(name, future.result())

    def _apply_ai(self, name: str, cmd) -> Outcome:
        out = self.battle.apply(cmd)
        if not out.ok:
            out = self.battle.apply(autoplay.fallback(self.battle, name))
        if out.ok:
            self.history.other_side_acted()
            self._applied(out)
        return out

    # ---- bookkeeping -----------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.model.message = text
        self._bump()

    def _bump(self) -> None:
        self.model.revision += 1

    def _sync(self) -> None:
        """After the battle changed: the choice, the new turn's selection, the previews."""
        m, b = self.model, self.battle
        human = self.is_human_turn()
        from game.engine.turns import candidates
        m.choice_candidates = candidates(b) if b.awaiting() == "choice" and human else []
        key = (b.round, b.active)
        if key != self._turn_key:
            ended = self._turn_key[1] if self._turn_key else None
            self._turn_key = key
            m.hover_cell = None         # a new turn: no preview until the pointer moves
            if b.active is not None and human:
                m.selected, m.mode, m.weapon = b.active, DEFAULT_MODE, None
                m.pending = m.pending_preview = None
            elif m.selected is not None and m.selected == ended:
                m.selected, m.mode, m.pending, m.pending_preview = None, DEFAULT_MODE, None, None
        if m.selected is not None and self._living(m.selected) is None:
            m.selected = None
        if b.awaiting() == "over":
            m.message = ("The battle is a draw." if b.winner == "draw"
                         else f"{b.winner} wins the battle.")
        self._refresh_hover()
        self._bump()


__all__ = ["ACTION_MODES", "GameController"]
