"""``muggins view``: a whole record as one self-contained HTML page to step through."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.render import chosen_record, write_output


@app.command("view")
def view_command(
    file: str = typer.Argument(..., help="A record file (.mgn)."),
    record_index: int = typer.Option(1, "--record", help="Which record of the file (1 is the first).", min=1),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the page to this file instead of stdout."),
) -> None:
    """Write an HTML replay viewer for one record: every position of every hand, the claims beside
    what the rules give, and the audit's findings on a timeline. The page needs no network and no
    other file; open it in a browser and step with the arrow keys.

    Exit code 0 when the audit is clean, 1 when it has findings (the page shows them), 2 for
    unusable input.
    """
    from muggins.analysis.audit import audit
    from muggins.pictures.viewer import viewer_html

    record, rule_set = chosen_record(file, record_index, rules, set_)
    report = audit(record, rule_set)
    write_output(viewer_html(record, rule_set, Path(file).name, report), output, inputs=(file,))
    problems = sum(1 for f in report.findings if f.severity != "info")
    if problems:
        print(f"muggins: {file}: record {record_index}: {problems} finding{'s' if problems != 1 else ''} (shown in the page)", file=sys.stderr)
    raise typer.Exit(0 if report.clean else 1)
