//! Work over every key id, spread over the machine's cores natively for large sets (the
//! browser runs it on its one thread).

/// How many threads large work is shared among: the machine's cores natively (asked once), one
/// in the browser.
pub(crate) fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// `work` done on every item, the results in item order. Natively, when there is more than one
/// item, each item after the first gets a thread of its own while the calling thread works on
/// the first.
pub(crate) fn each<I: Send, R: Send>(items: Vec<I>, work: impl Fn(I) -> R + Sync) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    if items.len() > 1 {
        let work = &work;
        return std::thread::scope(|scope| {
            let mut items = items.into_iter();
            let first = items.next();
            let handles: Vec<_> = items.map(|item| scope.spawn(move || work(item))).collect();
            first
                .map(work)
                .into_iter()
                .chain(
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("the work never panics")),
                )
                .collect()
        });
    }
    items.into_iter().map(work).collect()
}

/// `fill(offset, chunk)` for `out` cut into `pieces` chunks, `offset` being where the chunk
/// starts in `out`; natively the chunks are filled side by side.
pub(crate) fn fill_chunks<T: Send>(
    out: &mut [T],
    pieces: usize,
    fill: impl Fn(usize, &mut [T]) + Sync,
) {
    let per = out.len().div_ceil(pieces.max(1)).max(1);
    let chunks: Vec<(usize, &mut [T])> = out
        .chunks_mut(per)
        .enumerate()
        .map(|(i, chunk)| (i * per, chunk))
        .collect();
    each(chunks, |(offset, chunk)| fill(offset, chunk));
}

/// `f` for every key id in `0..count`, in id order.
pub(crate) fn map_ids<T: Send + Clone + Default>(
    count: usize,
    f: impl Fn(u32) -> T + Sync,
) -> Vec<T> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = threads();
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
        let threads = threads();
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
