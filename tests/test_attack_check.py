"""The quick verdicts the legality query asks for agree with the full attack preview:
`attack_check` (refuses out of reach or range before the lines are traced) says what
`preview_weapon` says, and `direct_line` (a volley's "could it shoot straight") says what the
full situation says, for every creature, foe and weapon of real battles; line of effect read
off the traced lines (or a walk that stops at the first line no wall blocks) is the one cover
and sight find; the cycle collector paused for the cover of every pair is running again
afterwards."""
import gc
import threading
from pathlib import Path

import pytest

from game.engine.battle import Battle
from game.engine.archery import volley_mode
from game.rules import collector
from game.rules.cover import all_pairs_cover, cover
from game.rules.sight import any_unwalled, line_of_effect, raw_lines, trace_sight
from game.rules.situation import Extras, attack_check, direct_line, preview_weapon, situation
from game.tiled.loader import load_map

MAPS = Path(__file__).resolve().parent.parent / "maps"


def every_attack(view):
    for a in view.units:
        for t in view.units:
            if a.eid != t.eid:
                for w in a.weapons:
                    yield a, t, w


@pytest.mark.parametrize("map_name", ["battle.tmx", "skirmish.tmx"])
@pytest.mark.parametrize("power", [False, True])
def test_attack_check_gives_the_previews_verdict_reason_and_mode(map_name, power):
    battle = Battle(load_map(MAPS / map_name), seed=5)
    try:
        view = battle.view()
        extras = Extras(power_attack=power)
        refused_early = 0
        for a, t, w in every_attack(view):
            p = preview_weapon(view, a, t, w, extras)
            check = attack_check(view, a, t, w, extras)
            assert (check.possible, check.reason, check.mode) == (p.possible, p.reason, p.mode)
            refused_early += "out of r" in check.reason
        assert refused_early > 0          # the quick refusal was exercised
    finally:
        battle.close()


def test_attack_check_of_an_unknown_weapon_names_the_weapons():
    battle = Battle(load_map(MAPS / "battle.tmx"), seed=5)
    try:
        view = battle.view()
        a, t = view.units[0], view.units[1]
        check = attack_check(view, a, t, "no such thing")
        assert not check.possible and check.reason == preview_weapon(view, a, t,
                                                                     "no such thing").reason
    finally:
        battle.close()


def test_direct_line_is_line_of_effect_and_cover_short_of_total():
    battle = Battle(load_map(MAPS / "battle.tmx"), seed=5)
    try:
        view = battle.view()
        seen = set()
        for a, t, w in every_attack(view):
            mode = volley_mode(w)
            s = situation(view, a, t, w, Extras(mode=mode))
            full = (s.cover is not None and s.cover.line_of_effect
                    and s.situation is not None and s.situation.cover != "total")
            assert direct_line(view, a, t, w) == full
            seen.add(full)
        assert seen == {True, False}
    finally:
        battle.close()


@pytest.mark.parametrize("map_name", ["battle.tmx", "skirmish.tmx", "keep.tmx"])
def test_line_of_effect_read_off_complete_lines_is_the_one_of_cover_and_sight(map_name):
    battle = Battle(load_map(MAPS / map_name), seed=5)
    try:
        view = battle.view()
        answers = set()
        for a in view.units:
            for t in view.units:
                if a.eid != t.eid:
                    effect = line_of_effect(view, a, t)
                    assert effect == cover(view, a, t, ranged=True).line_of_effect
                    assert effect == trace_sight(view, a, t).line_of_effect
                    answers.add(effect)
        assert answers == {True, False} or map_name != "battle.tmx"
    finally:
        battle.close()


@pytest.mark.parametrize("map_name", ["battle.tmx", "keep.tmx"])
def test_a_walk_stopping_at_the_first_unwalled_line_agrees_with_the_traced_lines(map_name):
    battle = Battle(load_map(MAPS / map_name), seed=5)
    try:
        view = battle.view()
        answers = set()
        for a in view.units:
            for t in view.units:
                for origin in (a.hexes if a.eid != t.eid else ()):
                    quick = any_unwalled(view, a, t, origin)     # before the lines are kept
                    traced = any(raw.complete for raw in raw_lines(view, a, t, origin))
                    assert quick == traced
                    assert any_unwalled(view, a, t, origin) == traced
                    answers.add(quick)
        assert answers == {True, False} or map_name != "battle.tmx"
    finally:
        battle.close()


def test_the_collector_runs_again_after_the_cover_of_every_pair():
    battle = Battle(load_map(MAPS / "battle.tmx"), seed=5)
    try:
        assert gc.isenabled()
        all_pairs_cover(battle.view(), ranged=True, use_cache=False)
        assert gc.isenabled()
    finally:
        battle.close()


def test_a_collector_turned_off_before_stays_off():
    gc.disable()
    try:
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_resumes_only_when_the_last_thread_leaves_its_block():
    inside, leave = threading.Event(), threading.Event()

    def other():
        with collector.paused():
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=other)
    with collector.paused():
        thread.start()
        assert inside.wait(10)
    assert not gc.isenabled()          # the other thread is still inside its block
    leave.set()
    thread.join(10)
    assert gc.isenabled()
