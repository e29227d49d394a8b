//! twemproxy's hashkit: the twelve hashes a pool may name, each as nutcracker computes it, key
//! bytes read as signed C `char`s where it reads them so.

use md5::{Digest, Md5};

use crate::core::placement::systems::hashes::crc32 as zlib_crc32;

/// A key byte as twemproxy's `(uint32_t)key[x]` sees it: a signed `char`, sign-extended.
fn signed(c: u8) -> u32 {
    c as i8 as i32 as u32
}

/// Bob Jenkins' one-at-a-time, over signed bytes.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::one_at_a_time;
/// assert_eq!(one_at_a_time(b""), 0);
/// ```
pub fn one_at_a_time(key: &[u8]) -> u32 {
    let mut v = 0u32;
    for &c in key {
        v = v.wrapping_add(signed(c));
        v = v.wrapping_add(v << 10);
        v ^= v >> 6;
    }
    v = v.wrapping_add(v << 3);
    v ^= v >> 11;
    v.wrapping_add(v << 15)
}

/// The first 4 bytes of the key's MD5, little-endian.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::md5;
/// // MD5("") = d41d8cd9…
/// assert_eq!(md5(b""), 0xd98c1dd4);
/// ```
pub fn md5(key: &[u8]) -> u32 {
    let d = Md5::digest(key);
    u32::from_le_bytes([d[0], d[1], d[2], d[3]])
}

const fn crc16_table() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = (i as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

const CRC16: [u16; 256] = crc16_table();

/// twemproxy's `crc16`: CRC-16/XMODEM in the low 16 bits, with the bytes shifted out kept in
/// the upper 16.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::crc16;
/// assert_eq!(crc16(b"123456789") & 0xffff, 0x31c3);
/// ```
pub fn crc16(key: &[u8]) -> u32 {
    key.iter().fold(0u32, |crc, &c| {
        (crc << 8) ^ u32::from(CRC16[(((crc >> 8) ^ u32::from(c)) & 0xff) as usize])
    })
}

/// libmemcached's `crc32`: bits 16 to 30 of CRC-32.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::crc32;
/// assert_eq!(crc32(b"123456789"), (0xcbf43926 >> 16) & 0x7fff);
/// ```
pub fn crc32(key: &[u8]) -> u32 {
    (zlib_crc32(key) >> 16) & 0x7fff
}

/// `crc32a`: CRC-32 as zlib computes it.
pub fn crc32a(key: &[u8]) -> u32 {
    zlib_crc32(key)
}

/// `fnv1_64`: FNV-1 in 64 bits over signed bytes, the low 32 bits returned.
pub fn fnv1_64(key: &[u8]) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &c in key {
        h = h.wrapping_mul(0x0100_0000_01b3);
        h ^= c as i8 as i64 as u64;
    }
    h as u32
}

/// `fnv1a_64`: FNV-1a in 32 bits with the 64-bit basis and prime cut to 32 bits, over signed
/// bytes.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::fnv1a_64;
/// assert_eq!(fnv1a_64(b""), 0x84222325);
/// assert_eq!(fnv1a_64(b"a"), (0x84222325u32 ^ 0x61).wrapping_mul(0x1b3));
/// assert_eq!(fnv1a_64(&[0xe9]), (0x84222325u32 ^ 0xffffffe9).wrapping_mul(0x1b3));
/// ```
pub fn fnv1a_64(key: &[u8]) -> u32 {
    key.iter()
        .fold(0x8422_2325u32, |h, &c| (h ^ signed(c)).wrapping_mul(0x1b3))
}

/// `fnv1_32`: FNV-1 in 32 bits over signed bytes.
pub fn fnv1_32(key: &[u8]) -> u32 {
    key.iter().fold(0x811c_9dc5u32, |h, &c| {
        h.wrapping_mul(16_777_619) ^ signed(c)
    })
}

/// `fnv1a_32`: FNV-1a in 32 bits over signed bytes.
pub fn fnv1a_32(key: &[u8]) -> u32 {
    key.iter().fold(0x811c_9dc5u32, |h, &c| {
        (h ^ signed(c)).wrapping_mul(16_777_619)
    })
}

/// Paul Hsieh's SuperFastHash (0 for an empty key); the third byte of a 3-byte tail is read
/// signed.
pub fn hsieh(key: &[u8]) -> u32 {
    if key.is_empty() {
        return 0;
    }
    let get16 = |b: &[u8]| u32::from(b[0]) | (u32::from(b[1]) << 8);
    let mut hash = 0u32;
    let mut chunks = key.chunks_exact(4);
    for c in &mut chunks {
        hash = hash.wrapping_add(get16(c));
        let tmp = (get16(&c[2..]) << 11) ^ hash;
        hash = (hash << 16) ^ tmp;
        hash = hash.wrapping_add(hash >> 11);
    }
    let rest = chunks.remainder();
    match rest.len() {
        3 => {
            hash = hash.wrapping_add(get16(rest));
            hash ^= hash << 16;
            hash ^= signed(rest[2]) << 18;
            hash = hash.wrapping_add(hash >> 11);
        }
        2 => {
            hash = hash.wrapping_add(get16(rest));
            hash ^= hash << 11;
            hash = hash.wrapping_add(hash >> 17);
        }
        1 => {
            hash = hash.wrapping_add(u32::from(rest[0]));
            hash ^= hash << 10;
            hash = hash.wrapping_add(hash >> 1);
        }
        _ => {}
    }
    hash ^= hash << 3;
    hash = hash.wrapping_add(hash >> 5);
    hash ^= hash << 4;
    hash = hash.wrapping_add(hash >> 17);
    hash ^= hash << 25;
    hash.wrapping_add(hash >> 6)
}

/// MurmurHash2 with seed `0xdeadbeef × length`.
pub fn murmur(key: &[u8]) -> u32 {
    const M: u32 = 0x5bd1_e995;
    let len = key.len() as u32;
    let mut h = 0xdead_beef_u32.wrapping_mul(len) ^ len;
    let mut chunks = key.chunks_exact(4);
    for c in &mut chunks {
        let mut k = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M) ^ k;
    }
    let rest = chunks.remainder();
    if rest.len() >= 3 {
        h ^= u32::from(rest[2]) << 16;
    }
    if rest.len() >= 2 {
        h ^= u32::from(rest[1]) << 8;
    }
    if !rest.is_empty() {
        h ^= u32::from(rest[0]);
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^ (h >> 15)
}

/// Bob Jenkins' lookup3 `hashlittle` with initial value 13 (the key's length added to
/// `0xdeadbeef + 13`).
pub fn jenkins(key: &[u8]) -> u32 {
    fn mix(a: &mut u32, b: &mut u32, c: &mut u32) {
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(4);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(6);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(8);
        *b = b.wrapping_add(*a);
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(16);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(19);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(4);
        *b = b.wrapping_add(*a);
    }
    let word = |b: &[u8]| {
        let mut w = [0u8; 4];
        w[..b.len()].copy_from_slice(b);
        u32::from_le_bytes(w)
    };
    let init = 0xdead_beef_u32
        .wrapping_add(key.len() as u32)
        .wrapping_add(13);
    let (mut a, mut b, mut c) = (init, init, init);
    let mut rest = key;
    while rest.len() > 12 {
        a = a.wrapping_add(word(&rest[0..4]));
        b = b.wrapping_add(word(&rest[4..8]));
        c = c.wrapping_add(word(&rest[8..12]));
        mix(&mut a, &mut b, &mut c);
        rest = &rest[12..];
    }
    if rest.is_empty() {
        return c;
    }
    a = a.wrapping_add(word(&rest[..rest.len().min(4)]));
    if rest.len() > 4 {
        b = b.wrapping_add(word(&rest[4..rest.len().min(8)]));
    }
    if rest.len() > 8 {
        c = c.wrapping_add(word(&rest[8..]));
    }
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(14));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(11));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(25));
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(16));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(4));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(14));
    c ^= b;
    c.wrapping_sub(b.rotate_left(24))
}

/// A `hash:` of twemproxy's hashkit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hash {
    /// `one_at_a_time`.
    OneAtATime,
    /// `md5`.
    Md5,
    /// `crc16`.
    Crc16,
    /// `crc32` (libmemcached's).
    Crc32,
    /// `crc32a`.
    Crc32a,
    /// `fnv1_64`.
    Fnv1_64,
    /// `fnv1a_64`, the default.
    Fnv1a64,
    /// `fnv1_32`.
    Fnv1_32,
    /// `fnv1a_32`.
    Fnv1a32,
    /// `hsieh`.
    Hsieh,
    /// `murmur`.
    Murmur,
    /// `jenkins`.
    Jenkins,
}

impl Hash {
    /// Every hash, in hashkit's order.
    pub const ALL: [Hash; 12] = [
        Hash::OneAtATime,
        Hash::Md5,
        Hash::Crc16,
        Hash::Crc32,
        Hash::Crc32a,
        Hash::Fnv1_64,
        Hash::Fnv1a64,
        Hash::Fnv1_32,
        Hash::Fnv1a32,
        Hash::Hsieh,
        Hash::Murmur,
        Hash::Jenkins,
    ];

    /// The default, `fnv1a_64`.
    pub const DEFAULT: Hash = Hash::Fnv1a64;

    /// Its name in `nutcracker.yml`.
    pub fn name(self) -> &'static str {
        match self {
            Hash::OneAtATime => "one_at_a_time",
            Hash::Md5 => "md5",
            Hash::Crc16 => "crc16",
            Hash::Crc32 => "crc32",
            Hash::Crc32a => "crc32a",
            Hash::Fnv1_64 => "fnv1_64",
            Hash::Fnv1a64 => "fnv1a_64",
            Hash::Fnv1_32 => "fnv1_32",
            Hash::Fnv1a32 => "fnv1a_32",
            Hash::Hsieh => "hsieh",
            Hash::Murmur => "murmur",
            Hash::Jenkins => "jenkins",
        }
    }

    /// The hash called `name`.
    ///
    /// ```
    /// use ringlab::core::placement::systems::twemproxy::Hash;
    /// assert_eq!(Hash::parse("fnv1a_64"), Some(Hash::Fnv1a64));
    /// assert_eq!(Hash::parse("sha1"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Hash> {
        Hash::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The hash of `key`.
    pub fn hash(self, key: &[u8]) -> u32 {
        match self {
            Hash::OneAtATime => one_at_a_time(key),
            Hash::Md5 => md5(key),
            Hash::Crc16 => crc16(key),
            Hash::Crc32 => crc32(key),
            Hash::Crc32a => crc32a(key),
            Hash::Fnv1_64 => fnv1_64(key),
            Hash::Fnv1a64 => fnv1a_64(key),
            Hash::Fnv1_32 => fnv1_32(key),
            Hash::Fnv1a32 => fnv1a_32(key),
            Hash::Hsieh => hsieh(key),
            Hash::Murmur => murmur(key),
            Hash::Jenkins => jenkins(key),
        }
    }
}
