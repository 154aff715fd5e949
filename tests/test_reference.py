"""CPU: dash.reference against a naive float64 softmax attention written loop by loop."""
import math

import pytest
import torch

from dash.reference import attention_ref, attention_ref_grads


def naive_attention(q, k, v, causal, scale):
    """Row by row, in float64, with explicit masking: no shared code with dash.reference."""
    b, sq, h, d = q.shape
    sk, hk = k.shape[1], k.shape[2]
    out = torch.zeros(b, sq, h, d, dtype=torch.float64)
    lse = torch.full((b, h, sq), float("-inf"), dtype=torch.float64)
    for bi in range(b):
        for hi in range(h):
            kh = hi // (h // hk)
            for i in range(sq):
                keys = [j for j in range(sk) if not causal or j <= i + sk - sq]
                if not keys:
                    continue
                s = torch.stack([(q[bi, i, hi] * k[bi, j, kh]).sum() * scale for j in keys])
                m = s.max()
                w = torch.exp(s - m)
                lse[bi, hi, i] = m + torch.log(w.sum())
                p = w / w.sum()
                out[bi, i, hi] = sum(p[t] * v[bi, j, kh] for t, j in enumerate(keys))
    return out, lse


CASES = [(1, 5, 5, 2, 2, 8, False), (2, 7, 4, 4, 2, 8, True), (1, 4, 9, 3, 1, 16, True),
         (1, 6, 3, 2, 2, 8, True), (2, 3, 8, 2, 1, 8, False)]


@pytest.mark.parametrize("b,sq,sk,h,hk,d,causal", CASES)
def test_reference_matches_naive_float64(b, sq, sk, h, hk, d, causal):
    torch.manual_seed(0)
    q, k, v = (torch.randn(b, s, n, d, dtype=torch.float64) for s, n in ((sq, h), (sk, hk), (sk, hk)))
    scale = 1 / math.sqrt(d)
    out, lse = attention_ref(q, k, v, causal=causal)
    out_n, lse_n = naive_attention(q, k, v, causal, scale)
    torch.testing.assert_close(out, out_n, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(lse, lse_n, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("b,sq,sk,h,hk,d,causal", CASES)
def test_reference_grads_match_naive_autograd(b, sq, sk, h, hk, d, causal):
    torch.manual_seed(1)
    q, k, v, dout = (torch.randn(b, s, n, d, dtype=torch.float64)
                     for s, n in ((sq, h), (sk, hk), (sk, hk), (sq, h)))
    grads = attention_ref_grads(q, k, v, dout, causal=causal)
    qn, kn, vn = (t.clone().requires_grad_(True) for t in (q, k, v))
    out_n, _ = naive_attention(qn, kn, vn, causal, 1 / math.sqrt(d))
    grads_n = torch.autograd.grad(out_n, (qn, kn, vn), dout)
    for g, gn in zip(grads, grads_n):
        assert not torch.isnan(g).any()
        torch.testing.assert_close(g, gn, rtol=1e-9, atol=1e-11)


def test_rows_that_see_no_key_give_zero_and_minus_inf():
    # seqlen_q > seqlen_k, causal, bottom-right: the first seqlen_q - seqlen_k rows see nothing.
    q, k, v = torch.randn(1, 6, 1, 4, dtype=torch.float64), torch.randn(1, 2, 1, 4, dtype=torch.float64), \
        torch.randn(1, 2, 1, 4, dtype=torch.float64)
    out, lse = attention_ref(q, k, v, causal=True)
    assert torch.all(out[0, :4] == 0) and torch.all(torch.isinf(lse[0, 0, :4]))
    assert torch.all(torch.isfinite(lse[0, 0, 4:]))


def test_softmax_scale_is_used():
    q, k, v = (torch.randn(1, 4, 1, 8, dtype=torch.float64) for _ in range(3))
    a, _ = attention_ref(q, k, v, softmax_scale=0.5)
    b, _ = attention_ref(q * 0.5 * math.sqrt(8), k, v)
    torch.testing.assert_close(a, b)


@pytest.mark.parametrize("b,sq,sk,h,hk,d,causal", CASES)
def test_closed_form_backward_matches_autograd(b, sq, sk, h, hk, d, causal):
    """attention_ref_bwd (what dash runs on CPU tensors) against autograd through attention_ref."""
    from dash.reference import attention_ref_bwd

    torch.manual_seed(2)
    q, k, v, dout = (torch.randn(b, s, n, d, dtype=torch.float64)
                     for s, n in ((sq, h), (sk, hk), (sk, hk), (sq, h)))
    for got, want in zip(attention_ref_bwd(q, k, v, dout, causal=causal, softmax_scale=0.3),
                         attention_ref_grads(q, k, v, dout, causal=causal, softmax_scale=0.3)):
        torch.testing.assert_close(got, want, rtol=1e-10, atol=1e-12)
