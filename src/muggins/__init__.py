"""muggins: the record analyzer and replayer for the domino game All Fives (Muggins).

Layers depend one way: ``muggins.notation`` (text <-> records, knows no rules) ->
``muggins.replay`` (rule sets, board, replayer) -> ``muggins.analysis`` (audit, ledger,
solver) -> ``muggins.pictures`` (the board as text, SVG pictures, the HTML viewer) ->
``muggins.cli`` (wiring, and what the terminal shows).
"""

__version__ = "0.1.0"
