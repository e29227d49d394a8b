//! The README and the pages under `docs/`, read as a newcomer follows them: every relative link
//! and image points at a file that exists, every `#anchor` at a heading of the Markdown file it
//! names, and the README stays short enough to read in five minutes.
//!
//! Links are Markdown's inline `[text](target)` and `![alt](target)` and reference definitions
//! `[name]: target`, outside fenced code blocks and inline code. Web and mail addresses are left
//! to the reader. An anchor is checked only when it points into a Markdown file, against the
//! anchors GitHub gives headings: the heading's text in lower case, punctuation dropped except
//! `-` and `_`, each space a `-`, and `-1`, `-2`, … after a repeated one.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// The README's length limit, in lines: past it, move the detail into `docs/`.
const README_MAX_LINES: usize = 250;

/// One link that does not lead where it says.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Problem {
    /// The file that holds the link, relative to the folder checked.
    file: String,
    /// The link's target as written.
    link: String,
    /// Why it does not resolve.
    why: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: link `{}`: {}", self.file, self.link, self.why)
    }
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md` and every `*.md` directly under `docs/`, in a fixed order.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
                .collect()
        })
        .unwrap_or_default();
    pages.sort();
    files.extend(pages);
    files
}

/// The lines of `text` that are not inside a fenced code block.
fn outside_fences(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    // The fence that opened the current block: its character and length.
    let mut open: Option<(char, usize)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let fence = ['`', '~'].into_iter().find_map(|mark| {
            let run = trimmed.chars().take_while(|&c| c == mark).count();
            (run >= 3).then_some((mark, run))
        });
        match (open, fence) {
            (None, Some(fence)) => open = Some(fence),
            (Some((mark, length)), Some((found, run)))
                if found == mark && run >= length && trimmed[run..].trim().is_empty() =>
            {
                open = None;
            }
            (None, None) => lines.push(line),
            (Some(_), _) => {}
        }
    }
    lines
}

/// `line` with each inline code span blanked out, so a `](` inside code is not a link.
fn without_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        // The span closes at the next run of exactly as many backticks.
        let mut j = i + run;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let other = chars[j..].iter().take_while(|&&c| c == '`').count();
                if other == run {
                    close = Some(j + other);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                out.extend(std::iter::repeat_n(' ', end - i));
                i = end;
            }
            None => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
        }
    }
    out
}

/// The targets of the links and images in `text`, in order.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in outside_fences(text) {
        let line = without_code_spans(line);
        if let Some(target) = reference_definition(&line) {
            targets.push(target);
            continue;
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(target) = destination(rest) {
                targets.push(target);
            }
        }
    }
    targets
}

/// The target of a reference definition such as `[guide]: docs/guide.md`.
fn reference_definition(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = line[indent..].strip_prefix('[')?;
    let close = rest.find("]:")?;
    if indent > 3 || close == 0 || rest[..close].contains(']') {
        return None;
    }
    destination_words(rest[close + 2..].trim_start())
}

/// A link's destination, read from just after its `](`: `<...>`, or text up to a space or the
/// `)` that closes the link (parentheses inside it must balance).
fn destination(after: &str) -> Option<String> {
    let after = after.trim_start();
    if let Some(angled) = after.strip_prefix('<') {
        return angled.find('>').map(|end| angled[..end].to_string());
    }
    let mut depth = 0usize;
    for (i, c) in after.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(after[..i].to_string()),
            ')' => depth -= 1,
            c if c.is_whitespace() => return Some(after[..i].to_string()),
            _ => {}
        }
    }
    None
}

/// The first word of a reference definition's remainder: its destination.
fn destination_words(rest: &str) -> Option<String> {
    if let Some(angled) = rest.strip_prefix('<') {
        return angled.find('>').map(|end| angled[..end].to_string());
    }
    rest.split_whitespace().next().map(str::to_string)
}

/// The anchor GitHub gives a heading whose text is `heading` (before repeats are numbered).
fn slug(heading: &str) -> String {
    let mut text = String::new();
    // A link in a heading counts by its text alone.
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else {
            break;
        };
        let mid = open + mid;
        let Some(close) = rest[mid..].find(')') else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..mid]);
        rest = &rest[mid + close + 1..];
    }
    text.push_str(rest);
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The text of an ATX heading line (`## Text`), without its marks.
fn heading_text(line: &str) -> Option<&str> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let line = &line[indent..];
    let level = line.chars().take_while(|&c| c == '#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &line[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    // A closing run of `#` is not part of the text.
    let text = rest.trim().trim_end_matches('#');
    Some(text.trim_end())
}

/// Every anchor the headings of `text` give, repeats numbered as GitHub numbers them.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in outside_fences(text) {
        let Some(heading) = heading_text(line) else {
            continue;
        };
        let base = slug(heading);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// Whether `target` leaves the repository's files: a web or mail address.
fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
}

/// The links in `file` that do not resolve; `root` is the folder names are shown relative to.
fn problems_in(root: &Path, file: &Path) -> Vec<Problem> {
    let shown = |path: &Path| {
        path.strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string()
    };
    let text = match fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            return vec![Problem {
                file: shown(file),
                link: String::new(),
                why: format!("the file cannot be read: {error}"),
            }]
        }
    };
    let folder = file.parent().unwrap_or(root);
    let mut problems = Vec::new();
    for link in link_targets(&text) {
        if is_external(&link) {
            continue;
        }
        let problem = |why: String| Problem {
            file: shown(file),
            link: link.clone(),
            why,
        };
        if link.is_empty() {
            problems.push(problem("the link has no target".into()));
            continue;
        }
        let (path, anchor) = match link.split_once('#') {
            Some((path, anchor)) => (path, Some(anchor)),
            None => (link.as_str(), None),
        };
        let target = if path.is_empty() {
            file.to_path_buf()
        } else {
            folder.join(path)
        };
        if !target.exists() {
            problems.push(problem(format!("{} does not exist", shown(&target))));
            continue;
        }
        let Some(anchor) = anchor else {
            continue;
        };
        if target.extension().is_none_or(|ext| ext != "md") {
            continue;
        }
        let headings = fs::read_to_string(&target)
            .map(|text| anchors(&text))
            .unwrap_or_default();
        if !headings.contains(anchor) {
            problems.push(problem(format!(
                "{} has no heading whose anchor is `{anchor}`",
                shown(&target)
            )));
        }
    }
    problems
}

fn report(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| format!("  {p}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_link_in_the_readme_and_docs_resolves() {
    let root = repository();
    let files = documents(&root);
    assert!(
        files.len() > 1,
        "expected README.md and pages under docs/, found {files:?}"
    );
    let problems: Vec<Problem> = files
        .iter()
        .flat_map(|file| problems_in(&root, file))
        .collect();
    assert!(
        problems.is_empty(),
        "{} link(s) do not resolve:\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn the_readme_is_at_most_250_lines_long() {
    let readme = fs::read_to_string(repository().join("README.md")).expect("README.md is readable");
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the detail into a page \
         under docs/ and link to it"
    );
}

#[test]
fn headings_become_github_style_anchors() {
    let cases = [
        ("Two commands", "two-commands"),
        (
            "Conventions (the ones the reference lessons use)",
            "conventions-the-ones-the-reference-lessons-use",
        ),
        (
            "Predict, then check: Practice, question steps and exercise links",
            "predict-then-check-practice-question-steps-and-exercise-links",
        ),
        ("The `ringlab` command", "the-ringlab-command"),
        ("Command line, 100 × 200 ring", "command-line-100--200-ring"),
        ("multi_probe and mod-n", "multi_probe-and-mod-n"),
        ("See [the guide](docs/guide.md)", "see-the-guide"),
        ("Where a change's time goes", "where-a-changes-time-goes"),
    ];
    for (heading, anchor) in cases {
        assert_eq!(slug(heading), anchor, "the anchor of {heading:?}");
    }
    let page = "# Notes\n\n## Notes\n\n```\n# not a heading\n```\n\n### Closed ###\n";
    let expected: BTreeSet<String> = ["notes", "notes-1", "closed"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(anchors(page), expected);
}

#[test]
fn a_broken_link_is_reported_with_its_file_the_link_and_why() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs_links");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(scratch.join("docs")).expect("the scratch folder can be made");
    fs::write(
        scratch.join("docs/page.md"),
        "# A page\n\n## Real heading\n\n![picture](picture.png)\n",
    )
    .unwrap();
    fs::write(scratch.join("docs/picture.png"), b"not really a picture").unwrap();
    fs::write(
        scratch.join("README.md"),
        "# Read me\n\
         \n\
         [fine](docs/page.md#real-heading), [also fine](#read-me), [web](https://example.com/x),\n\
         [mail](mailto:someone@example.com), ![shot](docs/picture.png)\n\
         [gone](docs/missing.md) and [no such heading](docs/page.md#imaginary-heading).\n\
         `[code](not/a/link.md)` is code.\n\
         \n\
         ```md\n\
         [inside a fence](not/a/link/either.md)\n\
         ```\n\
         \n\
         [ref]: docs/nowhere.png\n",
    )
    .unwrap();

    let problems = problems_in(&scratch, &scratch.join("README.md"));
    let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "README.md: link `docs/missing.md`: docs/missing.md does not exist",
            "README.md: link `docs/page.md#imaginary-heading`: docs/page.md has no heading whose \
             anchor is `imaginary-heading`",
            "README.md: link `docs/nowhere.png`: docs/nowhere.png does not exist",
        ]
    );
    assert!(problems_in(&scratch, &scratch.join("docs/page.md")).is_empty());
}
