//! Parts of the page whose code arrives on first use.
//!
//! The release build cuts the page's WebAssembly in pieces (`scripts/split-build.mjs`): the main
//! module holds the first screen, and each *split point* (a function declared with
//! [`split_point!`]) starts a module of its own holding everything only it reaches. Calling a
//! split point fetches its module the first time (a few kilobytes to a few tens, with any code
//! it shares with other parts), then runs it; later calls run at once. A split point hands back
//! plain function pointers into its module (a function that makes a view, or a few of them), so
//! everything after the first call is ordinary synchronous code.
//!
//! [`Lazy`] is one such part as the page sees it: waiting, loading, here or failed. [`arrive`]
//! shows a part where it belongs: a short "Loading …" notice in its place (in a box the view's
//! CSS gives the part's size, so nothing on screen moves when it arrives), then the part; a
//! failed load says so, in words, with a Retry button, and the rest of the page keeps working.
//!
//! With the `nosplit` feature every split point is a plain `async fn`, and the whole app is one
//! module again (the baseline the page bench measures against).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::task::spawn_local;

pub use leptos::wasm_split::SplitLoaderError;

/// A split point: `fn NAME() -> TYPE = MODULE { EXPR }` declares `async fn NAME() ->
/// Result<TYPE, SplitLoaderError>`, which loads module `MODULE` (fetching it the first time) and
/// then hands back `EXPR`. Everything `EXPR` names that the rest of the app does not reach moves
/// into that module. Split points that name the same module share it.
macro_rules! split_point {
    ($(#[$meta:meta])* $vis:vis fn $name:ident() -> $ty:ty = $module:ident $body:block) => {
        $(#[$meta])*
        #[cfg(not(feature = "nosplit"))]
        #[::leptos::wasm_split::wasm_split($module, fallible, wasm_split_path = ::leptos::wasm_split)]
        $vis fn $name() -> ::core::result::Result<$ty, $crate::ui::kit::lazy::SplitLoaderError> {
            Ok($body)
        }

        $(#[$meta])*
        #[cfg(feature = "nosplit")]
        $vis async fn $name() -> ::core::result::Result<$ty, $crate::ui::kit::lazy::SplitLoaderError> {
            Ok($body)
        }
    };
}
pub(crate) use split_point;

/// Where a part is: not asked for yet, on its way, here, or failed to load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Waiting,
    Loading,
    Here,
    Failed,
}

/// Fetches a part: a split point, boxed.
pub type Fetch<T> = fn() -> Pin<Box<dyn Future<Output = Result<T, SplitLoaderError>>>>;

/// What every part has, whatever its split point hands back: kept apart from [`Lazy`]'s type
/// parameter so that the notices are built once for all parts, not once per kind of part.
#[derive(Clone, Copy)]
struct Part {
    /// The part's name in a sentence: "the Compare view".
    name: &'static str,
    stage: RwSignal<Stage>,
    /// Says something to screen readers (the page's live region); None for a part that arrives
    /// without being asked for, just after the first screen, which has nothing to announce but
    /// a failure (and its notice is an alert).
    announce: Option<Callback<String>>,
}

impl Part {
    /// Whether what made the part is still there: a figure's parts go with the figure when
    /// its link changes, perhaps while one is on its way.
    fn kept(self) -> bool {
        !self.stage.is_disposed()
    }

    fn tell(self, words: String) {
        if let Some(announce) = self.announce {
            // Nothing to say to a page whose figure has gone meanwhile.
            let _ = announce.try_run(words);
        }
    }

    /// The notice in the part's place while it is not here: loading, or failed with Retry.
    fn notice(self, class: &'static str, retry: Callback<()>) -> AnyView {
        if self.stage.get_untracked() == Stage::Failed {
            view! {
                <div class=format!("arriving failed {class}") role="alert" data-testid="part-failed">
                    <p>{failed(self.name)}</p>
                    <button type="button" data-testid="part-retry" on:click=move |_| retry.run(())>
                        "Retry"
                    </button>
                </div>
            }
            .into_any()
        } else {
            view! {
                <div class=format!("arriving {class}") data-testid="part-loading" aria-busy="true">
                    <p>{format!("Loading {}…", self.name)}</p>
                </div>
            }
            .into_any()
        }
    }
}

/// A part of the page that arrives on first use. `T` is what its split point hands back: plain
/// function pointers into the part's module, so `T` is `Copy`.
pub struct Lazy<T: 'static> {
    part: Part,
    entry: StoredValue<Option<T>>,
    fetch: Fetch<T>,
}

impl<T: 'static> Clone for Lazy<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Lazy<T> {}

impl<T: Copy + Send + Sync + 'static> Lazy<T> {
    /// The part `name` ("the Compare view"), fetched by `fetch`; `announce` tells screen readers
    /// that it is loading, and whether it came.
    pub fn new(name: &'static str, fetch: Fetch<T>, announce: Callback<String>) -> Lazy<T> {
        Lazy::with_announce(name, fetch, Some(announce))
    }

    /// A part that arrives unasked, just after the first screen: it announces nothing (a failure
    /// shows as an alert in its place).
    pub fn quiet(name: &'static str, fetch: Fetch<T>) -> Lazy<T> {
        Lazy::with_announce(name, fetch, None)
    }

    fn with_announce(
        name: &'static str,
        fetch: Fetch<T>,
        announce: Option<Callback<String>>,
    ) -> Lazy<T> {
        Lazy {
            part: Part {
                name,
                stage: RwSignal::new(Stage::Waiting),
                announce,
            },
            entry: StoredValue::new(None),
            fetch,
        }
    }

    /// Starts fetching the part unless it is here or on its way; after a failure, tries again.
    pub fn load(self) {
        let part = self.part;
        if matches!(part.stage.get_untracked(), Stage::Here | Stage::Loading) {
            return;
        }
        part.stage.set(Stage::Loading);
        part.tell(format!("Loading {}…", part.name));
        spawn_local(async move {
            let fetched = (self.fetch)().await;
            if !part.kept() {
                return;
            }
            match fetched {
                Ok(entry) => {
                    self.entry.set_value(Some(entry));
                    part.stage.set(Stage::Here);
                    part.tell(format!("{} is ready.", capitalised(part.name)));
                }
                Err(_) => {
                    part.stage.set(Stage::Failed);
                    part.tell(failed(part.name));
                }
            }
        });
    }

    /// What the split point handed back, if the part is here already; untracked.
    pub fn now(self) -> Option<T> {
        self.entry.get_value()
    }

    /// Runs `then` with the part: at once if it is here, else once it has arrived (nothing
    /// happens if it cannot be loaded: the failure is announced, and the next use tries again).
    pub fn with(self, then: impl FnOnce(T) + 'static) {
        if let Some(entry) = self.now() {
            then(entry);
            return;
        }
        self.load();
        spawn_local(async move {
            // The load above is on its way: the split point's own call waits for the same one.
            // Whoever asked has gone if the part has (a figure taken down meanwhile).
            if let (Ok(entry), true) = ((self.fetch)().await, self.part.kept()) {
                then(entry);
            }
        });
    }
}

/// `name` with a capital first letter, to start a sentence.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What a failed load says.
pub fn failed(name: &str) -> String {
    format!(
        "Could not load {name}. The connection may be down, or the site may have been updated since this page opened: retry, or reload the page."
    )
}

/// Shows part `part` where it belongs: `make` with what its split point handed back once it is
/// here, and until then a notice in its place, in a box of class `class` (the view's CSS gives
/// it the part's size, so nothing moves when the part arrives). Starts loading the part.
pub fn arrive<T, V>(
    part: Lazy<T>,
    class: &'static str,
    make: impl Fn(T) -> V + Send + Sync + 'static,
) -> impl IntoView
where
    T: Copy + Send + Sync + 'static,
    V: IntoView + 'static,
{
    part.load();
    let retry = Callback::new(move |()| part.load());
    // Only the stage is tracked here: whatever `make` reads belongs to the part's own view.
    move || match (part.part.stage.get(), part.now()) {
        (Stage::Here, Some(entry)) => untrack(|| make(entry).into_any()),
        _ => part.part.notice(class, retry),
    }
}
