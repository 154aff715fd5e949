"""The calls compute-sanitizer checks (scripts/sanitize.sh): the forward and every backward
schedule at small shapes (ragged lengths, so the masked and partial tiles run), MHA and GQA,
hdim 64 and 128, bf16, then the packed varlen forward. Each backward's gradients (and the varlen
forward's output) are checked against the fp32 reference (FA3's criterion), so that a clean
sanitizer log also means the kernels computed the right thing under the tool; the forward's
output feeds the backward."""
import sys

import torch

sys.path.insert(0, ".")
from tests.helpers import fa3_errors, make_inputs, reference_and_baseline_grads  # noqa: E402
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402
from dash.ops import attn_bwd, schedules_for  # noqa: E402
from dash.reference import attention_varlen_ref  # noqa: E402

ok = True
for head_dim in (64, 128):
    for heads, heads_kv in ((4, 4), (4, 2)):
        for causal, seqlen_q, seqlen_k in ((False, 200, 330), (True, 200, 330), (True, 330, 200)):
            q, k, v, dout = make_inputs(1, seqlen_q, seqlen_k, heads, heads_kv, head_dim, torch.bfloat16)
            out, lse = attn_fwd(q, k, v, causal=causal)
            refs, lows = reference_and_baseline_grads(q, k, v, dout, causal)
            for schedule in ("atomic",) + schedules_for(causal):
                try:
                    grads = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule,
                                     deterministic=schedule != "atomic")
                except ValueError as exc:  # a schedule that does not apply to this shape
                    print(f"d{head_dim} h{heads}/{heads_kv} {seqlen_q}x{seqlen_k} causal={causal:d} {schedule:13s} skipped: "
                          f"{str(exc).split(':')[0]}")
                    continue
                torch.cuda.synchronize()
                good = all(fa3_errors(g, r, l)[0] for g, r, l in zip(grads, refs, lows))
                ok &= good
                print(f"d{head_dim} h{heads}/{heads_kv} {seqlen_q}x{seqlen_k} causal={causal:d} {schedule:13s} "
                      f"{'ok' if good else 'BAD'}",
                      flush=True)
# The varlen forward: ragged sequences (one without keys, padding past seqused, rows past the last
# sequence), so that its partial tiles, cleared V rows and row-predicated stores all run.
cu_q = torch.tensor([0, 200, 329, 330], dtype=torch.int32, device="cuda")
cu_k = torch.tensor([0, 330, 330, 531], dtype=torch.int32, device="cuda")
seqused_q = torch.tensor([150, 129, 1], dtype=torch.int32, device="cuda")
for head_dim in (64, 128):
    for causal in (False, True):
        g = torch.Generator(device="cuda").manual_seed(0)
        q = torch.randn(400, 4, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
        k = torch.randn(600, 2, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
        v = torch.randn(600, 2, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
        out, lse = attn_fwd_varlen(q, k, v, cu_q, cu_k, causal=causal, seqused_q=seqused_q)
        torch.cuda.synchronize()
        ref, _ = attention_varlen_ref(q, k, v, cu_q, cu_k, seqused_q=seqused_q, causal=causal)
        low, _ = attention_varlen_ref(q, k, v, cu_q, cu_k, seqused_q=seqused_q, causal=causal, upcast=False)
        good = fa3_errors(out, ref, low)[0]
        ok &= good
        print(f"varlen d{head_dim} causal={causal:d} {'ok' if good else 'BAD'}", flush=True)
sys.exit(0 if ok else 1)
