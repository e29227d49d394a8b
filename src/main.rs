//! The browser app's entry point; `trunk build` compiles it to WebAssembly.

#[cfg(target_arch = "wasm32")]
fn main() {
    ringlab::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ringlab-app runs in the browser: build it with `trunk build`, or run the `ringlab` command.");
    std::process::exit(2);
}
