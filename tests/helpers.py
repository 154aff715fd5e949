"""Shared pieces of the GPU tests: random inputs and FA3's error criterion."""
import torch

from dash.reference import attention_ref, attention_ref_grads


def make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, device="cuda", seed=0):
    g = torch.Generator(device=device).manual_seed(seed)
    q = torch.randn(batch, seqlen_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    k = torch.randn(batch, seqlen_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    v = torch.randn(batch, seqlen_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    dout = torch.randn(batch, seqlen_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    return q, k, v, dout


def reference_fwd(q, k, v, causal):
    """out in the input dtype and lse in fp32, computed in fp32: what a forward kernel returns."""
    out, lse = attention_ref(q.float(), k.float(), v.float(), causal=causal, upcast=False)
    return out.to(q.dtype), lse.float()


def reference_and_baseline_grads(q, k, v, dout, causal):
    """(fp32 reference grads, grads of the same math done by PyTorch in the input dtype)."""
    ref = attention_ref_grads(q.float(), k.float(), v.float(), dout.float(), causal=causal, upcast=False)
    low = attention_ref_grads(q, k, v, dout, causal=causal, upcast=False)
    return ref, low


def fa3_errors(got, ref, baseline, slack=1e-4):
    """(passes, err, base) of FA3's criterion: max error no worse than twice PyTorch's own error in
    the input dtype (plus slack); a NaN never passes."""
    err = (got.float() - ref.float()).abs().max().item()
    base = (baseline.float() - ref.float()).abs().max().item()
    return err <= 2 * base + slack, err, base


def assert_close_as_fa3(name, got, ref, baseline, slack=1e-4):
    """FA3's criterion: error no worse than twice PyTorch's own error in the input dtype."""
    assert not torch.isnan(got).any(), f"{name} has NaN"
    good, err, base = fa3_errors(got, ref, baseline, slack)
    assert good, f"{name}: max error {err:.3e} > 2 x PyTorch's {base:.3e} + {slack}"
