//! The command as mdBook and an author run it: `supports` for every renderer, the
//! preprocessor on standard input, and words for anything else.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_mdbook-ringlab");

#[test]
fn every_renderer_is_supported() {
    for renderer in ["html", "markdown", "epub", "test"] {
        let status = Command::new(BIN)
            .args(["supports", renderer])
            .status()
            .unwrap();
        assert!(status.success(), "{renderer}");
    }
}

#[test]
fn the_book_comes_back_as_json_and_a_problem_leaves_by_standard_error_with_a_failure() {
    let run = |content: &str| {
        let input = serde_json::json!([
            { "root": "/nowhere", "config": { "book": { "title": "T" } }, "renderer": "markdown", "mdbook_version": "0.5.4" },
            { "items": [ { "Chapter": {
                "name": "One", "content": content, "number": null, "sub_items": [],
                "path": "one.md", "source_path": "one.md", "parent_names": []
            } } ] }
        ]);
        let mut child = Command::new(BIN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.to_string().as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let done = run("# One\n\n```ringlab\nlink: ring=100&servers=A@10\n```\n");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let book: serde_json::Value = serde_json::from_slice(&done.stdout).unwrap();
    let content = book["items"][0]["Chapter"]["content"].as_str().unwrap();
    assert!(content.starts_with("# One\n\n\n<svg "), "{content}");

    let failed = run("# One\n\n```ringlab\nlinks: ring=100\n```\n");
    assert!(!failed.status.success());
    assert!(failed.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&failed.stderr).trim(),
        "mdbook-ringlab: src/one.md, line 4: \"links: ring=100\" is not a figure's line: \
         expected one of link:, panels:, label:, id:, group:, size:"
    );
}

#[test]
fn anything_else_is_answered_with_the_usage() {
    let out = Command::new(BIN).arg("instal").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mdbook-ringlab install [BOOK_DIR]"));
    let version = Command::new(BIN).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        format!("mdbook-ringlab {}", env!("CARGO_PKG_VERSION"))
    );
}
