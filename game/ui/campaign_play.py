"""Playing a campaign in the window (docs/mapping.md "Campaigns"): the setup screen's
Campaign button opens the campaign played last (at first the shipped one; the
between-battle screen switches to any other found) where the player left it (its progress in the
saves folder, game.engine.campaign_save), the between-battle screen leads to the next
battle, and a battle's end leads back to it.

The App keeps the progress in `app.campaign` while a campaign is played (None otherwise).
"""
from __future__ import annotations

import time
from pathlib import Path
from dataclasses import replace

from game import paths
from game.data.loader import load_units
from game.engine.campaign_battle import campaign_battle
from game.engine.campaign_file import read_campaign
from game.engine.campaign_flow import after_battle, go_on, stage_battle, start_campaign
from game.engine.campaign_save import progress_path, read_progress, write_progress
from game.errors import InputError
from game.ui.campaign_screen import CampaignScreen

SHIPPED = "border_march"


def shipped_campaign():
    """The campaign file that comes with the game."""
    return paths.shipped_maps_dir() / "campaigns" / SHIPPED / "campaign.toml"


def available_campaigns() -> list[tuple[str, Path]]:
    """(title, path) of every campaign that can be read: the shipped ones, then those in
    the player's maps folder (`campaigns/NAME/campaign.toml`, docs/mapping.md "Campaigns")."""
    found = []
    for folder in (paths.shipped_maps_dir(), paths.user_maps_dir()):
        for path in sorted((folder / "campaigns").glob("*/campaign.toml")):
            try:
                found.append((read_campaign(path).title, path))
            except InputError:
                continue            # `validate` says what is wrong with it
    return found


def last_played() -> Path:
    """The campaign whose progress was saved last (the shipped one when none was played)."""
    played = []
    for _, path in available_campaigns():
        saved = progress_path(read_campaign(path))
        if saved.is_file():
            played.append((saved.stat().st_mtime, str(path), path))
    return max(played)[2] if played else shipped_campaign()


def new_seed() -> int:
    return int(time.time() * 1000) % 1_000_000_007


def open_campaign(app, path=None) -> None:
    """The campaign at `path` (default: the one played last), resumed where its progress was
    saved: in the middle of a battle, or between two; a new one starts with its story."""
    try:
        campaign = read_campaign(path or last_played())
        saved = progress_path(campaign)
        if saved.is_file():
            app.campaign = read_progress(saved)
        else:
            app.campaign = start_campaign(campaign, new_seed())
            write_progress(app.campaign)
    except InputError as err:
        app.campaign = None
        app.show_setup(app.setup, err.line())
        return
    if app.campaign.phase == "battle" and app.campaign.state_hash:   # saved mid-battle
        play_stage(app)
    else:
        show_between(app)


def show_between(app, outcome: str = "") -> None:
    """The between-battle screen of `app.campaign`."""
    app.end_battle()
    app.show(CampaignScreen(app.ui, app.campaign, load_units(), outcome,
                            app.screen.get_size(), available_campaigns()))


def go(app, picked=()) -> None:
    """Continue: the recruits `picked` join, and the next battle (or the lost one) begins."""
    progress = app.campaign
    if progress.phase in ("between", "lost"):
        progress = go_on(progress, picked, new_seed())
    try:
        write_progress(progress)
    except InputError as err:
        app.view.say(err.line()) if hasattr(app.view, "say") else None
        return
    app.campaign = progress
    play_stage(app)


def play_stage(app) -> None:
    """The battle of the current stage, saved in the campaign's progress as it goes."""
    progress = app.campaign
    try:
        battle = stage_battle(progress, progress_path(progress.campaign))
    except InputError as err:
        app.campaign = None
        app.show_setup(app.setup, err.line())
        return
    _start(app, battle)


def restart_stage(app, hexmap) -> None:
    """F6 after the stage's map was saved in Tiled with other units or terrain: the stage's
    battle from its start on the new map, with the same company (its veterans as they are)."""
    progress = replace(app.campaign, commands=[], state_hash="")
    app.campaign = progress
    _start(app, campaign_battle(hexmap, progress.campaign.player, progress.roster,
                                progress.seed))


def _start(app, battle) -> None:
    app.start_battle(battle, human_teams=[app.campaign.campaign.player], owned=True)
    app.battle_screen.keep_progress = lambda: write_progress(app.campaign, app.battle)
    if battle.winner:
        battle_over(app)


def keep(app):
    """Save the campaign's battle being played into the progress (its path; None when no
    campaign battle is being played or it has ended: its end is saved by battle_over)."""
    if app.campaign is None or app.battle is None or app.battle.winner \
            or app.campaign.phase != "battle":
        return None
    try:
        return write_progress(app.campaign, app.battle)
    except InputError:
        return None            # leaving the battle: the last autosaved progress stays


def battle_over(app) -> None:
    """The battle has ended: the survivors carry over (or the battle is to be fought again),
    and the between-battle screen shows it."""
    battle = app.battle
    won = battle.winner == app.campaign.campaign.player
    title = app.campaign.current.title or battle.hexmap.title or "the battle"
    app.campaign = after_battle(app.campaign, battle)
    try:
        write_progress(app.campaign)
    except InputError as err:
        show_between(app, err.line())
        return
    rounds = f"{battle.round} round{'s' if battle.round != 1 else ''}"
    show_between(app, f"{'Won' if won else 'Lost'}: {title}, {rounds}")
