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
