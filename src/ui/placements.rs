//! The placements other than the ring and mod N arrive when first used: their code is one part,
//! `placements`, that hands the engine its table of evaluations
//! ([`core::placement::every`](crate::core::placement::every)). The first screen shows the ring
//! and mod N only, so it does not wait for them.
//!
//! What may name another placement brings them first: the picker, a link that names one
//! ([`names_placement_away`](crate::core::names_placement_away): its own, its change's, or a
//! lesson's), a lesson's step or a story, a host page whose figures or text name one, and the
//! parts of the page that show any placement (Compare, Traffic, the Timeline, Practice, Predict
//! first, lessons and questions, Your data, the cluster reader, embed mode), which fetch it
//! alongside their own code. Until it is here the engine refuses a change to another placement
//! in words instead of evaluating it.

use std::future::Future;

use crate::core::placement::{all_here, arrived, every, Evaluate};
use crate::core::Kind;
use crate::ui::kit::lazy::{failed, split_point, SplitLoaderError};

split_point! {
    /// Every placement's code, fetched the first time one is asked for.
    fn arrive() -> fn(Kind) -> Evaluate = placements {
        every
    }
}

/// Brings every placement's code, unless it is here already.
pub async fn bring() -> Result<(), SplitLoaderError> {
    if !all_here() {
        arrived(arrive().await?);
    }
    Ok(())
}

/// A part's code with every placement's brought alongside it, both fetched at once: for the
/// parts that may show any placement.
pub async fn with<T>(
    part: impl Future<Output = Result<T, SplitLoaderError>>,
) -> Result<T, SplitLoaderError> {
    if !all_here() {
        wasm_bindgen_futures::spawn_local(async {
            // Its failure is the part's: awaited again below.
            let _ = bring().await;
        });
    }
    let entry = part.await?;
    bring().await?;
    Ok(entry)
}

/// Runs `then` with every placement here: at once if they are (and says so by returning true),
/// otherwise once they have arrived; if they cannot be loaded, `refused` gets the words.
pub fn after(then: impl FnOnce() + 'static, refused: impl FnOnce(String) + 'static) -> bool {
    if all_here() {
        then();
        return true;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match bring().await {
            Ok(()) => then(),
            Err(_) => refused(failed("the placements")),
        }
    });
    false
}
