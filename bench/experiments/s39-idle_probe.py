"""Where the main kernel's SMs idle (session 39): from the timing hook (each CTA's start and end),
per case over 4 calls: the kernel's span, the CTAs' length and spread, the tail (the time at the
end with fewer CTAs running than SMs), the concurrency in the steady state (10-80% of the span:
no ramp, no tail) and the idle SM time per CTA. Run from the checkout: PYTHONPATH=. python3 ..."""
import numpy as np
import torch

from dash.fwd import attn_fwd
from dash.ops import attn_bwd

torch.manual_seed(0)
sms = torch.cuda.get_device_properties(0).multi_processor_count
CASES = [(64, 2048, 8, 32, False, "ascending"), (64, 8192, 2, 32, False, "ascending"),
         (64, 16384, 1, 32, False, "ascending"), (64, 16384, 1, 32, False, "descending"),
         (64, 8192, 2, 32, False, "atomic"), (64, 16384, 1, 32, False, "atomic"),
         (64, 2048, 8, 32, True, "spt"), (64, 16384, 1, 32, True, "spt"), (128, 8192, 2, 16, False, "ascending")]
for d, seqlen, batch, h, causal, sched in CASES:
    q, k, v, do = (torch.randn(batch, seqlen, h, d, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    out, lse = attn_fwd(q, k, v, causal=causal)
    det = sched != "atomic"
    res = []
    for _ in range(4):
        t = torch.zeros(batch, h, seqlen // 128, 2, dtype=torch.int64, device="cuda")
        attn_bwd(do, q, k, v, out, lse, causal=causal, schedule=sched if det else "auto", deterministic=det, timing=t)
        torch.cuda.synchronize()
        a = t.view(-1, 2).cpu().numpy().astype(np.float64)
        a -= a[:, 0].min()
        end = a[:, 1].max()
        ev = np.concatenate([np.stack([a[:, 0], np.ones(len(a))], 1), np.stack([a[:, 1], -np.ones(len(a))], 1)])
        ev = ev[np.lexsort((ev[:, 1], ev[:, 0]))]
        running, ts = np.cumsum(ev[:, 1]), ev[:, 0]
        dt = np.diff(np.append(ts, end))
        full = ts[running >= sms]
        steady = (ts >= 0.1 * end) & (ts < 0.8 * end)
        dur = a[:, 1] - a[:, 0]
        res.append((end, dur.mean(), dur.std(), end - (full.max() if len(full) else 0),
                    (running[steady] * dt[steady]).sum() / dt[steady].sum(), (sms * end - (running * dt).sum()) / len(a)))
    span, cta, spread, tail, conc, idle = np.array(res).mean(0) / [1e3, 1e3, 1e3, 1e3, 1, 1e3]
    print(f"d{d} {'causal' if causal else 'full'} {seqlen // 1024}k {sched if det else 'atomic'}: kernel {span:.0f} us, "
          f"CTA {cta:.1f} +- {spread:.1f} us, tail {tail:.1f} us, steady concurrency {conc:.1f} of {sms}, "
          f"idle SM time per CTA {idle:.2f} us", flush=True)
