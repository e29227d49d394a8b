//! An exercise set (the value of a Practice link's `quiz=`) read as a lesson of one question a
//! step, so that what prints a lesson prints a set too: each question's scenario is its step's
//! ring.

use super::file::ReadLesson;
use super::lesson::{Lesson, Step, StepQuestion};
use crate::teach::quiz::decode_set;

/// The exercise set `value` as a lesson titled "Exercise set", a step per question that could
/// be posed; what could not be used is said in [`ReadLesson::skipped`].
pub fn lesson_from_set(value: &str) -> ReadLesson {
    let set = decode_set(value);
    let steps = set
        .questions
        .iter()
        .enumerate()
        .map(|(i, posed)| {
            let question = posed.question();
            Step {
                title: format!("Question {}", i + 1),
                link: question.link.clone(),
                questions: vec![StepQuestion {
                    title: format!("{}", i + 1),
                    lead: String::new(),
                    query: question.to_query(),
                }],
                ..Step::default()
            }
        })
        .collect();
    ReadLesson {
        lesson: Lesson {
            id: String::new(),
            title: "Exercise set".into(),
            steps,
        },
        skipped: set.problems.iter().map(ToString::to_string).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::quiz::{encode_set, Ask, Question};

    #[test]
    fn each_question_of_a_set_is_a_step_on_its_own_ring_asking_it() {
        let asked = [
            Question::new(
                "ring=100&servers=A@20,B@50,C@80&keys=@95",
                Ask::Owner { key: "@95".into() },
            ),
            Question::new(
                "ring=100&servers=A@10,B@40,C@75&keys=@52",
                Ask::Owner { key: "@52".into() },
            ),
        ];
        let read = lesson_from_set(&encode_set(&asked));
        assert!(read.skipped.is_empty());
        assert_eq!(read.lesson.steps.len(), 2);
        let step = &read.lesson.steps[1];
        assert_eq!(step.link, asked[1].link);
        assert_eq!(step.questions[0].question().unwrap(), asked[1]);
        assert!(!lesson_from_set("9.zz").skipped.is_empty());
    }
}
