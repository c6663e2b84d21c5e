"""A campaign from battle to battle (docs/mapping.md "Campaigns"): the first battle's
roster, the battle of the current stage, what a battle's end changes, and the recruits the
player takes before the next one. The progress itself is game.engine.campaign_save.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.data.loader import load_units
from game.engine.campaign_battle import campaign_battle, starting_roster
from game.engine.campaign_file import Campaign
from game.engine.campaign_roster import between_battles, recruit, survivors
from game.engine.campaign_save import Progress, next_stage, resume_battle
from game.errors import InputError
from game.tiled.loader import load_map


def start_campaign(campaign: Campaign, seed: int) -> Progress:
    """The progress at the start of the first battle: the first map's creatures of the
    player's side are the roster."""
    hexmap = load_map(campaign.stages[0].map)
    roster = starting_roster(hexmap, campaign.player, load_units())
    return Progress(campaign, 0, "battle", roster, seed)


def stage_battle(progress: Progress, path: Path | None = None):
    """The battle of the current stage (its commands so far applied again)."""
    hexmap = load_map(progress.current.map)
    if progress.commands:
        return resume_battle(progress, path or progress.campaign.path, hexmap)
    return campaign_battle(hexmap, progress.campaign.player, progress.roster, progress.seed)


def after_battle(progress: Progress, battle) -> Progress:
    """The progress once `battle` has ended: the survivors rested and levelled and the next
    stage (or the end), or, lost, the same stage to fight again with the same creatures."""
    team = progress.campaign.player
    if battle.winner != team:
        return replace(progress, phase="lost", commands=[], state_hash="")
    roster = between_battles(survivors(battle, progress.roster, team, True), load_units())
    last = progress.stage + 1 >= len(progress.campaign.stages)
    return replace(progress, phase="done" if last else "between",
                   stage=progress.stage if last else progress.stage + 1, roster=roster,
                   commands=[], state_hash="")


def offered(progress: Progress) -> tuple:
    """The recruits offered now (between battles: those of the battle just won) and how many
    of them the player may take."""
    if progress.phase != "between" or progress.stage == 0:
        return (), 0
    stage = progress.campaign.stages[progress.stage - 1]
    taken = {v.name for v in progress.roster}
    return tuple(r for r in stage.recruits if r.name not in taken), stage.picks


def go_on(progress: Progress, picked, seed: int) -> Progress:
    """The next battle (or the lost one again) with the recruits `picked` (their names)."""
    recruits, picks = offered(progress)
    chosen = [r for r in recruits if r.name in set(picked)]
    if len(chosen) > picks:
        raise InputError(None, None, f"at most {picks} recruits may join, not {len(chosen)}")
    units = load_units()
    roster = list(progress.roster) + [recruit(r.name, units[r.unit]) for r in chosen]
    return next_stage(progress, roster, seed)
