"""The battle's sound effects: steps, strikes, misses, criticals, reactions, a creature falling,
victory and defeat.

The sounds are made by the game at first use (short waveforms computed with the standard
library's `array`, no sound file), and chosen from the engine's events by one table,
`SOUND_OF_EVENT` (event type -> a sound name, or a function of the event that names one).
`SoundPlayer` plays them at the settings' volume; muted, it plays nothing. Sound is never a
reason to stop: where the mixer cannot open (no audio device, SDL_AUDIODRIVER=dummy without
mixer) the player stays silent, and `played` still lists what it was asked for, so that a
test can hear a battle without speakers.
"""
from __future__ import annotations

import math
import random
from array import array

import pygame

from game.engine import events as E

RATE = 22050
SOUND_NAMES = ("step", "strike", "miss", "critical", "reaction", "fall", "victory", "defeat")


def _attack_sound(e: E.AttackRolled, _humans) -> str:
    if e.kind in ("aoo", "interrupt"):
        return "reaction"
    if e.hit and not e.concealed_miss:
        return "critical" if e.critical else "strike"
    return "miss"


def _won_sound(e: E.BattleWon, humans) -> str:
    """Victory when a person's side won, or when nobody at the window plays."""
    return "victory" if not humans or e.team in humans else "defeat"


#: the conditions that take a creature out of the fight: it falls
DOWNED = frozenset({"dying", "unconscious"})


def _condition_sound(e, _humans) -> str | None:
    return "fall" if e.condition in DOWNED else None


#: what each engine event sounds like (an event type not listed is silent)
SOUND_OF_EVENT = {
    E.Moved: "step",
    E.ForcedMoved: "step",
    E.AttackRolled: _attack_sound,
    E.ObjectStruck: "strike",
    E.InterruptTriggered: "reaction",
    E.Provoked: "reaction",
    E.ConditionAdded: _condition_sound,
    E.Died: "fall",
    E.KnockedOut: "fall",
    E.Fell: "fall",
    E.BattleWon: _won_sound,
}


def sounds_of(events, humans=frozenset()) -> list[str]:
    """The sound names of `events`, in order (`humans`: the people's sides)."""
    out = []
    for e in events:
        sound = SOUND_OF_EVENT.get(type(e))
        if callable(sound):
            sound = sound(e, humans)
        if sound:
            out.append(sound)
    return out


# ---- the waveforms ------------------------------------------------------------------------

def _tone(freqs, seconds: float, decay: float, noise: float = 0.0, seed: int = 1) -> list[float]:
    """Samples in -1..1: a sum of sines sliding from each (start, end) frequency pair, with
    some noise, fading out exponentially."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out = []
    phases = [0.0] * len(freqs)
    for i in range(n):
        t = i / n
        v = 0.0
        for k, (f0, f1) in enumerate(freqs):
            phases[k] += 2 * math.pi * (f0 + (f1 - f0) * t) / RATE
            v += math.sin(phases[k])
        v = v / max(1, len(freqs)) * (1 - noise) + rng.uniform(-1, 1) * noise
        out.append(v * math.exp(-decay * t) * min(1.0, i / 60))
    return out


def _notes(freqs, each: float) -> list[float]:
    """A short tune: one fading tone per frequency."""
    out: list[float] = []
    for k, f in enumerate(freqs):
        out += _tone([(f, f)], each, 3.0, 0.0, k)
    return out


WAVES = {
    "step": lambda: _tone([(90, 60)], 0.09, 9.0, 0.55),
    "strike": lambda: _tone([(220, 90), (330, 120)], 0.18, 7.0, 0.35),
    "miss": lambda: _tone([(900, 500)], 0.16, 5.0, 0.7),
    "critical": lambda: _tone([(180, 60), (520, 260), (760, 300)], 0.35, 5.0, 0.3),
    "reaction": lambda: _tone([(660, 880)], 0.12, 6.0, 0.05),
    "fall": lambda: _tone([(160, 40)], 0.45, 4.0, 0.4),
    "victory": lambda: _notes((523, 659, 784, 1047), 0.16),
    "defeat": lambda: _notes((392, 330, 262, 196), 0.2),
}


def pcm(name: str, channels: int = 1, rate: int = RATE) -> bytes:
    """The sound's signed 16-bit samples at `rate` (made at RATE, then resampled), interleaved
    for `channels`."""
    wave = WAVES[name]()
    samples = array("h")
    for i in range(int(len(wave) * rate / RATE)):
        v = wave[min(len(wave) - 1, int(i * RATE / rate))]
        samples.extend([int(max(-1.0, min(1.0, v)) * 26000)] * channels)
    return samples.tobytes()


# ---- the player ---------------------------------------------------------------------------

class SoundPlayer:
    """Plays the battle's sounds at `volume` (0-1) unless `muted`; `played` lists the names
    it played (or would have, without a mixer)."""

    def __init__(self, volume: float = 0.7, muted: bool = False):
        self.volume = volume
        self.muted = muted
        self.played: list[str] = []
        self._sounds: dict[str, object] = {}
        self._mixer: bool | None = None     # None: not tried yet

    @property
    def available(self) -> bool | None:
        """Did the mixer open (None: no sound asked for yet)?"""
        return self._mixer

    def _open(self) -> bool:
        if self._mixer is None:
            try:
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
                self._mixer = pygame.mixer.get_init() is not None
            except pygame.error:
                self._mixer = False
        return self._mixer

    def _sound(self, name: str):
        if name not in self._sounds:
            freq, size, channels = pygame.mixer.get_init()
            if size != -16:
                self._sounds[name] = None   # a mixer opened elsewhere in another format
            else:
                self._sounds[name] = pygame.mixer.Sound(buffer=pcm(name, channels, freq))
        return self._sounds[name]

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0:
            return
        self.played.append(name)
        if not self._open():
            return
        try:
            sound = self._sound(name)
            if sound is not None:
                sound.set_volume(self.volume)
                sound.play()
        except pygame.error:
            self._mixer = False             # the device went away: silent from now on

    def feed(self, events, humans=frozenset()) -> None:
        """The sounds of a batch of engine events."""
        for name in sounds_of(events, humans):
            self.play(name)


__all__ = ["SOUND_NAMES", "SOUND_OF_EVENT", "SoundPlayer", "WAVES", "pcm", "sounds_of"]
