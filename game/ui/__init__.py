"""pygame only here: camera, map renderer, overlays, HUD, input -> commands (DESIGN.md)."""
