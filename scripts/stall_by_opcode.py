"""Stall samples and executed instructions per opcode from Nsight Compute's source page
(`ncu -i REP --page source --csv --print-source sass`, as scripts/ncu_bwd.sh writes *.sass.csv),
one table per file, opcodes by samples: where two kernels' warps spend their time.

    python scripts/stall_by_opcode.py dash_fwd_hdim_64_seqlen_16384.sass.csv fa4_fwd_....sass.csv
"""
import csv, sys, re, collections
def load(p):
    rows=list(csv.reader(open(p)))
    hdr=rows[1]; data=rows[2:]
    ix={h:i for i,h in enumerate(hdr)}
    out=[]
    for r in data:
        if len(r)<len(hdr): continue
        out.append(dict(addr=r[0], src=r[1].strip(), samples=int(r[ix["# Samples"]] or 0), execd=int(r[ix["Instructions Executed"]] or 0),
                        wait=int(r[ix["stall_wait"]] or 0), mathp=int(r[ix["stall_math"]] or 0), dispatch=int(r[ix["stall_dispatch"]] or 0),
                        sel=int(r[ix["stall_selected"]] or 0), notsel=int(r[ix["stall_not_selected"]] or 0), long=int(r[ix["stall_long_sb"]] or 0),
                        bar=int(r[ix["stall_barrier"]] or 0), mio=int(r[ix["stall_mio"]] or 0), short=int(r[ix["stall_short_sb"]] or 0), sleep=int(r[ix["stall_sleep"]] or 0)))
    return out
for p in sys.argv[1:]:
    rows=load(p)
    tot=collections.Counter(); byop=collections.defaultdict(collections.Counter)
    for r in rows:
        op=re.sub(r'^@!?U?P\w+\s+','',r['src']).split()[0] if r['src'] else '?'
        op1=op if op.startswith(('HGMMA','SYNCS','WARPGROUP','BAR')) else op.split('.')[0]
        for k in ('samples','wait','mathp','dispatch','sel','notsel','long','bar','mio','short','sleep','execd'):
            tot[k]+=r[k]; byop[op1][k]+=r[k]
    print("==",p, dict(tot))
    for op,c in sorted(byop.items(), key=lambda kv:-kv[1]['samples'])[:22]:
        print(f"  {op:38s} samp {c['samples']:7d} wait {c['wait']:6d} disp {c['dispatch']:6d} sel {c['sel']:6d} nsel {c['notsel']:6d} long {c['long']:6d} bar {c['bar']:6d} mio {c['mio']:6d} math {c['mathp']:6d} exec {c['execd']/1e6:8.2f}M")
