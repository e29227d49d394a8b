//! The preprocessor over a whole book: every chapter made over (see [`crate::chapter`]), and
//! on a page with figures under the `html` renderer, the figures' stylesheets at the chapter's
//! top and their one script at its end.
//!
//! mdBook shows each chapter twice: on its own page and, with every other chapter, on
//! `print.html` at the book's root, where it rewrites only the paths of links and images. So
//! nothing a chapter loads is named by a path relative to its own page: the stylesheets are
//! written into it (a few kilobytes, which also makes them apply before the page first shows),
//! and the script is found from `path_to_root`, which mdBook's page template sets on every page,
//! print.html included.
//!
//! Any problem in any chapter fails the whole build, with every problem listed: `mdbook` stops
//! before it renders, so the book built last time stays as it was.

use std::io::{Read, Write};
use std::path::Path;

use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::errors::{Error, Result};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext, MDBOOK_VERSION};

use crate::chapter::{transform, Output};
use crate::files::{FigureFiles, FOLDER, SCRIPT, STILLS_CSS, THEME_CSS};
use crate::problem::{Problem, Problems};
use crate::stale;

/// The `ringlab` preprocessor, with the figure files it expects the book to hold.
#[derive(Debug, Clone)]
pub struct Ringlab {
    files: FigureFiles,
}

impl Ringlab {
    /// The name the book's `[preprocessor.ringlab]` table gives it.
    pub const NAME: &'static str = "ringlab";

    /// A preprocessor for books that hold a copy of `files`.
    pub fn new(files: FigureFiles) -> Ringlab {
        Ringlab { files }
    }

    /// What a chapter with figures starts with: the stylesheets the built files have, written
    /// into one `<style>` element (a type of HTML block that blank lines do not end).
    fn head(&self) -> String {
        let mut css = String::new();
        for sheet in [STILLS_CSS, THEME_CSS] {
            if let Some(bytes) = self.files.get(sheet) {
                css.push_str(String::from_utf8_lossy(bytes).trim_end());
                css.push('\n');
            }
        }
        if css.is_empty() {
            return css;
        }
        // A style element's text ends at its first `</style`: were a stylesheet to hold one,
        // it is escaped as CSS reads it.
        let css = css.replace("</style", "<\\/style");
        format!("<style>\n{css}</style>\n")
    }
}

/// What a chapter with figures ends with: the one module script that makes its figures live,
/// found from the page's own `path_to_root` (or, under a theme of the author's without it, from
/// the chapter's place, `root`); made a whole address, since `import` reads a bare path as a
/// package's name. A module runs once however many chapters of a page name it.
fn script(root: &str) -> String {
    format!(
        "<script type=\"module\">\n\
         const root = typeof path_to_root === \"string\" ? path_to_root : \"{root}\";\n\
         import(new URL(`${{root}}{FOLDER}/{SCRIPT}`, document.baseURI).href);\n\
         </script>\n"
    )
}

impl Preprocessor for Ringlab {
    fn name(&self) -> &str {
        Ringlab::NAME
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        let output = if ctx.renderer == "html" {
            Output::Live
        } else {
            Output::Stills
        };
        let src = &ctx.config.book.src;
        // mdBook visits a chapter's sub-chapters before it; problems are told in reading order.
        let order: Vec<_> = book.chapters().map(|c| c.path.clone()).collect();
        let mut problems = Vec::new();
        let mut figures = 0;
        book.for_each_chapter_mut(|chapter| {
            let Some(path) = chapter.path.clone() else {
                return;
            };
            let shown = shown_path(&src.join(chapter.source_path.as_ref().unwrap_or(&path)));
            match transform(&chapter.content, output) {
                Ok(made) => {
                    figures += made.figures;
                    chapter.content = if made.figures > 0 && output == Output::Live {
                        let head = self.head();
                        let head = if head.is_empty() { head } else { head + "\n" };
                        let mut body = made.content;
                        if !body.ends_with('\n') {
                            body.push('\n');
                        }
                        format!("{head}{body}\n{}", script(&path_to_root(&path)))
                    } else {
                        made.content
                    };
                }
                Err(found) => {
                    let place = order.iter().position(|p| p.as_ref() == Some(&path));
                    problems.extend(
                        found
                            .into_iter()
                            .map(|p| (place, Problem::in_file(&shown, p))),
                    );
                }
            }
        });
        problems.sort_by_key(|(place, _)| *place);
        let mut problems: Vec<Problem> = problems.into_iter().map(|(_, p)| p).collect();
        if figures > 0 && output == Output::Live {
            if let Err(message) = stale::check(&ctx.root, src, &self.files) {
                problems.push(Problem::of_book(message));
            }
        }
        if problems.is_empty() {
            Ok(book)
        } else {
            Err(Error::new(Problems(problems)))
        }
    }

    fn supports_renderer(&self, _renderer: &str) -> Result<bool> {
        // Every renderer gets something: the live figures for html, the stills for the others.
        Ok(true)
    }
}

/// Runs `preprocessor` as mdBook does a command: the context and the book as JSON on `input`,
/// the book back as JSON on `output`.
pub fn run_json(preprocessor: &Ringlab, input: impl Read, output: impl Write) -> Result<()> {
    let (ctx, book) = mdbook_preprocessor::parse_input(input)?;
    if ctx.mdbook_version != MDBOOK_VERSION {
        eprintln!(
            "mdbook-ringlab: warning: built for mdbook {MDBOOK_VERSION}, run by mdbook {}",
            ctx.mdbook_version
        );
    }
    let book = preprocessor.run(&ctx, book)?;
    serde_json::to_writer(output, &book)?;
    Ok(())
}

/// The relative path from a chapter's page to the book's root: `""` for a chapter at the top,
/// `../` for one a folder down, and so on.
pub fn path_to_root(chapter: &Path) -> String {
    let depth = chapter.parent().map_or(0, |dir| dir.components().count());
    "../".repeat(depth)
}

/// A path as an author reads it in a message, with `/` between its parts.
fn shown_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_to_the_root_climbs_one_folder_per_level() {
        assert_eq!(path_to_root(Path::new("intro.md")), "");
        assert_eq!(path_to_root(Path::new("ring/joins.md")), "../");
        assert_eq!(path_to_root(Path::new("a/b/c.md")), "../../");
    }
}
