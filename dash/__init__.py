"""dash: deterministic FlashAttention for NVIDIA Hopper, with DASH schedules."""
__version__ = "0.1.0"
