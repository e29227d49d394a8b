//! The teaching store: the lesson followed and its pointer, the lesson being recorded, the
//! story last opened, Predict first and the change it holds back, and practice (its seed, the
//! exercise set a link opened, the set being put together). Written only through the methods
//! here.

use std::sync::Arc;

use leptos::prelude::*;

use super::vocabulary::Field;
use crate::core::{Change, Scenario};
use crate::teach::lessons::{Lesson, Pointer};
use crate::teach::quiz::Question;

/// A lesson being recorded: the lesson so far and the step being edited, if any.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Draft {
    /// The lesson so far.
    pub lesson: Lesson,
    /// The step whose caption is open for editing (from 0).
    pub editing: Option<usize>,
}

/// A lesson and the step on screen (from 0).
pub type LessonStep = Option<(Arc<Lesson>, usize)>;

/// The story last opened, and the scenario it opened on.
pub type StoryShown = Option<(&'static str, Scenario)>;

/// The store: what it holds, read as signals, and its own methods, the only writers.
#[derive(Clone, Copy)]
pub struct Teaching {
    /// The lesson being followed (built in or written by an instructor), and its step (from 0).
    pub lesson: ReadSignal<LessonStep>,
    /// What the lesson's step points at: a key, a server or a panel.
    pub pointer: ReadSignal<Option<Pointer>>,
    /// The lesson being recorded on the page, if "New lesson" was chosen.
    pub draft: ReadSignal<Option<Draft>>,
    /// The story last opened, and the scenario it opened on: it is the story on screen while
    /// that scenario is.
    pub story: ReadSignal<StoryShown>,
    /// Predict first: a change that moves keys first asks which keys will move.
    pub predict: ReadSignal<bool>,
    /// The change waiting for the learner's prediction, and the control that sent it.
    pub pending: ReadSignal<Option<(Change, Field)>>,
    /// The seed practice questions are drawn from.
    pub practice_seed: ReadSignal<u64>,
    /// The exercise set a link opened (the value of `quiz=`), if any.
    pub quiz_set: ReadSignal<Option<String>>,
    /// The exercise set being put together in the Practice view.
    pub exercises: ReadSignal<Vec<Question>>,
    w: Writes,
}

/// The store's signals, changed only by its methods.
#[derive(Clone, Copy)]
struct Writes {
    lesson: RwSignal<LessonStep>,
    pointer: RwSignal<Option<Pointer>>,
    draft: RwSignal<Option<Draft>>,
    story: RwSignal<StoryShown>,
    predict: RwSignal<bool>,
    pending: RwSignal<Option<(Change, Field)>>,
    practice_seed: RwSignal<u64>,
    quiz_set: RwSignal<Option<String>>,
    exercises: RwSignal<Vec<Question>>,
}

impl Teaching {
    /// No lesson, no story, nothing held back, practice from seed 1.
    pub(super) fn new() -> Teaching {
        let w = Writes {
            lesson: RwSignal::new(None),
            pointer: RwSignal::new(None),
            draft: RwSignal::new(None),
            story: RwSignal::new(None),
            predict: RwSignal::new(false),
            pending: RwSignal::new(None),
            practice_seed: RwSignal::new(1),
            quiz_set: RwSignal::new(None),
            exercises: RwSignal::new(Vec::new()),
        };
        Teaching {
            lesson: w.lesson.read_only(),
            pointer: w.pointer.read_only(),
            draft: w.draft.read_only(),
            story: w.story.read_only(),
            predict: w.predict.read_only(),
            pending: w.pending.read_only(),
            practice_seed: w.practice_seed.read_only(),
            quiz_set: w.quiz_set.read_only(),
            exercises: w.exercises.read_only(),
            w,
        }
    }
}

impl Teaching {
    /// Follows `lesson` at its step, or no lesson.
    pub fn set_lesson(&self, lesson: LessonStep) {
        self.w.lesson.set(lesson);
    }

    /// Points at a key, a server or a panel, or at nothing.
    pub fn set_pointer(&self, pointer: Option<Pointer>) {
        self.w.pointer.set(pointer);
    }

    /// Starts, replaces or ends the lesson being recorded.
    pub fn set_draft(&self, draft: Option<Draft>) {
        self.w.draft.set(draft);
    }

    /// Edits the lesson being recorded.
    pub fn update_draft(&self, edit: impl FnOnce(&mut Option<Draft>)) {
        self.w.draft.update(edit);
    }

    /// Remembers the story opened, with the scenario it opened on.
    pub fn set_story(&self, story: StoryShown) {
        self.w.story.set(story);
    }

    /// Turns Predict first on or off.
    pub fn set_predict(&self, on: bool) {
        self.w.predict.set(on);
    }

    /// Holds back a change for the learner's prediction, or lets go of it.
    pub fn set_pending(&self, pending: Option<(Change, Field)>) {
        self.w.pending.set(pending);
    }

    /// Sets the seed practice questions are drawn from.
    pub fn set_practice_seed(&self, seed: u64) {
        self.w.practice_seed.set(seed);
    }

    /// Follows the exercise set a link opened (`quiz=`), or none.
    pub fn set_quiz_set(&self, set: Option<String>) {
        self.w.quiz_set.set(set);
    }

    /// Replaces the exercise set being put together.
    pub fn set_exercises(&self, questions: Vec<Question>) {
        self.w.exercises.set(questions);
    }

    /// Edits the exercise set being put together.
    pub fn update_exercises(&self, edit: impl FnOnce(&mut Vec<Question>)) {
        self.w.exercises.update(edit);
    }
}
