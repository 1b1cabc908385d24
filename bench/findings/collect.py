"""collect.py: print every finding and every purity/executor disagreement of a
gentest-bench -keep scratch directory, one tab-separated line each: scratch
package, kind (DISAGREE for a disagreement), function, message, test.

usage: python3 bench/findings/collect.py WORKDIR
"""
import json, glob, os, sys
if len(sys.argv) != 2:
    sys.exit("usage: collect.py WORKDIR (a gentest-bench -keep scratch directory)")
root = sys.argv[1]
for d in sorted(glob.glob(root + '/*')):
    outs = sorted(glob.glob(d + '/gen-full-seed1-*.stdout'))  # any budget
    if not outs:
        continue
    f = outs[0]
    text, dec, i = open(f).read(), json.JSONDecoder(), 0
    while True:
        j = text.find('{', i)
        if j < 0: break
        try:
            o, i = dec.raw_decode(text, j)
        except ValueError:
            i = j + 1; continue
        for p in o.get('packages') or [o]:
            for fd in p.get('findings') or []:
                print('\t'.join([os.path.basename(d), fd['kind'], fd['function'], fd['message'][:150], fd.get('test', '')]))
            for dis in p.get('disagreements') or []:
                print('\t'.join([os.path.basename(d), 'DISAGREE', dis[:150]]))
