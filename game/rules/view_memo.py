"""Results remembered per battle view (views are immutable snapshots): the last few views'
answers, each under a key the caller makes of everything the answer depends on besides the
view. Rules that are asked the same question many times in one decision (the touch attack of
a wrestling maneuver: by the legality query, the forecast and the computer player) use it."""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

VIEWS = 8
_MEMO: OrderedDict = OrderedDict()


def per_view(view, key: Hashable, compute: Callable):
    """`compute()` for `view` and `key`, remembered while the view is among the last VIEWS."""
    hit = _MEMO.get(id(view))
    if hit is None or hit[0] is not view:
        hit = _MEMO[id(view)] = (view, {})
        while len(_MEMO) > VIEWS:
            _MEMO.popitem(last=False)
    answers = hit[1]
    if key not in answers:
        answers[key] = compute()
    return answers[key]


__all__ = ["per_view"]
