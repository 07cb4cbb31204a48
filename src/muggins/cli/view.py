"""``muggins view``: a whole record as one self-contained HTML page to step through."""

from __future__ import annotations

from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import no_color_option, output_option, record_option, rules_dir_option, write_output
from muggins.cli.render import chosen_record, source_name


@app.command("view")
def view_command(
    file: str = typer.Argument(..., help="A record file (.mgn), or - for standard input."),
    record_index: Optional[int] = record_option(one=True),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option("the page"),
    no_color: bool = no_color_option(),
) -> None:
    """Write an HTML replay viewer for one record: every position of every hand, the claims beside
    what the rules give, and the audit's findings on a timeline. The page needs no network and no
    other file; open it in a browser and step with the arrow keys.

    Exit code 0 when the audit is clean, 1 when it has findings (the page shows them), 2 for
    unusable input.
    """
    from muggins.analysis.audit import audit
    from muggins.cli.output import counted, error
    from muggins.pictures.viewer import viewer_html

    record, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
    report = audit(record, rule_set)
    write_output(viewer_html(record, rule_set, source_name(file), report), output, inputs=(file,))
    problems = len(report.mistakes)
    if problems:
        error(f"{record.source}: record {record_index or 1}: {counted(problems, 'finding')} (shown in the page)")
    raise typer.Exit(0 if report.clean else 1)
