"""Every problem of a campaign file and its maps at once (`python -m game validate
FILE.toml`, docs/mapping.md "Campaigns"): the file's fields, each map (as `validate` checks a
map), the player's side on every map, room on each map for every creature that may carry
over, recruits of known stat blocks, and names that stay the player's own.
"""
from __future__ import annotations

from game.data.loader import load_units
from game.engine.campaign_battle import places
from game.engine.campaign_file import Campaign, read_campaign
from game.errors import InputError
from game.rulebooks import DEFAULT
from game.tiled.loader import MapError, load_map


def campaign_problems(path) -> tuple[Campaign | None, list[InputError]]:
    """The campaign (None when its file cannot be read) and its problems, each one line."""
    try:
        campaign = read_campaign(path)
    except InputError as err:
        return None, [err]
    units = load_units()
    maps, problems = [], []
    for n, stage in enumerate(campaign.stages, 1):
        try:
            maps.append(load_map(stage.map, units))
        except MapError as err:
            maps.append(None)
            problems.extend(InputError(p.path, p.line, p.message) for p in err.problems)
        except InputError as err:
            maps.append(None)
            problems.append(err)
        if maps[-1] is not None and maps[-1].rules != DEFAULT:
            problems.append(InputError(stage.map, None, f"the map plays the {maps[-1].rules} "
                                       f"rules: a campaign's maps play the default rules "
                                       f"({DEFAULT}); remove the map's rules property"))
        problems += _recruit_problems(campaign, n, units)
    problems += _room_problems(campaign, maps)
    problems += _name_problems(campaign, maps)
    return campaign, problems


def _recruit_problems(campaign: Campaign, n: int, units: dict) -> list[InputError]:
    stage = campaign.stages[n - 1]
    return [InputError(campaign.path, f"battle {n}.recruits[{k}]", f"unknown unit "
                       f"{r.unit!r}: a recruit's unit is a file name of assets/units/ without "
                       ".toml") for k, r in enumerate(stage.recruits) if r.unit not in units]


def _room_problems(campaign: Campaign, maps: list) -> list[InputError]:
    """Each map needs a place for every creature that may carry over into it (the first
    map's own plus every recruit that may have joined before)."""
    team, out = campaign.player, []
    if maps[0] is None:
        return out
    most = len(places(maps[0], team))
    for n, (stage, hexmap) in enumerate(zip(campaign.stages, maps), 1):
        if n > 1:
            most += campaign.stages[n - 2].picks
        if hexmap is None:
            continue
        room = len(places(hexmap, team))
        if room == 0 or room < most:
            out.append(InputError(campaign.path, f"battle {n}", f"the map {stage.map.name} has "
                                  f"{room} place(s) for {team} but up to {most} creature(s) "
                                  f"may carry over: add units of team {team} to the map "
                                  "(they are the places) or offer fewer recruits before it"))
    return out


def _name_problems(campaign: Campaign, maps: list) -> list[InputError]:
    """The player's creatures keep their names from map to map: an objective or story of a
    later map cannot name a place of the player's side (another creature may stand there),
    and a recruit's name must not be taken."""
    team, out = campaign.player, []
    ours = {p.name for p in places(maps[0], team)} if maps[0] is not None else set()
    for n, stage in enumerate(campaign.stages, 1):
        for r in stage.recruits:
            if r.name in ours:
                out.append(InputError(campaign.path, f"battle {n}.recruits", f"the name "
                                      f"{r.name!r} is taken: give the recruit another name"))
            ours.add(r.name)
    for n, hexmap in enumerate(maps, 1):
        if hexmap is None:
            continue
        slots = {p.name for p in places(hexmap, team)}
        others = {p.name for p in hexmap.units if p.team != team}
        named = [o.target for o in hexmap.scenario.objectives] + [
            s.target for s in hexmap.scenario.stories]
        for name in sorted((set(named) & slots) | (others & ours)):
            out.append(InputError(hexmap.path, None, f"battle {n} names {name!r}, which may "
                                  f"be a creature of the player's side: rename it (the "
                                  f"carried-over creatures take the places of {team})"))
    return out
