"""Every key binding of the game window, defined once: the battle's commands by key, the
action bar's hotkeys, the attack-of-opportunity prompt's answers, the panning keys and the
replay viewer's keys. The HUD, the battle screen, the replay viewer and the help panel read
these tables (the help lists `HELP` and `REPLAY_HELP`).
"""
from __future__ import annotations

import pygame

#: pygame key -> the engine's action id of the default rules' bar button it presses
#: (GameController.do_action; "more" opens the More actions menu)
ACTION_KEYS: dict[int, str] = {
    pygame.K_1: "move", pygame.K_2: "run", pygame.K_3: "charge", pygame.K_4: "step",
    pygame.K_5: "attack", pygame.K_6: "aim", pygame.K_7: "fight_defensively",
    pygame.K_8: "power_attack", pygame.K_9: "stand_up", pygame.K_0: "drop_prone",
    pygame.K_r: "retreat", pygame.K_i: "prepare_interrupt", pygame.K_o: "ignore_enemy",
    pygame.K_p: "defer", pygame.K_q: "draw_weapon", pygame.K_v: "sheathe_weapon",
    pygame.K_f: "pick_up", pygame.K_b: "protect", pygame.K_x: "trade_spaces",
    pygame.K_m: "use_ability", pygame.K_j: "more",
    pygame.K_e: "end_turn", pygame.K_END: "end_turn",
}
#: the action bar's hotkeys in a battle of the light rules (game.ui.presenters.LIGHT_ACTIONS),
#: by the engine's action ids of the light profile:
#: the keys of the default bar its actions do not use, so that WASD still pans, C centres and
#: G shows the coordinates
LIGHT_ACTION_KEYS: dict[int, str] = {
    pygame.K_1: "shift", pygame.K_2: "walk", pygame.K_3: "run", pygame.K_4: "jump",
    pygame.K_5: "light_attack", pygame.K_6: "heavy_attack", pygame.K_7: "volley_attack",
    pygame.K_8: "dash_attack", pygame.K_9: "scope_attack", pygame.K_0: "throw_weapon",
    pygame.K_m: "use_power", pygame.K_b: "block", pygame.K_q: "handle_equipment",
    pygame.K_f: "consume_substance", pygame.K_r: "get_up", pygame.K_p: "wait",
    pygame.K_e: "end_turn", pygame.K_END: "end_turn",
}
#: the steller bar's hotkeys (docs/rules/steller/actions.md)
STELLER_ACTION_KEYS: dict[int, str] = {
    pygame.K_1: "basic_attack", pygame.K_m: "use_power", pygame.K_2: "walk",
    pygame.K_3: "shift", pygame.K_4: "run", pygame.K_5: "charge", pygame.K_r: "stand_up",
    pygame.K_f: "second_wind", pygame.K_b: "total_defense", pygame.K_6: "coup_de_grace",
    pygame.K_p: "action_point", pygame.K_q: "crawl", pygame.K_x: "squeeze",
    pygame.K_o: "escape", pygame.K_7: "aid_another", pygame.K_8: "bull_rush",
    pygame.K_9: "grab", pygame.K_i: "sustain_grab", pygame.K_0: "ready", pygame.K_j: "delay",
    pygame.K_u: "throw_grenade", pygame.K_e: "end_turn", pygame.K_END: "end_turn",
}
#: the action bar's hotkeys by the battle's rule profile (its name)
ACTION_KEYS_BY_RULES: dict[str, dict[int, str]] = {"lfg": ACTION_KEYS,
                                                   "light": LIGHT_ACTION_KEYS,
                                                   "steller": STELLER_ACTION_KEYS}


def action_keys(battle) -> dict[int, str]:
    """The action bar's hotkeys of `battle`'s rule profile (none for a profile without a
    table of its own)."""
    name = getattr(getattr(battle, "profile", None), "name", "lfg")
    return ACTION_KEYS_BY_RULES.get(name, {})


#: keys of the active-defense prompt: the defense they choose (Y / N of PROMPT_KEYS answer
#: "the best defense" and "none")
DEFENSE_KEYS: dict[int, str] = {pygame.K_p: "parry", pygame.K_v: "dodge"}
#: keys of the attack-of-opportunity prompt while it is shown: accept (True) or decline
PROMPT_KEYS: dict[int, bool] = {pygame.K_y: True, pygame.K_RETURN: True,
                                pygame.K_KP_ENTER: True, pygame.K_n: False,
                                pygame.K_ESCAPE: False}
#: held keys that pan the map: (dx, dy)
PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1)}
#: the battle's other keys -> what they do (App.battle_command)
BATTLE_KEYS: dict[int, str] = {
    pygame.K_ESCAPE: "menu", pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_TAB: "weapon", pygame.K_t: "threat", pygame.K_l: "sight", pygame.K_h: "heat",
    pygame.K_c: "centre", pygame.K_SPACE: "skip", pygame.K_LEFTBRACKET: "slower",
    pygame.K_RIGHTBRACKET: "faster", pygame.K_EQUALS: "zoom_in", pygame.K_PLUS: "zoom_in",
    pygame.K_KP_PLUS: "zoom_in", pygame.K_MINUS: "zoom_out", pygame.K_KP_MINUS: "zoom_out",
    pygame.K_F5: "quick_save", pygame.K_z: "undo", pygame.K_n: "next_creature",
    pygame.K_g: "coordinates", pygame.K_F1: "help", pygame.K_F2: "legend",
    pygame.K_F6: "restart_map",
    pygame.K_u: "interrupt_trigger", pygame.K_k: "interrupt_action",
}
#: a tutorial lesson done: the next lesson (game.ui.lesson_box)
NEXT_LESSON_KEY = pygame.K_F7
#: the battle's keyed commands that only look (the replay viewer keeps them)
WATCH_BATTLE_KEYS = frozenset({"threat", "sight", "heat", "centre", "zoom_in", "zoom_out",
                               "coordinates", "help", "legend", "menu", "slower",
                               "faster"})
#: the replay viewer's keys -> what they do (game.ui.replay_viewer); they come before the
#: battle's (Left and Right step there instead of panning)
REPLAY_KEYS: dict[int, str] = {
    pygame.K_SPACE: "play", pygame.K_p: "play", pygame.K_RIGHT: "forward",
    pygame.K_PERIOD: "forward", pygame.K_LEFT: "back", pygame.K_COMMA: "back",
    pygame.K_PAGEDOWN: "next_round", pygame.K_PAGEUP: "previous_round",
    pygame.K_HOME: "first", pygame.K_END: "last", pygame.K_ESCAPE: "close",
    pygame.K_v: "side",
}
#: (keys, what they do) in the replay viewer, for its key line and the help panel
REPLAY_HELP: tuple[tuple[str, str], ...] = (
    ("Space, P", "play / pause"),
    ("Right, .", "one command forward"),
    ("Left, ,", "one command back"),
    ("Page Down, Page Up", "the next / the previous round"),
    ("Home, End", "the start / the end of the battle"),
    ("V", "show everything, or what one side knew (fog of war)"),
    ("Esc", "close the replay"),
)
#: (keys, what they do) for the help panel and the README, in reading order
HELP: tuple[tuple[str, str], ...] = (
    ("Left click", "select, move, attack, pick who acts next; again on the same hex: confirm"),
    ("Shift+click, Shift+Enter", "take the safe path"),
    ("Right click", "cancel"),
    ("Esc", "cancel, else the menu (resume, save, load, settings, quit)"),
    ("Enter", "confirm a provoking move"),
    ("1-9, 0, R, I, O, P, Q, V, F, B, X, M", "the action bar's actions"),
    ("1-9, 0, M, B, Q, F, R, P", "light rules: Shift, Walk, Run, Jump, the six attacks, Use "
                                 "Power (Tab: the next power), Block, Handle Equipment, "
                                 "Consume Substance, Get Up, Wait"),
    ("J", "More actions: the rarer ones (J again: the next one; Tab: another way to do it)"),
    ("U, K", "Prepare Interrupt: the next trigger, the next prepared action"),
    ("E, End", "end the turn"),
    ("Z, Ctrl+Z", "undo the last move or action that rolled no dice"),
    ("Tab", "next weapon"),
    ("N", "next creature that can act"),
    ("Y / N", "answer an attack of opportunity, an interrupt or a defense prompt (Y: the best "
              "defense)"),
    ("P / V", "defense prompt: Active Parry / Active Dodge"),
    ("B, X", "Protect an ally, Trade Spaces with an ally (then click the ally)"),
    ("T, L, H", "threat areas, line of sight, threat heat map"),
    ("G", "hex coordinates"),
    ("C", "centre on the active creature"),
    ("Arrows, WASD, right drag", "pan; the wheel, + and - zoom"),
    ("Space", "skip the animations and the computer's pacing"),
    ("[ and ]", "animation speed"),
    ("F5", "quick save"),
    ("F6", "restart on the map file after it changed (when the game says so)"),
    ("F1", "help: the keys, the words of the game, the rules (index and search)"),
    ("F2", "the map's legend: every mark, badge and terrain and what it means"),
    ("F7", "tutorial: the next lesson, once this one is done"),
)

__all__ = ["ACTION_KEYS", "ACTION_KEYS_BY_RULES", "LIGHT_ACTION_KEYS", "STELLER_ACTION_KEYS",
           "action_keys",
           "BATTLE_KEYS", "DEFENSE_KEYS", "HELP", "NEXT_LESSON_KEY", "PAN_KEYS", "PROMPT_KEYS",
           "REPLAY_HELP", "REPLAY_KEYS", "WATCH_BATTLE_KEYS"]
