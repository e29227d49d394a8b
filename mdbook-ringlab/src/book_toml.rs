//! The `[preprocessor.ringlab]` table added to a book's `book.toml`, as text: appended at the
//! end, so that the author's own order, spacing and comments stay exactly as they were.

use std::str::FromStr;

use mdbook_preprocessor::config::Config;

use crate::preprocess::Ringlab;

/// The table's key in the configuration.
const KEY: &str = "preprocessor.ringlab";

/// `text` (a book.toml, read as `config`) with the preprocessor's table added, or `None` when
/// it already has one. Refused, in words, when the table cannot be added by appending it (an
/// inline `preprocessor = { … }` table, say).
pub(crate) fn with_preprocessor(text: &str, config: &Config) -> Result<Option<String>, String> {
    if config.contains_key(KEY) {
        return Ok(None);
    }
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines = vec![format!("[preprocessor.{}]", Ringlab::NAME)];
    // After `links`, a figure in a file that `{{#include}}` brings in is made too. The order is
    // only said when mdBook runs `links` at all; naming a missing one makes it warn.
    if runs_links(config) {
        lines.push(
            "# After {{#include}}s are expanded, so that included figures are made too.".into(),
        );
        lines.push("after = [\"links\"]".into());
    }
    let mut out = text.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push_str(newline);
    }
    if !out.trim().is_empty() {
        out.push_str(newline);
    }
    for line in lines {
        out.push_str(&line);
        out.push_str(newline);
    }
    match Config::from_str(&out) {
        Ok(config) if config.contains_key(KEY) => Ok(Some(out)),
        _ => Err(format!(
            "book.toml could not take a [{KEY}] table at its end; add it yourself:\n\n\
             [{KEY}]\nafter = [\"links\"]\n"
        )),
    }
}

/// Whether mdBook runs its `links` preprocessor on this book.
fn runs_links(config: &Config) -> bool {
    config.build.use_default_preprocessors || config.contains_key("preprocessor.links")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(text: &str) -> Result<Option<String>, String> {
        with_preprocessor(text, &Config::from_str(text).unwrap())
    }

    #[test]
    fn the_table_is_appended_and_everything_before_it_kept_byte_for_byte() {
        let text = "# My book\n[book]\ntitle   = \"Rings\"  # the title\n\n[output.html]\n";
        let out = add(text).unwrap().unwrap();
        assert!(out.starts_with(text));
        assert!(out.ends_with("\n\n[preprocessor.ringlab]\n# After {{#include}}s are expanded, so that included figures are made too.\nafter = [\"links\"]\n"));
        assert_eq!(add(&out), Ok(None), "a second run leaves it");
    }

    #[test]
    fn a_book_without_a_last_line_end_or_with_windows_line_ends_keeps_them() {
        let out = add("[book]\r\ntitle = \"R\"").unwrap().unwrap();
        assert!(out.starts_with("[book]\r\ntitle = \"R\"\r\n\r\n[preprocessor.ringlab]\r\n"));
    }

    #[test]
    fn without_mdbooks_own_preprocessors_no_order_is_given() {
        let out = add("[build]\nuse-default-preprocessors = false\n")
            .unwrap()
            .unwrap();
        assert!(out.ends_with("[preprocessor.ringlab]\n"));
    }

    #[test]
    fn a_table_that_cannot_be_appended_to_is_refused_in_words() {
        let text = "preprocessor = { other = {} }\n";
        let error = add(text).unwrap_err();
        assert!(error.contains("add it yourself"), "{error}");
    }
}
