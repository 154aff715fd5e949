import torch, numpy as np
from dash.fwd import attn_fwd
from dash.ops import attn_bwd
torch.manual_seed(0)
sms = torch.cuda.get_device_properties(0).multi_processor_count
cases = [(64, 2048, 8, 32, False, "ascending"), (64, 8192, 2, 32, False, "ascending"), (64, 16384, 1, 32, False, "ascending"),
         (64, 8192, 2, 32, False, "atomic"), (64, 16384, 1, 32, True, "spt"), (64, 2048, 8, 32, True, "spt"),
         (128, 8192, 2, 16, False, "ascending")]
for d, seqlen, batch, h, causal, sched in cases:
    q, k, v, do = (torch.randn(batch, seqlen, h, d, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    out, lse = attn_fwd(q, k, v, causal=causal)
    N = seqlen // 128
    res = []
    for rep in range(4):
        t = torch.zeros(batch, h, N, 2, dtype=torch.int64, device="cuda")
        det = sched != "atomic"
        attn_bwd(do, q, k, v, out, lse, causal=causal, schedule=sched if det else "auto", deterministic=det, timing=t)
        torch.cuda.synchronize()
        a = t.view(-1, 2).cpu().numpy().astype(np.float64)
        a -= a[:, 0].min()
        end = a[:, 1].max()
        ev = np.concatenate([np.stack([a[:, 0], np.ones(len(a))], 1), np.stack([a[:, 1], -np.ones(len(a))], 1)])
        ev = ev[np.lexsort((ev[:, 1], ev[:, 0]))]
        run = np.cumsum(ev[:, 1]); ts = ev[:, 0]
        dt = np.diff(np.append(ts, end))
        lo, hi = 0.1 * end, 0.8 * end   # steady state: no ramp, no tail
        sel = (ts >= lo) & (ts < hi)
        conc = (run[sel] * dt[sel]).sum() / dt[sel].sum()
        busy = (run * dt).sum()
        ctas = len(a)
        res.append((end / 1e3, conc, (sms * end - busy) / ctas / 1e3, (a[:, 1] - a[:, 0]).mean() / 1e3))
    r = np.array(res).mean(0)
    print(f"d{d} {'causal' if causal else 'full'} {seqlen//1024}k {sched}: kernel {r[0]:.0f} us, steady concurrency {r[1]:.1f} of {sms} "
          f"({100 * (1 - r[1] / sms):.2f}% idle), idle SM time per CTA {r[2]:.2f} us, CTA {r[3]:.1f} us", flush=True)
