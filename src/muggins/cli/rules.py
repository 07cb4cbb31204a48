"""``muggins rules``: list the presets and parameters, or print one rule set as YAML."""

from __future__ import annotations

import enum
import json
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import EmptyDocument, die, empty_document
from muggins.cli.output import say, write_data
from muggins.i18n import N_, _, reason


class RulesFormat(str, enum.Enum):
    """What rules can write: text (YAML for one rule set), or JSON."""

    text = "text"
    json = "json"


@empty_document("rules")
def _empty(**_parameters: object) -> dict[str, object]:
    """The document of a run that wrote no rule set."""
    return {}


@app.command("rules")
def rules_command(
    spec: Optional[str] = typer.Argument(None, help=N_("A preset name or a YAML rule file to print.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one parameter: key=value (repeatable).")),
    parameters: bool = typer.Option(False, "--list-parameters", help=N_("List every rule parameter with its allowed values.")),
    format: RulesFormat = typer.Option(RulesFormat.text, "--format", help=N_("text (YAML for one rule set), or json.")),
) -> None:
    """List the rule presets, list the parameters, or print one rule set (a starting point for a table's own YAML file)."""
    from muggins.replay import rules as rulesmod

    with EmptyDocument(_empty if format is RulesFormat.json else None):  # options that do not go together
        if parameters and spec is not None:  # --list-parameters lists every parameter: a rule set would be dropped unsaid
            die(_("a rule set ({spec}) and --list-parameters do not go together: --list-parameters lists the parameters of every rule set").format(spec=spec))
        if parameters and set_:
            die(_("--set and --list-parameters do not go together: --set changes the rule set named (muggins rules NAME --set key=value)"))
        if set_ and spec is None:  # the list of presets: nothing to change
            die(_("--set without a rule set: --set changes the rule set named (muggins rules NAME --set key=value)"))
    if parameters:
        from muggins.replay.variants_doc import parameter_rows

        rows = parameter_rows()
        if format is RulesFormat.json:
            write_data(json.dumps(rows, indent=2, default=str) + "\n")
            return
        for row in rows:  # the rows are English (as JSON and VARIANTS.md have them): said here
            allowed = _(row["allowed"]) if isinstance(row["allowed"], str) else " | ".join(row["allowed"])
            head = _("{name}  ({allowed}; default {default})").format(name=row["name"], allowed=allowed, default=row["default"])
            say(f"{head}\n    {_(row['doc'])}")
        return
    if spec is None:
        names = rulesmod.preset_names()
        if format is RulesFormat.json:
            write_data(json.dumps([{"name": n, "description": rulesmod.load(n).description} for n in names], indent=2) + "\n")
            return
        for name in names:
            say(f"{name:20} {_(rulesmod.load(name).description)}")  # a preset's description is in the catalogues
        return
    with EmptyDocument(_empty if format is RulesFormat.json else None):  # no rule set: an empty one
        try:
            rules = rulesmod.load(spec)
            rules = rulesmod.with_overrides(rules, [rulesmod.parse_override(s) for s in set_])
        except rulesmod.RuleError as exc:
            die(reason(exc))
    data = rules.to_mapping()
    if format is RulesFormat.json:
        write_data(json.dumps(data, indent=2) + "\n")
    else:
        import yaml

        write_data(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    raise typer.Exit(0)
