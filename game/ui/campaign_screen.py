"""The campaign's screen between two battles (docs/mapping.md "Campaigns"): how the last
battle went, the story before the next one, the survivors with their level, experience, hit
points and injuries, the recruits to choose from, and Continue.

Its actions for the App: ("campaign_go", names of the recruits picked), ("campaign_open",
path) when another campaign is chosen in the header, and ("setup",).
"""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.engine.campaign_flow import offered
from game.ui.screens import Screen

MUTED = "#8a96a3"
INJURY_WORDS = {"broken_arm": "broken arm", "broken_leg": "broken leg",
                "distressed": "broken ribs"}


def _esc(text) -> str:
    return html.escape(str(text))


class CampaignScreen(Screen):
    """Between two battles of `progress` (game.engine.campaign_save.Progress); `units` the
    stat blocks (for the creatures' names), `outcome` a line on the battle just played."""

    name = "campaign"

    def __init__(self, manager, progress, units: dict, outcome: str = "", size=(1280, 800),
                 campaigns=()):
        super().__init__(manager, size)
        self.progress = progress
        self.campaigns = list(campaigns)     # (title, path) of the campaigns to switch to
        self.campaign_menu = None
        self.units = units
        self.outcome = outcome
        self.recruits, self.picks = offered(progress)
        self.picked: list[str] = []
        self.recruit_buttons: dict = {}
        self._backdrop = None
        self.build()

    @property
    def headline(self) -> str:
        p, c = self.progress, self.progress.campaign
        if p.phase == "done":
            return f"{c.title}: the campaign is won"
        if p.phase == "lost":
            return f"Defeat at {self._title(p.stage)}"
        if p.phase == "between":
            return f"Victory at {self._title(p.stage - 1)}"
        return c.title

    def _title(self, n: int) -> str:
        stage = self.progress.campaign.stages[n]
        return stage.title or stage.map.stem.split("_", 1)[-1].replace("_", " ").title()

    @property
    def story(self) -> str:
        p, c = self.progress, self.progress.campaign
        if p.phase == "done":
            return c.ending
        if p.phase == "lost":
            return "Everyone who went into the battle is back to try again."
        head = c.intro + "\n\n" if p.stage == 0 and c.intro else ""
        return head + p.current.story

    def build(self) -> None:
        w, h = self.size
        m = 14
        head = self.header(m, self.headline)
        self._campaign_choice(head, w - 2 * m)
        top = m + 64 + m
        card = self.panel((m, top, w - 2 * m, h - top - m))
        cw, ch = w - 2 * m, h - top - m
        sub = self.outcome or f"Battle {self.progress.stage + 1} of " \
                              f"{len(self.progress.campaign.stages)}"
        self.label((24, 10, cw - 48, 26), sub, card, "@hero_sub")
        self.story_box = self.textbox((18, 40, cw - 36, 110),
                                      _esc(self.story).replace("\n", "<br>"), card,
                                      "#result_text")
        y = self._roster_table(card, cw, 160)
        self._recruit_row(card, cw, y + 10)
        self._buttons(card, cw, ch)

    def _campaign_choice(self, head, hw: int) -> None:
        """A menu of the campaigns found, when there is more than one."""
        if len(self.campaigns) < 2:
            return
        here = self.progress.campaign.path.resolve()
        titles = [self._menu_title(t, p) for t, p in self.campaigns]
        current = next((t for t, (_, p) in zip(titles, self.campaigns)
                        if p.resolve() == here), titles[0])
        self.label((hw - 440, 18, 100, 28), "Campaign", head, "@small_hint")
        self.campaign_menu = self._add(pygame_gui.elements.UIDropDownMenu(
            titles, current, pygame.Rect(hw - 340, 12, 324, 40), manager=self.manager,
            container=head))

    def _menu_title(self, title: str, path) -> str:
        """A campaign's title in the menu (with its folder when two share a title)."""
        twins = sum(t == title for t, _ in self.campaigns)
        return f"{title} ({path.parent.name})" if twins > 1 else title

    def _roster_table(self, card, cw: int, y: int) -> int:
        self.label((24, y, cw - 48, 26), "Survivors" if self.progress.stage else "Company",
                   card, "@section")
        y += 30
        cols = (24, int(cw * 0.20), int(cw * 0.38), int(cw * 0.47), int(cw * 0.58),
                int(cw * 0.72), int(cw * 0.88))
        heads = ("Name", "Creature", "Level", "XP", "Hit points", "Injuries", "Kills")
        ends = cols[1:] + (cw - 12,)
        for x, end, head in zip(cols, ends, heads):
            self.label((x, y, end - x, 22), head, card, "@small_hint")
        y += 24
        for v in self.progress.roster:
            unit = self.units.get(v.unit)
            hurt = [INJURY_WORDS.get(i, i) for i in v.injuries]
            if v.injured:
                hurt.insert(0, "injured")
            cells = (v.name, unit.name if unit else v.unit, str(v.level),
                     f"{v.xp} / {v.xp_to_level}", f"{v.hp} / {v.max_hp}",
                     ", ".join(hurt) or "-", str(v.kills))
            for x, end, text in zip(cols, ends, cells):
                self.label((x, y, end - x, 30), text, card, "@value")
            y += 32
        if not self.progress.roster:
            self.label((24, y, cw - 48, 30), "Nobody is left.", card, "@value")
            y += 32
        return y

    def _recruit_row(self, card, cw: int, y: int) -> None:
        if not self.recruits:
            return
        n = self.picks
        self.label((24, y, cw - 48, 26), f"Recruits: choose {n}" if n != 1 else
                   "Recruits: choose 1", card, "@section")
        y += 32
        width = min(300, (cw - 48) // len(self.recruits) - 10)
        for k, r in enumerate(self.recruits):
            unit = self.units.get(r.unit)
            text = f"{r.name}: {unit.name if unit else r.unit}, level " \
                   f"{unit.level if unit else '?'}, {unit.hp if unit else '?'} HP"
            b = self.button((24 + k * (width + 10), y, width, 44), text, card, "@segment",
                            tip=unit.description if unit else None)
            self.recruit_buttons[r.name] = b

    def _buttons(self, card, cw: int, ch: int) -> None:
        go = {"done": "Back to setup", "lost": "Fight again"}.get(self.progress.phase,
                                                                   "Continue")
        self.continue_button = self.button((cw - 284, ch - 64, 260, 50), go, card,
                                           "@primary", tip="Enter")
        self.setup_button = None
        if self.progress.phase != "done":
            self.setup_button = self.button((cw - 500, ch - 64, 200, 50), "Back to setup",
                                            card, tip="Esc: the progress is saved")

    def toggle(self, name: str) -> None:
        """Pick or unpick a recruit (at most `picks`: a new pick then drops the oldest)."""
        if name in self.picked:
            self.picked.remove(name)
        elif self.picks:
            self.picked.append(name)
            del self.picked[:-self.picks]
        for other, b in self.recruit_buttons.items():
            cls = "@segment_on" if other in self.picked else "@segment"
            b.change_object_id(ObjectID(class_id=cls, object_id=None))

    def go(self):
        if self.progress.phase == "done":
            return ("setup",)
        return ("campaign_go", tuple(self.picked))

    def handle_event(self, event):
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                getattr(event, "ui_element", None) is self.campaign_menu:
            titles = [self._menu_title(t, p) for t, p in self.campaigns]
            return ("campaign_open", self.campaigns[titles.index(event.text)][1])
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(event, "ui_element", None)
            if element is self.continue_button:
                return self.go()
            if element is not None and element is self.setup_button:
                return ("setup",)
            for name, b in self.recruit_buttons.items():
                if element is b:
                    self.toggle(name)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.go()
            if event.key == pygame.K_ESCAPE:
                return ("setup",)
        return None

    def draw_background(self, surface) -> None:
        self.draw_backdrop_once(surface)
