"""Fuzzing muggins: generated bad input, and the promise that none of it gives a traceback.

``inputs`` makes the text (random, grammar-shaped, mutated valid records), ``properties`` runs
every layer and the command line on it and says what broke, ``run`` is the long opt-in run.
The tests (tests/test_fuzz_*.py) use the same generators for a few thousand inputs per run.
"""
