"""Where the HUD's panels lie in a window of any size (tuned for 1280x800 and up)."""
from __future__ import annotations

import pygame

from game.ui import presenters as P

MIN_ACTION_SLOT = 100    # narrower, the labels lose their hotkeys or get cut
MIN_KEYED_SLOT = 95      # the narrowest button that shows every action's key and short word


def clamp(v, lo, hi):
    return max(lo, min(hi, v))


def action_rows(bar_w: int, buttons: int = len(P.ACTIONS)) -> int:
    """Two rows of action buttons where they are wide enough to read, else three, else four
    (a small window): never so narrow that a button loses its key."""
    for rows, least in ((2, MIN_ACTION_SLOT), (3, MIN_KEYED_SLOT)):
        per_row = -(-buttons // rows)          # End Turn also takes what the last row leaves
        if (bar_w - 16 - (per_row - 1) * 6) // per_row >= least:
            return rows
    return 4


def compute_layout(size, units: int = 6, buttons: int = len(P.ACTIONS),
                   objectives: int = 0) -> dict[str, pygame.Rect]:
    """The panels' rectangles for a window of `size` (any size; tuned for 1280x800 and up).

    The right column holds the unit card over the combat log; the initiative tracker sits on
    the left under the top bar; the message line and the action bar run along the bottom,
    left of the right column. `board` is what they leave free in the middle; `prompt` lies
    inside it. With `objectives` lines to show (the map's objectives and its sides), the
    left column ends with the objectives panel under the initiative tracker."""
    w, h = int(size[0]), int(size[1])
    m = 12 if w >= 1600 else 8
    right_w = clamp(int(w * 0.25), 280, 440)
    left_w = clamp(int(w * 0.18), 220, 300)
    top_h = 46 if w >= 1600 else 42
    btn_h = 40 if h >= 1000 else 36
    msg_h = 34
    main_w = w - right_w - 3 * m
    rows = action_rows(main_w, buttons)
    bar_h = rows * btn_h + (rows + 1) * 6 + 4
    top = pygame.Rect(m, m, main_w, top_h)
    actions = pygame.Rect(m, h - m - bar_h, main_w, bar_h)
    message = pygame.Rect(m, actions.top - m - msg_h, main_w, msg_h)
    entry_h = 34 if h >= 1000 else 30
    needed = 58 + max(1, units) * (entry_h + 4) + 8
    init_top = top.bottom + m
    left_bottom = message.top - m
    goals = None
    if objectives:      # the initiative tracker first; the objectives get the rest
        wanted = 40 + objectives * 24
        room = max(min(wanted, 180), left_bottom - init_top - needed - m)
        goals_h = min(wanted, room, (left_bottom - init_top) * 2 // 3)
        goals = pygame.Rect(m, left_bottom - goals_h, left_w, goals_h)
        left_bottom = goals.top - m
    init = pygame.Rect(m, init_top, left_w, max(80, min(needed, left_bottom - init_top)))
    card_h = clamp(max(int(h * 0.42), min(350, h // 2)), 290, 450)   # a card without scrolling
    card = pygame.Rect(w - right_w - m, m, right_w, card_h)
    log = pygame.Rect(card.left, card.bottom + m, right_w, h - m - card.bottom - m)
    board = pygame.Rect(init.right + m, top.bottom + m, top.right - init.right - m,
                        message.top - m - top.bottom - m)
    pw = min(480, board.width - 2 * m)
    prompt = pygame.Rect(board.centerx - pw // 2, board.top + m, pw, 168)
    rects = {"top": top, "initiative": init, "card": card, "log": log, "message": message,
             "actions": actions, "board": board, "prompt": prompt, "margin": pygame.Rect(
                 0, 0, m, entry_h)}
    if goals is not None:
        rects["objectives"] = goals
    return rects


__all__ = ["action_rows", "clamp", "compute_layout"]
