"""The rules of the game: rule sets, the board, scoring and the replayer. Knows no command line."""
