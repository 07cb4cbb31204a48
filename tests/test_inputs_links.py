"""A symbolic link to a folder inside a folder given as input: the walk did not follow links, so
the records below one were passed over without a word (``check top`` said "1 file" of a tree
holding four). Links to folders are now followed, and each folder, by its resolved path, is
read once: a link to an ancestor or back into the tree walks no loop, two links to one folder
read it once, and a folder is named by its own path before any link's. A link that leads out of
the folder given is not followed but said, a problem: an archive unpacked from elsewhere must
not make muggins read the records of a folder it does not hold."""

from __future__ import annotations

import shutil
from pathlib import Path

from cli_run import run

from muggins.inputs import expand

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "allfives-2p.mgn"


def _tree(tmp_path: Path) -> Path:
    """top/a.mgn, top/real/b.mgn, top/real/deep/c.mgn and outside/o.mgn, with links: two to
    outside, one from real to top (an ancestor), one from deep back to real, one to real."""
    top = tmp_path / "top"
    (top / "real" / "deep").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    for path in (top / "a.mgn", top / "real" / "b.mgn", top / "real" / "deep" / "c.mgn", tmp_path / "outside" / "o.mgn"):
        shutil.copy(SAMPLE, path)
    (top / "link1").symlink_to(Path("..", "outside"))
    (top / "link2").symlink_to(Path("..", "outside"))
    (top / "real" / "up").symlink_to(Path(".."))
    (top / "real" / "deep" / "back").symlink_to(Path("..", "..", "real"))
    (top / "0first").symlink_to(Path("real"))  # sorts before real, still real's own name wins
    return top


def test_links_to_folders_are_followed_and_each_folder_read_once(tmp_path):
    top = _tree(tmp_path)
    found = expand([str(top)])
    assert [str(p) for p in found.problems] == [
        f"{top / name}: a link to a folder outside {top}, not followed (name that folder to read it)" for name in ("link1", "link2")
    ]
    assert found.paths == [top / "a.mgn", top / "real" / "b.mgn", top / "real" / "deep" / "c.mgn"]


def test_a_folder_of_nothing_but_a_link_inside_it_is_read_through_it(tmp_path):
    given = tmp_path / "given"
    (given / "kept").mkdir(parents=True)
    shutil.copy(SAMPLE, given / "kept" / "games.mgn")
    (given / "games").symlink_to("kept")
    assert expand([str(given)]).paths == [given / "kept" / "games.mgn"]  # its own name first, then once


def test_a_link_out_of_the_folder_is_said_and_not_followed(tmp_path):
    shutil.copy(SAMPLE, tmp_path / "games.mgn")
    given = tmp_path / "given"
    given.mkdir()
    (given / "games").symlink_to(tmp_path)  # the folder's own parent: outside it (a loop too)
    found = expand([str(given)])
    assert found.paths == []
    assert [str(p) for p in found.problems] == [f"{given / 'games'}: a link to a folder outside {given}, not followed (name that folder to read it)"]


def test_check_reads_the_records_below_a_link(tmp_path):
    top = _tree(tmp_path)
    result = run("check", str(top))
    assert result.exit_code == 2, result.output  # the links out of it are problems
    assert f"{top / 'real' / 'deep' / 'c.mgn'}: 1 record, clean" in result.stdout
    assert "o.mgn" not in result.stdout
    assert "3 files, 3 records" in result.stdout
    assert f"{top / 'link1'}: a link to a folder outside" in result.stderr
