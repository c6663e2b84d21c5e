"""The frame section of tools/bench.py runs headless and counts the blits of each kind of
frame (counts, never timings): a hover or a click redraws from the board's cached layers,
so it costs fewer blits than a redraw that makes those layers again, and an idle frame
draws nothing."""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "tools" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench", module)
    spec.loader.exec_module(module)
    return module


def test_frame_blits_of_hover_and_click_are_counted_and_fewer_than_a_full_redraw():
    bench = load_bench()
    app = bench.frame_app()
    counts = bench.frame_blits(app)
    assert app.model.selected == bench.FRAME_ACTOR
    assert app.model.preview is not None and app.model.preview.cells     # the path drawn
    assert all(isinstance(n, int) for n in counts.values())
    for kind in ("full redraw", "same frame again", "hover", "click", "path shown"):
        assert counts[kind] > 0, kind
    assert counts["idle"] == 0
    for kind in ("same frame again", "hover", "click", "path shown"):
        assert counts[kind] < counts["full redraw"], kind


def test_blit_calls_counts_every_blit_and_batch_on_any_surface():
    import pygame
    bench = load_bench()
    pygame.init()
    a, b = pygame.Surface((8, 8)), pygame.Surface((4, 4))

    def draw():
        a.blit(b, (0, 0))
        b.fill((1, 2, 3))
        a.blits([(b, (1, 1)), (b, (2, 2))])

    assert bench.blit_calls(draw) == 2
    assert bench.blit_calls(lambda: None) == 0
