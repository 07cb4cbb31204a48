"""``muggins simulate``: legal games with correct claims, for samples, tests and benchmarks."""

from __future__ import annotations

from typing import IO, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import die, finite, output_option, to_output
from muggins.cli.output import write_data
from muggins.i18n import N_, _, reason


@app.command("simulate")
def simulate_command(
    rules: str = typer.Option("allfives", "--rules", help=N_("A preset name or a YAML rule file.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    seed: int = typer.Option(0, "--seed", help=N_("Random seed: the same seed gives the same games.")),
    games: int = typer.Option(1, "--games", help=N_("How many games."), min=1),
    players: Optional[int] = typer.Option(None, "--players", help=N_("Number of players (default: the fewest the rules allow)."), min=2, max=6),
    strategy: str = typer.Option("greedy", "--strategy", help=N_("greedy (most points now) or random.")),
    forget: float = typer.Option(0.0, "--forget", help=N_("Chance a player forgets to claim a score (0 to 1)."), min=0.0, max=1.0, callback=finite),
    under_claim: float = typer.Option(
        0.0, "--under-claim", help=N_("Chance a player claims less than a play made (0 to 1)."), min=0.0, max=1.0, callback=finite
    ),
    output: Optional[str] = output_option(N_("the records")),
) -> None:
    """Play whole games under a rule set and write them as .mgn records with correct claims.

    Each record names its rules so that it reads the same anywhere: a preset as [Rules "NAME"];
    a rule file or --set changes as the preset closest to them plus a [Set] tag per parameter
    that differs (no rule file is needed beside the record). A game still on after 60 hands
    (the simulated-hands limit; MUGGINS_SIMULATED_HANDS=N raises it) stops there: its record is
    written as it stands, and stderr says so."""
    from muggins.notation.formatter import format_record
    from muggins.replay import rules as rulesmod
    from muggins.replay.rules import RuleError
    from muggins.replay.simulate import STRATEGIES, Options, simulate

    if strategy not in STRATEGIES:
        die(_("--strategy: one of {strategies}, not {value!r}").format(strategies=", ".join(STRATEGIES), value=strategy))
    try:
        rule_set = rulesmod.with_overrides(rulesmod.load(rules), [rulesmod.parse_override(s) for s in set_])
    except RuleError as exc:
        die(reason(exc))
    count = players if players is not None else rule_set.players[0]
    problems = rule_set.check_table(count, count == 4 and rule_set.partnerships != "none")
    if count not in rule_set.players:
        die(problems[0])
    from muggins.cli.output import error
    from muggins.i18n import localize, msg
    from muggins.limits import SIMULATED_HANDS

    def unfinished(number: int, hands: int) -> None:
        error(localize(msg("game {number} stopped unfinished after {hands} hands: {limit}", number=number, hands=hands, limit=SIMULATED_HANDS.exceeded())))

    options = Options(players=count, strategy=strategy, forget=forget, underclaim=under_claim, max_hands=SIMULATED_HANDS.value)
    records = simulate(rule_set, seed, games, options, unfinished)

    def body(stream: IO[str]) -> int:
        for i, record in enumerate(records):
            write_data(format_record(record) if not i else "\n" + format_record(record), stream)
        return 0

    to_output(output or None, (), body)
