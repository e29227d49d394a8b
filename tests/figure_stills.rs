//! The example article's figures (examples/figures.html) hold stills that `ringlab svg` wrote
//! from each figure's own link: the picture a reader sees before the script runs is the one the
//! figure then draws live.

use std::process::Command;

/// Each `<ringlab-figure>` of `page`: its link (as written, `&amp;` read back) and its still.
fn figures(page: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find("<ringlab-figure ") {
        rest = &rest[at..];
        let tag_end = rest.find('>').expect("the figure's tag ends");
        let tag = &rest[..tag_end];
        let link = tag
            .split("link=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .expect("every figure has a link")
            .replace("&amp;", "&");
        let end = rest
            .find("</ringlab-figure>")
            .expect("every figure is closed");
        let inner = &rest[tag_end + 1..end];
        let svg = inner
            .find("<svg")
            .map(|start| &inner[start..inner.rfind("</svg>").expect("the still is closed") + 6])
            .expect("every figure holds a still");
        found.push((link, svg.to_string()));
        rest = &rest[end..];
    }
    found
}

/// The lines of `text`, without the indentation the page gives them.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn every_figure_of_the_example_article_holds_the_still_ringlab_svg_draws_for_its_link() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/figures.html"
    ))
    .expect("the example article is there");
    let found = figures(&page);
    assert_eq!(found.len(), 5, "the article has five figures");
    for (link, still) in found {
        let size = still
            .split("width=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .expect("the still has a width");
        let out = Command::new(env!("CARGO_BIN_EXE_ringlab"))
            .args(["svg", "--link", &link, "--size", size, "--inline"])
            .output()
            .expect("the ringlab binary runs");
        assert!(out.status.success(), "ringlab svg refused {link}");
        let drawn = String::from_utf8(out.stdout).expect("SVG is UTF-8");
        assert_eq!(
            lines(&still),
            lines(&drawn),
            "the still of {link} is not what ringlab svg draws for it now: write it again with scripts/figure-stills.mjs"
        );
    }
}
