//! What stops a build, in words, with where it is: a chapter's source file and the line, as
//! `mdbook-ringlab: src/joins.md, line 14: …`.
//!
//! Every problem of every chapter is gathered before the build stops, so that one run shows the
//! author all of them rather than one at a time.

use std::fmt;

/// A problem on one line of a chapter, before the chapter's file is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    /// The line, counted from 1, in the chapter's text as mdBook hands it over.
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl LineProblem {
    /// A problem on `line`.
    pub fn new(line: usize, message: impl Into<String>) -> LineProblem {
        LineProblem {
            line,
            message: message.into(),
        }
    }
}

/// A problem that stops the build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The chapter's source file as the author knows it (`src/joins.md`), when it is about one.
    pub file: Option<String>,
    /// The line in that file, counted from 1, when it is about one line.
    pub line: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
}

impl Problem {
    /// A problem of the whole book, such as a stale copy of the figure files.
    pub fn of_book(message: impl Into<String>) -> Problem {
        Problem {
            file: None,
            line: None,
            message: message.into(),
        }
    }

    /// A chapter's line problem, placed in its file.
    pub fn in_file(file: &str, problem: LineProblem) -> Problem {
        Problem {
            file: Some(file.to_owned()),
            line: Some(problem.line),
            message: problem.message,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mdbook-ringlab: ")?;
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{file}, line {line}: ")?,
            (Some(file), None) => write!(f, "{file}: ")?,
            _ => {}
        }
        write!(f, "{}", self.message)
    }
}

/// Every problem of a build, one a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_names_its_file_and_line_before_what_is_wrong() {
        let problem = Problem::in_file("src/joins.md", LineProblem::new(14, "no link"));
        assert_eq!(
            problem.to_string(),
            "mdbook-ringlab: src/joins.md, line 14: no link"
        );
        let book = Problem::of_book("run mdbook-ringlab install");
        assert_eq!(
            book.to_string(),
            "mdbook-ringlab: run mdbook-ringlab install"
        );
        let both = Problems(vec![problem, book]).to_string();
        assert_eq!(both.lines().count(), 2);
    }
}
