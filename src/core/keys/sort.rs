//! A batch of keys sorted by position, for a million keys at a time.

use crate::core::par;
use crate::core::size::RingSize;

/// Below this many keys the work stays on one thread.
const PARALLEL: usize = 50_000;

/// How many top bits of a position pick its bucket: at most 256 buckets, a few thousand keys
/// each when a million are spread over the ring.
const BUCKET_BITS: u32 = 8;

/// The keys whose hashes are `hashes` sorted by position: the positions in order, and beside
/// each the index of its key plus `first`. Keys at one position keep their index order, so
/// this is the order of `(position, index)`.
///
/// A radix sort, most significant digit first: the keys are dealt into up to 256 buckets by
/// the top bits of their positions, in index order, then each bucket is sorted on the rest of
/// the bits. Natively the keys are dealt by every core at once, each dealing its own run of
/// indexes into its own share of each bucket (the shares of a bucket lie side by side, in
/// index order), and then the buckets are sorted on every core, in runs holding about as many
/// keys each.
pub(super) fn sort_by_position(hashes: &[u32], size: RingSize, first: u32) -> (Vec<u32>, Vec<u32>) {
    let count = hashes.len();
    let threads = if count >= PARALLEL { par::threads() } else { 1 };
    // On the full ring a key's position is its hash; on any other it is worked out once here.
    let worked_out;
    let positions: &[u32] = if size.get() == 1 << 32 {
        hashes
    } else {
        let mut out = vec![0u32; count];
        par::fill_chunks(&mut out, threads, |offset, chunk| {
            for (slot, &hash) in chunk.iter_mut().zip(&hashes[offset..]) {
                *slot = size.position_of(hash);
            }
        });
        worked_out = out;
        &worked_out
    };
    let top = size.get() - 1;
    let shift = (u64::BITS - top.leading_zeros()).saturating_sub(BUCKET_BITS);
    let buckets = (top >> shift) as usize + 1;

    // The keys in runs of indexes, one per thread, and how many keys of each run fall in each
    // bucket.
    let per = count.div_ceil(threads).max(1);
    let runs: Vec<(usize, &[u32])> = positions
        .chunks(per)
        .enumerate()
        .map(|(i, chunk)| (i * per, chunk))
        .collect();
    let counts: Vec<Vec<usize>> = par::each(runs.clone(), |(_, run)| {
        let mut counts = vec![0usize; buckets];
        for &position in run {
            counts[(position >> shift) as usize] += 1;
        }
        counts
    });
    let totals: Vec<usize> = (0..buckets)
        .map(|b| counts.iter().map(|c| c[b]).sum())
        .collect();

    let mut sorted = vec![0u32; count];
    let mut ids = vec![0u32; count];
    {
        // Each run's share of each bucket, bucket after bucket and within a bucket run after
        // run.
        type Shares<'a> = (Vec<&'a mut [u32]>, Vec<&'a mut [u32]>);
        let mut shares: Vec<Shares<'_>> = runs
            .iter()
            .map(|_| (Vec::with_capacity(buckets), Vec::with_capacity(buckets)))
            .collect();
        let (mut sorted_rest, mut ids_rest) = (&mut sorted[..], &mut ids[..]);
        for b in 0..buckets {
            for (share, counts) in shares.iter_mut().zip(&counts) {
                let (here, rest) = std::mem::take(&mut sorted_rest).split_at_mut(counts[b]);
                sorted_rest = rest;
                share.0.push(here);
                let (here, rest) = std::mem::take(&mut ids_rest).split_at_mut(counts[b]);
                ids_rest = rest;
                share.1.push(here);
            }
        }
        let jobs: Vec<_> = runs.iter().zip(shares).collect();
        par::each(jobs, |(&(offset, run), (mut sorted, mut ids))| {
            let mut next = vec![0usize; buckets];
            for (index, &position) in (offset..).zip(run) {
                let b = (position >> shift) as usize;
                sorted[b][next[b]] = position;
                ids[b][next[b]] = first + index as u32;
                next[b] += 1;
            }
        });
    }

    // The buckets, in runs of about `count / threads` keys, each sorted on the bits below its
    // digit.
    let mut jobs = Vec::with_capacity(threads);
    let (mut sorted_rest, mut ids_rest) = (&mut sorted[..], &mut ids[..]);
    let (mut start, mut dealt) = (0, 0);
    for b in 0..buckets {
        dealt += totals[b];
        let full = jobs.len() + 1 < threads && dealt * threads >= count * (jobs.len() + 1);
        if full || b + 1 == buckets {
            let keys = totals[start..=b].iter().sum();
            let (here, rest) = std::mem::take(&mut sorted_rest).split_at_mut(keys);
            sorted_rest = rest;
            let (here_ids, rest) = std::mem::take(&mut ids_rest).split_at_mut(keys);
            ids_rest = rest;
            jobs.push((&totals[start..=b], here, here_ids));
            start = b + 1;
        }
    }
    par::each(jobs, |(sizes, sorted, ids)| {
        let largest = sizes.iter().max().copied().unwrap_or(0);
        let mut scratch = (vec![0u32; largest], vec![0u32; largest]);
        let mut at = 0;
        for &size in sizes {
            let bucket = at..at + size;
            sort_bucket(
                &mut sorted[bucket.clone()],
                &mut ids[bucket],
                shift,
                &mut scratch,
            );
            at += size;
        }
    });
    (sorted, ids)
}

/// Sorts one bucket's positions, which differ only in their low `bits` bits, its ids moving
/// with them; keys of one position keep the order they came in. `scratch` has room for the
/// bucket.
fn sort_bucket(
    positions: &mut [u32],
    ids: &mut [u32],
    bits: u32,
    scratch: &mut (Vec<u32>, Vec<u32>),
) {
    if positions.windows(2).all(|w| w[0] <= w[1]) {
        return;
    }
    if positions.len() <= 24 {
        for i in 1..positions.len() {
            let (position, id) = (positions[i], ids[i]);
            let mut j = i;
            while j > 0 && positions[j - 1] > position {
                positions[j] = positions[j - 1];
                ids[j] = ids[j - 1];
                j -= 1;
            }
            positions[j] = position;
            ids[j] = id;
        }
        return;
    }
    // A radix sort, eight bits a pass from the lowest: each pass is stable, so the keys of one
    // position stay in the order they came.
    let len = positions.len();
    let (other, other_ids) = (&mut scratch.0[..len], &mut scratch.1[..len]);
    let mut swapped = false;
    for shift in (0..bits).step_by(8) {
        let digit = |p: u32| ((p >> shift) & 0xff) as usize;
        let (from, from_ids, to, to_ids) = if swapped {
            (&*other, &*other_ids, &mut *positions, &mut *ids)
        } else {
            (&*positions, &*ids, &mut *other, &mut *other_ids)
        };
        let mut next = [0usize; 256];
        for &p in from.iter() {
            next[digit(p)] += 1;
        }
        if next.contains(&len) {
            // Every key has the same digit here: the pass would change nothing.
            continue;
        }
        // Where each digit's keys start, worked out in place.
        let mut sum = 0;
        for slot in next.iter_mut() {
            let c = *slot;
            *slot = sum;
            sum += c;
        }
        for (&p, &id) in from.iter().zip(from_ids.iter()) {
            let d = digit(p);
            to[next[d]] = p;
            to_ids[next[d]] = id;
            next[d] += 1;
        }
        swapped = !swapped;
    }
    if swapped {
        positions.copy_from_slice(other);
        ids.copy_from_slice(other_ids);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain way: every `(position, index)` pair, sorted.
    fn plainly(hashes: &[u32], size: RingSize, first: u32) -> (Vec<u32>, Vec<u32>) {
        let mut pairs: Vec<(u32, u32)> = hashes
            .iter()
            .enumerate()
            .map(|(i, &h)| (size.position_of(h), first + i as u32))
            .collect();
        pairs.sort_unstable();
        pairs.into_iter().unzip()
    }

    proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn the_bucket_sort_gives_the_order_of_position_then_index(
            hashes in prop::collection::vec(any::<u32>(), 0..400),
            crowded in prop::collection::vec(0u32..40, 0..400),
            size in prop_oneof![Just(1u64 << 32), 2u64..200, 1000u64..1 << 31],
            first in 0u32..1000,
        ) {
            let size: RingSize = size.to_string().parse().unwrap();
            // Hashes spread over the ring, and hashes crowded at a few positions.
            let mut all = hashes;
            all.extend(crowded.iter().map(|&c| c.wrapping_mul(0x9e37_79b9) >> 8));
            all.extend(&crowded);
            prop_assert_eq!(sort_by_position(&all, size, first), plainly(&all, size, first));
        }
    }

    #[test]
    fn a_large_batch_sorted_on_every_core_is_in_the_order_of_position_then_index() {
        // Enough keys to be shared among threads, with runs of equal positions among them.
        let hashes: Vec<u32> = (0..120_000u32)
            .map(|i| {
                if i % 7 == 0 {
                    i / 7
                } else {
                    i.wrapping_mul(0x9e37_79b9)
                }
            })
            .collect();
        for size in [
            RingSize::FULL,
            "1000".parse().unwrap(),
            "2^31".parse().unwrap(),
        ] {
            assert_eq!(
                sort_by_position(&hashes, size, 5),
                plainly(&hashes, size, 5)
            );
        }
    }
}
