"""The map's legend (F2, or the menu's Legend button): every mark the board draws
(`game.ui.board.MARK_KINDS`), each drawn by the board's own code on a piece of the battle's
own map, with a line saying what it means; then the badges over the tokens
(`game.ui.sprites.BADGES`) with the condition each stands for, and the terrain of the map.

A sample is drawn through a real `Camera` centred on a hex of the battle, so the board's
drawing methods (the static layer's tints at zoom 1, the previews and markers in screen
pixels) run exactly as in a frame; the UI model they read is a `UIModel` made for the
sample. Pure drawing: the battle is read, never changed.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Callable

import pygame

from game.rules.situation import attack_preview
from game.ui import board as B
from game.ui.ability_aim import AimPreview
from game.ui import sprites as sp
from game.ui import terrain_marks as tm
from game.ui.camera import Camera
from game.ui.glossary import condition_title
from game.ui.model import MoreState, MoreTarget, MovePreview, UIModel

SWATCH = (124, 86)
ZOOM = 0.7          # the samples show a hex and its neighbours


@dataclass(frozen=True)
class Entry:
    kind: str
    title: str
    words: str
    draw: Callable           # (Sample, swatch surface) -> None


class Sample:
    """Where the legend draws: the battle's board, a creature of the battle (`me`, the one
    acting when there is one), another (`other`, an enemy when there is one) and a hex next
    to `me` with nobody in it (`cell`)."""

    def __init__(self, board):
        self.board, self.battle = board, board.battle
        b = self.battle
        living = [u for u in b.view().living() if u.hexes]
        self.me = next((u for u in living if u.name == b.active), living[0] if living else None)
        others = [u for u in living if self.me is None or u.name != self.me.name]
        self.other = next((u for u in others if self.me is not None and u.team != self.me.team),
                          others[0] if others else None)
        self.cell = self._free_cell()

    def _free_cell(self):
        """The empty hex nearest the map's middle (its neighbours show around it)."""
        view, m = self.battle.view(), self.board.hexmap
        mid = (m.width / 2, m.height / 2)
        cells = sorted(((c, r) for r in range(1, m.height - 1) for c in range(1, m.width - 1)),
                       key=lambda c: (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2)
        plain = [c for c in cells if not view.occupants(m.hex_at(*c)) and _plain(m, c)]
        return next(iter(plain), cells[0])

    def around(self, cell=None) -> list:
        """`cell` and its neighbours on the map."""
        cell = cell or self.cell
        return [cell] + [n for _, _, n in self.board.edges(cell)
                         if self.board.hexmap.in_bounds(*n)]

    def camera(self, world=None) -> Camera:
        cam = Camera(SWATCH, self.board.world_size)
        cam.zoom = ZOOM
        cam.centre_on(*(world or self.board.centre(self.cell)))
        return cam

    def ground(self, cam) -> None:
        self.surface.fill(B.BACKDROP)
        self.surface.blit(self.board.scaled_map(ZOOM), cam.offset_px())

    def static(self, draw) -> None:
        """A mark of the static layer: drawn at ZOOM on a copy of the map, cut out."""
        cam = self.camera()
        world = self.board.scaled_map(ZOOM).copy()
        draw(world)
        self.surface.blit(world, cam.offset_px())

    def controller(self, **model):
        b = self.battle
        return SimpleNamespace(model=UIModel(**model), battle=b, human_teams=set(),
                               team_of=b.teams_of.get,
                               hostile=lambda x, y: b.teams_of.get(x) != b.teams_of.get(y))

    def screen(self, draw, world=None) -> None:
        """A mark drawn in screen pixels over the map, through a camera on the sample."""
        cam = self.camera(world)
        self.ground(cam)
        self.board._labels = []            # (the board's labels would not fit a swatch)
        draw(cam)
        self.board._labels = []


# ---- the static layer ----------------------------------------------------------------------

def _reach(tier):
    def draw(s, _surf):
        s.static(lambda w: s.board._reach(w, {c: tier for c in s.around()[:3]}, [], ZOOM))
    return draw


def _run(s, _surf):
    s.static(lambda w: s.board._reach(w, {}, s.around()[:3], ZOOM))


def _threat_own(s, _surf):
    colour, _ = sp.team_style(s.me.team if s.me else "", s.board.teams)
    s.static(lambda w: s.board.outline(w, s.around(), sp.shade(colour, 1.5), ZOOM, 2))


def _threat_enemy(s, _surf):
    def draw(w):
        s.board.fill_cells(w, s.around(), (*B.THREAT, 40), ZOOM)
        s.board.outline(w, s.around(), B.THREAT, ZOOM, 2)
    s.static(draw)


def _hidden(s, _surf):
    s.static(lambda w: s.board.fill_cells(w, s.around()[:4], B.HIDDEN_FILL, ZOOM))


def _heat(s, _surf):
    cells = s.around()
    values = {c: n + 1 for n, c in enumerate(cells)}
    draw_heat = getattr(s.board, "draw_heat", None)
    s.static(lambda w: draw_heat(w, values, ZOOM) if draw_heat else None)


def _coordinates(s, _surf):
    s.static(lambda w: s.board.draw_coordinates(w, ZOOM))


def _respawn(s, _surf):
    team = s.me.team if s.me else ""
    s.static(lambda w: s.board.respawn_mark(w, s.cell, team, ZOOM))


def _ledge(s, _surf):
    def draw(w):
        for a, b, _ in s.board.edges(s.cell)[:3]:
            tm.ledge_mark(w, a, b, ZOOM)
    s.static(draw)


def _door(state):
    def draw(s, _surf):
        s.static(lambda w: tm.door_mark(w, _scaled(s.board.polygon(s.cell)), ZOOM, state))
    return draw


def _rubble(s, _surf):
    s.static(lambda w: tm.rubble_mark(w, _scaled(s.board.polygon(s.cell)), ZOOM))


def _plain(hexmap, cell) -> bool:
    """Open ground: nothing on it that would hide a mark."""
    t = hexmap.terrain_at(hexmap.hex_at(*cell))
    return t.obstacle == "none" and not t.impassable and t.door == "none" and \
        t.concealment == "none" and not t.blocks_sight


def _scaled(poly) -> list:
    return [(x * ZOOM, y * ZOOM) for x, y in poly]


# ---- the previews --------------------------------------------------------------------------

def _hover(s, _surf):
    s.screen(lambda cam: s.board._hover_area(s.surface, cam, s.controller(hover_cell=s.cell)))


def _hover_threat(s, _surf):
    if s.other is None:
        return
    ctl = s.controller(hover_cell=s.battle.cell(s.other.anchor), hover_unit=s.other.name)
    s.screen(lambda cam: s.board._hover_area(s.surface, cam, ctl),
             s.board.unit_centre(s.other))


def _path(kind: str, big: int | None, provoking: bool = False, safe: bool = False):
    def draw(s, _surf):
        if s.me is None:
            return
        mine = s.battle.cell(s.me.anchor)
        ring = s.around(mine)[1:]
        cells = ring[:1] + [n for n in s.around(ring[0])[1:] if n not in ring and n != mine][:1]
        provokes = [(cells[0], [s.other.name], [True])] if provoking and s.other else []
        around = [c for c in ring if c not in cells]
        detour = around[:2] if safe else None
        preview = MovePreview(cells, len(cells), big, provokes, detour,
                              len(detour) if safe else None, kind)
        ctl = s.controller(selected=s.me.name, preview=preview)

        def paint(cam):
            s.board._body(s.surface, cam, s.me)
            s.board._previews(s.surface, cam, ctl)
        s.screen(paint, s.board.centre(cells[0]))
    return draw


def _cover_line(s, obstructed: bool):
    """(a line of a cover test from `me` to another creature, that creature): an obstructed
    one or a clear one as asked, the nearest such creature first."""
    view = s.battle.view()
    others = sorted((u for u in view.living() if u.hexes and u.name != s.me.name),
                    key=lambda u: _distance(s, u))
    for u in others:
        cover = attack_preview(view, s.me.name, u.name).cover
        for ln in (cover.lines if cover is not None else ()):
            if bool(ln.obstructed) == obstructed:
                return ln, u
    return None, None


def _distance(s, u) -> float:
    (ax, ay), (bx, by) = s.board.unit_centre(s.me), s.board.unit_centre(u)
    return (ax - bx) ** 2 + (ay - by) ** 2


def _cover(obstructed: bool):
    def draw(s, _surf):
        line, target = _cover_line(s, obstructed) if s.me is not None else (None, None)
        if line is None:
            return
        mid = [(p + q) / 2 for p, q in zip(s.board.lattice_to_world(line.start),
                                            s.board.lattice_to_world(line.end))]
        cover = SimpleNamespace(lines=[line])
        s.screen(lambda cam: s.board._cover_lines(s.surface, cam, cover), mid)
    return draw


def _ability(helps: bool):
    def draw(s, _surf):
        hexes = [s.battle.hexmap.hex_at(*c) for c in s.around()]
        caught = [SimpleNamespace(name=s.me.name, helps=True, heals=5.0, wakes=0,
                                  temp_hp=0)] if helps and s.me else []
        aim = AimPreview(command=None, provokes=(), area=frozenset(hexes),
                         caught=tuple(caught))
        s.screen(lambda cam: s.board._ability_aim(s.surface, cam, s.controller(aim=aim)))
    return draw


def _more(s, _surf):
    ends = [(s.me.name, s.around()[1])] if s.me else []
    hovered = MoreTarget(s.cell, forecast=SimpleNamespace(ends=ends))
    more = MoreState(targets={c: () for c in s.around()[:4]}, hovered=hovered)
    s.screen(lambda cam: s.board._more_targets(s.surface, cam,
                                               s.controller(mode="more", more=more)))


# ---- the creatures ---------------------------------------------------------------------------

def _unit_mark(draw_it, who: str = "me"):
    def draw(s, _surf):
        u = getattr(s, who)
        if u is None:
            return

        def paint(cam):
            s.board._body(s.surface, cam, u)
            draw_it(s, cam, u)
        s.screen(paint, s.board.unit_centre(u))
    return draw


def _markers(**model):
    def draw_it(s, cam, u):
        c = cam.to_screen(*s.board.unit_centre(u))
        _, r = s.board.token_radius(u, cam.zoom)
        fill = {k: (v(s) if callable(v) else v) for k, v in model.items()}
        s.board._markers(s.surface, s.controller(**fill), u, c, r, cam.zoom)
    return draw_it


def _nothing(s, cam, u) -> None:
    return None


def _dead(s, _surf):
    if s.me is None:
        return
    spr, _ = s.board._make_sprite(s.me, "dead", 1.0)
    s.surface.fill(B.BACKDROP)
    s.surface.blit(spr, spr.get_rect(center=(SWATCH[0] // 2, SWATCH[1] // 2)))


def _tag(label: str):
    def draw(s, _surf):
        s.surface.fill(B.BACKDROP)
        tag = sp.badge(label, 16)
        s.surface.blit(tag, tag.get_rect(center=(SWATCH[0] // 2, SWATCH[1] // 2)))
    return draw


def _hp_bar(s, _surf):
    s.surface.fill(B.BACKDROP)
    for n, frac in enumerate((1.0, 0.6, 0.2)):
        sp.hp_bar(s.surface, pygame.Rect(14, 14 + 16 * n, SWATCH[0] - 28, 6), frac)


def _provoked_by_other(s):
    return MovePreview([], 0, 1, [(s.cell, [s.other.name], [True])], None, None, "move")


def _refused_by_other(s):
    return MovePreview([], 0, 1, [(s.cell, [s.other.name], [False])], None, None, "move")


def _flank_pair(s):
    return SimpleNamespace(flanking=SimpleNamespace(pair=(s.other.name,)))


#: what each mark of the board means, in the order the legend shows them
ENTRIES: tuple[Entry, ...] = (
    Entry("reach_move", "1 Move", "Blue: reachable with one Move (1 Big Action)", _reach(1)),
    Entry("reach_two_moves", "2 Moves", "Yellow: reachable with both Big Actions", _reach(2)),
    Entry("reach_run", "Run", "Purple dot: a Run gets there (1 Big Action, straight)", _run),
    Entry("threat_own", "Its reach", "Outline in its side's colour: the hexes the selected "
          "creature threatens (leaving one provokes)", _threat_own),
    Entry("threat_enemy", "Enemy threat (T)", "Vermillion: every hex an enemy threatens",
          _threat_enemy),
    Entry("hidden", "Out of sight (L)", "Darkened: hexes the selected creature cannot see",
          _hidden),
    Entry("heat", "Heat map (H)", "Yellow to vermillion: how much danger waits in each hex",
          _heat),
    Entry("coordinates", "Coordinates (G)", "Each hex's col,row, as messages cite them",
          _coordinates),
    Entry("respawn", "Respawn point", "Light rules: a knocked-out creature of this colour "
          "comes back here", _respawn),
    Entry("ledge", "Ledge", "Dark edge: a drop of 10 ft or more; climb or jump down, never "
          "walk", _ledge),
    Entry("door_closed", "Closed door", "Blocks like a wall; Open Door (a Little Action)",
          _door("closed")),
    Entry("door_locked", "Locked door", "Yellow lock: Force Open or Smash it", _door("locked")),
    Entry("door_open", "Open door", "Walk through; Close Door shuts it", _door("open")),
    Entry("door_broken", "Broken door", "An empty doorway", _door("broken")),
    Entry("rubble", "Rubble", "A smashed obstacle: difficult terrain", _rubble),
    Entry("hover", "Pointer", "White outline: the hex under the pointer", _hover),
    Entry("hover_threat", "Its threat", "Dashed outline: the reach of the creature under the "
          "pointer", _hover_threat),
    Entry("path_move", "Path: 1 Move", "Blue line: the path and where it ends, one Move",
          _path("move", 1)),
    Entry("path_two_moves", "Path: 2 Moves", "Yellow line: it takes both Big Actions",
          _path("move", 2)),
    Entry("path_run", "Path: Run or Charge", "Purple line", _path("run", 1)),
    Entry("path_provoking", "Provoking path", "Warning triangle where leaving a hex provokes "
          "an attack of opportunity; a dashed line to who may strike", _path("move", 1, True)),
    Entry("safe_path", "Safe path", "Dashed green: the cheapest path that provokes nobody "
          "(Shift+click)", _path("move", 1, False, True)),
    Entry("cover_clear", "Clear line", "White line: a line of the cover test that passes",
          _cover(False)),
    Entry("cover_obstructed", "Obstructed line", "Dashed vermillion: a line that a wall or a "
          "creature obstructs (dark red: it blocks)", _cover(True)),
    Entry("ability_area", "Ability area", "Orange: the hexes an aimed ability covers",
          _ability(False)),
    Entry("ability_heal", "Healing area", "Green: an ability that heals", _ability(True)),
    Entry("more_target", "More actions target", "Blue: a legal target; dashed yellow: where "
          "a creature would end", _more),
    Entry("token", "Creature", "Its side's colour and shape; the notch shows its facing",
          _unit_mark(_nothing)),
    Entry("dead", "Dead", "Greyed and crossed out", _dead),
    Entry("knocked_out", "K.O.", "Light rules: knocked out of the board until it respawns",
          _tag("K.O.")),
    Entry("hp_bar", "Hit points", "The bar under a token: green, then yellow, then red",
          _hp_bar),
    Entry("badge", "Badges", "Conditions over a token, the weightiest first (below: each "
          "abbreviation); +N: more", _tag("+2")),
    Entry("active", "Acting", "Orange ring and arrow: the creature whose turn it is",
          _unit_mark(_markers())),
    Entry("selected", "Selected", "White ring", _unit_mark(_markers(
        selected=lambda s: s.other.name), "other")),
    Entry("pick", "Pick", "Who may act next (selective initiative): click one",
          _unit_mark(_markers(choice_candidates=lambda s: [s.other.name]), "other")),
    Entry("aoo_reactor", "AoO", "Vermillion ring: it would strike the path",
          _unit_mark(_markers(highlighted=lambda s: {s.other.name},
                              preview=_provoked_by_other), "other")),
    Entry("no_reaction", "No reaction", "Grey ring: provoked, but it cannot react now",
          _unit_mark(_markers(highlighted=lambda s: {s.other.name},
                              preview=_refused_by_other), "other")),
    Entry("flanking", "Flanking", "Green ring: the partner that flanks the target with you",
          _unit_mark(_markers(highlighted=lambda s: {s.other.name}, attack=_flank_pair),
                     "other")),
    Entry("highlight", "Highlighted", "Yellow ring: the creatures a log line or a tip names",
          _unit_mark(_markers(highlighted=lambda s: {s.other.name}), "other")),
)


#: the words of the marks that read differently in a battle of the light rules
#: (docs/rules/light/actions.md: a move action is a Shift, a Walk or a Run)
LIGHT_WORDS = {
    "reach_move": ("Shift or Walk", "Blue: a Shift or a Walk gets there (a move action)"),
    "reach_two_moves": ("Farther", "Yellow: beyond this turn's moves"),
    "reach_run": ("Run", "Purple dot: only a Run gets there (a move action)"),
    "path_move": ("Path: Shift or Walk", "Blue line: the path and where it ends"),
    "path_two_moves": ("Path: too far", "Yellow line: beyond this turn's moves"),
    "path_run": ("Path: Run", "Purple line"),
    "path_provoking": ("Provoking path", "Warning triangle where leaving an enemy's attack "
                       "range provokes its Opportunity Attack; a dashed line to who may strike"),
    "aoo_reactor": ("Opportunity Attack", "Vermillion ring: it would strike the path"),
}


#: the same in a battle of the steller rules (docs/rules/steller/actions.md: a click walks;
#: leaving a hex next to an enemy provokes its opportunity attack)
STELLER_WORDS = {
    **LIGHT_WORDS,
    "reach_move": ("Walk", "Blue: a Walk gets there (a move action)"),
    "path_move": ("Path: Walk", "Blue line: the path and where it ends"),
    "path_provoking": ("Provoking path", "Warning triangle where leaving a hex next to an "
                       "enemy provokes its opportunity attack; a dashed line to who may strike"),
    "aoo_reactor": ("Opportunity attack", "Vermillion ring: it would strike the walker"),
}
WORDS_BY_RULES = {"light": LIGHT_WORDS, "steller": STELLER_WORDS}


def entries_for(battle) -> tuple[Entry, ...]:
    """The entries in the words of the battle's rulebook."""
    words = WORDS_BY_RULES.get(battle.profile.name)
    if words is None:
        return ENTRIES
    return tuple(Entry(e.kind, *words[e.kind], e.draw) if e.kind in words else e
                 for e in ENTRIES)


def entry_of(kind: str) -> Entry | None:
    return next((e for e in ENTRIES if e.kind == kind), None)


def swatch(board, entry: Entry, sample: Sample | None = None) -> pygame.Surface:
    """The entry's mark, drawn by the board on a piece of the battle's map."""
    s = sample or Sample(board)
    s.surface = pygame.Surface(SWATCH)
    s.surface.fill(B.BACKDROP)
    entry.draw(s, s.surface)
    pygame.draw.rect(s.surface, (70, 80, 92), s.surface.get_rect(), 1)
    return s.surface


def badge_rows() -> list[tuple[str, str]]:
    """(badge, the condition it stands for) of every badge a token may carry."""
    return [(label, condition_title(condition).split(" (")[0])
            for condition, label in sp.BADGES.items()]


__all__ = ["ENTRIES", "Entry", "LIGHT_WORDS", "SWATCH", "Sample", "badge_rows", "entries_for",
           "entry_of", "swatch"]
