"""pygame only here: camera, map renderer, overlays, HUD, input -> commands
(docs/architecture.md "Layers")."""
