//! MD5 of many short names at once, sixteen side by side: how a million keys are hashed in a
//! blink. The values are [`HashScheme::hash32`]'s.

use super::scheme::HashScheme;

/// How many names [`Md5Lanes`] hashes side by side.
const LANES: usize = 16;

/// How many lanes the portable code computes in one go.
const HALF: usize = LANES / 2;

/// The longest name that fits one MD5 block with its padding.
const ONE_BLOCK: usize = 55;

/// MD5 hashes of many short names, computed sixteen at a time, side by side.
///
/// MD5 is a chain of 64 steps, each waiting for the one before, so one digest at a time leaves
/// most of the processor idle. Digests computed in step, lane by lane, are independent work:
/// the portable code is written so that the compiler turns it into vector instructions, and on
/// x86-64 processors with AVX2 (checked at run time) hand-written vector code takes over, about
/// five times faster again. Names of one block (55 bytes or fewer, padding included in the
/// block) take this path; longer ones are hashed at once, one by one. The values are
/// [`HashScheme::hash32`]'s.
pub(crate) struct Md5Lanes<'a> {
    scheme: HashScheme,
    out: &'a mut [u32],
    /// Each lane's message block, and where its hash goes in `out`.
    blocks: [[u8; 64]; LANES],
    slots: [usize; LANES],
    filled: usize,
    /// Whether the processor runs the AVX2 code.
    avx2: bool,
}

impl<'a> Md5Lanes<'a> {
    /// Hashes under `scheme` (an MD5 scheme) into `out`.
    pub(crate) fn new(scheme: HashScheme, out: &'a mut [u32]) -> Md5Lanes<'a> {
        debug_assert!(scheme != HashScheme::JavaHashCode);
        Md5Lanes {
            scheme,
            out,
            blocks: [[0; 64]; LANES],
            slots: [0; LANES],
            filled: 0,
            avx2: avx2::available(),
        }
    }

    /// Hashes `name` into `out[slot]`, now or with the next sixteen.
    pub(crate) fn push(&mut self, slot: usize, name: &[u8]) {
        if name.len() > ONE_BLOCK {
            self.out[slot] = self.scheme.hash_ascii(name);
            return;
        }
        let block = &mut self.blocks[self.filled];
        // Cleared whole first: a fixed-size clear is a few vector stores, where clearing just
        // the bytes after the name would be a call.
        *block = [0; 64];
        block[..name.len()].copy_from_slice(name);
        block[name.len()] = 0x80;
        block[56..].copy_from_slice(&(name.len() as u64 * 8).to_le_bytes());
        self.slots[self.filled] = slot;
        self.filled += 1;
        if self.filled == LANES {
            self.flush();
        }
    }

    /// Sets `out[slot]` to a value known without hashing (a key placed by hand).
    pub(crate) fn set(&mut self, slot: usize, value: u32) {
        self.out[slot] = value;
    }

    /// Hashes the names still waiting.
    pub(crate) fn finish(mut self) {
        if self.filled > 0 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let [a, d] = if self.avx2 {
            avx2::first_and_last_words(&self.blocks)
        } else {
            let (low, high) = self.blocks.split_at(HALF);
            let low = md5_blocks(low.try_into().expect("half the lanes"));
            let high = md5_blocks(high.try_into().expect("half the lanes"));
            let join = |w: usize| -> [u32; LANES] {
                std::array::from_fn(|l| {
                    if l < HALF {
                        low[w][l]
                    } else {
                        high[w][l - HALF]
                    }
                })
            };
            [join(0), join(3)]
        };
        for lane in 0..self.filled {
            // md5-first32 reads the digest's first four bytes big-endian, md5-low32 its last
            // four; the digest holds the state words little-endian.
            self.out[self.slots[lane]] = match self.scheme {
                HashScheme::Md5Low32 => d[lane].swap_bytes(),
                _ => a[lane].swap_bytes(),
            };
        }
        self.filled = 0;
    }
}

/// MD5's per-step constants, ⌊|sin(i + 1)| × 2^32⌋.
const MD5_K: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];

/// MD5's rotations, by round and step within the round.
const MD5_S: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// MD5's initial state words A, B, C, D.
const MD5_INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// One word per lane of the portable code.
type Words = [u32; HALF];

/// The MD5 state words A, B, C, D after one padded block per lane (RFC 1321, section 3.4).
fn md5_blocks(blocks: &[[u8; 64]; HALF]) -> [Words; 4] {
    let mut m = [[0u32; HALF]; 16];
    for (lane, block) in blocks.iter().enumerate() {
        for (w, word) in m.iter_mut().enumerate() {
            let b = &block[4 * w..4 * w + 4];
            word[lane] = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    let init = MD5_INIT;
    let [mut a, mut b, mut c, mut d] = init.map(|word| [word; HALF]);
    // Step i: a = b + ((a + f(b, c, d) + K[i] + M[g]) <<< s), then the words turn.
    macro_rules! step {
        ($i:expr, $g:expr, |$x:ident, $y:ident, $z:ident| $f:expr) => {{
            let next: Words = std::array::from_fn(|l| {
                let ($x, $y, $z) = (b[l], c[l], d[l]);
                let t = a[l]
                    .wrapping_add($f)
                    .wrapping_add(MD5_K[$i])
                    .wrapping_add(m[$g][l]);
                b[l].wrapping_add(t.rotate_left(MD5_S[$i / 16][$i % 4]))
            });
            (a, d, c, b) = (d, c, b, next);
        }};
    }
    for i in 0..16 {
        step!(i, i, |x, y, z| (x & y) | (!x & z));
    }
    for i in 16..32 {
        step!(i, (5 * i + 1) % 16, |x, y, z| (z & x) | (!z & y));
    }
    for i in 32..48 {
        step!(i, (3 * i + 5) % 16, |x, y, z| x ^ y ^ z);
    }
    for i in 48..64 {
        step!(i, (7 * i) % 16, |x, y, z| y ^ (x | !z));
    }
    let add = |x: Words, start: u32| -> Words { x.map(|v| v.wrapping_add(start)) };
    [
        add(a, init[0]),
        add(b, init[1]),
        add(c, init[2]),
        add(d, init[3]),
    ]
}

/// MD5 of sixteen blocks at once with AVX2: two groups of eight lanes, one 256-bit register
/// per state word and group, worked in turn so that one group's step runs while the other's
/// waits on its chain.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256,
        _mm256_permute2x128_si256, _mm256_set1_epi32, _mm256_slli_epi32, _mm256_srli_epi32,
        _mm256_storeu_si256, _mm256_unpackhi_epi32, _mm256_unpackhi_epi64, _mm256_unpacklo_epi32,
        _mm256_unpacklo_epi64, _mm256_xor_si256,
    };

    use super::{LANES, MD5_INIT, MD5_K};

    /// Whether this processor has AVX2 (the answer is looked up once and kept).
    pub(super) fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// The state words A and D, per lane, after one padded block per lane: what the two MD5
    /// readings need. Only to be called where [`available`] said yes.
    pub(super) fn first_and_last_words(blocks: &[[u8; 64]; LANES]) -> [[u32; LANES]; 2] {
        debug_assert!(available());
        // SAFETY: the caller checked that the processor has AVX2, the one feature the
        // function is compiled for.
        unsafe { words(blocks) }
    }

    /// Transposes eight rows of eight 32-bit words: row `r` of the result holds word `r` of
    /// every input row, input row `i` in its lane `i`.
    #[target_feature(enable = "avx2")]
    unsafe fn transpose(r: [__m256i; 8]) -> [__m256i; 8] {
        let t0 = _mm256_unpacklo_epi32(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi32(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi32(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi32(r[2], r[3]);
        let t4 = _mm256_unpacklo_epi32(r[4], r[5]);
        let t5 = _mm256_unpackhi_epi32(r[4], r[5]);
        let t6 = _mm256_unpacklo_epi32(r[6], r[7]);
        let t7 = _mm256_unpackhi_epi32(r[6], r[7]);
        let u0 = _mm256_unpacklo_epi64(t0, t2);
        let u1 = _mm256_unpackhi_epi64(t0, t2);
        let u2 = _mm256_unpacklo_epi64(t1, t3);
        let u3 = _mm256_unpackhi_epi64(t1, t3);
        let u4 = _mm256_unpacklo_epi64(t4, t6);
        let u5 = _mm256_unpackhi_epi64(t4, t6);
        let u6 = _mm256_unpacklo_epi64(t5, t7);
        let u7 = _mm256_unpackhi_epi64(t5, t7);
        [
            _mm256_permute2x128_si256::<0x20>(u0, u4),
            _mm256_permute2x128_si256::<0x20>(u1, u5),
            _mm256_permute2x128_si256::<0x20>(u2, u6),
            _mm256_permute2x128_si256::<0x20>(u3, u7),
            _mm256_permute2x128_si256::<0x31>(u0, u4),
            _mm256_permute2x128_si256::<0x31>(u1, u5),
            _mm256_permute2x128_si256::<0x31>(u2, u6),
            _mm256_permute2x128_si256::<0x31>(u3, u7),
        ]
    }

    /// RFC 1321's four round functions: F = (x & y) | (!x & z), G = (x & z) | (y & !z),
    /// H = x ^ y ^ z, I = y ^ (x | !z); F and G in forms with one operation fewer.
    macro_rules! f {
        (0, $x:expr, $y:expr, $z:expr) => {
            _mm256_xor_si256($z, _mm256_and_si256($x, _mm256_xor_si256($y, $z)))
        };
        (1, $x:expr, $y:expr, $z:expr) => {
            _mm256_xor_si256($y, _mm256_and_si256($z, _mm256_xor_si256($x, $y)))
        };
        (2, $x:expr, $y:expr, $z:expr) => {
            _mm256_xor_si256(_mm256_xor_si256($x, $y), $z)
        };
        (3, $x:expr, $y:expr, $z:expr) => {
            _mm256_xor_si256(
                $y,
                _mm256_or_si256($x, _mm256_xor_si256($z, _mm256_set1_epi32(-1))),
            )
        };
    }

    #[target_feature(enable = "avx2")]
    unsafe fn words(blocks: &[[u8; 64]; LANES]) -> [[u32; LANES]; 2] {
        // m[group][w]: message word w of the group's eight lanes.
        let mut m = [[_mm256_set1_epi32(0); 16]; 2];
        for (group, words) in m.iter_mut().enumerate() {
            let lanes = &blocks[8 * group..8 * group + 8];
            let low: [__m256i; 8] =
                std::array::from_fn(|l| _mm256_loadu_si256(lanes[l][..32].as_ptr().cast()));
            let high: [__m256i; 8] =
                std::array::from_fn(|l| _mm256_loadu_si256(lanes[l][32..].as_ptr().cast()));
            words[..8].copy_from_slice(&transpose(low));
            words[8..].copy_from_slice(&transpose(high));
        }
        let start = MD5_INIT.map(|word| [_mm256_set1_epi32(word as i32); 2]);
        let [mut a, mut b, mut c, mut d] = start;
        // Step i on state words (a, b, c, d): a = b + ((a + f(b, c, d) + K[i] + M[g]) <<< s).
        macro_rules! step {
            ($round:tt, $a:ident, $b:ident, $c:ident, $d:ident, $i:expr, $g:expr, $s:literal) => {
                for h in 0..2 {
                    let f = f!($round, $b[h], $c[h], $d[h]);
                    let k = _mm256_add_epi32(_mm256_set1_epi32(MD5_K[$i] as i32), m[h][$g]);
                    let t = _mm256_add_epi32(_mm256_add_epi32($a[h], f), k);
                    let turned = _mm256_or_si256(
                        _mm256_slli_epi32::<$s>(t),
                        _mm256_srli_epi32::<{ 32 - $s }>(t),
                    );
                    $a[h] = _mm256_add_epi32($b[h], turned);
                }
            };
        }
        // Four steps at a time, the state words turning one place each step.
        macro_rules! round {
            ($round:tt, $g:expr, [$s0:literal, $s1:literal, $s2:literal, $s3:literal]) => {
                for q in 0..4 {
                    let i = 16 * $round + 4 * q;
                    let g: fn(usize) -> usize = $g;
                    step!($round, a, b, c, d, i, g(i), $s0);
                    step!($round, d, a, b, c, i + 1, g(i + 1), $s1);
                    step!($round, c, d, a, b, i + 2, g(i + 2), $s2);
                    step!($round, b, c, d, a, i + 3, g(i + 3), $s3);
                }
            };
        }
        round!(0, |i| i, [7, 12, 17, 22]);
        round!(1, |i| (5 * i + 1) % 16, [5, 9, 14, 20]);
        round!(2, |i| (3 * i + 5) % 16, [4, 11, 16, 23]);
        round!(3, |i| (7 * i) % 16, [6, 10, 15, 21]);
        let finish = |state: [__m256i; 2], start: u32| -> [u32; LANES] {
            let mut out = [0u32; LANES];
            for (h, half) in out.chunks_exact_mut(8).enumerate() {
                let word = _mm256_add_epi32(state[h], _mm256_set1_epi32(start as i32));
                _mm256_storeu_si256(half.as_mut_ptr().cast(), word);
            }
            out
        };
        [finish(a, MD5_INIT[0]), finish(d, MD5_INIT[3])]
    }
}

/// Without x86-64 there is no AVX2: the portable code does the work.
#[cfg(not(target_arch = "x86_64"))]
mod avx2 {
    use super::LANES;

    pub(super) fn available() -> bool {
        false
    }

    pub(super) fn first_and_last_words(_: &[[u8; 64]; LANES]) -> [[u32; LANES]; 2] {
        unreachable!("no AVX2 off x86-64")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_hashed_side_by_side_get_the_same_values_as_one_at_a_time() {
        // Every length from empty to past one block, with multibyte characters among them.
        let names: Vec<String> = (0..300)
            .map(|i| match i % 3 {
                0 => "x".repeat(i % 70),
                1 => format!("user:{i}"),
                _ => "é".repeat(i % 40),
            })
            .collect();
        // The processor's fastest code, then the portable code whatever the processor.
        for (way, portable) in [("the processor's", false), ("the portable", true)] {
            for scheme in [HashScheme::Md5First32, HashScheme::Md5Low32] {
                for count in [0, 1, 7, 15, 16, 17, 33, 300] {
                    let mut out = vec![0u32; count];
                    let mut lanes = Md5Lanes::new(scheme, &mut out);
                    lanes.avx2 &= !portable;
                    for (slot, name) in names[..count].iter().enumerate() {
                        lanes.push(slot, name.as_bytes());
                    }
                    lanes.finish();
                    let one_by_one: Vec<u32> =
                        names[..count].iter().map(|n| scheme.hash32(n)).collect();
                    assert_eq!(out, one_by_one, "{way} code, {scheme}, {count} names");
                }
            }
        }
    }
}
