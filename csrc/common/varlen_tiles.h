// Variable-length (packed) batches: which sequence, head and query tile a CTA of the forward (and
// of the backward's pre- and postprocess, whose dQ tiles use the same slots: csrc/bwd/bwd_varlen.h)
// computes, found from cu_seqlens alone, on the GPU, with no host sync.
//
// Sequence b owns the query rows [cu_seqlens_q[b], cu_seqlens_q[b + 1]) and the key rows
// [cu_seqlens_k[b], cu_seqlens_k[b + 1]) of the packed (total, heads, head_dim) tensors. It
// attends with seqused_q[b] / seqused_k[b] of them when those are given (FA3's meaning: the
// first tokens of the span are used, the rest is padding), with its own mask, causal aligned to
// its own bottom-right corner.
//
// The grid: per head, sequence b's query tiles take the launch slots
//   [slot_begin(b), slot_begin(b + 1)),  slot_begin(b) = cu_seqlens_q[b] / block_m + b,
// which holds at least ceil(span_b / block_m) slots (floor((c + s)/m) - floor(c/m) + 1 >= ceil(s/m)),
// so every tile has a slot and at most one slot per sequence is left over (its CTA exits at once).
// The rows past the last sequence, [cu_seqlens_q[batch], total_q), are a trailing pseudo-sequence
// (b = batch) without keys, and one more slot covers its rounding; so the grid is
// heads * (total_q / block_m + batch + 1) CTAs: a function of the totals and the batch size only
// (CUDA graphs replay it with other lengths), never of max_seqlen_q, whatever the lengths' skew.
// (A grid of max_seqlen_q tiles per sequence would launch mostly empty CTAs for skewed lengths:
// one 8k sequence among 63 of 1k launches 7 times the CTAs that have work.)
// Slot positions run query tile fastest, then head, then sequence, as the fixed-length grid.
// A CTA finds its sequence by a binary search over cu_seqlens_q: O(log batch) loads of a few
// cache lines that every warp of the CTA and its neighbours share (L1/L2 hits).
//
// Every query row from cu_seqlens_q[0] on is written: rows [0, seqused_q[b]) of a sequence with
// its result, the padding rows of its span past seqused_q[b] and the rows past the last sequence
// with O = 0 and LSE = -inf (the value of a row that sees no key), so that no output depends on
// uninitialized memory. Rows before cu_seqlens_q[0] (FA3 allows a first offset > 0) are not
// written.
//
// The offsets are not checked on the host (that would need a sync; FA3 does not check them
// either), so the tile is clamped to the tensors here: offsets and lengths that are out of order
// or out of range give wrong answers for those sequences, never a read or write outside q, k, v,
// out and lse.
//
// Plain C++ with no CuTe, so that tests can compile it for the host and check every tile it gives
// against the layout above, and its clamping on garbage offsets (tests/test_varlen.py).
#pragma once

#if defined(__CUDACC__)
#define DASH_VARLEN_FN __host__ __device__ __forceinline__
#else
#define DASH_VARLEN_FN inline
#endif

namespace dash::varlen_tiles {

// Where a packed call's sequences live: device pointers in the kernel, host pointers in tests.
struct Packed {
  int const* cu_seqlens_q;  // batch + 1 offsets into the packed query rows
  int const* cu_seqlens_k;  // batch + 1 offsets into the packed key rows
  int const* seqused_q;     // batch lengths, or null: the whole span
  int const* seqused_k;
  int batch, heads, total_q, total_k;
};

// One CTA's share of a packed call.
struct Tile {
  bool has_rows;  // false: a left-over slot; the CTA does nothing
  int seq;        // 0..batch-1, or batch: the rows past the last sequence
  int head;
  int m_block;    // query tile within the sequence
  int q_begin;    // first packed query row of the sequence
  int q_used;     // rows [0, q_used) of the sequence get results (seqused_q, or the span)
  int q_owned;    // rows [q_used, q_owned) get O = 0, LSE = -inf
  int k_begin;    // first packed key row of the sequence
  int k_used;     // keys [0, k_used) are attended
};

DASH_VARLEN_FN int clamp_to(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }

// First launch slot of sequence b in [0, batch] (per head).
DASH_VARLEN_FN int slot_begin(Packed const& p, int b, int block_m) { return p.cu_seqlens_q[b] / block_m + b; }

// Launch slots per head (the grid is heads times this).
DASH_VARLEN_FN long long slots_per_head(int total_q, int batch, int block_m) {
  return (long long)(total_q / block_m) + batch + 1;
}

// The last b in [0, batch] whose slots start at or before `slot` (b = batch: the trailing rows).
DASH_VARLEN_FN int find_sequence(Packed const& p, int slot, int block_m) {
  int lo = 0, hi = p.batch + 1;  // slot_begin(0) = cu_seqlens_q[0] / block_m <= slot in a valid call
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (slot_begin(p, mid, block_m) <= slot) lo = mid; else hi = mid;
  }
  return lo;
}

// The tile of launch position t in [0, heads * slots_per_head). longest_first numbers a sequence's
// query tiles from its last (causal: the last rows see the most keys), as the fixed-length grid.
DASH_VARLEN_FN Tile tile_at(Packed const& p, int t, int block_m, bool longest_first) {
  Tile tile{};
  // Sequence b's tiles of every head take positions [heads * first, heads * (first + count)),
  // and t >= heads * s iff t / heads >= s: the search runs on t / heads.
  const int b = find_sequence(p, t / p.heads, block_m);
  tile.seq = b;
  const int first = slot_begin(p, b, block_m);
  const long long count = (b < p.batch ? slot_begin(p, b + 1, block_m) : slots_per_head(p.total_q, p.batch, block_m)) - first;
  const long long i = t - (long long)p.heads * first;
  // Past the sequence's slots of every head: left over (or offsets out of order or range).
  if (count <= 0 || i < 0 || i >= p.heads * count || i > 0x7fffffff) return tile;
  // 32-bit from here (a 64-bit division is a slow subroutine): i fits, and a count past 2^31 - 1
  // (garbage offsets only) gives the same head 0 and m = i as the whole count would.
  const int slots = count > 0x7fffffff ? 0x7fffffff : int(count);
  tile.head = int(i) / slots;
  const int m = int(i) % slots;

  const int q_begin = clamp_to(p.cu_seqlens_q[b], 0, p.total_q);
  const int q_end = b < p.batch ? clamp_to(p.cu_seqlens_q[b + 1], q_begin, p.total_q) : p.total_q;
  tile.q_begin = q_begin;
  tile.q_owned = q_end - q_begin;
  if (b < p.batch) {
    tile.q_used = p.seqused_q ? clamp_to(p.seqused_q[b], 0, tile.q_owned) : tile.q_owned;
    tile.k_begin = clamp_to(p.cu_seqlens_k[b], 0, p.total_k);
    const int k_span = clamp_to(p.cu_seqlens_k[b + 1], tile.k_begin, p.total_k) - tile.k_begin;
    tile.k_used = p.seqused_k ? clamp_to(p.seqused_k[b], 0, k_span) : k_span;
  }  // else: the trailing rows use no query and no key (zero-initialized)

  const int m_blocks = (tile.q_owned + block_m - 1) / block_m;
  tile.has_rows = m < m_blocks;
  tile.m_block = longest_first ? m_blocks - 1 - m : m;
  return tile;
}

}  // namespace dash::varlen_tiles
