// The attention mask of every supported kind as one band, shared by the forward and the backward
// kernels and mirrored by dash/schedule/problem.py (row_ranges, element_mask; tests compare them
// through the binding's band_key_tiles and band_tile_needs_mask).
//
// FA3's semantics, bottom-right aligned: query row i may see key j iff
//     i + off - left <= j <= i + off + right,   off = seqlen_k - seqlen_q,   0 <= j < seqlen_k,
// where a bound of -1 is absent. Full attention is (-1, -1), causal (-1, 0), a sliding window
// (left, right) = FA3's window_size; causal with a window keeps its left bound and sets right = 0.
// Both bounds grow with i, so the keys of a block of query rows form one range of key tiles, and
// the tiles strictly inside the band for every row of the block need no per-element mask.
#pragma once

// Host and device: the kernels use it, and so does the binding (host compiler) for the tests.
#if defined(__CUDACC__)
#define DASH_HOST_DEVICE __host__ __device__ inline
#else
#define DASH_HOST_DEVICE inline
#endif

namespace dash {

struct Band {
  int left = -1, right = -1;  // -1: unbounded on that side

  static DASH_HOST_DEVICE Band of(bool causal, int window_left, int window_right) {
    return Band{window_left < 0 ? -1 : window_left, causal ? 0 : (window_right < 0 ? -1 : window_right)};
  }
  DASH_HOST_DEVICE bool bounded() const { return left >= 0 || right >= 0; }
};

DASH_HOST_DEVICE int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
DASH_HOST_DEVICE int ceil_div_floor0(int a, int b) { return a <= 0 ? 0 : (a + b - 1) / b; }

// The key tiles (of block_n keys) that query rows [row_begin, row_end) touch: [lo, hi), empty when
// lo >= hi. Of them, [unmasked_lo, unmasked_hi) lie inside the band for every one of those rows
// and inside seqlen_k (no per-element mask); lo <= unmasked_lo <= unmasked_hi <= hi always, so the
// tiles that need the mask are [unmasked_hi, hi) and [lo, unmasked_lo).
struct KeyTiles {
  int lo, hi, unmasked_lo, unmasked_hi;
  DASH_HOST_DEVICE bool empty() const { return lo >= hi; }
};

DASH_HOST_DEVICE KeyTiles key_tiles(Band band, int row_begin, int row_end, int seqlen_q, int seqlen_k,
                                    int block_n) {
  const int off = seqlen_k - seqlen_q;
  const int num_n = (seqlen_k + block_n - 1) / block_n;
  const int first = row_begin, last = row_end - 1;  // rows of the block (last >= first)
  KeyTiles t{0, num_n, 0, seqlen_k / block_n};
  if (band.left >= 0) {
    // The first key row `first` sees, and the first that `last` sees (a tile from there on is
    // inside the left bound for every row).
    const int j_first = first + off - band.left, j_last = last + off - band.left;
    t.lo = j_first > seqlen_k - 1 ? num_n : (j_first < 0 ? 0 : j_first / block_n);
    t.unmasked_lo = ceil_div_floor0(j_last, block_n);
  }
  if (band.right >= 0) {
    // One past the last key tile that row `last` sees; the tiles wholly at or below row `first`'s
    // last key.
    const int hi = floor_div(last + off + band.right, block_n) + 1;
    t.hi = hi < 0 ? 0 : (hi < num_n ? hi : num_n);
    const int u = floor_div(first + off + band.right + 1, block_n);
    t.unmasked_hi = u < t.unmasked_hi ? u : t.unmasked_hi;
  }
  // Normalize: lo <= unmasked_lo <= unmasked_hi <= hi.
  auto clamp = [](int x, int a, int b) { return x < a ? a : (x > b ? b : x); };
  if (t.hi < t.lo) t.hi = t.lo;
  t.unmasked_lo = clamp(t.unmasked_lo, t.lo, t.hi);
  t.unmasked_hi = clamp(t.unmasked_hi, t.unmasked_lo, t.hi);
  return t;
}

// Whether the tile of query rows [query_base, query_base + block_m) and keys
// [key_base, key_base + block_n) holds an element outside the band or past seqlen_k (the
// backward's per-step test; padding query rows past seqlen_q count as rows, which only makes the
// answer conservative).
DASH_HOST_DEVICE bool tile_needs_mask(Band band, int query_base, int key_base, int block_m, int block_n,
                                      int seqlen_q, int seqlen_k) {
  const int off = seqlen_k - seqlen_q;
  return key_base + block_n > seqlen_k ||
         (band.right >= 0 && key_base + block_n - 1 > query_base + off + band.right) ||
         (band.left >= 0 && key_base < query_base + block_m - 1 + off - band.left);
}

// The backward's per-CTA form of tile_needs_mask: its key tile is fixed, so the query tiles m
// (of block_m rows) whose tile needs no mask are one range [m_lo, m_lo + span), computed once,
// and each step tests m with one unsigned compare instead of three band tests (which compiled
// to a branch each in the step loop: bench/NOTES.md, session 45). needs_mask(m) ==
// tile_needs_mask(band, m * block_m, key_base, ...) for every m >= 0.
struct UnmaskedQueryTiles {
  int m_lo, span;  // span 0: every tile needs the mask
  DASH_HOST_DEVICE bool needs_mask(int m) const { return unsigned(m - m_lo) >= unsigned(span); }
};

DASH_HOST_DEVICE UnmaskedQueryTiles unmasked_query_tiles(Band band, int key_base, int block_m, int block_n,
                                                         int seqlen_q, int seqlen_k) {
  const int off = seqlen_k - seqlen_q;
  if (key_base + block_n > seqlen_k) return UnmaskedQueryTiles{0, 0};  // keys past seqlen_k
  // Right bound: the tile's last key at or below the first row's last key.
  const int m_lo = band.right >= 0 ? ceil_div_floor0(key_base + block_n - 1 - off - band.right, block_m) : 0;
  // Left bound: the tile's first key at or above the last row's first key.
  const int m_hi = band.left >= 0 ? floor_div(key_base + 1 - block_m - off + band.left, block_m) + 1 : (1 << 30);
  return UnmaskedQueryTiles{m_lo, m_hi > m_lo ? m_hi - m_lo : 0};
}

// A tile's band in tile coordinates: key row r (0 <= r < block_n) is seen by query column c iff
// r < rows_valid and lo <= r - c <= hi. Unbounded sides get bounds no (r, c) of a tile reaches.
struct TileBand {
  int rows_valid, lo, hi;
};

DASH_HOST_DEVICE TileBand tile_band(Band band, int query_base, int key_base, int seqlen_q, int seqlen_k) {
  constexpr int kFar = 1 << 20;  // beyond any tile's r - c
  const int d = query_base + seqlen_k - seqlen_q - key_base;
  return TileBand{seqlen_k - key_base, band.left >= 0 ? d - band.left : -kFar, band.right >= 0 ? d + band.right : kFar};
}

}  // namespace dash
