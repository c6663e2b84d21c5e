"""The esper world of a battle and the read-only view the rules take."""
