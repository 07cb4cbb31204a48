"""``muggins keep``: the scorekeeper's card of seed 002, as one page to keep a game at the table."""

from __future__ import annotations

import enum
import json
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import EmptyDocument, die, empty_document, on_stdout, output_option, write_output
from muggins.i18n import N_, _, localize, reason


class PageFormat(str, enum.Enum):
    """The card as a page, or the data it embeds (for machines and tests)."""

    html = "html"
    json = "json"


@empty_document("keep")
def _empty(**_parameters: object) -> dict[str, object]:
    """The document of a run that wrote no rules data."""
    return {}


@app.command("keep")
def keep_command(
    rules: str = typer.Option("scorecard", "--rules", help=N_("The table's rule set: a preset name or a YAML file (default: scorecard, seed 002).")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable), e.g. pip_rounding=down.")),
    output: Optional[str] = output_option(N_("the page")),
    format: PageFormat = typer.Option(PageFormat.html, "--format", help=N_("html (the page), or json (the rules data the page embeds).")),
) -> None:
    """Write a scorecard page to keep a game at the table, offline, on a phone or a desktop.

    Set up 2 to 4 players or two teams and the target; tap the points of each play on the
    scorer's card; Muggins! takes an opponent's unclaimed points; at the end of a hand choose
    who dominoed (or blocked) and type the pips left: the card scores them by the rules. Undo
    goes back any number of steps, the game survives a reload, and the card exports the game as
    a score-sheet-only .mgn record that `muggins audit` reads under the same rules.

    Exit code 0, or 2 for rules the card cannot keep (the message names the parameter) and
    unusable options.
    """
    from muggins.pictures.scorecard import scorecard_html
    from muggins.pictures.scorecard_data import CardRulesError, scorecard_config
    from muggins.replay import rules as rulesmod

    with EmptyDocument(_empty if format is PageFormat.json and on_stdout(output) else None):  # no rules data
        try:
            rule_set = rulesmod.with_overrides(rulesmod.load(rules), [rulesmod.parse_override(s) for s in set_])
        except rulesmod.RuleError as exc:
            die(reason(exc))
        try:
            config = scorecard_config(rule_set)
        except CardRulesError as exc:
            die(_("the scorecard cannot keep a game under rules {rules}: parameter {parameter}: {problem}").format(rules=rule_set.name, parameter=exc.parameter, problem=localize(reason(exc))))
    if format is PageFormat.json:
        write_output(json.dumps(config, indent=2) + "\n", output)
    else:
        write_output(scorecard_html(config), output)
