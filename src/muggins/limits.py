"""The limits that keep a hostile input from costing unbounded time or memory.

Record text and rule files are untrusted: a few hundred bytes can ask for gigabytes (a YAML alias
bomb, a value nested a thousand deep). Each limit here has a name, a default that no honest input
comes near, and an environment variable that raises it. A message about a limit names the limit
and how to raise it (:meth:`Limit.exceeded`), so a user with a genuinely large input is never
stuck. Every layer reads its limits from here; nothing here imports anything of muggins but
``muggins.i18n`` (which imports nothing of it), so that the message is said in the language in use.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from muggins.i18n import N_, msg


@dataclass(frozen=True, slots=True)
class Limit:
    """One bound: ``what`` is measured in ``unit``; ``env`` names the variable that raises it."""

    name: str
    default: int
    unit: str
    what: str

    @property
    def env(self) -> str:
        return "MUGGINS_" + self.name.upper().replace("-", "_")

    @property
    def value(self) -> int:
        """The limit in force: the environment's, where it holds a whole number above 0."""
        raw = os.environ.get(self.env, "").strip()
        if raw.isdigit() and len(raw) <= 18 and int(raw) > 0:
            return int(raw)
        return self.default

    def exceeded(self, found: int | None = None) -> str:
        """The words for going over the limit: what, how much, and how to raise it (a
        :class:`~muggins.i18n.Message`, said in the language in use where it is shown)."""
        said = dict(what=msg(self.what), name=self.name, limit=f"{self.value:,}", unit=msg(self.unit), env=self.env)
        if found is not None:
            return msg("{what} ({found} {unit}) is over the {name} limit of {limit} {unit}; raise it with {env}=N", found=f"{found:,}", **said)
        return msg("{what} is over the {name} limit of {limit} {unit}; raise it with {env}=N", **said)


#: A rule file's size (a preset is about 3 KB).
RULE_FILE_BYTES = Limit("rule-file-bytes", 256 * 1024, N_("bytes"), N_("the rule file"))
#: A rule value's text in a ``[Set ...]`` tag or ``--set`` (the longest honest one is a mapping
#: of hand sizes, some 30 characters).
RULE_VALUE_CHARS = Limit("rule-value-chars", 4096, N_("characters"), N_("the rule value"))
#: How deep a rule file nests (a parameter's value is at most a mapping of numbers: 2 levels).
RULE_NESTING = Limit("rule-nesting", 16, N_("levels"), N_("the rule value's nesting"))

#: A record's text (a long evening's game is some tens of kilobytes; a single line of 10 MB is
#: still read, to say what is wrong with it). Memory in reading is some tens of times a record.
RECORD_CHARS = Limit("record-chars", 16 * 1024 * 1024, N_("characters"), N_("the record"))
#: A line of a record file, as read (a file of one endless line, or ``<(cat /dev/zero)``, is not
#: read whole).
LINE_BYTES = Limit("line-bytes", 16 * 1024 * 1024, N_("bytes"), N_("the line"))
#: Worker processes of one ``--jobs`` run that may die (killed for want of memory, say) before
#: the run stops sending them work: each death costs a fresh pool and the records in flight are
#: worked on again one at a time, so a run where every record kills its worker must end.
WORKER_FAILURES = Limit("worker-failures", 8, N_("processes"), N_("the number of failed worker processes"))

#: How long ``--scheduler ADDRESS`` waits for a Dask scheduler to answer (one across the world
#: answers within a second; a port that takes the connection and then says nothing would be
#: waited on for ever), and then for a first worker to join it (a cluster that starts its workers
#: on demand may take a minute or two; a scheduler left with none would be waited on for ever).
SCHEDULER_WAIT = Limit("scheduler-wait-seconds", 10, N_("seconds"), N_("the wait for the Dask scheduler to answer"))
WORKER_WAIT = Limit("worker-wait-seconds", 120, N_("seconds"), N_("the wait for a worker to join the Dask scheduler"))

#: The rows of one record's table of findings in the text report of ``audit`` (a terminal's
#: table costs about a millisecond a row: a 27 KB record of 3,000 bad draws has 6,000 findings);
#: ``--format json`` and ``csv`` list every finding.
SHOWN_FINDINGS = Limit("shown-findings", 500, N_("findings"), N_("the table of findings"))

#: The hands of one game ``simulate`` plays (a game to 250 takes some ten; rules under which the
#: target is far or never reached, ``--set target=100000``, would play for ever): a game stopped
#: there is written as it stands, and said to be unfinished.
SIMULATED_HANDS = Limit("simulated-hands", 60, N_("hands"), N_("a simulated game's length"))

#: Every limit, for documentation and tests.
ALL: tuple[Limit, ...] = (
    RULE_FILE_BYTES,
    RULE_VALUE_CHARS,
    RULE_NESTING,
    RECORD_CHARS,
    LINE_BYTES,
    WORKER_FAILURES,
    SCHEDULER_WAIT,
    WORKER_WAIT,
    SHOWN_FINDINGS,
    SIMULATED_HANDS,
)


def excerpt(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to about ``width`` characters: what a message may quote of an
    untrusted value (a bad value of 1 GB must not become a message of 1 GB)."""
    text = repr(value) if not isinstance(value, str) or len(value) <= 4 * width else repr(value[: 4 * width])
    return text if len(text) <= width else text[: width - 1] + "…"
