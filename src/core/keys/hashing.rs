//! Hashing many keys at once: MD5 names side by side, large batches on every core.

use std::ops::Range;

use super::key::Key;
use crate::core::hash::{generated_label, HashScheme, Md5Lanes};
use crate::core::par;

/// The hashes of `keys`, in order. Natively, large batches are shared among the machine's
/// cores, each hashing its own piece.
pub(super) fn hash_all(keys: &[Key], hash: HashScheme) -> Vec<u32> {
    let mut hashes = vec![0u32; keys.len()];
    let pieces = if keys.len() >= 50_000 {
        par::threads()
    } else {
        1
    };
    par::fill_chunks(&mut hashes, pieces, |offset, out| {
        hash_keys(&keys[offset..offset + out.len()], hash, out);
    });
    hashes
}

/// Each key's hash into `out`: [`Key::hash32`], with MD5 names hashed side by side.
pub(super) fn hash_keys(keys: &[Key], hash: HashScheme, out: &mut [u32]) {
    if hash == HashScheme::JavaHashCode {
        for (slot, key) in out.iter_mut().zip(keys) {
            *slot = key.hash32(hash);
        }
        return;
    }
    let mut lanes = Md5Lanes::new(hash, out);
    for (slot, key) in keys.iter().enumerate() {
        match key {
            Key::Named(name) => lanes.push(slot, name.as_bytes()),
            Key::Generated(n) => {
                let (label, len) = generated_label(*n);
                lanes.push(slot, &label[..len]);
            }
            Key::At(position) => lanes.set(slot, *position),
        }
    }
    lanes.finish();
}

/// The hashes of the generated keys `range`, in order. Natively the work is shared among the
/// machine's cores; in the browser the page calls this a slice at a time.
pub fn generated_hashes(hash: HashScheme, range: Range<u32>) -> Vec<u32> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = par::threads();
        if threads > 1 && range.len() >= 50_000 {
            let (start, len) = (range.start, range.len() as u32);
            let per = len.div_ceil(threads as u32);
            let mut out = vec![0u32; range.len()];
            std::thread::scope(|scope| {
                for (i, chunk) in out.chunks_mut(per as usize).enumerate() {
                    let from = start + i as u32 * per;
                    scope.spawn(move || {
                        for (slot, n) in chunk.iter_mut().zip(from..) {
                            *slot = hash.generated_hash(n);
                        }
                    });
                }
            });
            return out;
        }
    }
    range.map(|n| hash.generated_hash(n)).collect()
}
