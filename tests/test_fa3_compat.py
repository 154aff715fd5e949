"""dash.integrations.fa3: FA3's module and torch ops served by dash, opt-in, never over a real FA3.

CPU tests run the FA3 functions on CPU tensors (dash's fp32 reference in place of the kernels);
GPU tests compare the kernels' results bit for bit with dash.flash_attn_func and run PyTorch's
SDPA -> FA3 route.
"""
import inspect
import subprocess
import sys

import pytest
import torch

import dash
from dash.integrations import fa3
from dash.reference import attention_ref, attention_ref_bwd
from tests.helpers import assert_close_as_fa3, make_inputs, reference_and_baseline_grads, reference_fwd

# FA3's signatures, parameter for parameter, from Dao-AILab/flash-attention hopper/flash_attn_interface.py
# (the torch.library interface, unchanged from November 2025 to August 2026).
FA3_SIGNATURES = {
    "flash_attn_func": "(q, k, v, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None, "
                       "v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1, "
                       "pack_gqa=None, deterministic=False, sm_margin=0, return_attn_probs=False)",
    "flash_attn_qkvpacked_func": "(qkv, softmax_scale=None, causal=False, q_descale=None, k_descale=None, "
                                 "v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, "
                                 "deterministic=False, num_heads_q=None, sm_margin=0, return_attn_probs=False)",
    "flash_attn_varlen_func": "(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q=None, "
                              "seqused_k=None, softmax_scale=None, causal=False, qv=None, q_descale=None, "
                              "k_descale=None, v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, "
                              "num_splits=1, pack_gqa=None, deterministic=False, sm_margin=0, "
                              "return_attn_probs=False)",
    "flash_attn_with_kvcache": "(q, k_cache, v_cache, k=None, v=None, qv=None, rotary_cos=None, rotary_sin=None, "
                               "cache_seqlens=None, cache_batch_idx=None, cache_leftpad=None, page_table=None, "
                               "cu_seqlens_q=None, cu_seqlens_k_new=None, max_seqlen_q=None, rotary_seqlens=None, "
                               "q_descale=None, k_descale=None, v_descale=None, softmax_scale=None, causal=False, "
                               "window_size=(-1, -1), attention_chunk=0, softcap=0.0, rotary_interleaved=True, "
                               "scheduler_metadata=None, num_splits=0, pack_gqa=None, sm_margin=0, "
                               "return_softmax_lse=False)",
    "_flash_attn_forward": "(q, k, v, k_new=None, v_new=None, qv=None, out_=None, cu_seqlens_q=None, "
                           "cu_seqlens_k=None, cu_seqlens_k_new=None, seqused_q=None, seqused_k=None, "
                           "max_seqlen_q=None, max_seqlen_k=None, page_table=None, kv_batch_idx=None, leftpad_k=None, "
                           "rotary_cos=None, rotary_sin=None, seqlens_rotary=None, q_descale=None, k_descale=None, "
                           "v_descale=None, softmax_scale=None, causal=False, window_size_left=-1, "
                           "window_size_right=-1, attention_chunk=0, softcap=0.0, rotary_interleaved=True, "
                           "scheduler_metadata=None, num_splits=1, pack_gqa=None, sm_margin=0)",
    "_flash_attn_backward": "(dout, q, k, v, out, softmax_lse, cu_seqlens_q=None, cu_seqlens_k=None, sequed_q=None, "
                            "sequed_k=None, max_seqlen_q=None, max_seqlen_k=None, dq=None, dk=None, dv=None, "
                            "softmax_scale=None, is_causal=False, window_size_left=-1, window_size_right=-1, "
                            "softcap=0.0, deterministic=False, sm_margin=0)",
    "flash_attn_combine": "(out_partial, lse_partial, out=None, out_dtype=None)",
}
# FA3's C++ op schemas (hopper/flash_api_stable.cpp), which PyTorch's FA3 route calls positionally.
FA3_OP_ARGUMENTS = {
    "fwd": ["q", "k", "v", "k_new", "v_new", "q_v", "out", "cu_seqlens_q", "cu_seqlens_k", "cu_seqlens_k_new",
            "seqused_q", "seqused_k", "max_seqlen_q", "max_seqlen_k", "page_table", "kv_batch_idx", "leftpad_k",
            "rotary_cos", "rotary_sin", "seqlens_rotary", "q_descale", "k_descale", "v_descale", "softmax_scale",
            "is_causal", "window_size_left", "window_size_right", "attention_chunk", "softcap",
            "is_rotary_interleaved", "scheduler_metadata", "num_splits", "pack_gqa", "sm_margin"],
    "bwd": ["dout", "q", "k", "v", "out", "softmax_lse", "dq", "dk", "dv", "cu_seqlens_q", "cu_seqlens_k",
            "seqused_q", "seqused_k", "max_seqlen_q", "max_seqlen_k", "softmax_scale", "is_causal",
            "window_size_left", "window_size_right", "softcap", "deterministic", "sm_margin"],
}


@pytest.fixture
def installed():
    """dash's FA3 module installed for one test, then removed (skips where a real FA3 is installed)."""
    if fa3.real_fa3() is not None:
        pytest.skip(f"a real FlashAttention-3 is installed here ({fa3.real_fa3()})")
    report = fa3.install()
    assert report["installed"], report
    try:
        yield report
    finally:
        fa3.uninstall()


def test_importing_dash_installs_nothing():
    """A fresh interpreter: importing dash and its integrations leaves FA3's names alone."""
    code = ("import sys, importlib.util, dash, dash.interface, dash.integrations.fa3, dash.integrations.hf, "
            "dash.integrations.flash_attn_interface\n"
            "names = ('flash_attn_interface', 'flash_attn_3', 'flash_attn_3.flash_attn_interface')\n"
            "assert not any(n in sys.modules for n in names), [n for n in names if n in sys.modules]\n"
            "assert not dash.integrations.fa3.installed()\n"
            "import torch\n"
            "try:\n    torch.ops.flash_attn_3.fwd\nexcept (AttributeError, RuntimeError):\n    pass\n"
            "else:\n    assert dash.integrations.fa3.real_fa3() is not None, 'flash_attn_3::fwd defined by import'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", sorted(FA3_SIGNATURES))
def test_signatures_are_fa3s(name):
    from dash.integrations import flash_attn_interface as shim

    assert str(inspect.signature(getattr(shim, name))) == FA3_SIGNATURES[name]


def test_install_serves_both_module_paths(installed):
    import flash_attn_3
    import flash_attn_interface
    from flash_attn_3.flash_attn_interface import _flash_attn_backward, _flash_attn_forward, flash_attn_func

    from dash.integrations import flash_attn_interface as shim

    assert flash_attn_interface is shim and flash_attn_3.flash_attn_interface is shim
    assert (flash_attn_func, _flash_attn_forward, _flash_attn_backward) == (
        shim.flash_attn_func, shim._flash_attn_forward, shim._flash_attn_backward)
    assert fa3.installed() and fa3.real_fa3() is None
    assert installed["torch_ops"] == "defined by dash"
    for op, names in FA3_OP_ARGUMENTS.items():
        schema = getattr(torch.ops.flash_attn_3, op).default._schema
        assert [a.name for a in schema.arguments] == names
    assert fa3.install()["installed"]  # again: harmless


def test_uninstall_restores_everything():
    if fa3.real_fa3() is not None:
        pytest.skip("a real FlashAttention-3 is installed here")
    fa3.install()
    report = fa3.uninstall()
    assert set(report["modules"]) == {"flash_attn_interface", "flash_attn_3", "flash_attn_3.flash_attn_interface"}
    assert report["torch_ops"] and not fa3.installed()
    assert not any(n in sys.modules for n in report["modules"])
    with pytest.raises(ImportError):
        import flash_attn_interface  # noqa: F401
    with pytest.raises((AttributeError, RuntimeError)):
        torch.ops.flash_attn_3.fwd  # noqa: B018
    assert fa3.install()["installed"] and fa3.uninstall()["torch_ops"]  # and again


def test_a_real_fa3_is_left_alone(tmp_path, monkeypatch):
    """A stand-in for an installed FA3 on sys.path: install() does nothing, force=True shadows it,
    uninstall() gives the name back."""
    (tmp_path / "flash_attn_interface.py").write_text("REAL = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    report = fa3.install()
    assert not report["installed"] and "real FlashAttention-3" in report["reason"]
    assert "flash_attn_interface" not in sys.modules and not fa3.installed()
    with pytest.raises(RuntimeError, match="real FlashAttention-3"):
        fa3.activate_sdpa()
    report = fa3.install(force=True)
    try:
        assert report["installed"] and str(tmp_path) in report["shadowed"]
        import flash_attn_interface

        assert not hasattr(flash_attn_interface, "REAL")
    finally:
        fa3.uninstall()
    import flash_attn_interface

    assert flash_attn_interface.REAL
    del sys.modules["flash_attn_interface"]


# ---- the functions, on CPU tensors (dash's fp32 reference) --------------------------------------
def cpu_inputs(batch=2, seqlen_q=24, seqlen_k=24, heads=4, heads_kv=2, head_dim=64, seed=0):
    return make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, torch.bfloat16, device="cpu", seed=seed)


@pytest.mark.parametrize("causal", [False, True])
def test_flash_attn_func_and_qkvpacked(installed, causal):
    from flash_attn_interface import flash_attn_func, flash_attn_qkvpacked_func

    q, k, v, dout = cpu_inputs(heads_kv=4)
    out_ref, lse_ref = attention_ref(q, k, v, causal=causal)
    out, lse = flash_attn_func(q, k, v, None, causal, return_attn_probs=True)
    assert torch.equal(out, out_ref) and torch.equal(lse, lse_ref)
    assert torch.equal(flash_attn_func(q, k, v, causal=causal), out_ref)
    qkv = torch.stack([q, k, v], dim=2).requires_grad_(True)  # (batch, seqlen, 3, heads, head_dim)
    out = flash_attn_qkvpacked_func(qkv, causal=causal)
    assert torch.equal(out, out_ref)
    out.backward(dout)
    assert torch.equal(qkv.grad, torch.stack(attention_ref_bwd(q, k, v, dout, causal=causal), dim=2))
    packed = torch.cat([q, k, v], dim=2)  # (batch, seqlen, heads_q + 2 heads_kv, head_dim)
    assert torch.equal(flash_attn_qkvpacked_func(packed, causal=causal, num_heads_q=4), out_ref)


def test_window_minus_one_zero_is_causal(installed):
    """TransformerEngine asks for causal as window (-1, 0); FA3 runs the causal mask for it."""
    from flash_attn_interface import flash_attn_func

    q, k, v, _ = cpu_inputs()
    causal = flash_attn_func(q, k, v, causal=True)
    assert torch.equal(flash_attn_func(q, k, v, window_size=(-1, 0)), causal)
    assert torch.equal(flash_attn_func(q, k, v, causal=True, window_size=(-1, 0)), causal)
    assert torch.equal(flash_attn_func(q, k, v, window_size=(100, 100)), flash_attn_func(q, k, v))


@pytest.mark.parametrize("causal,window", [(False, (3, 0)), (False, (2, 5)), (True, (4, -1)), (False, (-1, 1))])
def test_sliding_window_forward_and_in_place_backward(installed, causal, window):
    """FA3's window_size_left/right reach dash's band in both directions (on the CPU: the
    reference, which the GPU tests compare dash's kernels with)."""
    from flash_attn_interface import _flash_attn_backward, _flash_attn_forward, flash_attn_func

    q, k, v, dout = cpu_inputs(seqlen_q=16, seqlen_k=24)
    ref_window = (window[0], 0) if causal else window
    out_ref, lse_ref = attention_ref(q, k, v, window=ref_window, softmax_scale=0.1)
    assert not torch.equal(out_ref, attention_ref(q, k, v, causal=causal, softmax_scale=0.1)[0])
    out, lse, *_ = _flash_attn_forward(q, k, v, softmax_scale=0.1, causal=causal, window_size_left=window[0],
                                       window_size_right=window[1])
    assert torch.equal(out, out_ref) and torch.equal(lse, lse_ref)
    assert torch.equal(flash_attn_func(q, k, v, softmax_scale=0.1, causal=causal, window_size=window), out_ref)
    dq, dk, dv = (torch.empty_like(t) for t in (q, k, v))
    _flash_attn_backward(dout, q, k, v, out, lse, dq=dq, dk=dk, dv=dv, softmax_scale=0.1, is_causal=causal,
                         window_size_left=window[0], window_size_right=window[1], deterministic=True)
    for name, got, want in zip("qkv", (dq, dk, dv),
                               attention_ref_bwd(q, k, v, dout, window=ref_window, softmax_scale=0.1)):
        assert torch.equal(got, want), f"d{name}"


@pytest.mark.parametrize("causal", [False, True])
def test_te_style_forward_and_in_place_backward(installed, causal):
    """The calls TransformerEngine's context parallelism makes (FA3's current interface): forward
    with 20 positional Nones/lengths and window keywords, backward into views of one buffer."""
    from flash_attn_interface import _flash_attn_backward, _flash_attn_forward

    q, k, v, dout = cpu_inputs(seqlen_q=16, seqlen_k=40)
    s_q, s_k = q.shape[1], k.shape[1]
    out, lse, *rest = _flash_attn_forward(q, k, v, *[None] * 9, s_q, s_k, *[None] * 9, causal=causal,
                                          softmax_scale=0.1, window_size_left=-1,
                                          window_size_right=0 if causal else -1)
    out_ref, lse_ref = attention_ref(q, k, v, causal=causal, softmax_scale=0.1)
    assert torch.equal(out, out_ref) and torch.equal(lse, lse_ref)
    assert len(rest) == 2 and all(t.numel() == 0 for t in rest)
    kv_grad = torch.full((2, s_k, 2, 2, 64), 7.0, dtype=torch.bfloat16)  # dk and dv: views into one buffer
    dq = torch.empty_like(q)
    dk, dv = kv_grad.unbind(dim=2)
    softmax_d = _flash_attn_backward(dout, q, k, v, out, lse, None, None, None, None, s_q, s_k, dq, dk, dv,
                                     softmax_scale=0.1, is_causal=causal, window_size_left=-1,
                                     window_size_right=0 if causal else -1, deterministic=True)
    for got, want in zip((dq, dk, dv), attention_ref_bwd(q, k, v, dout, causal=causal, softmax_scale=0.1)):
        assert torch.equal(got, want)
    assert torch.equal(kv_grad[:, :, 0], dk) and torch.equal(kv_grad[:, :, 1], dv)
    want_d = (dout.float() * out.float()).sum(-1).transpose(1, 2)
    assert softmax_d.shape == (2, 4, s_q) and softmax_d.dtype == torch.float32
    assert torch.equal(softmax_d, want_d)


@pytest.mark.parametrize("causal", [False, True])
def test_varlen_through_fa3s_forward_backward_and_torch_ops(installed, causal):
    """A packed batch through `_flash_attn_forward` / `_flash_attn_backward` (in place, into views)
    and FA3's torch ops: dash.flash_attn_varlen_func's results and gradients."""
    from flash_attn_interface import _flash_attn_backward, _flash_attn_forward

    from dash.reference import attention_varlen_ref_bwd
    from tests.test_varlen_bwd import packed

    q, k, v, dout, cu_q, cu_k = packed([(5, 7), (0, 3), (9, 2), (4, 4)], 4, 2, 64, torch.bfloat16, device="cpu")
    out, lse, *rest = _flash_attn_forward(q, k, v, cu_seqlens_q=cu_q, cu_seqlens_k=cu_k, max_seqlen_q=9,
                                          max_seqlen_k=7, causal=causal)
    out_ref, lse_ref = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7, causal=causal, return_attn_probs=True)
    assert torch.equal(out, out_ref) and torch.equal(lse, lse_ref) and all(t.numel() == 0 for t in rest)
    kv_grad = torch.full((k.shape[0], 2, 2, 64), 7.0, dtype=torch.bfloat16)
    dq = torch.empty_like(q)
    dk, dv = kv_grad.unbind(dim=1)
    softmax_d = _flash_attn_backward(dout, q, k, v, out, lse, cu_q, cu_k, None, None, 9, 7, dq, dk, dv,
                                     is_causal=causal, deterministic=True)
    for got, want in zip((dq, dk, dv), attention_varlen_ref_bwd(q, k, v, dout, cu_q, cu_k, causal=causal)):
        assert torch.equal(got, want)
    assert softmax_d.shape == (4, q.shape[0]) and torch.equal(softmax_d, (dout.float() * out.float()).sum(-1).T)
    got, lse_op, *_ = torch.ops.flash_attn_3.fwd(q, k, v, None, None, None, None, cu_q, cu_k, None, None, None, 9, 7,
                                                 is_causal=causal)
    assert torch.equal(got, out_ref) and torch.equal(lse_op, lse_ref)
    dq2, dk2, dv2 = torch.zeros_like(q), torch.zeros_like(k), torch.zeros_like(v)
    torch.ops.flash_attn_3.bwd(dout, q, k, v, out, lse, dq2, dk2, dv2, cu_q, cu_k, None, None, 9, 7, None, causal)
    assert torch.equal(dq2, dq) and torch.equal(dk2, dk) and torch.equal(dv2, dv)
    with pytest.raises(NotImplementedError, match="cu_seqlens_q is given without cu_seqlens_k"):
        _flash_attn_forward(q, k, v, cu_seqlens_q=cu_q)


def test_flash_attn_forward_is_differentiable_and_writes_out(installed):
    from flash_attn_interface import _flash_attn_forward

    q, k, v, dout = cpu_inputs()
    leaves = [t.clone().requires_grad_(True) for t in (q, k, v)]
    out_ = torch.zeros_like(q)
    out, lse, *_ = _flash_attn_forward(*leaves, out_=out_, causal=True)
    assert out is out_ and torch.equal(out_, attention_ref(q, k, v, causal=True)[0])
    out.backward(dout)
    for leaf, want in zip(leaves, attention_ref_bwd(q, k, v, dout, causal=True)):
        assert torch.equal(leaf.grad, want)


def test_flash_attn_with_kvcache(installed):
    from flash_attn_interface import flash_attn_with_kvcache

    q, k, v, _ = cpu_inputs(seqlen_q=4, seqlen_k=40)
    k_cache = torch.zeros(2, 48, 2, 64, dtype=torch.bfloat16)
    v_cache = torch.zeros_like(k_cache)
    k_cache[:, :36], v_cache[:, :36] = k[:, :36], v[:, :36]
    out, lse, *_ = flash_attn_with_kvcache(q, k_cache, v_cache, k[:, 36:], v[:, 36:], cache_seqlens=36, causal=True,
                                           return_softmax_lse=True)
    assert torch.equal(k_cache[:, :40], k) and torch.equal(v_cache[:, :40], v)
    assert not k_cache[:, 40:].any()
    out_ref, lse_ref = attention_ref(q, k, v, causal=True)
    assert torch.equal(out, out_ref) and torch.equal(lse, lse_ref)
    assert torch.equal(flash_attn_with_kvcache(q, k_cache[:, :40], v_cache[:, :40], causal=True), out_ref)


@pytest.mark.parametrize("call,name", [
    (lambda f, q: f._flash_attn_forward(q, q, q, cu_seqlens_q=torch.zeros(2, dtype=torch.int32)), "cu_seqlens_q"),
    (lambda f, q: f._flash_attn_forward(q, q, q, seqused_k=torch.zeros(1, dtype=torch.int32)), "seqused_k"),
    (lambda f, q: f._flash_attn_forward(q, q, q, k_new=q), "k_new"),
    (lambda f, q: f._flash_attn_forward(q, q, q, page_table=torch.zeros(1, 1, dtype=torch.int32)), "page_table"),
    (lambda f, q: f._flash_attn_forward(q, q, q, rotary_cos=q[0, :, 0]), "rotary_cos"),
    (lambda f, q: f._flash_attn_forward(q, q, q, q_descale=torch.ones(1)), "q_descale"),
    (lambda f, q: f._flash_attn_forward(q, q, q, qv=q), "qv"),
    (lambda f, q: f._flash_attn_forward(q, q, q, attention_chunk=4), "attention_chunk"),
    (lambda f, q: f._flash_attn_forward(q, q, q, num_splits=3), "num_splits"),
    (lambda f, q: f._flash_attn_forward(q, q, q, scheduler_metadata=torch.zeros(1)), "scheduler_metadata"),
    (lambda f, q: f._flash_attn_backward(q, q, q, q, q, torch.zeros(1, 2, 8), torch.zeros(2, dtype=torch.int32)),
     "cu_seqlens_q"),
    (lambda f, q: f._flash_attn_backward(q, q, q, q, q, torch.zeros(1, 2, 8), sequed_k=torch.zeros(1)), "seqused_k"),
    (lambda f, q: f.flash_attn_varlen_func(q[0], q[0], q[0], None, None, 8, 8), "cu_seqlens_q"),
    (lambda f, q: f.flash_attn_with_kvcache(q, q, q, cache_seqlens=torch.full((1,), 4, dtype=torch.int32)),
     "cache_seqlens"),
    (lambda f, q: f.flash_attn_with_kvcache(q, q, q, page_table=torch.zeros(1, 1, dtype=torch.int32)), "page_table"),
    (lambda f, q: f.flash_attn_with_kvcache(q, q, q, rotary_cos=q[0, :, 0], rotary_sin=q[0, :, 0]), "rotary_cos"),
    (lambda f, q: f.flash_attn_combine(q, q), "flash_attn_combine"),
    (lambda f, q: f.get_scheduler_metadata(1, 8, 8, 2, 2, 64, torch.zeros(1)), "scheduler_metadata"),
])
def test_unsupported_arguments_raise_naming_them(call, name):
    from dash.integrations import flash_attn_interface

    q = torch.zeros(1, 8, 2, 64, dtype=torch.bfloat16)
    with pytest.raises(NotImplementedError, match=name):
        call(flash_attn_interface, q)


def test_softcap_through_the_module():
    """FA3's softcap in _flash_attn_forward / _flash_attn_backward (fixed lengths): the results of
    dash.flash_attn_func with the same softcap, forward and gradients."""
    import dash
    from dash.integrations import flash_attn_interface as f

    q, k, v, dout = cpu_inputs()
    out, lse, *_ = f._flash_attn_forward(q, k, v, causal=True, softcap=3.0)
    leaves = [t.clone().requires_grad_(True) for t in (q, k, v)]
    want = dash.flash_attn_func(*leaves, causal=True, softcap=3.0)
    assert torch.equal(out, want.detach())
    assert not torch.equal(out, f._flash_attn_forward(q, k, v, causal=True)[0])
    grads = [torch.empty_like(t) for t in (q, k, v)]
    f._flash_attn_backward(dout, q, k, v, out, lse, dq=grads[0], dk=grads[1], dv=grads[2], is_causal=True,
                           softcap=3.0, deterministic=True)
    for g, w in zip(grads, torch.autograd.grad(want, leaves, dout)):
        assert torch.equal(g, w)


# ---- FA3's torch ops and PyTorch's FA3 route ----------------------------------------------------
def test_torch_ops_take_fa3s_positional_calls(installed):
    """The ops as PyTorch's route calls them (torch/nn/attention/_fa3.py): 34 and 22 positional arguments."""
    q, k, v, dout = cpu_inputs()
    out = torch.empty_like(q).transpose(1, 2).contiguous().transpose(1, 2)  # like SDPA's BHSD output viewed BSHD
    got, lse, out_accum, lse_accum = torch.ops.flash_attn_3.fwd(
        q, k, v, None, None, None, out, None, None, None, None, None, 24, 24, None, None, None, None, None, None,
        None, None, None, None, True, -1, -1, 0, 0.0, True, None, 1, None, 0)
    out_ref, lse_ref = attention_ref(q, k, v, causal=True)
    assert got.data_ptr() == out.data_ptr() and torch.equal(out, out_ref) and torch.equal(lse, lse_ref)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    returned = torch.ops.flash_attn_3.bwd(dout, q, k, v, out, lse, dq, dk, dv, None, None, None, None, 24, 24, None,
                                          True, -1, -1, 0.0, True, 0)
    assert len(returned) == 5
    for got, want in zip((dq, dk, dv), attention_ref_bwd(q, k, v, dout, causal=True)):
        assert torch.equal(got, want)


def test_sdpa_route_plumbing_on_cpu():
    """activate_sdpa() on this torch, and torch's own FA3 glue (its private _fa3_run_forward /
    _fa3_run_backward) reaching dash. SDPA itself routes only CUDA tensors: the GPU test below."""
    why = fa3.sdpa_route_available()
    if why is not None:
        pytest.skip(why)
    if fa3.real_fa3() is not None:
        pytest.skip("a real FlashAttention-3 is installed here")
    import torch.nn.attention as attention

    fa3.activate_sdpa()
    try:
        assert attention.current_flash_attention_impl() == "FA3"
        glue = getattr(attention, "_fa3", None)
        if glue is None or not hasattr(glue, "_fa3_run_forward") or not hasattr(glue, "_fa3_run_backward"):
            pytest.skip(f"torch {torch.__version__}'s FA3 glue has no _fa3_run_forward/_fa3_run_backward")
        q, k, v, dout = cpu_inputs()
        out, lse = glue._fa3_run_forward(q, k, v, None, None, 24, 24, None, True, -1, -1, None)
        assert torch.equal(out, attention_ref(q, k, v, causal=True)[0])
        grads = glue._fa3_run_backward(dout, q, k, v, out, lse, None, None, 24, 24, None, True, -1, -1, True)
        for got, want in zip(grads, attention_ref_bwd(q, k, v, dout, causal=True)):
            assert torch.equal(got, want)
    finally:
        fa3.deactivate_sdpa()
        fa3.uninstall()
    assert attention.current_flash_attention_impl() is None


# ---- GPU ---------------------------------------------------------------------------------------
@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True])
def test_gpu_fa3_functions_are_dashs_bits(installed, causal):
    """FA3's functions on dash give dash.flash_attn_func's bits; _flash_attn_backward writes the
    deterministic gradients in place, into views of a buffer, equal to autograd's."""
    from flash_attn_interface import _flash_attn_backward, _flash_attn_forward, flash_attn_func

    q, k, v, dout = make_inputs(2, 1000, 1000, 8, 2, 128, torch.bfloat16, seed=21)
    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    out = dash.flash_attn_func(*leaves, causal=causal, deterministic=True)
    want = torch.autograd.grad(out, leaves, dout)
    leaves2 = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    out2 = flash_attn_func(*leaves2, causal=causal, deterministic=True)
    assert torch.equal(out, out2)
    for got, w in zip(torch.autograd.grad(out2, leaves2, dout), want):
        assert torch.equal(got, w)
    out3, lse, *_ = _flash_attn_forward(q, k, v, causal=causal, window_size_left=-1,
                                        window_size_right=0 if causal else -1)
    assert torch.equal(out3, out)
    kv_grad = torch.empty(2, 1000, 2, 2, 128, device="cuda", dtype=torch.bfloat16)
    dq = torch.empty_like(q)
    dk, dv = kv_grad.unbind(dim=2)
    _flash_attn_backward(dout, q, k, v, out3, lse, None, None, None, None, 1000, 1000, dq, dk, dv,
                         is_causal=causal, deterministic=True)
    for got, w in zip((dq, dk, dv), want):
        assert torch.equal(got, w)


@pytest.mark.gpu
@pytest.mark.parametrize("heads_kv", [8, 2])
def test_gpu_sdpa_route_runs_dash_deterministically(monkeypatch, heads_kv):
    """torch.nn.functional.scaled_dot_product_attention's flash backend, routed to dash by PyTorch's
    FA3 hook, under torch.use_deterministic_algorithms(True): dash runs (spied), the result meets
    FA3's criterion, and the gradients are bitwise equal across calls and to dash.flash_attn_func's."""
    why = fa3.sdpa_route_available()
    if why is not None:
        pytest.skip(why)
    if fa3.real_fa3() is not None:
        pytest.skip("a real FlashAttention-3 is installed here")
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from dash.integrations import flash_attn_interface as shim

    calls = []
    for name in ("_forward", "_backward_into"):
        real = getattr(shim, name)
        monkeypatch.setattr(shim, name, lambda *a, _real=real, _name=name, **kw: calls.append(_name) or _real(*a, **kw))
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    q, k, v, dout = make_inputs(2, 1024, 1024, 8, heads_kv, 128, torch.bfloat16, seed=22)
    fa3.activate_sdpa()
    torch.use_deterministic_algorithms(True, warn_only=True)
    try:
        def run():
            leaves = [t.detach().transpose(1, 2).clone().requires_grad_(True) for t in (q, k, v)]
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                out = F.scaled_dot_product_attention(*leaves, is_causal=True, enable_gqa=heads_kv != 8)
            return (out.transpose(1, 2), *(g.transpose(1, 2) for g in
                                           torch.autograd.grad(out, leaves, dout.transpose(1, 2))))
        first = run()
        assert calls.count("_forward") == 1 and calls.count("_backward_into") == 1, calls
        for _ in range(3):
            assert all(torch.equal(a, b) for a, b in zip(first, run()))
    finally:
        torch.use_deterministic_algorithms(False)
        fa3.deactivate_sdpa()
        fa3.uninstall()
    out_ref, _ = reference_fwd(q, k, v, True)
    out_pt, _ = attention_ref(q, k, v, causal=True, upcast=False)
    assert_close_as_fa3("out", first[0], out_ref, out_pt)
    refs, lows = reference_and_baseline_grads(q, k, v, dout, True)
    for name, g, r, low in zip(("dq", "dk", "dv"), first[1:], refs, lows):
        assert_close_as_fa3(name, g, r, low)
    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    out = dash.flash_attn_func(*leaves, causal=True, deterministic=True)
    assert torch.equal(out, first[0])
    for got, want in zip(torch.autograd.grad(out, leaves, dout), first[1:]):
        assert torch.equal(got, want)
