"""Records read in order and spread over processes: the machinery under ``check``, ``audit`` and
``analyze``, with no command line in it (no typer, no rich).

- events.py: what reading gives, one event at a time (a record done, a file done);
- spread.py: each record of many files worked on in ``jobs`` processes, results in input order;
- pieces.py: files cut into records by the workers too, with the one record splitter.

The library's own entry points (reading records one at a time, auditing, analysing, replaying
to a position) are in ``muggins.api`` and re-exported by ``muggins``.
"""
