"""The balance report: `python -m game balance MAP --out DIR` (docs/balance.md).

- `stats`: one battle's statistics from its events.
- `aggregate`: many battles' statistics combined into the report's numbers (report.json).
- `plots`: the report's images (matplotlib, the optional extra `hexskirmish[report]`).
- `page`: index.html from the numbers and the images.
- `command`: the subcommand: arguments, the games, writing DIR.
"""
