"""The campaign in the window (docs/mapping.md "Campaigns"): the setup screen's Campaign
button, the between-battle screen with the survivors and the recruits, Continue into the
next battle, and the progress saved as the battle goes. Headless (dummy video driver),
through the App."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.engine.campaign_file import read_campaign  # noqa: E402
from game.engine.campaign_save import progress_path, read_progress  # noqa: E402
from game.ui import campaign_play  # noqa: E402
from game.ui.campaign_screen import CampaignScreen  # noqa: E402
from test_campaign import play_out  # noqa: E402
from test_ui_app import key  # noqa: E402
from tests.helpers import shared_app  # noqa: E402


def press(app, button) -> None:
    """A pygame_gui button press, as the manager posts it."""
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                        ui_object_id=button.most_specific_combined_id))
    app.update(0.0)


def test_the_campaign_button_opens_the_story_and_continue_starts_the_first_battle(
        player_home):
    a = shared_app(None)
    press(a, a.view.campaign_button)
    assert a.mode == "campaign" and isinstance(a.view, CampaignScreen)
    text = " ".join(a.view.texts())
    assert "The Border March" in text and "Battle 1 of 5" in text
    assert all(name in text for name in ("Aldric", "Sela", "Maud", "Tamsin"))
    press(a, a.view.continue_button)
    assert a.mode == "battle" and a.battle.controllers["blue"] == "human"
    assert a.battle.hexmap.path.name == "1_smoke_on_the_road.tmx"


def test_after_a_won_battle_the_screen_shows_survivors_and_recruits_and_continue_plays_on(
        player_home):
    a = shared_app(None)
    press(a, a.view.campaign_button)
    press(a, a.view.continue_button)
    battle = a.battle
    play_out(battle, "ui")
    assert battle.winner == "blue"
    for _ in range(50):                  # the battle screen leads on once the end is shown
        a.update(0.5)
        if a.mode == "campaign":
            break
    assert a.mode == "campaign"
    screen = a.view
    text = " ".join(screen.texts())
    assert "Victory at" in text and "Survivors" in text and "Recruits: choose 1" in text
    for v in a.campaign.roster:
        assert v.name in text and f"{v.hp} / {v.max_hp}" in text
        assert f"{v.xp} / {v.xp_to_level}" in text
    saved = read_progress(progress_path(a.campaign.campaign))
    assert saved.phase == "between" and saved.roster == a.campaign.roster
    press(a, screen.recruit_buttons["Wren"])
    assert screen.picked == ["Wren"]
    press(a, screen.recruit_buttons["Brand"])            # one pick: the newer one stays
    assert screen.picked == ["Brand"]
    key(a, pygame.K_RETURN)
    assert a.mode == "battle" and a.battle.hexmap.path.name == "2_the_burning_shrine.tmx"
    blue = {u.name for u in a.battle.view().units if u.team == "blue"}
    assert "Brand" in blue and "Wren" not in blue
    assert blue <= {v.name for v in a.campaign.roster}


def test_a_campaign_battle_saves_into_the_progress_and_the_button_resumes_it(player_home):
    a = shared_app(None)
    press(a, a.view.campaign_button)
    press(a, a.view.continue_button)
    b = a.battle
    path = a.battle_screen.quick_save()                 # F5 in a campaign
    assert path == progress_path(a.campaign.campaign)
    again = shared_app(None)
    press(again, again.view.campaign_button)
    assert again.mode == "battle" and again.battle.state_hash() == b.state_hash()
    assert campaign_play.shipped_campaign().is_file()


def test_leaving_a_campaign_battle_for_the_setup_screen_keeps_its_progress(player_home):
    a = shared_app(None)
    press(a, a.view.campaign_button)
    press(a, a.view.continue_button)
    key(a, pygame.K_RETURN)                     # the story read, the computer may play
    b = a.battle
    for _ in range(400):                        # the computer's turns, until a person's
        if a.controller.is_human_turn() or b.winner:
            break
        a.update(0.5)
    assert a.controller.is_human_turn() or b.winner
    hash_now, commands = b.state_hash(), len(b.log)
    a.show_setup()
    assert a.campaign is None and a.mode == "setup"
    saved = read_progress(progress_path(read_campaign(campaign_play.shipped_campaign())))
    assert len(saved.commands) == commands and saved.state_hash == hash_now


def test_f6_after_the_stage_map_changed_restarts_it_with_the_same_company(player_home):
    from dataclasses import replace
    from game.tiled.loader import load_map
    from game.ui import map_reload
    a = shared_app(None)
    press(a, a.view.campaign_button)
    press(a, a.view.continue_button)
    wounded = replace(a.campaign.roster[0], hp=3, level=4)    # a veteran of earlier battles
    a.campaign = replace(a.campaign, roster=[wounded] + list(a.campaign.roster[1:]))
    a.battle_screen.restart_map = load_map(a.battle.hexmap.path)
    map_reload.restart_on_new_map(a)
    assert a.mode == "battle" and a.campaign is not None
    view = a.battle.view()
    blue = {u.name for u in view.units if a.battle.teams_of[u.name] == "blue"}
    assert blue == {v.name for v in a.campaign.roster}
    assert view.unit(wounded.name).hp == 3 and view.unit(wounded.name).level == 4
    assert a.battle.controllers["blue"] == "human"


def test_the_campaign_screen_switches_to_a_campaign_in_the_players_maps_folder(player_home):
    import shutil
    from game import paths
    shipped = campaign_play.shipped_campaign().parent
    mine = paths.user_maps_dir() / "campaigns" / "my_march"
    shutil.copytree(shipped, mine)
    for tmx in mine.glob("*.tmx"):           # its tilesets: the game's own, by full path
        tmx.write_text(tmx.read_text().replace("../../../assets/", f"{paths.assets_dir()}/"))
    toml = mine / "campaign.toml"
    toml.write_text(toml.read_text().replace('title = "The Border March"',
                                             'title = "My Own March"', 1))
    a = shared_app(None)
    press(a, a.view.campaign_button)
    menu = a.view.campaign_menu
    assert menu is not None and a.campaign.campaign.title == "The Border March"
    assert menu.options_list == [("The Border March", "The Border March"),
                                 ("My Own March", "My Own March")]
    a.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                      text="My Own March"))
    a.update(0.0)
    assert a.mode == "campaign" and a.campaign.campaign.path == toml
    key(a, pygame.K_ESCAPE)
    press(a, a.view.campaign_button)            # the campaign played last opens again
    assert a.campaign.campaign.title == "My Own March"
