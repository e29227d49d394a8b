//! The flags and help text of `ringlab lesson`, apart from the command so that the command line's
//! definition (`cli`) can name them without importing the command.

use clap::Args;

/// The flags of `ringlab lesson`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct LessonArgs {
    /// A lesson file (`-` for standard input), a page's address or the value of its lesson=,
    /// or a built-in lesson's id.
    /// Example: teaching-ring
    #[arg(value_name = "FILE|LINK", verbatim_doc_comment)]
    pub source: String,

    /// Print Markdown for a text: each step's caption and the engine's figures, each question
    /// with its answer and working.
    #[arg(long, verbatim_doc_comment)]
    pub markdown: bool,

    /// Print a worksheet to hand out instead: one self-contained HTML page per step, with a
    /// drawing of its ring, its words and its questions with room to answer, and the answers
    /// last. Open it in a browser and print it.
    /// Example: ringlab lesson teaching-ring --worksheet > worksheet.html
    #[arg(long, conflicts_with = "markdown", verbatim_doc_comment)]
    pub worksheet: bool,

    /// Print the lesson as its text file instead, for editing and saving.
    #[arg(long, conflicts_with_all = ["markdown", "worksheet"], verbatim_doc_comment)]
    pub file: bool,

    /// Print the value of lesson= for a link instead, and say whether it fits in one.
    #[arg(long, conflicts_with_all = ["markdown", "file", "worksheet"], verbatim_doc_comment)]
    pub link: bool,
}

/// What `ringlab lesson --help` says it does.
pub const LESSON_ABOUT: &str = "\
Read a lesson (a file saved from the page, a link to one, or a built-in lesson) and print its
steps: each step's title, caption, what it points at and, from the engine, its setting, last
change and each server's share; then each question with the engine's answer and its working.
What the lesson held that could not be read is listed on standard error, and the rest is
printed. --markdown prints the same as Markdown for a text, --worksheet as an HTML worksheet to
print (a page per step with its ring drawn, room to answer, the answers last), --file as the
lesson's text file, and --link as the value of lesson= for a page's address.

Exit status: 0 when at least one step was read, 2 when none could be.";

/// The examples `ringlab lesson --help` ends with.
pub const LESSON_EXAMPLES: &str = "\
Examples:
  The built-in lesson on the teaching ring, as Markdown:
    ringlab lesson teaching-ring --markdown
  A lesson saved from the page:
    ringlab lesson my-lesson.lesson
  A lesson from a shared link (quote it: & is special to the shell):
    ringlab lesson 'https://example.org/ringlab/?lesson=L1.dGl0bGU6...&step=1' --markdown";
