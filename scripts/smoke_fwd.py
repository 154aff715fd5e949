"""Forward smoke test: one small call per kernel (head_dim x dtype x causal, fixed-length and
packed varlen), each synchronized and printed before the next, so a hang or a crash names its
kernel. Run it under `timeout`."""
import math
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402


def ref(q, k, v, causal):
    h, hk = q.shape[2], k.shape[2]
    qf, kf, vf = q.float(), k.float().repeat_interleave(h // hk, 2), v.float().repeat_interleave(h // hk, 2)
    s = torch.einsum("bqhd,bkhd->bhqk", qf, kf) / math.sqrt(q.shape[-1])
    if causal:
        i = torch.arange(q.shape[1], device=q.device)[:, None]
        j = torch.arange(k.shape[1], device=q.device)[None, :]
        s = s.masked_fill(j > i + k.shape[1] - q.shape[1], -math.inf)
    lse = torch.logsumexp(s, -1)
    p = torch.softmax(s, -1).nan_to_num(0.0)
    return torch.einsum("bhqk,bkhd->bqhd", p, vf), lse


ok = True
for d in (64, 128):
    for dtype in (torch.bfloat16, torch.float16):
        for causal in (False, True):
            for (sq, sk) in ((300, 500), (500, 300)):
                print(f"d={d} {dtype} causal={causal} {sq}x{sk} ...", end=" ", flush=True)
                g = torch.Generator(device="cuda").manual_seed(0)
                q = torch.randn(2, sq, 4, d, device="cuda", dtype=dtype, generator=g)
                k = torch.randn(2, sk, 2, d, device="cuda", dtype=dtype, generator=g)
                v = torch.randn(2, sk, 2, d, device="cuda", dtype=dtype, generator=g)
                out, lse = attn_fwd(q, k, v, causal=causal)
                torch.cuda.synchronize()
                o_ref, l_ref = ref(q, k, v, causal)
                fin = torch.isfinite(l_ref)
                eo = (out.float() - o_ref).abs().max().item()
                el = (lse - l_ref)[fin].abs().max().item() if fin.any() else 0.0
                inf_ok = torch.equal(torch.isinf(lse), ~fin)
                good = eo < 2e-2 and el < 1e-3 and inf_ok and not out.isnan().any()
                ok &= good
                print(f"out err {eo:.2e}  lse err {el:.2e}  inf rows ok {inf_ok}  {'OK' if good else 'BAD'}", flush=True)

# Varlen: three sequences packed (one without keys), each compared with the reference on its slices.
seqlens = [(300, 500), (129, 0), (500, 300)]
cu_q = torch.tensor([0, 300, 429, 929], dtype=torch.int32, device="cuda")
cu_k = torch.tensor([0, 500, 500, 800], dtype=torch.int32, device="cuda")
for d in (64, 128):
    for dtype in (torch.bfloat16, torch.float16):
        for causal in (False, True):
            print(f"varlen d={d} {dtype} causal={causal} {seqlens} ...", end=" ", flush=True)
            g = torch.Generator(device="cuda").manual_seed(0)
            q = torch.randn(929, 4, d, device="cuda", dtype=dtype, generator=g)
            k = torch.randn(800, 2, d, device="cuda", dtype=dtype, generator=g)
            v = torch.randn(800, 2, d, device="cuda", dtype=dtype, generator=g)
            out, lse = attn_fwd_varlen(q, k, v, cu_q, cu_k, causal=causal)
            torch.cuda.synchronize()
            eo, el, good = 0.0, 0.0, True
            for b, (sq, sk) in enumerate(seqlens):
                q0, k0 = int(cu_q[b]), int(cu_k[b])
                o_b, l_b = out[q0:q0 + sq], lse[:, q0:q0 + sq]
                if sk == 0:
                    good &= bool((o_b == 0).all() and (l_b == -math.inf).all())
                    continue
                o_ref, l_ref = ref(q[None, q0:q0 + sq], k[None, k0:k0 + sk], v[None, k0:k0 + sk], causal)
                fin = torch.isfinite(l_ref[0])
                eo = max(eo, (o_b.float() - o_ref[0]).abs().max().item())
                el = max(el, (l_b - l_ref[0])[fin].abs().max().item() if fin.any() else 0.0)
                good &= torch.equal(torch.isinf(l_b), ~fin)
            good = good and eo < 2e-2 and el < 1e-3 and not out.isnan().any()
            ok &= good
            print(f"out err {eo:.2e}  lse err {el:.2e}  {'OK' if good else 'BAD'}", flush=True)
sys.exit(0 if ok else 1)
