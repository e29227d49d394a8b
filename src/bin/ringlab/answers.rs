//! `lookup`'s answer, a line per key written as the keys are looked up: a megabyte of lines at
//! a time, never the whole answer, so a hundred million keys need no more memory than ten.
//!
//! A reader that stops early (`| head`) is not an error: the lines stop and the command ends
//! as if it had written them all.

use std::fmt::Write as _;
use std::io::{self, Write};

use ringlab::core::placement::Placed;
use ringlab::core::{copies_note, KeySet, Scenario};

use crate::failure::Failure;

/// How many bytes of lines are gathered before they are written.
const BUFFER: usize = 1 << 20;

/// The lines of `lookup`, on their way out.
pub struct Answers<'a> {
    out: &'a mut dyn Write,
    form: LineForm,
    buffer: String,
    /// Whether the notes beside the answer were said.
    noted: bool,
    /// Whether the reader stopped reading.
    closed: bool,
}

impl<'a> Answers<'a> {
    /// Lines for `out`: with `detail`, the key's place in the placement's own terms; with
    /// `replicas` above 1, the servers holding a copy.
    pub fn new(out: &'a mut dyn Write, detail: bool, replicas: usize) -> Answers<'a> {
        Answers {
            out,
            form: LineForm { detail, replicas },
            buffer: String::with_capacity(BUFFER + 4096),
            noted: false,
            closed: false,
        }
    }

    /// Whether the reader stopped reading: the rest need not be looked up.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// How each key's line is written: what may be sent to threads that write lines.
    pub fn form(&self) -> LineForm {
        self.form
    }

    /// Says, once and before the first line, what the answer does not take in (on standard
    /// error), `scenario` being the ring the keys are looked up on, with or without its keys.
    pub fn note(&mut self, scenario: &Scenario) {
        if !self.noted {
            self.noted = true;
            for note in notes(scenario, self.form.replicas) {
                eprintln!("note: {note}");
            }
        }
    }

    /// A line for each of the keys `asked`, ids of `scenario`'s keys, in that order. Before the
    /// first line, what the answer does not take in goes to standard error.
    pub fn write(
        &mut self,
        scenario: &Scenario,
        asked: impl IntoIterator<Item = u32>,
    ) -> Result<(), Failure> {
        self.note(scenario);
        let placed = scenario.placed();
        let set = scenario.keys();
        for id in asked {
            if self.closed {
                break;
            }
            self.form.line(&placed, set, id, &mut self.buffer);
            if self.buffer.len() >= BUFFER {
                self.send()?;
            }
        }
        Ok(())
    }

    /// Lines written elsewhere (by [`LineForm::lines`]), sent on in their turn.
    pub fn write_lines(&mut self, lines: &str) -> Result<(), Failure> {
        self.send()?;
        if self.closed || lines.is_empty() {
            return Ok(());
        }
        self.out
            .write_all(lines.as_bytes())
            .or_else(|e| self.stopped(e))
    }

    /// Writes what is left.
    pub fn finish(&mut self) -> Result<(), Failure> {
        self.send()?;
        if self.closed {
            return Ok(());
        }
        self.out.flush().or_else(|e| self.stopped(e))
    }

    /// Writes the lines gathered so far.
    fn send(&mut self) -> Result<(), Failure> {
        if self.closed || self.buffer.is_empty() {
            self.buffer.clear();
            return Ok(());
        }
        let written = self.out.write_all(self.buffer.as_bytes());
        self.buffer.clear();
        written.or_else(|e| self.stopped(e))
    }

    /// A write that failed: a closed pipe ends the answer quietly, anything else is said.
    fn stopped(&mut self, error: io::Error) -> Result<(), Failure> {
        if error.kind() == io::ErrorKind::BrokenPipe {
            self.closed = true;
            Ok(())
        } else {
            Err(Failure::Unreadable(format!(
                "cannot write the report: {error}"
            )))
        }
    }
}

/// How a key's line is written: `key<TAB>owner`, then its place in the placement's own terms
/// with `detail`, and with `replicas` above 1 the servers holding a copy.
#[derive(Debug, Clone, Copy)]
pub struct LineForm {
    detail: bool,
    replicas: usize,
}

impl LineForm {
    /// The lines of the keys `asked`, ids of `scenario`'s keys, in that order.
    pub fn lines(&self, scenario: &Scenario, asked: &[u32]) -> String {
        let placed = scenario.placed();
        let set = scenario.keys();
        let mut out = String::with_capacity(asked.len() * 24);
        for &id in asked {
            self.line(&placed, set, id, &mut out);
        }
        out
    }

    /// The line of key `id` of `set`, placed by `placed`, added to `out`.
    fn line(&self, placed: &Placed, set: &KeySet, id: u32, out: &mut String) {
        let owner = placed.owner_of_key(set, id);
        set.write_label(id, out);
        out.push('\t');
        out.push_str(&placed.names()[owner]);
        if self.detail {
            match placed.coordinate(set, id) {
                Some(c) => {
                    let _ = write!(out, "\t{c}");
                }
                None => {
                    let _ = write!(out, "\thash={}", set.hash_of(id));
                }
            }
        }
        if self.replicas > 1 {
            out.push('\t');
            for (i, server) in placed
                .preference(set, id, self.replicas)
                .into_iter()
                .enumerate()
            {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&placed.names()[server]);
            }
        }
        out.push('\n');
    }
}

/// What the answer does not take in, said beside it (standard error: the lines stay
/// KEY<TAB>SERVER for a program to read).
fn notes(scenario: &Scenario, replicas: usize) -> Vec<String> {
    let mut notes = crate::experiment::placement_notes(scenario);
    notes.extend(copies_note(replicas, scenario.servers().len()));
    notes
}
