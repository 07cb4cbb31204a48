"""The pictures of a game: the board as text, a position as SVG, and the HTML replay viewer.

This layer sits between the analysis and the command line: it reads positions from
``muggins.replay`` and findings from ``muggins.analysis`` and turns them into text, SVG and one
self-contained HTML page. Nothing below it imports it, and it knows no command line (no typer,
no rich). The viewer's HTML, CSS and JavaScript are files in ``static/``.
"""
