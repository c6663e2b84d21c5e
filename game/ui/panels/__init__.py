"""The HUD's panels, one class each (docs/architecture.md "The window"): each owns its
rectangle of the layout (`layout.compute_layout`), its pygame_gui widgets, how it shows the
battle (`refresh`) and the presses of its buttons (`handle`); `game.ui.hud.Hud` lays them
out and forwards to them."""
