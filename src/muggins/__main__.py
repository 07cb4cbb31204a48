"""``python -m muggins`` runs the command line."""

from muggins.cli import main

main()
