"""The component store of a battle and the read-only view the rules take."""
