//! The first screen written into the page at build time (`draw::first_screen`) and what the
//! page needs for it: the colours in the stylesheet are the ones the writer writes, and the page
//! has the place the build writes it into. The browser test `first-screen.spec.mjs` checks that
//! it is what the app then draws, where the app draws it.

use ringlab::draw::first_screen;

const OPEN: &str = "/* first-screen colours */\n";
const CLOSE: &str = "/* /first-screen colours */";

#[test]
fn the_stylesheet_carries_the_colours_the_writer_writes() {
    let css = std::fs::read_to_string("style/main.css").unwrap();
    let start = css
        .find(OPEN)
        .expect("style/main.css marks the first screen's colours")
        + OPEN.len();
    let end = start + css[start..].find(CLOSE).expect("and where they end");
    assert!(
        css[start..end] == first_screen::stylesheet(),
        "style/main.css has other colours than the writer: put the output of \
         `cargo run --example first-screen -- --css` between its markers"
    );
}

#[test]
fn the_page_has_a_place_for_the_first_screen_at_the_start_of_its_body() {
    let html = std::fs::read_to_string("index.html").unwrap();
    let body = html.find("<body>").unwrap();
    let marker = html
        .find("<!-- first-screen -->")
        .expect("index.html marks the place");
    assert!(
        marker > body
            && html[body..marker]
                .trim_start_matches("<body>")
                .trim()
                .starts_with("<!--")
    );
    assert!(!html.contains("<noscript>") || html.find("<noscript>").unwrap() > marker);
}
