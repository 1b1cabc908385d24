#!/usr/bin/env python3
# table.py: the before/after table from runs/{base,fix}-SUBJ-SEED.{json,go,stages}.
import json, os, re, sys
R = '/tmp/written17e/runs'
subs = ['kt', 'dp', 'csv', 'uuid', 'semver', 'glob']
names = {'kt': 'testdata/gen/keyedtree', 'dp': 'testdata/gen/docpanics (3000 execs)', 'csv': 'encoding/csv', 'uuid': 'google/uuid', 'semver': 'Masterminds/semver/v3', 'glob': 'gobwas/glob'}
def load(tag, s, seed):
    p = f'{R}/{tag}-{s}-{seed}'
    if not os.path.exists(p + '.json') or os.path.getsize(p + '.json') == 0:
        return None
    d = json.load(open(p + '.json'))
    d = d[0] if isinstance(d, list) else d
    src = open(p + '.go').read() if os.path.exists(p + '.go') else ''
    funcs = len(re.findall(r'^func (Test|Fuzz)', src, re.M))
    att = {}
    if os.path.exists(p + '.stages'):
        for l in open(p + '.stages'):
            if l.startswith('attribution'):
                _, st, n = l.split()
                att[st] = int(n)
    return dict(search=100 * d.get('search_coverage', 0), written=100 * d['coverage'], funcs=funcs, lines=src.count('\n'), att=att, tests=d['tests'])
print('| subject | seed | searched % (before/after) | written % before | written % after | gap before | gap after | test funcs before/after | lines before/after | lost for good before (stage: stmts) | lost for good after |')
print('|---|---|---|---|---|---|---|---|---|---|---|')
def att(a):
    return ', '.join(f'{k.split("->")[1]}: {v}' for k, v in a.items() if v) or '-'
for s in subs:
    for seed in (1, 2, 3):
        b, f = load('base', s, seed), load(os.environ.get('AFTER', 'final'), s, seed)
        if not b or not f:
            continue
        # base has no search_coverage field: the stage log's search line is the same number.
        bs = b['search'] or None
        for l in open(f'{R}/base-{s}-{seed}.stages'):
            if l.startswith('stage search'):
                bs = float(l.split()[-1].rstrip('%'))
        print(f"| {names[s]} | {seed} | {bs:.1f} / {f['search']:.1f} | {b['written']:.1f} | {f['written']:.1f} | {b['written']-bs:+.1f} | {f['written']-f['search']:+.1f} | {b['funcs']} / {f['funcs']} | {b['lines']} / {f['lines']} | {att(b['att'])} | {att(f['att'])} |")
