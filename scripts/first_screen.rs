//! Writes the page's first screen (`ringlab::draw::first_screen`) for the build: Trunk's
//! post-build step (`scripts/first-screen.mjs`) runs it and puts what it prints at the start of
//! `index.html`'s `<body>`.
//!
//!     cargo run --example first-screen            the first screen's HTML, on standard output
//!     cargo run --example first-screen -- --css   its colours, as style/main.css carries them
//!     cargo run --example first-screen -- --stills-css
//!                                                 figure-stills.css, for host pages' stills
//!     cargo run --example first-screen -- --worksheet-css
//!                                                 worksheet.css, a printed lesson's layout
//!
//! It is a Cargo example rather than a binary so that installing the `ringlab` command does not
//! install it too.

use ringlab::core::Scenario;
use ringlab::draw::first_screen::{self, Shell};
use ringlab::teach::lessons::LESSONS;

fn main() {
    match std::env::args().nth(1).as_deref() {
        None => {
            let titles: Vec<&str> = LESSONS.iter().map(|l| l.title.as_str()).collect();
            let shell = Shell { lessons: &titles };
            print!("{}", first_screen::write(&Scenario::teaching(), &shell));
        }
        Some("--css") => print!("{}", first_screen::stylesheet()),
        Some("--stills-css") => print!("{}", ringlab::draw::figure_element::stills_stylesheet()),
        Some("--worksheet-css") => print!("{}", ringlab::teach::lessons::WORKSHEET_CSS),
        Some(other) => {
            eprintln!("first-screen: unknown argument {other}; usage: first-screen [--css | --stills-css | --worksheet-css]");
            std::process::exit(2);
        }
    }
}
