//! The built-in lessons: text files in `builtin/`, in the same format an instructor's lessons
//! are saved in, read once when first asked for.

use std::sync::LazyLock;

use super::file::read_text;
use super::lesson::Lesson;

/// The built-in lessons' text files, in the order they are offered.
const SOURCES: [&str; 9] = [
    include_str!("builtin/teaching-ring.lesson"),
    include_str!("builtin/fifth-cache.lesson"),
    include_str!("builtin/virtual-nodes.lesson"),
    include_str!("builtin/node-dies.lesson"),
    include_str!("builtin/replicas.lesson"),
    include_str!("builtin/other-ways.lesson"),
    include_str!("builtin/hot-key.lesson"),
    include_str!("builtin/clients-disagree.lesson"),
    include_str!("builtin/real-systems.lesson"),
];

/// Every built-in lesson, in the order they are offered. Their files read without a problem
/// (a test holds them to it).
pub static LESSONS: LazyLock<Vec<Lesson>> =
    LazyLock::new(|| SOURCES.iter().map(|text| read_text(text).lesson).collect());

/// Finds a built-in lesson by its id.
///
/// ```
/// use ringlab::teach::lessons::lesson;
/// assert_eq!(lesson("teaching-ring").unwrap().steps.len(), 6);
/// assert!(lesson("nope").is_none());
/// ```
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| !id.is_empty() && l.id == id)
}

/// A question a built-in lesson asks, with where it is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonQuestion {
    /// The lesson's id.
    pub lesson: &'static str,
    /// The step it is asked on, counted from 0.
    pub step: usize,
    /// A few words naming it.
    pub title: &'static str,
    /// A sentence leading into it, in the lesson's voice.
    pub lead: &'static str,
    /// The question: its scenario link, then what is asked.
    pub query: &'static str,
}

impl LessonQuestion {
    /// The question, read from its query.
    pub fn question(&self) -> Result<crate::teach::quiz::Question, crate::core::Error> {
        crate::teach::quiz::Question::from_query(self.query)
    }
}

/// Every question of the built-in lessons, lesson by lesson, in the order asked.
pub static QUESTIONS: LazyLock<Vec<LessonQuestion>> = LazyLock::new(|| {
    LESSONS
        .iter()
        .flat_map(|l| {
            l.steps.iter().enumerate().flat_map(move |(i, s)| {
                s.questions.iter().map(move |q| LessonQuestion {
                    lesson: &l.id,
                    step: i,
                    title: &q.title,
                    lead: &q.lead,
                    query: &q.query,
                })
            })
        })
        .collect()
});

/// The questions of built-in lesson `id`, in the order they are asked.
///
/// ```
/// use ringlab::teach::lessons::questions_for;
/// assert!(questions_for("teaching-ring").count() >= 2);
/// assert_eq!(questions_for("nope").count(), 0);
/// ```
pub fn questions_for(id: &str) -> impl Iterator<Item = &'static LessonQuestion> + '_ {
    QUESTIONS.iter().filter(move |q| q.lesson == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_file_reads_without_a_problem() {
        for text in SOURCES {
            let read = read_text(text);
            assert!(read.skipped.is_empty(), "{:?}", read.skipped);
            assert!(!read.lesson.id.is_empty());
        }
    }

    /// What each built-in lesson showed before it became a text file, step by step: the
    /// step's title, link, copies per key, whether it pointed at the cache panel and its
    /// narration, then the questions shown on it. Each is still exactly what the lesson shows.
    #[test]
    fn every_built_in_lesson_shows_what_it_showed_before_it_became_data() {
        let mut expected = include_str!("as-shown.tsv").lines();
        for l in LESSONS.iter() {
            assert_eq!(
                expected.next(),
                Some(format!("lesson\t{}\t{}", l.id, l.title).as_str())
            );
            for (i, s) in l.steps.iter().enumerate() {
                let link = s
                    .link
                    .strip_suffix(&format!("&r={}", s.replicas()))
                    .unwrap_or(&s.link);
                let line = format!(
                    "step\t{i}\t{}\t{link}\t{}\t{}\t{}",
                    s.title,
                    s.replicas(),
                    s.cache(),
                    s.caption
                );
                assert_eq!(expected.next(), Some(line.as_str()));
                for q in &s.questions {
                    let line = format!("question\t{}\t{}\t{}", q.title, q.lead, q.query);
                    assert_eq!(expected.next(), Some(line.as_str()));
                }
            }
        }
        assert_eq!(expected.next(), None);
    }
}
