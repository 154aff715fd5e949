import torch, numpy as np
from dash.fwd import attn_fwd
from dash.ops import attn_bwd
torch.manual_seed(0)
for seqlen, batch in ((16384, 1), (8192, 2)):
    h, d = 32, 64
    q, k, v, do = (torch.randn(batch, seqlen, h, d, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    out, lse = attn_fwd(q, k, v, causal=False)
    N = seqlen // 128
    for sched, det in (("ascending", True), ("descending", True), ("auto", False)):
        spans = []
        for rep in range(4):
            t = torch.zeros(batch, h, N, 2, dtype=torch.int64, device="cuda")
            attn_bwd(do, q, k, v, out, lse, schedule=sched, deterministic=det, timing=t)
            torch.cuda.synchronize()
            a = t.view(-1, 2).cpu().numpy().astype(np.float64)
            t0 = a[:, 0].min(); a -= t0
            end = a[:, 1].max()
            dur = a[:, 1] - a[:, 0]
            ev = np.concatenate([np.stack([a[:, 0], np.ones(len(a))], 1), np.stack([a[:, 1], -np.ones(len(a))], 1)])
            ev = ev[np.argsort(ev[:, 0], kind="stable")]
            run = np.cumsum(ev[:, 1]); ts = ev[:, 0]
            dt = np.diff(np.append(ts, end))
            busy = (run * dt).sum()
            idle_frac = 1 - busy / (132 * end)
            # the tail: from the last time 132 ran to the end
            full = ts[run >= 132]
            tail = end - (full.max() if len(full) else 0)
            spans.append((end / 1e3, dur.mean() / 1e3, dur.std() / 1e3, tail / 1e3, idle_frac))
        s = np.array(spans)
        print(f"d64 full {seqlen//1024}k {sched}{'' if det else '(atomic)'}: kernel {s[:,0].mean():.0f} us, CTA {s[:,1].mean():.1f} +- {s[:,2].mean():.1f} us, "
              f"tail (fewer than 132 running) {s[:,3].mean():.1f} us, idle SM time {100*s[:,4].mean():.2f}%", flush=True)
