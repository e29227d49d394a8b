//! The `mdbook-ringlab` command: the preprocessor mdBook runs, `supports RENDERER` (every one),
//! and `install [BOOK_DIR]`. Everything it does is in the library.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use mdbook_ringlab::install::install;
use mdbook_ringlab::{run_json, FigureFiles, Ringlab};

const USAGE: &str = "\
mdbook-ringlab: Ringlab's live figures in an mdBook

usage:
  mdbook-ringlab install [BOOK_DIR]   copy the figure files into the book and add the
                                      preprocessor to its book.toml (BOOK_DIR is . by default)
  mdbook-ringlab supports RENDERER    (for mdbook) every renderer is supported
  mdbook-ringlab                      (for mdbook) the preprocessor: the book as JSON on stdin";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        // The live figures for html, their stills for every other renderer.
        ["supports", _] => ExitCode::SUCCESS,
        ["install"] => install_into("."),
        ["install", dir] => install_into(dir),
        [] => match run_json(
            &Ringlab::new(FigureFiles::embedded()),
            io::stdin().lock(),
            io::stdout().lock(),
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{error}");
                ExitCode::FAILURE
            }
        },
        ["--version" | "-V"] => {
            println!("mdbook-ringlab {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        ["--help" | "-h"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn install_into(dir: &str) -> ExitCode {
    match install(Path::new(dir), &FigureFiles::embedded()) {
        Ok(said) => {
            for sentence in said {
                println!("{sentence}");
            }
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("mdbook-ringlab install: {why}");
            ExitCode::FAILURE
        }
    }
}
