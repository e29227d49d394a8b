//! A stream of keys worked on every core: one thread reads the input and cuts it into pieces,
//! the others work on the pieces side by side, and the calling thread takes the results in the
//! order the pieces came, so that what it makes of them does not depend on how many threads
//! there were.
//!
//! Memory stays bounded: the reader runs at most a few pieces ahead of the results taken. The
//! first failure in the input's order ends the run, whether the reader met it or a piece's
//! work did; the pieces after it are dropped unread.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::{Arc, Mutex};

/// How many threads work on the pieces: `--threads` when given, otherwise every core.
pub fn workers(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Takes, in order, `work` done on each piece `next` gives (`None` at the end), on `workers`
/// threads beside a reader thread that calls `next`; `take` gets each result in the order its
/// piece came. Stops at the first failure in that order (from `next`, `work` or `take`), or
/// when `take` says `false` (enough was taken).
pub fn in_order<P, R, E>(
    workers: usize,
    mut next: impl FnMut() -> Result<Option<P>, E> + Send,
    work: impl Fn(P) -> Result<R, E> + Sync,
    mut take: impl FnMut(R) -> Result<bool, E>,
) -> Result<(), E>
where
    P: Send,
    R: Send,
    E: Send,
{
    let workers = workers.max(1);
    // Pieces read and not yet taken: one being worked on by each worker, and one more, queued
    // or done and waiting for an earlier one.
    let ahead = workers + 1;
    let stop = AtomicBool::new(false);
    let (pieces, queue) = sync_channel::<(usize, P)>(1);
    let queue = Arc::new(Mutex::new(queue));
    let (results, done) = channel::<(usize, Result<R, E>)>();
    let (tickets, ticket) = sync_channel::<()>(ahead);
    for _ in 0..ahead {
        let _ = tickets.send(());
    }
    std::thread::scope(|scope| {
        let stop = &stop;
        {
            let results = results.clone();
            scope.spawn(move || {
                for place in 0.. {
                    if ticket.recv().is_err() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    match next() {
                        Ok(Some(piece)) => {
                            if pieces.send((place, piece)).is_err() {
                                return;
                            }
                        }
                        Ok(None) => return,
                        Err(failure) => {
                            let _ = results.send((place, Err(failure)));
                            return;
                        }
                    }
                }
            });
        }
        for _ in 0..workers {
            let (queue, results, work) = (Arc::clone(&queue), results.clone(), &work);
            scope.spawn(move || loop {
                let piece = queue.lock().map(|q| q.recv());
                let Ok(Ok((place, piece))) = piece else {
                    return;
                };
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if results.send((place, work(piece))).is_err() {
                    return;
                }
            });
        }
        drop(queue);
        drop(results);
        let ended = take_in_order(&done, &mut take, &tickets);
        stop.store(true, Ordering::Relaxed);
        drop(tickets);
        drop(done);
        ended
    })
}

/// Hands the results to `take` in their pieces' order until they end or one fails, giving the
/// reader a ticket for each taken.
fn take_in_order<R, E>(
    done: &Receiver<(usize, Result<R, E>)>,
    take: &mut impl FnMut(R) -> Result<bool, E>,
    tickets: &std::sync::mpsc::SyncSender<()>,
) -> Result<(), E> {
    let mut waiting = BTreeMap::new();
    let mut due = 0;
    // Every sender gone: the reader ended and the workers finished every piece it sent.
    while let Ok((place, result)) = done.recv() {
        waiting.insert(place, result);
        while let Some(result) = waiting.remove(&due) {
            due += 1;
            if !take(result?)? {
                return Ok(());
            }
            let _ = tickets.try_send(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares 0 to `count - 1` on `workers` threads, the slow pieces first, taking them in order.
    fn squares(count: u64, workers: usize, fail_at: Option<u64>) -> (Vec<u64>, Result<(), u64>) {
        let mut n = 0;
        let mut taken = Vec::new();
        let ended = in_order(
            workers,
            || {
                n += 1;
                Ok((n <= count).then_some(n - 1))
            },
            |i| {
                if i % 7 == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                if Some(i) == fail_at {
                    return Err(i);
                }
                Ok(i * i)
            },
            |square| {
                taken.push(square);
                Ok(true)
            },
        );
        (taken, ended)
    }

    #[test]
    fn results_come_in_the_pieces_order_whatever_the_number_of_workers() {
        let one = squares(200, 1, None);
        for workers in [2, 3, 8] {
            assert_eq!(squares(200, workers, None), one);
        }
        assert_eq!(one.0.len(), 200);
        assert_eq!(one.0[13], 169);
    }

    #[test]
    fn a_failing_piece_ends_the_run_after_every_piece_before_it_was_taken() {
        for workers in [1, 4] {
            let (taken, ended) = squares(200, workers, Some(50));
            assert_eq!(ended, Err(50));
            assert_eq!(taken, (0..50).map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_reader_fails_in_its_place_and_a_taker_may_stop_early() {
        let mut n = 0;
        let mut taken = Vec::new();
        let ended = in_order(
            3,
            || {
                n += 1;
                if n > 5 {
                    Err("unreadable")
                } else {
                    Ok(Some(n))
                }
            },
            Ok,
            |i| {
                taken.push(i);
                Ok(true)
            },
        );
        assert_eq!((taken, ended), (vec![1, 2, 3, 4, 5], Err("unreadable")));
        let mut read = 0;
        let mut taken = 0;
        let ended: Result<(), ()> = in_order(
            2,
            || {
                read += 1;
                Ok(Some(read))
            },
            Ok,
            |_| {
                taken += 1;
                Ok(taken < 10)
            },
        );
        assert_eq!((ended, taken), (Ok(()), 10));
        assert!(
            read <= 10 + 2 + 1,
            "the reader stayed near the taker: {read}"
        );
    }
}
