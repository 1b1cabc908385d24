"""abkept: what ab.sh -bench -keep left behind, for abtable.sh and
abphases.sh (imported from their embedded Python; bench/scripts is on
PYTHONPATH there)."""
import glob
import json
import os
import re


def kept_dirs(out, name):
    """NN -> the scratch directory gentest-bench kept for subject NN of
    configuration name, read from OUT/NAME.log: ab.sh writes "TIME NN
    SUBJECT load ..." before each subject and gentest-bench -keep ends with
    "scratch directory kept: DIR"."""
    dirs, nn = {}, None
    try:
        log = open(os.path.join(out, name + ".log"))
    except OSError:
        return dirs
    for line in log:
        m = re.match(r"^\d\d:\d\d:\d\d (\d\d) ", line)
        if m:
            nn = m.group(1)
        m = re.search(r"scratch directory kept: (.*)$", line)
        if m and nn:
            dirs[nn] = m.group(1).strip()
    return dirs

def summary(kept):
    """The last gentest -json summary among the .stdout files under kept."""
    last = None
    for p in sorted(glob.glob(os.path.join(kept, "**", "*.stdout"), recursive=True)):
        for line in open(p, errors="replace"):
            if line.startswith("{"):
                try:
                    last = json.loads(line)
                except ValueError:
                    pass
    return last
