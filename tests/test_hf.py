"""Hugging Face Transformers: attn_implementation="dash" (dash.integrations.hf) on a small, randomly
initialised Llama-style model built from a config (GQA: 4 query heads over 2 key/value heads), and
PyTorch's SDPA -> FA3 route (dash.integrations.fa3.activate_sdpa) under the same model.

On the CPU dash runs its fp32 reference (dash.interface); the GPU tests run the kernels.
"""
import copy

import pytest
import torch

transformers = pytest.importorskip("transformers", reason="transformers is not installed")

import dash.integrations.hf as hf  # noqa: E402
from dash import interface  # noqa: E402
from dash.integrations import fa3  # noqa: E402

VOCAB = 256


def sizes(head_dim, heads, heads_kv):
    """The small model's sizes, shared by the Llama and the Mistral configs."""
    return dict(vocab_size=VOCAB, hidden_size=heads * head_dim, intermediate_size=512, num_hidden_layers=2,
                num_attention_heads=heads, num_key_value_heads=heads_kv, head_dim=head_dim, attention_dropout=0.0)


def config(head_dim=64, heads=4, heads_kv=2):
    return transformers.LlamaConfig(**sizes(head_dim, heads, heads_kv), max_position_embeddings=512)


def window_config(head_dim=64, heads=4, heads_kv=2, sliding_window=8):
    """A Mistral-style config: every layer attends over a causal sliding window."""
    return transformers.MistralConfig(**sizes(head_dim, heads, heads_kv), max_position_embeddings=2048,
                                      sliding_window=sliding_window)


def softcap_config(head_dim=64, heads=4, heads_kv=2, softcap=5.0):
    """A Gemma 2-style config: attention logits capped at `softcap` (FA3's softcap), layers that
    alternate between a sliding window of 8 keys and full causal attention."""
    return transformers.Gemma2Config(**sizes(head_dim, heads, heads_kv), max_position_embeddings=512,
                                     query_pre_attn_scalar=head_dim, attn_logit_softcapping=softcap,
                                     sliding_window=8)


def model_of(cfg, attn, dtype, device, state=None, seed=0):
    """A causal LM of the config's family (Llama, Mistral, Gemma 2) with its own copy of the config
    (models built from one config object share its _attn_implementation), seeded weights or the
    given ones."""
    torch.manual_seed(seed)
    family = {transformers.MistralConfig: transformers.MistralForCausalLM,
              transformers.Gemma2Config: transformers.Gemma2ForCausalLM}.get(type(cfg), transformers.LlamaForCausalLM)
    model = family._from_config(copy.deepcopy(cfg), attn_implementation=attn, dtype=dtype)
    if state is not None:
        model.load_state_dict(state)
    return model.to(device)


@pytest.fixture
def registered():
    hf.register()
    try:
        yield "dash"
    finally:
        hf.unregister()


@pytest.fixture
def dash_calls(monkeypatch):
    """The keyword arguments of each dash attention forward (dash.interface.attention_forward, which
    both the Transformers integration and the FA3 route reach)."""
    calls = []
    real = interface.attention_forward
    monkeypatch.setattr(interface, "attention_forward", lambda *a, **kw: calls.append(kw) or real(*a, **kw))
    return calls


def loss_and_grads(model, ids, **kwargs):
    out = model(ids, labels=ids, **kwargs)
    out.loss.backward()
    grads = {name: p.grad.float().clone() for name, p in model.named_parameters()}
    model.zero_grad(set_to_none=True)
    return out.logits.float().detach(), grads


def check_against_sdpa(cfg, attn, device, seqlen, dash_calls, route=None, baseline="sdpa"):
    """Logits and every parameter's gradient of `attn` (bf16) against an fp32 eager reference with
    the same (bf16-rounded) weights, within twice the error of `baseline` (SDPA, or eager attention
    where SDPA does not run the model's attention) in bf16 (FA3's criterion)."""
    ref = model_of(cfg, "eager", torch.float32, device)
    state = {name: w.to(torch.bfloat16) for name, w in ref.state_dict().items()}
    ref.load_state_dict({name: w.float() for name, w in state.items()})
    ids = torch.randint(0, VOCAB, (2, seqlen), generator=torch.Generator().manual_seed(1)).to(device)
    want_logits, want_grads = loss_and_grads(ref, ids)
    sdpa_logits, sdpa_grads = loss_and_grads(model_of(cfg, baseline, torch.bfloat16, device, state), ids)
    with route or _nothing():
        got_logits, got_grads = loss_and_grads(model_of(cfg, attn, torch.bfloat16, device, state), ids)
    assert dash_calls, "dash did not run"

    def err(a, b):
        return (a - b).abs().max().item()
    base, got = err(sdpa_logits, want_logits), err(got_logits, want_logits)
    assert got <= 2 * base + 1e-3, f"logits: {got:.3e} > 2 x SDPA's {base:.3e}"
    for name in want_grads:
        base, got = err(sdpa_grads[name], want_grads[name]), err(got_grads[name], want_grads[name])
        assert got <= 2 * base + 1e-4, f"grad of {name}: {got:.3e} > 2 x SDPA's {base:.3e}"


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def two_training_steps(cfg, attn, device, seqlen, **forward_kwargs):
    """Losses and weights after two AdamW steps from the same seed and data."""
    model = model_of(cfg, attn, torch.bfloat16, device, seed=5)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(6)
    losses = []
    for _ in range(2):
        ids = torch.randint(0, VOCAB, (2, seqlen), generator=g).to(device)
        loss = model(ids, labels=ids, **forward_kwargs).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        losses.append(loss.detach())
    return torch.stack(losses), [p.detach().clone() for p in model.parameters()]


def assert_bitwise_equal_runs(first, second):
    assert torch.equal(first[0], second[0]), f"losses differ: {first[0].tolist()} vs {second[0].tolist()}"
    assert all(torch.equal(a, b) for a, b in zip(first[1], second[1])), "weights differ"


# ---- CPU ----------------------------------------------------------------------------------------
def test_register_makes_the_name_valid():
    with pytest.raises(ValueError, match="dash"):
        model_of(config(), "dash", torch.bfloat16, "cpu")
    hf.register()
    try:
        assert model_of(config(), "dash", torch.bfloat16, "cpu").config._attn_implementation == "dash"
    finally:
        hf.unregister()
    with pytest.raises(ValueError, match="dash"):
        model_of(config(), "dash", torch.bfloat16, "cpu")


def test_cpu_logits_and_grads_match_sdpa(registered, dash_calls):
    check_against_sdpa(config(), "dash", "cpu", 64, dash_calls)


def test_cpu_two_training_steps_are_bitwise_equal(registered, dash_calls):
    first = two_training_steps(config(), "dash", "cpu", 32, deterministic=True)
    assert dash_calls and all(kw["deterministic"] for kw in dash_calls)
    assert_bitwise_equal_runs(first, two_training_steps(config(), "dash", "cpu", 32, deterministic=True))


def test_deterministic_from_register_or_the_call(dash_calls):
    ids = torch.randint(0, VOCAB, (1, 16))
    for default, kwargs, expected in ((None, {}, False), (True, {}, True), (True, dict(deterministic=False), False),
                                      (None, dict(deterministic=True), True)):
        hf.register(deterministic=default)
        try:
            dash_calls.clear()
            model_of(config(), "dash", torch.bfloat16, "cpu")(ids, **kwargs)
            assert dash_calls and all(kw["deterministic"] is expected for kw in dash_calls), (default, kwargs)
        finally:
            hf.unregister()


def assert_generation_matches_sdpa(cfg):
    """Greedy generation from a 12-token prompt: the same tokens as SDPA's, same weights."""
    state = model_of(cfg, "sdpa", torch.bfloat16, "cpu").state_dict()
    ids = torch.randint(0, VOCAB, (1, 12), generator=torch.Generator().manual_seed(2))
    kwargs = dict(max_new_tokens=6, do_sample=False, attention_mask=torch.ones_like(ids))
    got = model_of(cfg, "dash", torch.bfloat16, "cpu", state).generate(ids, **kwargs)
    want = model_of(cfg, "sdpa", torch.bfloat16, "cpu", state).generate(ids, **kwargs)
    assert torch.equal(got, want)


def assert_padded_batch_raises(cfg, seqlen):
    model = model_of(cfg, "dash", torch.bfloat16, "cpu")
    ids = torch.randint(0, VOCAB, (2, seqlen))
    padded = torch.ones_like(ids)
    padded[0, :3] = 0
    with pytest.raises(NotImplementedError, match="attention_mask"):
        model(ids, attention_mask=padded)
    return model, ids


def test_cpu_generation_with_a_cache_matches_sdpa(registered):
    """Decoding: one query row over the cached keys (dash's bottom-right causal mask)."""
    assert_generation_matches_sdpa(config())


def test_what_dash_does_not_run_raises(registered):
    model, ids = assert_padded_batch_raises(config(), 16)
    model(ids, attention_mask=torch.ones_like(ids))  # no padding: no mask
    # Two sequences packed in one row: Transformers masks them apart (for SDPA as for dash) when it
    # sees the restart in position_ids, which it looks for without a cache.
    packed = torch.cat([torch.arange(8), torch.arange(8)])[None]
    with pytest.raises(NotImplementedError, match="attention_mask"):
        model(ids[:1], position_ids=packed, use_cache=False)
    model.train()
    model.config.attention_dropout = 0.1
    for layer in model.model.layers:
        layer.self_attn.attention_dropout = 0.1
    with pytest.raises(NotImplementedError, match="dropout"):
        model(ids)
    q = torch.zeros(1, 2, 8, 64, dtype=torch.bfloat16)
    module = torch.nn.Module()
    with pytest.raises(NotImplementedError, match="sliding_window"):  # a window dash_mask did not clear
        hf.attention_forward(module, q, q, q, None, sliding_window=4, is_causal=False)
    with pytest.raises(NotImplementedError, match="sliding_window"):
        hf.attention_forward(module, q[:, :, :1], q, q, None, sliding_window=4)
    with pytest.raises(NotImplementedError, match="s_aux"):
        hf.attention_forward(module, q, q, q, None, s_aux=torch.zeros(2))
    out, weights = hf.attention_forward(module, q, q, q, None, sliding_window=16)  # a window over every key
    assert out.shape == (1, 8, 2, 64) and weights is None


def test_cpu_sliding_window_logits_and_grads_match_sdpa(registered, dash_calls):
    """Mistral's sliding window (8 keys) over 32 tokens: no mask, FA3's window_size (7, 0), and
    SDPA's answer with Transformers' band mask."""
    check_against_sdpa(window_config(), "dash", "cpu", 32, dash_calls)
    assert dash_calls and all(kw["window"] == (7, 0) for kw in dash_calls), dash_calls


def test_cpu_softcap_logits_and_grads_match_eager(registered, dash_calls):
    """Gemma 2's attention logit cap (5.0 here, so that it bends the scores) as FA3's softcap, over
    its alternating sliding-window and full layers: against fp32 eager attention (SDPA does not cap)."""
    check_against_sdpa(softcap_config(), "dash", "cpu", 32, dash_calls, baseline="eager")
    assert dash_calls and all(kw["softcap"] == 5.0 for kw in dash_calls), dash_calls
    assert {kw["window"] for kw in dash_calls} == {(7, 0), (-1, -1)}, dash_calls


def test_cpu_sliding_window_generation_matches_sdpa(registered):
    """Prefill over the window, then decoding over the cache: the cache's mask is a real one when it
    holds more keys than the window (then dash refuses), so the prompt stays within the window."""
    assert_generation_matches_sdpa(window_config(sliding_window=32))


def test_dash_mask_clears_only_the_plain_band():
    """dash_mask returns None for a sliding window's causal band over as many keys as queries with
    no padding, and the mask sdpa_mask builds for everything else that passes local_size."""
    from transformers import masking_utils as mu

    n, w = 32, 8
    band = mu.sliding_window_causal_mask_function(w)
    assert hf.dash_mask(2, n, n, mask_function=band, local_size=w) is None
    no_padding = torch.ones(2, n, dtype=torch.bool)
    assert hf.dash_mask(2, n, n, mask_function=band, local_size=w, attention_mask=no_padding) is None
    padded = torch.ones(2, n, dtype=torch.bool)
    padded[0, :3] = False
    cases = {"padding": dict(mask_function=band, attention_mask=padded),
             "chunked": dict(mask_function=mu.chunked_causal_mask_function(w, torch.zeros(2, dtype=torch.long))),
             "wider band": dict(mask_function=mu.sliding_window_causal_mask_function(w + 1)),
             "no skip": dict(mask_function=band, allow_is_causal_skip=False)}
    for name, kw in cases.items():
        mask = hf.dash_mask(2, n, n, local_size=w, **kw)
        assert mask is not None, name
        want = mu.sdpa_mask(2, n, n, local_size=w, **{"allow_is_causal_skip": True, **kw})
        assert torch.equal(mask, want), name
    # A cache offset (decoding over a window's cache) keeps sdpa_mask's answer.
    assert torch.equal(hf.dash_mask(1, 1, n, q_offset=n - 1, mask_function=band, local_size=w),
                       mu.sdpa_mask(1, 1, n, q_offset=n - 1, mask_function=band, local_size=w))
    # Within the window there is nothing to mask: sdpa_mask's own None.
    assert hf.dash_mask(2, w - 1, w - 1, mask_function=band, local_size=w) is None


def test_cpu_padded_sliding_window_raises(registered):
    assert_padded_batch_raises(window_config(), 32)


# ---- GPU ----------------------------------------------------------------------------------------
@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [64, 128])
def test_gpu_logits_and_grads_match_sdpa(registered, dash_calls, head_dim):
    check_against_sdpa(config(head_dim, heads=8, heads_kv=2), "dash", "cuda", 512, dash_calls)


@pytest.mark.gpu
def test_gpu_sliding_window_logits_and_grads_match_sdpa(registered, dash_calls):
    check_against_sdpa(window_config(128, heads=8, heads_kv=2, sliding_window=128), "dash", "cuda", 512, dash_calls)
    assert dash_calls and all(kw["window"] == (127, 0) for kw in dash_calls)


@pytest.mark.gpu
def test_gpu_softcap_logits_and_grads_match_eager(registered, dash_calls):
    check_against_sdpa(softcap_config(), "dash", "cuda", 256, dash_calls, baseline="eager")
    assert dash_calls and all(kw["softcap"] == 5.0 for kw in dash_calls), dash_calls


@pytest.mark.gpu
def test_gpu_sliding_window_two_training_steps_are_bitwise_equal(registered, dash_calls):
    cfg = window_config(128, heads=8, heads_kv=2, sliding_window=256)
    first = two_training_steps(cfg, "dash", "cuda", 1024, deterministic=True)
    assert dash_calls and all(kw["deterministic"] and kw["window"] == (255, 0) for kw in dash_calls)
    assert_bitwise_equal_runs(first, two_training_steps(cfg, "dash", "cuda", 1024, deterministic=True))


@pytest.mark.gpu
def test_gpu_two_training_steps_are_bitwise_equal(registered, dash_calls):
    cfg = config(128, heads=8, heads_kv=2)
    first = two_training_steps(cfg, "dash", "cuda", 1024, deterministic=True)
    assert dash_calls and all(kw["deterministic"] for kw in dash_calls)
    for _ in range(2):
        assert_bitwise_equal_runs(first, two_training_steps(cfg, "dash", "cuda", 1024, deterministic=True))


def _sdpa_route_or_skip():
    why = fa3.sdpa_route_available()
    if why is not None:
        pytest.skip(why)
    if fa3.real_fa3() is not None:
        pytest.skip("a real FlashAttention-3 is installed here")


class _sdpa_on_dash:
    """SDPA's flash backend routed to dash, under torch.use_deterministic_algorithms(True)."""

    def __enter__(self):
        from torch.nn.attention import SDPBackend, sdpa_kernel

        fa3.activate_sdpa()
        torch.use_deterministic_algorithms(True, warn_only=True)
        self.backend = sdpa_kernel(SDPBackend.FLASH_ATTENTION)
        self.backend.__enter__()
        return self

    def __exit__(self, *exc):
        self.backend.__exit__(*exc)
        torch.use_deterministic_algorithms(False)
        fa3.deactivate_sdpa()
        fa3.uninstall()
        return False


@pytest.mark.gpu
def test_gpu_sdpa_route_logits_and_grads(monkeypatch, dash_calls):
    """attn_implementation="sdpa" with PyTorch's FA3 route on dash: the same checks."""
    _sdpa_route_or_skip()
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    check_against_sdpa(config(128, heads=8, heads_kv=2), "sdpa", "cuda", 512, dash_calls, route=_sdpa_on_dash())


@pytest.mark.gpu
def test_gpu_sdpa_route_two_training_steps_are_bitwise_equal(monkeypatch, dash_calls):
    _sdpa_route_or_skip()
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    cfg = config(128, heads=8, heads_kv=2)
    with _sdpa_on_dash():
        first = two_training_steps(cfg, "sdpa", "cuda", 1024)
        assert dash_calls, "dash did not run"
        assert_bitwise_equal_runs(first, two_training_steps(cfg, "sdpa", "cuda", 1024))
