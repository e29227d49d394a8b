//! The view's link as a QR code, large enough for a room to scan from a projector, with the
//! address in words under it and a button that saves it as SVG. Presentation mode's `Q` and
//! the Share menu open it; it arrives with the rest of the Share menu on first use. A link too
//! long for a code a phone reads across a room says so and offers Save scenario instead.

use leptos::prelude::*;

use crate::core::{write_scenario, FILE_NAME};
use crate::draw::qr::LinkCode;
use crate::ui::kit::browser::save_text;
use crate::ui::kit::dialog::Dialog;
use crate::ui::state::address::write_address;
use crate::ui::state::AppState;

/// The file the code is saved as.
const QR_FILE: &str = "ringlab-qr.svg";

/// The QR code of the view's link, while the page store says it is shown.
#[component]
pub fn QrDialog() -> impl IntoView {
    let app = expect_context::<AppState>();
    let open = Signal::derive(move || app.page.qr_open());
    // The link of the view on screen each time it opens.
    let link = move || {
        open.get().then(|| {
            write_address(app);
            window().location().href().unwrap_or_default()
        })
    };
    let body = move || {
        let link = link()?;
        Some(match LinkCode::of(&link) {
            Ok(code) => {
                let svg = code.svg(600);
                let saved = svg.clone();
                view! {
                    <div class="qr-code" data-testid="qr-code" role="img" aria-label="QR code of this view's link" inner_html=svg></div>
                    <p class="qr-address" data-testid="qr-address">{link}</p>
                    <div class="button-row">
                        <button type="button" data-testid="qr-save" on:click=move |_| {
                            save_text(&saved, QR_FILE, "image/svg+xml");
                            app.words.announce(format!("Saved as {QR_FILE}."));
                        }>"Save QR code (SVG)"</button>
                    </div>
                }
                .into_any()
            }
            Err(why) => view! {
                <p role="alert" data-testid="qr-too-long">{why}</p>
                <div class="button-row">
                    <button type="button" data-testid="qr-save-scenario" on:click=move |_| {
                        let text = app.scenario.with_untracked(write_scenario);
                        save_text(&text, FILE_NAME, "application/json");
                        app.words.announce(format!("Saved as {FILE_NAME}."));
                    }>"Save scenario"</button>
                </div>
            }
            .into_any(),
        })
    };
    view! {
        <Dialog open=open close=Callback::new(move |()| app.page.set_qr_open(false)) title="Scan this view" testid="qr-dialog" return_to="[data-testid=\"share-open\"]">
            {body}
        </Dialog>
    }
}
