//! The template search's inner loop: keep the templates of a list that pass one test
//! (`template & mask == want`), moved to the front of a slice, with the union of their cells
//! and the cells they all share. Nearly all of a uniqueness check under anti-knight is this
//! loop, over lists of a few dozen templates.
//!
//! Two versions give the same results: a portable one, and one for processors with AVX2
//! (two templates per instruction, the union and the common cells gathered in the same pass),
//! chosen at run time, so the default build runs on any x86-64 and uses AVX2 where it is
//! there. The test `both_versions_agree` holds them to each other.

/// Copies the templates of `from` that pass (`x & mask == want`) to the start of `to`,
/// returning how many, their union and their common cells.
///
/// # Panics
/// When `to` is shorter than `from`.
#[inline]
pub(super) fn compact(from: &[u128], to: &mut [u128], mask: u128, want: u128) -> (usize, u128, u128) {
    assert!(to.len() >= from.len(), "room for every template");
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: AVX2 is available (checked above); `to` holds `from.len()` templates,
        // and the slices do not overlap (one is borrowed shared, the other mutably).
        return unsafe { avx2::compact(from.as_ptr(), to.as_mut_ptr(), from.len(), mask, want) };
    }
    portable::compact(from, to, mask, want)
}

/// [`compact`] within one slice: the kept templates move to its start.
#[inline]
pub(super) fn compact_in_place(list: &mut [u128], mask: u128, want: u128) -> (usize, u128, u128) {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: AVX2 is available (checked above); reading and writing the same slice is
        // allowed by `avx2::compact`, which reads each template before any write reaches it.
        return unsafe { avx2::compact(list.as_ptr(), list.as_mut_ptr(), list.len(), mask, want) };
    }
    portable::compact_in_place(list, mask, want)
}

/// The cells some template of `list` holds, and the cells all of them hold.
#[inline(always)]
fn cover(list: &[u128]) -> (u128, u128) {
    list.iter().fold((0, u128::MAX), |(union, common), &x| (union | x, common & x))
}

mod portable {
    use super::cover;

    /// Every template is written and the next write moves on only past a kept one: no branch
    /// to mispredict. Why the union and the common cells in a second pass: in the first, with
    /// the test's masks, they left too few registers and the loop's counters went to memory.
    #[inline(always)]
    pub(super) fn compact(from: &[u128], to: &mut [u128], mask: u128, want: u128) -> (usize, u128, u128) {
        let mut kept = 0;
        for (&x, i) in from.iter().zip(0..to.len()) {
            to[kept.min(i)] = x;
            kept += (x & mask == want) as usize;
        }
        let (union, common) = cover(&to[..kept]);
        (kept, union, common)
    }

    #[inline(always)]
    pub(super) fn compact_in_place(list: &mut [u128], mask: u128, want: u128) -> (usize, u128, u128) {
        let mut kept = 0;
        for i in 0..list.len() {
            let x = list[i];
            list[kept.min(i)] = x;
            kept += (x & mask == want) as usize;
        }
        let (union, common) = cover(&list[..kept]);
        (kept, union, common)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;
    use std::sync::atomic::{AtomicU8, Ordering};

    /// 0 not yet asked, 1 without AVX2, 2 with.
    static STATE: AtomicU8 = AtomicU8::new(0);

    /// Whether the processor has AVX2, asked once. `DEDUKU_NO_SIMD` set in the environment
    /// turns it off (to compare the two versions, or to rule one out).
    #[inline(always)]
    pub(super) fn available() -> bool {
        match STATE.load(Ordering::Relaxed) {
            0 => {
                let yes = std::env::var_os("DEDUKU_NO_SIMD").is_none() && is_x86_feature_detected!("avx2");
                STATE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                yes
            }
            state => state == 2,
        }
    }

    /// Reinterprets a `u128` as a 128-bit vector, low half first.
    #[inline(always)]
    fn lane(x: u128) -> __m128i {
        // SAFETY: `_mm_set_epi64x` needs only SSE2, part of every x86-64.
        unsafe { _mm_set_epi64x((x >> 64) as i64, x as i64) }
    }

    #[inline(always)]
    fn from_lane(v: __m128i) -> u128 {
        // SAFETY: SSE2 (every x86-64) and SSE4.1-free: the halves are read by a store.
        let mut out = [0u64; 2];
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), v) };
        (out[1] as u128) << 64 | out[0] as u128
    }

    /// The kept templates of the `n` at `from`, written from `to` on: two at a time, each
    /// pair's test as two 64-bit compares ANDed across the template's halves, the union and
    /// common cells gathered in vector registers, and each template stored whether kept or
    /// not, the next store moving on only past a kept one.
    ///
    /// # Safety
    /// The processor has AVX2; `from` is readable for `n` templates and `to` writable for
    /// `n`; `to` is either `from` itself or does not overlap it.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn compact(from: *const u128, to: *mut u128, n: usize, mask: u128, want: u128) -> (usize, u128, u128) {
        let (m, w) = (_mm256_broadcastsi128_si256(lane(mask)), _mm256_broadcastsi128_si256(lane(want)));
        let (mut union, mut common) = (_mm256_setzero_si256(), _mm256_set1_epi64x(-1));
        let mut kept = 0usize;
        let mut i = 0;
        // One pair: its test, its cells gathered, both stored, `kept` moved past the kept.
        let mut pair = |v: __m256i, kept: &mut usize| {
            // Zero in both halves of a template where it passes: the halves ORed together.
            let off = _mm256_xor_si256(_mm256_and_si256(v, m), w);
            let keep = _mm256_cmpeq_epi64(_mm256_or_si256(off, _mm256_shuffle_epi32::<0x4E>(off)), _mm256_setzero_si256());
            union = _mm256_or_si256(union, _mm256_and_si256(v, keep));
            common = _mm256_andnot_si256(_mm256_andnot_si256(v, keep), common);
            let bits = _mm256_movemask_pd(_mm256_castsi256_pd(keep)) as usize;
            // SAFETY: the caller's: `kept` is at most the index of the pair's first template.
            unsafe { _mm_storeu_si128(to.add(*kept).cast(), _mm256_castsi256_si128(v)) };
            *kept += bits & 1;
            unsafe { _mm_storeu_si128(to.add(*kept).cast(), _mm256_extracti128_si256::<1>(v)) };
            *kept += bits >> 3;
        };
        // Two pairs a turn: the loop's own work is then a small part of it. Both pairs are
        // read before either is stored (in place, the stores land on templates already read).
        while i + 4 <= n {
            // SAFETY: `i + 3 < n`, so the four templates are readable, and `kept <= i`.
            let (a, b) = unsafe { (_mm256_loadu_si256(from.add(i).cast()), _mm256_loadu_si256(from.add(i + 2).cast())) };
            pair(a, &mut kept);
            pair(b, &mut kept);
            i += 4;
        }
        if i + 2 <= n {
            // SAFETY: `i + 1 < n`, and `kept <= i`.
            pair(unsafe { _mm256_loadu_si256(from.add(i).cast()) }, &mut kept);
            i += 2;
        }
        let fold = |v: __m256i, f: fn(__m128i, __m128i) -> __m128i| from_lane(f(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)));
        let (mut union, mut common) = (fold(union, |a, b| _mm_or_si128(a, b)), fold(common, |a, b| _mm_and_si128(a, b)));
        if i < n {
            // SAFETY: `i < n`, and `kept <= i`.
            let x = unsafe { from.add(i).read_unaligned() };
            unsafe { to.add(kept).write_unaligned(x) };
            if x & mask == want {
                kept += 1;
                union |= x;
                common &= x;
            }
        }
        (kept, union, common)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small random generator, enough to spread templates over the bits.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn both_versions_agree() {
        let mut state = 0x9E37_79B9_7F4A_7C15;
        for round in 0..2_000 {
            let n = round % 37;
            // Sparse templates, so that some pass the test and some do not.
            let from: Vec<u128> = (0..n).map(|_| ((next(&mut state) & next(&mut state)) as u128) << 64 | (next(&mut state) & next(&mut state)) as u128).collect();
            let mask = (next(&mut state) as u128) << 64 | next(&mut state) as u128;
            let mask = mask & ((next(&mut state) as u128) << 64 | next(&mut state) as u128) & ((next(&mut state) as u128) << 64 | next(&mut state) as u128);
            let want = if round % 2 == 0 { 0 } else { from.first().copied().unwrap_or(0) & mask };
            let mut a = vec![0; n];
            let expected = portable::compact(&from, &mut a, mask, want);
            let mut b = vec![0; n];
            let got = compact(&from, &mut b, mask, want);
            assert_eq!(got, expected, "round {round}");
            assert_eq!(a[..expected.0], b[..got.0], "round {round}");
            let mut c = from.clone();
            assert_eq!(compact_in_place(&mut c, mask, want), expected, "round {round}, in place");
            assert_eq!(c[..expected.0], a[..expected.0], "round {round}, in place");
            assert!(expected.0 > 0 || n == 0 || round % 2 == 0, "the first template passes its own test");
        }
    }
}
