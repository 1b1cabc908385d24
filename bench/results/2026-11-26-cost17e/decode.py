import re,sys
names={}
for l in open('/tmp/cost17e/dbg.err'):
    m=re.search(r'op (\d+) (.*?) detective',l)
    if m: names[int(m.group(1))]=m.group(2).replace('benchstd/bufio.','')
lines=open(sys.argv[1],errors='replace').read().split('\n')
cur=[]
for l in lines:
    if re.match(r'^\d+ \w+ seq id',l): cur=[l]
    elif l.startswith('  q'): cur.append(l)
    elif l.startswith('  crash'):
        print(l)
        for c in cur[1:]:
            m=re.match(r'  (q\d+) op(\d+)\((.*)',c)
            print('   ',m.group(1),names[int(m.group(2))],m.group(3)[:80])
