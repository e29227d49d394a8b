//! Work over every key id, spread over the machine's cores natively for large sets (the
//! browser runs it on its one thread).

/// `f` for every key id in `0..count`, in id order.
pub(crate) fn map_ids<T: Send + Clone + Default>(
    count: usize,
    f: impl Fn(u32) -> T + Sync,
) -> Vec<T> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && count >= 50_000 {
            let mut out = vec![T::default(); count];
            let per = count.div_ceil(threads);
            std::thread::scope(|scope| {
                for (i, chunk) in out.chunks_mut(per).enumerate() {
                    let f = &f;
                    scope.spawn(move || {
                        let base = (i * per) as u32;
                        for (j, slot) in chunk.iter_mut().enumerate() {
                            *slot = f(base + j as u32);
                        }
                    });
                }
            });
            return out;
        }
    }
    (0..count as u32).map(f).collect()
}

/// The first part of `f` for every key id in `0..count`, in id order, and the second part added
/// up over all of them.
pub(crate) fn map_ids_with_total<T: Send + Clone + Default>(
    count: usize,
    f: impl Fn(u32) -> (T, u64) + Sync,
) -> (Vec<T>, u64) {
    let run = |base: u32, out: &mut [T]| -> u64 {
        let mut total = 0;
        for (j, slot) in out.iter_mut().enumerate() {
            let (value, counted) = f(base + j as u32);
            *slot = value;
            total += counted;
        }
        total
    };
    let mut out = vec![T::default(); count];
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && count >= 50_000 {
            let per = count.div_ceil(threads);
            let total = std::thread::scope(|scope| {
                let handles: Vec<_> = out
                    .chunks_mut(per)
                    .enumerate()
                    .map(|(i, chunk)| {
                        let run = &run;
                        scope.spawn(move || run((i * per) as u32, chunk))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("the work never panics"))
                    .sum()
            });
            return (out, total);
        }
    }
    let total = run(0, &mut out);
    (out, total)
}
