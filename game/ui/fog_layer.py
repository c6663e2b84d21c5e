"""The board under fog of war (docs/rules/22-hiding-and-fog.md "Fog of war"): the hexes the
shown side does not see are dimmed, and each enemy it does not see now is drawn faded where
the side last saw it, with the round it was seen ("a ghost"). What is known is the engine's
and the rules' answer (`GameController.knowledge`, `game.rules.knowledge`); this module only
draws it.
"""
from __future__ import annotations

from dataclasses import replace

from game.hexgrid import Hex
from game.rules.knowledge import hexes_in_sight
from game.ui import sprites as sp

FOG_FILL = (6, 8, 16, 165)      # a hex the side does not see
GHOST_ALPHA = 150               # a last-seen enemy, faded


def dim_unseen(board, surf, known, zoom: float) -> None:
    """Dim every hex the side of `known` does not see."""
    view = board.battle.view()
    seen = hexes_in_sight(view, known.side)
    cells = [board.battle.cell(h) for h in board.hexmap.all_hexes() if h not in seen]
    board.fill_cells(surf, cells, FOG_FILL, zoom)


def ghost_of(view, sighting):
    """The creature of `sighting` as it stood when last seen (a UnitView moved there)."""
    u = view.unit(sighting.name)
    dq, dr = sighting.q - u.anchor.q, sighting.r - u.anchor.r
    return replace(u, anchor=sighting.anchor,
                   hexes=tuple(Hex(h.q + dq, h.r + dr) for h in u.hexes))


def draw_ghosts(board, surf, camera, known) -> list[str]:
    """Each enemy unseen now, faded where it was last seen, labelled with the round; returns
    the names drawn so."""
    view = board.battle.view()
    drawn = []
    for s in known.last_seen:
        if not view.has_unit(s.name) or view.unit(s.name).dead or not view.unit(s.name).hexes:
            continue
        ghost = ghost_of(view, s)
        spr, (dx, dy) = board.sprite(ghost, camera.zoom)
        faded = spr.copy()
        faded.set_alpha(GHOST_ALPHA)
        x, y = camera.to_screen(*board.hex_centre(ghost.anchor))
        surf.blit(faded, (round(x + dx), round(y + dy)))
        size = max(10, round(13 * min(camera.zoom, 1.3)))
        label = sp.text(f"seen r{s.round}", size, sp.PAPER, True, sp.INK)
        _, r = board.token_radius(ghost, camera.zoom)
        rect = surf.blit(label, label.get_rect(midtop=(round(x), round(y + r + 2))))
        board.unit_texts.append((f"{s.name} last seen", rect))
        drawn.append(s.name)
    return drawn


__all__ = ["FOG_FILL", "GHOST_ALPHA", "dim_unseen", "draw_ghosts", "ghost_of"]
