"""The worked example of docs/python.md runs as written and prints what the doc says."""
import os
import re
import subprocess
import sys

import pytest

import kark

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def doc_blocks():
    text = open(os.path.join(ROOT, "docs", "python.md")).read()
    example = text.split("## Worked example", 1)[1].split("\n## ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", example, re.S)
    shown = re.findall(r"It prints `([^`]*)`|It prints\n\n```\n(.*?)```", example, re.S)
    return code, [a or b for a, b in shown]


@pytest.mark.skipif(os.environ.get("KARK_ASAN") == "1",
                    reason="about a minute of MCTS under the sanitizers; the calls it makes "
                           "are covered there by the other tests")
@pytest.mark.parametrize("part", [0, 1])
def test_example_runs_as_written(part, tmp_path):
    code, shown = doc_blocks()
    assert len(code) == 2 and len(shown) == 2
    script = tmp_path / ("example%d.py" % part)
    script.write_text(code[part])
    # The example imports the library this suite tests (build/ or $KARK_LIB).
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "scripts", "python"),
               KARK_LIB=os.path.abspath(kark.library_path()))
    out = subprocess.run([sys.executable, str(script)], cwd=str(tmp_path), env=env,
                         check=True, capture_output=True, text=True).stdout
    want = shown[part].strip()
    if part == 1:
        try:
            import pandas  # noqa: F401
            import matplotlib  # noqa: F401
        except ImportError:
            # Degraded run: the seat lines only.
            want = "\n".join(l for l in want.splitlines() if l.startswith("seat"))
            out = "\n".join(l for l in out.splitlines() if l.startswith("seat"))
        else:
            assert (tmp_path / "seat-advantage.png").stat().st_size > 1000
    assert out.strip() == want
