"""Bad inputs at every entry point: the exception type, and a message that names the argument.

CPU cases run in CI without a GPU: dash validates before it touches a device, so CPU tensors
reach every check (the device check comes last). GPU cases carry @pytest.mark.gpu.
"""
import math
import types

import pytest
import torch

import dash
from dash import validate
from dash.ops import attn_bwd, resolve_schedule, schedules_for
from dash.schedule import Problem


def inputs(b=1, sq=8, sk=8, h=2, hk=2, d=64, dtype=torch.bfloat16):
    q = torch.randn(b, sq, h, d, dtype=dtype)
    k, v = torch.randn(b, sk, hk, d, dtype=dtype), torch.randn(b, sk, hk, d, dtype=dtype)
    return dict(dout=torch.randn_like(q), q=q, k=k, v=v, out=torch.randn_like(q),
                softmax_lse=torch.zeros(b, h, sq))


def call_bwd(**changes):
    args = inputs()
    kwargs = {name: changes.pop(name) for name in list(changes) if name not in args}
    args.update(changes)
    return attn_bwd(args["dout"], args["q"], args["k"], args["v"], args["out"], args["softmax_lse"], **kwargs)


def non_contiguous_last(t):
    return t.transpose(-1, -2).contiguous().transpose(-1, -2)


# (what is wrong, changes to attn_bwd's arguments, exception, regex the message must match;
# each regex names the argument)
BWD_CASES = [
    ("q dtype", dict(q=torch.randn(1, 8, 2, 64)), TypeError, r"^q must be float16 or bfloat16"),
    ("k dtype", dict(k=torch.randn(1, 8, 2, 64, dtype=torch.float16)), TypeError, r"q, k, v must share one dtype"),
    ("out dtype", dict(out=torch.randn(1, 8, 2, 64, dtype=torch.float16)), TypeError, r"^out must have the dtype"),
    ("dout dtype", dict(dout=torch.randn(1, 8, 2, 64)), TypeError, r"^dout must have the dtype"),
    ("q not a tensor", dict(q=[1.0]), TypeError, r"^q must be a torch.Tensor"),
    ("q ndim", dict(q=torch.randn(8, 2, 64, dtype=torch.bfloat16)), ValueError, r"^q must have 4 dimensions"),
    ("v shape", dict(v=torch.randn(1, 4, 2, 64, dtype=torch.bfloat16)), ValueError, r"k and v must have the same shape"),
    ("out shape", dict(out=torch.randn(1, 4, 2, 64, dtype=torch.bfloat16)), ValueError, r"^out must have the shape"),
    ("dout shape", dict(dout=torch.randn(1, 8, 1, 64, dtype=torch.bfloat16)), ValueError, r"^dout must have the shape"),
    ("head dim", dict(q=torch.randn(1, 8, 2, 32, dtype=torch.bfloat16), k=torch.randn(1, 8, 2, 32, dtype=torch.bfloat16),
                      v=torch.randn(1, 8, 2, 32, dtype=torch.bfloat16)), ValueError, r"head_dim 32 is not supported"),
    ("heads", dict(k=torch.randn(1, 8, 3, 64, dtype=torch.bfloat16), v=torch.randn(1, 8, 3, 64, dtype=torch.bfloat16)),
     ValueError, r"number of q heads \(2\) must be a multiple of the number of k/v heads \(3\)"),
    ("q stride", dict(q=non_contiguous_last(torch.randn(1, 8, 2, 64, dtype=torch.bfloat16))), ValueError,
     r"^q must be contiguous in its last dimension"),
    ("out stride", dict(out=non_contiguous_last(torch.randn(1, 8, 2, 64, dtype=torch.bfloat16))), ValueError,
     r"^out must be contiguous in its last dimension"),
    ("lse dtype", dict(softmax_lse=torch.zeros(1, 2, 8, dtype=torch.float16)), TypeError, r"^softmax_lse must have dtype float32"),
    ("lse shape", dict(softmax_lse=torch.zeros(1, 8, 2)), ValueError, r"^softmax_lse must have shape \(batch, heads, seqlen_q\)"),
    ("lse ndim", dict(softmax_lse=torch.zeros(2, 8)), ValueError, r"^softmax_lse must have 3 dimensions"),
    ("dq shape", dict(dq=torch.empty(1, 8, 1, 64, dtype=torch.bfloat16)), ValueError, r"^dq must have the shape of q"),
    ("dk dtype", dict(dk=torch.empty(1, 8, 2, 64)), TypeError, r"^dk must have the dtype of k"),
    ("dv stride", dict(dv=non_contiguous_last(torch.empty(1, 8, 2, 64, dtype=torch.bfloat16))), ValueError,
     r"^dv must be contiguous in its last dimension"),
    ("scale 0", dict(softmax_scale=0.0), ValueError, r"^softmax_scale must be a positive finite number"),
    ("scale < 0", dict(softmax_scale=-0.125), ValueError, r"^softmax_scale must be a positive finite number"),
    ("scale nan", dict(softmax_scale=math.nan), ValueError, r"^softmax_scale must be a positive finite number"),
    ("scale inf", dict(softmax_scale=math.inf), ValueError, r"^softmax_scale must be a positive finite number"),
    ("scale tensor", dict(softmax_scale=torch.tensor(0.125)), TypeError, r"^softmax_scale must be a Python float"),
    ("schedule name", dict(schedule="fastest"), ValueError, r"^schedule must be one of"),
    ("atomic + deterministic", dict(schedule="atomic"), ValueError, r"schedule='atomic' .* deterministic=True"),
    ("shift on causal", dict(schedule="shift", causal=True), ValueError,
     r"schedule='shift' applies to the full mask \(causal=False\), not to causal=True"),
    ("shift_causal on full", dict(schedule="shift_causal", causal=False), ValueError,
     r"schedule='shift_causal' applies to causal masks .*, not to causal=False"),
    ("cpu tensors", dict(), ValueError, r"^q must be on a CUDA device"),
]


@pytest.mark.parametrize("what,changes,exc,msg", BWD_CASES, ids=[c[0] for c in BWD_CASES])
def test_attn_bwd_rejects(what, changes, exc, msg):
    with pytest.raises(exc, match=msg):
        call_bwd(**changes)


def test_schedules_for():
    assert schedules_for(False) == ("ascending", "descending", "spt", "shift")
    assert schedules_for(True) == ("ascending", "descending", "spt", "shift_causal")


def test_explicit_schedule_that_does_not_apply_to_the_shape():
    """shift_causal on a causal mask with seqlen_k > seqlen_q: the first KV tiles share Q tile 0,
    so it used to be built as descending without a word."""
    p = Problem.for_hdim(700, 1300, 128, causal=True)
    with pytest.raises(ValueError, match=r"schedule='shift_causal' does not apply .*seqlen_k > seqlen_q"):
        resolve_schedule("shift_causal", True, p)
    assert resolve_schedule("shift_causal", True, Problem.for_hdim(1300, 700, 128, causal=True)) == "shift_causal"
    with pytest.raises(ValueError, match=r"schedule='shift' applies to the full mask"):
        resolve_schedule("shift", True, Problem.for_hdim(1024, 1024, 64, causal=True))
    # auto never picks a schedule that does not apply; without determinism the schedule is unused
    assert resolve_schedule("auto", True, p) in schedules_for(True)
    assert resolve_schedule("shift", False, p) == "atomic"


# ---- flash_attn_func: checked at the call, before the forward runs (CPU tensors then run the
# fp32 reference: tests/test_interface.py) ------------------------------------------------------
def qkv_grad(d=64):
    return [torch.randn(1, 8, 2, d, dtype=torch.bfloat16, requires_grad=True) for _ in range(3)]


@pytest.mark.parametrize("kwargs,exc,msg", [
    (dict(softmax_scale=0.0), ValueError, r"^softmax_scale must be a positive finite number"),
    (dict(softmax_scale=-1.0), ValueError, r"^softmax_scale"),
    (dict(softmax_scale=math.nan), ValueError, r"^softmax_scale"),
    (dict(softmax_scale=math.inf), ValueError, r"^softmax_scale"),
    (dict(sm_margin=-1), ValueError, r"^sm_margin must be in \[0, "),
    (dict(sm_margin=1.5), TypeError, r"^sm_margin must be an int"),
    (dict(schedule="shift", causal=True, deterministic=True), ValueError, r"schedule='shift' applies to the full mask"),
    (dict(schedule="shift_causal", deterministic=True), ValueError, r"schedule='shift_causal' applies to causal masks"),
    (dict(schedule="fastest"), ValueError, r"^schedule must be one of"),
    (dict(schedule="atomic", deterministic=True), ValueError, r"schedule='atomic'"),
    (dict(window_size=(4.5, 0)), ValueError, r"^window_size must be a pair \(left, right\) of ints"),
    (dict(window_size=4), ValueError, r"^window_size must be a pair"),
    (dict(softcap=-1.0), ValueError, r"^softcap must be a finite number >= 0"),
])
def test_flash_attn_func_rejects(kwargs, exc, msg):
    q, k, v = qkv_grad()
    with pytest.raises(exc, match=msg):
        dash.flash_attn_func(q, k, v, **kwargs)


def test_flash_attn_func_q_not_a_tensor():
    _, k, v = qkv_grad()
    with pytest.raises(TypeError, match=r"^q must be a torch.Tensor"):
        dash.flash_attn_func([1.0], k, v)


def test_sm_margin_at_or_past_the_number_of_sms(monkeypatch):
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda device=None: types.SimpleNamespace(multi_processor_count=132))
    cuda = torch.device("cuda", 0)
    assert validate.check_sm_margin(131, cuda) == 131
    for bad in (132, 1000):
        with pytest.raises(ValueError, match=r"^sm_margin must be in \[0, 132\) on this GPU"):
            validate.check_sm_margin(bad, cuda)


# ---- views TMA cannot read are copied, never handed to the kernel -----------------------------
def test_for_tma_copies_a_contiguous_view_at_an_odd_offset():
    x = torch.randn(2, 8, 2, 64).to(torch.bfloat16)
    odd = torch.empty(x.numel() + 1, dtype=x.dtype)[1:].view(x.shape)
    odd.copy_(x)
    assert odd.is_contiguous() and odd.data_ptr() % 16 != 0
    fixed = validate.for_tma(odd)
    assert fixed.data_ptr() % 16 == 0 and torch.equal(fixed, x)
    out = validate.output_for_tma(odd)
    assert out.data_ptr() % 16 == 0 and out.shape == odd.shape
    assert validate.for_tma(x) is x and validate.output_for_tma(x) is x


def test_for_tma_materializes_broadcast_dimensions():
    k = torch.randn(1, 8, 1, 64).to(torch.bfloat16).expand(1, 8, 4, 64)
    fixed = validate.for_tma(k)
    assert 0 not in fixed.stride() and torch.equal(fixed, k)


# ---- GPU: what only a device can check ----------------------------------------------------------
@pytest.mark.gpu
def test_sm_margin_on_the_gpu():
    q, k, v = (t.detach().cuda().requires_grad_(True) for t in qkv_grad())
    sms = torch.cuda.get_device_properties(q.device).multi_processor_count
    with pytest.raises(ValueError, match=rf"^sm_margin must be in \[0, {sms}\) on this GPU"):
        dash.flash_attn_func(q, k, v, sm_margin=sms)
    with pytest.raises(ValueError, match=rf"^sm_margin must be in \[0, {sms}\) on this GPU"):
        attn_bwd(q, q, k, v, q, torch.zeros(1, 2, 8, device="cuda"), sm_margin=sms)


@pytest.mark.gpu
def test_inputs_on_cpu_and_gpu():
    args = {name: (t.cuda() if name != "k" else t) for name, t in inputs().items()}
    with pytest.raises(ValueError, match=r"^k must be on a CUDA device"):
        attn_bwd(args["dout"], args["q"], args["k"], args["v"], args["out"], args["softmax_lse"])
