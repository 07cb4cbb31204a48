"""``fmt`` of several files to stdout: a blank line between one file's records and the next's,
as between two records of one file. Without it, the comment lines that open the second file's
record were read back, from the whole output, as a comment on the first file's last play (the
output was not in canonical form, and a comment changed records)."""

from __future__ import annotations

from cli_run import run
from muggins.notation.parser import read_file

ONE = '; about game one\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\n'
TWO = '; about game two\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\n'


def test_the_output_of_several_files_is_canonical_and_keeps_each_comment_with_its_record(tmp_path):
    (tmp_path / "g1.mgn").write_text(ONE, encoding="utf-8")
    (tmp_path / "g2.mgn").write_text(TWO, encoding="utf-8")
    result = run("fmt", str(tmp_path / "g1.mgn"), str(tmp_path / "g2.mgn"))
    assert result.exit_code == 0
    assert result.stdout == ONE + "\n" + TWO  # both files are canonical already: worked out by hand
    both = tmp_path / "both.mgn"
    both.write_text(result.stdout, encoding="utf-8")
    assert run("fmt", "--check", str(both)).exit_code == 0
    first, second = read_file(both)
    assert "about game two" not in repr(first) and "about game two" in repr(second)


def test_one_file_prints_as_before(tmp_path):
    (tmp_path / "g1.mgn").write_text(ONE, encoding="utf-8")
    assert run("fmt", str(tmp_path / "g1.mgn")).stdout == ONE
