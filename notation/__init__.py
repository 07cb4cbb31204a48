"""Text <-> records: the ``.mgn`` notation, its parser and its formatter. Knows no rules."""
