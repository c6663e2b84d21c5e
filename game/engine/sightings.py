"""The last place each side saw each enemy (docs/rules/22-hiding-and-fog.md "What a side
knows"): under fog of war the battle keeps, per side, one `Sighting` per enemy it has seen,
and `note_sightings` brings it up to date after every command (the battle's one place that
writes it). What a side knows now is `game.rules.knowledge.knowledge` of the view and this
record; nothing else stores it.
"""
from __future__ import annotations

from game.rules.knowledge import knowledge, remember


def sides(b) -> tuple[str, ...]:
    """The battle's sides, sorted."""
    return tuple(sorted(set(b.teams_of.values())))


def note_sightings(b) -> None:
    """Each side's record after this moment (only under fog of war)."""
    if not b.fog:
        return
    view = b.view()
    old = b.sightings
    new = {side: remember(view, side, tuple(old.get(side, ())), b.round) for side in sides(b)}
    if new != dict(old):
        b.note(sightings=new)


def known_by(b, side: str):
    """What `side` knows now (game.rules.knowledge.Knowledge)."""
    return knowledge(b.view(), side, tuple(b.sightings.get(side, ())))


__all__ = ["known_by", "note_sightings", "sides"]
