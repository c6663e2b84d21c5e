"""The balance report's images, drawn with matplotlib (the optional extra hexskirmish[report]).

Each function takes the report document (`game.balance.aggregate.Tally.report`) and writes
one PNG: win rates per pairing with their 95% intervals, game length, the creature kinds,
the commands used, and where creatures fell drawn over the map as Tiled renders it
(`game.ui.map_renderer`).
"""
from __future__ import annotations

import textwrap
from pathlib import Path

from game.errors import InputError

INSTALL_HINT = "pip install 'hexskirmish[report]'"
DPI = 110


def import_pyplot():
    """matplotlib's pyplot on the file-only backend, or a one-line InputError saying how to
    install it."""
    try:
        import matplotlib
    except ImportError:
        raise InputError(None, None, "the balance report draws its plots with matplotlib, "
                         f"which is not installed: {INSTALL_HINT}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


#: the game's team shapes as matplotlib markers
MARKERS = {"circle": "o", "square": "s", "diamond": "D", "triangle": "^", "hexagon": "h",
           "cross": "X"}


def colour(team: str, teams) -> str:
    """The team's colour in the game (the HUD's palette), as matplotlib takes it."""
    from game.ui.presenters import team_colour
    return "#%02x%02x%02x" % team_colour(team, teams)


def marker(team: str, teams) -> str:
    from game.ui.presenters import team_marker
    return MARKERS[team_marker(team, teams)]


def win_rates(doc: dict, out: Path) -> None:
    """One row of bars per pairing: each team's win rate with its Wilson interval."""
    plt = import_pyplot()
    pairings, teams = doc["pairings"], doc["teams"]
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.55 * len(pairings) * len(teams)), dpi=DPI)
    labels, ticks, y = [], [], 0.0
    for p in reversed(pairings):
        for team in reversed(teams):
            row = p["teams"][team]
            lo, hi = row["ci95"]
            rate = row["win_rate"]
            ax.barh(y, 100 * rate, color=colour(team, teams), alpha=0.85)
            ax.errorbar(100 * rate, y, xerr=[[100 * (rate - lo)], [100 * (hi - rate)]],
                        color="black", capsize=4)
            labels.append(f"{team} ({row['controller']})")
            ticks.append(y)
            y += 1
        y += 0.5
    ax.set_yticks(ticks)
    ax.set_yticklabels(labels)
    ax.set_xlim(0, 100)
    ax.axvline(50, color="grey", linestyle=":")
    ax.set_xlabel("win rate, % (bars: 95% interval)")
    # a verdict naming the teams behind runs wider than the plot: wrap it
    ax.set_title(textwrap.fill(f"{doc['map']}: {doc['verdict']['text']}", 90), fontsize=10)
    _save(fig, out)


def game_length(doc: dict, out: Path) -> None:
    plt = import_pyplot()
    hist = {int(r): c for r, c in doc["length"]["rounds_histogram"].items()}
    fig, ax = plt.subplots(figsize=(6, 3), dpi=DPI)
    ax.bar(list(hist), list(hist.values()), color="#777777")
    ax.axvline(doc["length"]["mean_rounds"], color="black", linestyle="--",
               label=f"mean {doc['length']['mean_rounds']:.1f} rounds")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"{doc['map']}: game length over {doc['games']} games", fontsize=10)
    ax.legend()
    _save(fig, out)


def unit_kinds(doc: dict, out: Path) -> None:
    """Per creature kind: standing at the end (with its interval), creatures felled, damage
    dealt and taken."""
    plt = import_pyplot()
    rows = doc["unit_kinds"]
    kinds = [r["kind"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(10, 1.2 + 0.4 * len(kinds)), dpi=DPI, sharey=True)
    ys = range(len(kinds))
    survival = [100 * r["survival"] for r in rows]
    err = [[100 * r["survival"] - 100 * r["survival_ci95"][0] for r in rows],
           [100 * r["survival_ci95"][1] - 100 * r["survival"] for r in rows]]
    axes[0].barh(ys, survival, xerr=err, color="#5a9e6f", capsize=3)
    axes[0].set_xlim(0, 100)
    axes[0].set_xlabel("standing at the end, %")
    axes[1].barh(ys, [r["felled"] for r in rows], color="#9e5a5a")
    axes[1].set_xlabel("creatures felled per creature and game")
    axes[2].barh([y + 0.2 for y in ys], [r["damage_dealt"] for r in rows], height=0.4,
                 color="#d48a3b", label="dealt")
    axes[2].barh([y - 0.2 for y in ys], [r["damage_taken"] for r in rows], height=0.4,
                 color="#6f6f9e", label="taken")
    axes[2].set_xlabel("damage per creature and game")
    axes[2].legend(fontsize=8)
    axes[0].set_yticks(list(ys))
    axes[0].set_yticklabels([f"{k} ({r['creatures']})" for k, r in zip(kinds, rows)])
    axes[0].invert_yaxis()
    fig.suptitle(f"{doc['map']}: creature kinds (in brackets: creature-games)", fontsize=10)
    _save(fig, out)


def actions(doc: dict, out: Path) -> None:
    """The commands each team used per game, over all pairings."""
    plt = import_pyplot()
    teams = doc["teams"]
    totals: dict = {t: {} for t in teams}
    for p in doc["pairings"]:
        for team, counts in p["actions"].items():
            for kind, n in counts.items():
                totals.setdefault(team, {})[kind] = totals.get(team, {}).get(kind, 0) + n
    kinds = sorted({k for c in totals.values() for k in c})
    games = max(1, doc["games"])
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.22 * len(kinds) * len(teams)), dpi=DPI)
    height = 0.8 / max(1, len(teams))
    for i, team in enumerate(teams):
        ax.barh([k + i * height for k in range(len(kinds))],
                [totals.get(team, {}).get(kind, 0) / games for kind in kinds],
                height=height, color=colour(team, teams), label=team)
    ax.set_yticks([k + 0.4 - height / 2 for k in range(len(kinds))])
    ax.set_yticklabels(kinds)
    ax.invert_yaxis()
    ax.set_xlabel("uses per game")
    ax.set_title(f"{doc['map']}: commands per team and game (all pairings)", fontsize=10)
    ax.legend()
    _save(fig, out)


def fallen(doc: dict, map_path, out: Path) -> None:
    """The hexes where creatures fell, shaded by how often, over the map's own render, with
    the starting hexes of each team marked."""
    plt = import_pyplot()
    from matplotlib.colors import Normalize
    from matplotlib.patches import Polygon

    from game.ui.map_renderer import build_map_surface, load_map_info
    info = load_map_info(map_path)
    image, (ox, oy) = _surface_rgba(build_map_surface(info, frozenset())), info.origin
    from game.ai.games import battle_map
    hexmap = battle_map(map_path)
    layout = hexmap.layout
    h, w = image.shape[:2]
    width = min(10.0, 2 + w / 100)                 # inches; the map keeps its aspect
    fig, ax = plt.subplots(figsize=(width, (width - 1.8) * h / w + 1.0), dpi=DPI)
    ax.imshow(image, extent=(-ox, w - ox, h - oy, -oy))
    top = max((d["count"] for d in doc["fallen"]), default=1)
    norm, cmap = Normalize(0, top), plt.get_cmap("inferno_r")
    for d in doc["fallen"]:
        corners = layout.tile_polygon(*d["cell"])
        ax.add_patch(Polygon(corners, closed=True, facecolor=cmap(norm(d["count"])),
                             alpha=0.65, edgecolor="black", linewidth=0.5))
    for team in doc["teams"]:
        starts = [layout.tile_center(u.col, u.row) for u in hexmap.units if u.team == team]
        # the game's shape per team too: colour is never the only cue
        ax.scatter([x for x, _ in starts], [y for _, y in starts], s=45,
                   marker=marker(team, doc["teams"]), color=colour(team, doc["teams"]),
                   edgecolor="white", label=f"{team} start")
    ax.legend(loc="upper left", bbox_to_anchor=(0, -0.01), ncol=len(doc["teams"]), fontsize=8)
    fig.colorbar(plt.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.7,
                 label="creatures fallen there")
    ax.set_axis_off()
    ax.set_title(f"{doc['map']}: where creatures fell ({sum(d['count'] for d in doc['fallen'])}"
                 f" falls in {doc['games']} games: dying, unconscious or dead)", fontsize=10)
    _save(fig, out, palette=tuple(colour(t, doc["teams"]) for t in doc["teams"]))


def _surface_rgba(surface):
    import numpy as np
    import pygame
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), dtype=np.uint8).reshape(h, w, 4)


def _save(fig, out: Path, palette: tuple = ()) -> None:
    """Write the figure as a PNG; with `palette` (colours to keep exactly, as #rrggbb): 256
    colours (a map render is mostly texture, and a quarter of the bytes keeps the committed
    reports small)."""
    import io

    import matplotlib.pyplot as plt
    fig.tight_layout()
    if palette:
        from PIL import Image
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        _quantized(Image.open(buffer).convert("RGB"), palette).save(out, optimize=True)
    else:
        fig.savefig(out)
    plt.close(fig)


def _quantized(image, keep: tuple):
    """`image` in 256 colours, the `keep` colours among them: the few pixels of a small
    marker would otherwise be merged into the texture's colours (a blue start drawn grey)."""
    from PIL import Image
    rgb = [int(c[i:i + 2], 16) for c in keep for i in (1, 3, 5)]
    base = image.quantize(256 - len(keep))
    palette = Image.new("P", (1, 1))
    palette.putpalette(base.getpalette()[:3 * (256 - len(keep))] + rgb)
    return image.quantize(palette=palette)


IMAGES = {"win_rates.png": win_rates, "game_length.png": game_length,
          "unit_kinds.png": unit_kinds, "actions.png": actions}

IMAGE_NAMES = (*IMAGES, "fallen.png")   # the images of a report, as draw_all names them


def draw_all(doc: dict, map_path, folder: Path) -> list[str]:
    """Every image of the report into `folder`; returns their file names."""
    for name, draw in IMAGES.items():
        draw(doc, folder / name)
    fallen(doc, map_path, folder / "fallen.png")
    return list(IMAGE_NAMES)


__all__ = ["INSTALL_HINT", "draw_all", "import_pyplot"]
