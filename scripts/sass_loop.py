"""The steady-state loop of a kernel's SASS as opcode runs (op:count, in issue order): the
innermost backward-branch loop holding at least 60 MUFU.EX2 (a forward or backward step).

    cuobjdump -sass fwd_hdim64_bf16.o > f.sass   # one kernel's function only, or the first found
    python scripts/sass_loop.py f.sass [--list]  # --list: every instruction of the loop as well

How bench/NOTES_fwd.md compares dash's step with FA4's (its cubin, DEVELOPERS.md).
"""
import re,sys
def parse(path):
    ins=[]
    for line in open(path):
        m=re.match(r'\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;',line)
        if m: ins.append((int(m.group(1),16),m.group(2).strip()))
    return ins
def loops(ins):
    out=[]
    for i,(a,t) in enumerate(ins):
        m=re.search(r'BRA (0x[0-9a-f]+)',t)
        if m:
            tgt=int(m.group(1),16)
            if tgt<a:
                body=[x for x in ins if tgt<=x[0]<=a]
                out.append(body)
    return out
def runs(body):
    ops=[]
    for a,t in body:
        m=re.match(r'(@!?U?P\w+\s+)?([A-Z0-9_.]+)',t); op=m.group(2)
        if not (op.startswith(('HGMMA','SYNCS','BAR','WARPGROUP'))): op=op.split('.')[0]
        if m.group(1): op='@'+op
        if ops and ops[-1][0]==op: ops[-1][1]+=1
        else: ops.append([op,1])
    return ' '.join(f"{o}:{c}" for o,c in ops)
ins=parse(sys.argv[1])
ls=[b for b in loops(ins) if sum('MUFU.EX2' in t for a,t in b)>=60]
ls.sort(key=len)
b=ls[0]
print(len(b),"instructions,", sum('MUFU.EX2' in t for a,t in b),"MUFU")
print(runs(b))
if len(sys.argv)>2:
    for a,t in b: print(hex(a),t)
