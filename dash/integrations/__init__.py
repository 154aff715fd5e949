"""dash behind the names that existing code already calls. Each one is opt-in: importing dash
changes nothing until one of these is called.

- `dash.integrations.fa3.install()`: FlashAttention-3's Python module (`flash_attn_interface`,
  `flash_attn_3.flash_attn_interface`, FA3's signatures and return conventions, in-place
  `_flash_attn_backward`) and FA3's torch ops (`torch.ops.flash_attn_3.fwd/bwd`) served by dash,
  only where no real FA3 is installed (or with force=True). `dash.integrations.fa3.activate_sdpa()`
  then routes PyTorch's SDPA flash path to dash through torch.nn.attention's FA3 hook, where the
  installed torch has it.
- `dash.integrations.hf.register()`: `attn_implementation="dash"` in Hugging Face Transformers.

The FA3-compatible functions themselves are in `dash.integrations.flash_attn_interface`.
"""
