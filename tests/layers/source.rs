//! Reading Rust source as text: what is code, where the modules are, the `use` trees, the
//! paths written out in code, and the names a module defines.

use std::collections::BTreeSet;

/// The source without comments and string and char literals (each string becomes `""`).
/// Without `tests`, items under `#[cfg(test)]` go too.
pub fn strip(source: &str, tests: bool) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            i += body
                + rest[body..]
                    .find(&close)
                    .map_or(rest.len() - body, |e| e + close.len());
            out.push_str("\"\"");
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            out.push_str("\"\"");
        } else if bytes[i] == b'\'' && is_char_literal(rest) {
            let end = rest[1..].find('\'').map_or(1, |e| e + 2);
            i += end;
            out.push_str("' '");
        } else if !tests && rest.starts_with("#[cfg(test)]") {
            i += "#[cfg(test)]".len();
            i += item_length(&source[i..]);
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Whether `rest`, starting at a `'`, is a char literal rather than a lifetime.
fn is_char_literal(rest: &str) -> bool {
    let b = rest.as_bytes();
    (b.len() > 2 && b[1] == b'\\') || rest.chars().nth(2) == Some('\'')
}

/// The length of the item that starts `text`: to its matching close brace, or to the `;` that
/// ends it first.
pub fn item_length(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            ';' if depth == 0 => return i + 1,
            _ => {}
        }
    }
    text.len()
}

/// `source` split into the module's own text and each inline module's (`mod avx2 { .. }`),
/// with their paths.
pub fn inline_modules(module: &str, source: &str) -> Vec<(String, String)> {
    let mut own = String::new();
    let mut nested = Vec::new();
    let mut rest = source;
    while let Some(at) = find_word(rest, "mod") {
        let after = &rest[at + 3..];
        let name: String = after
            .trim_start()
            .chars()
            .take_while(|c| is_ident(*c))
            .collect();
        let gap = after.len() - after.trim_start().len();
        let behind = after[gap + name.len()..].trim_start();
        if name.is_empty() || !behind.starts_with('{') {
            own.push_str(&rest[..at + 3]);
            rest = after;
            continue;
        }
        own.push_str(&rest[..at]);
        let open = rest.len() - behind.len();
        let length = item_length(&rest[open..]);
        let body = &rest[open + 1..open + length - 1];
        nested.extend(inline_modules(&join(module, &name), body));
        rest = &rest[open + length..];
    }
    own.push_str(rest);
    nested.insert(0, (module.to_string(), own));
    nested
}

/// `base::name`, or `name` at the root.
pub fn join(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else {
        format!("{base}::{name}")
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The position of `word` standing alone in `text`.
pub fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let alone = |c: Option<char>| c.is_none_or(|c| !is_ident(c));
        if alone(before) && alone(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The identifiers of `text` in order, with where each starts.
pub fn words(text: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, is_ident(c) || (c == '$' && start.is_none())) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                found.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    found
}

/// The path that the identifier at `at` stands in: `web_sys::window` for `web_sys`.
pub fn path_around(text: &str, at: usize) -> &str {
    let in_path = |c: char| is_ident(c) || c == ':' || c == '$';
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| in_path(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .find(|&(_, c)| !in_path(c))
        .map_or(text.len(), |(i, _)| at + i);
    text[start..end].trim_matches(':')
}

/// One name a `use` tree brings in: `a::b::C as D` is the path `a::b::C` under the name `D`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseItem {
    /// The path, segment by segment; a path from another crate's root (`::std`) starts with ``.
    pub path: Vec<String>,
    /// The name it is known by here; none for `_` and for a glob.
    pub name: Option<String>,
    /// `a::*`: every public name of `a`.
    pub glob: bool,
    /// Whether the `use` is a re-export (`pub use`, `pub(crate) use`, …).
    pub public: bool,
}

/// The `use` declarations of `text`, and `text` with them (and `pub(in …)` paths) blanked out,
/// so that what is left holds only the paths written out in code.
pub fn uses(text: &str) -> (Vec<UseItem>, String) {
    let mut items = Vec::new();
    let mut code = text.to_string();
    let mut from = 0;
    while let Some(at) = find_word(&text[from..], "use") {
        let at = from + at;
        let tail = &text[at + 3..];
        // `impl Trait + use<'a>` is a bound, not a declaration.
        if tail.trim_start().starts_with('<') {
            from = at + 3;
            continue;
        }
        let end = tail.find(';').unwrap_or(tail.len());
        let before = text[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')');
        let mut tree = UseTree::new(&tail[..end]);
        items.extend(
            tree.items(Vec::new())
                .into_iter()
                .map(|item| UseItem { public, ..item }),
        );
        let end = (at + 3 + end + 1).min(text.len());
        blank(&mut code, at, end);
        from = end;
    }
    let mut from = 0;
    while let Some(at) = code[from..].find("pub(in ") {
        let at = from + at;
        let end = code[at..].find(')').map_or(code.len(), |e| at + e + 1);
        blank(&mut code, at, end);
        from = end;
    }
    (items, code)
}

/// `text[start..end]` turned to spaces, keeping every line where it was.
fn blank(text: &mut String, start: usize, end: usize) {
    let spaces: String = text[start..end]
        .chars()
        .flat_map(|c| {
            let (mark, width) = if c == '\n' {
                ('\n', 1)
            } else {
                (' ', c.len_utf8())
            };
            std::iter::repeat_n(mark, width)
        })
        .collect();
    text.replace_range(start..end, &spaces);
}

/// A `use` tree as tokens, read from the left.
struct UseTree {
    tokens: Vec<String>,
    at: usize,
}

impl UseTree {
    fn new(text: &str) -> Self {
        let mut tokens = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            if is_ident(c) || c == '$' {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek().filter(|n| is_ident(**n)) {
                    word.push(n);
                    chars.next();
                }
                tokens.push(word);
            } else if c == ':' && chars.peek() == Some(&':') {
                chars.next();
                tokens.push("::".into());
            } else {
                tokens.push(c.to_string());
            }
        }
        UseTree { tokens, at: 0 }
    }

    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn next(&mut self) -> Option<String> {
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        token
    }

    /// The names the tree at this point brings in, each path starting with `prefix`.
    fn items(&mut self, prefix: Vec<String>) -> Vec<UseItem> {
        let mut path = prefix;
        loop {
            match self.next().as_deref() {
                Some("::") if path.is_empty() => path.push(String::new()),
                Some("*") => {
                    return vec![UseItem {
                        path,
                        name: None,
                        glob: true,
                        public: false,
                    }]
                }
                Some("{") => {
                    let mut items = Vec::new();
                    while !matches!(self.peek(), None | Some("}")) {
                        items.extend(self.items(path.clone()));
                        if self.peek() == Some(",") {
                            self.next();
                        }
                    }
                    self.next();
                    return items;
                }
                Some(word) if word.starts_with(|c: char| is_ident(c) || c == '$') => {
                    let word = if word == "$crate" { "crate" } else { word };
                    path.push(word.to_string());
                    if self.peek() == Some("::") {
                        self.next();
                        continue;
                    }
                    if path.last().is_some_and(|l| l == "self") {
                        path.pop();
                    }
                    let name = if self.peek() == Some("as") {
                        self.next();
                        self.next()
                    } else {
                        path.last().cloned()
                    };
                    return vec![UseItem {
                        path,
                        name: name.filter(|n| n != "_"),
                        glob: false,
                        public: false,
                    }];
                }
                _ => return Vec::new(),
            }
        }
    }
}

/// Every path of two segments or more written out in `code` (`crate::core::par::threads`,
/// `super::placed::Algo`, `placement::Kind`, `$crate::ui::kit`), segment by segment, with the
/// text as written. A path from another crate's root (`::core::result`) starts with ``.
pub fn code_paths(code: &str) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        let before = |k: usize| (k > 0).then(|| bytes[k - 1] as char);
        let starts = (is_ident(c) && !c.is_ascii_digit()) || c == '$';
        if !starts || before(i).is_some_and(|b| is_ident(b) || b == '$') {
            i += 1;
            continue;
        }
        // A leading `::` (after anything but a path or a `>`) names another crate.
        let leading = before(i) == Some(':')
            && before(i - 1) == Some(':')
            && before(i - 2).is_none_or(|b| !(is_ident(b) || b == ':' || b == '>'));
        if before(i) == Some(':') && !leading {
            i += 1;
            continue;
        }
        let start = if leading { i - 2 } else { i };
        let mut segments: Vec<String> = if leading {
            vec![String::new()]
        } else {
            Vec::new()
        };
        let mut end = i;
        loop {
            let word_end = end
                + code[end..]
                    .char_indices()
                    .skip(1)
                    .find(|&(_, c)| !is_ident(c))
                    .map_or(code.len() - end, |(k, _)| k);
            let word = &code[end..word_end];
            segments.push(if word == "$crate" { "crate" } else { word }.to_string());
            end = word_end;
            let next = code[end..].strip_prefix("::");
            match next.and_then(|n| n.chars().next()) {
                Some(n) if is_ident(n) && !n.is_ascii_digit() => end += 2,
                _ => break,
            }
        }
        if segments.len() >= 2 {
            found.push((segments, code[start..end].to_string()));
        }
        i = end.max(i + 1);
    }
    found
}

/// The names `code` defines as items (`fn`, `struct`, `enum`, `trait`, `type`, `const`,
/// `static`, `union`, `macro_rules!`). Associated items count too, which does no harm here.
pub fn defined_names(code: &str) -> BTreeSet<String> {
    const KEYWORDS: &[&str] = &[
        "fn",
        "struct",
        "enum",
        "trait",
        "type",
        "const",
        "static",
        "union",
        "macro_rules",
    ];
    const NOT_NAMES: &[&str] = &["fn", "mut", "unsafe", "async", "extern", "_"];
    let words = words(code);
    let mut names = BTreeSet::new();
    for pair in words.windows(2) {
        let (_, keyword) = pair[0];
        let (_, name) = pair[1];
        if KEYWORDS.contains(&keyword) && !NOT_NAMES.contains(&name) {
            names.insert(name.to_string());
        }
    }
    names
}

/// The child modules that `code` (tests kept) declares under `#[cfg(test)]`: `mod tests;`.
pub fn test_modules(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        rest = &rest[at + "#[cfg(test)]".len()..];
        let mut item = rest.trim_start();
        while item.starts_with("#[") {
            let end = item.find(']').map_or(item.len(), |e| e + 1);
            item = item[end..].trim_start();
        }
        for visibility in ["pub(crate)", "pub(super)", "pub"] {
            if let Some(after) = item.strip_prefix(visibility) {
                item = after.trim_start();
                break;
            }
        }
        let Some(after) = item.strip_prefix("mod ") else {
            continue;
        };
        let name: String = after
            .trim_start()
            .chars()
            .take_while(|c| is_ident(*c))
            .collect();
        let behind = after.trim_start()[name.len()..].trim_start();
        if !name.is_empty() && behind.starts_with(';') {
            found.push(name);
        }
    }
    found
}
