//! `lookup`'s answer, a line per key written as the keys are looked up: a megabyte of lines at
//! a time, never the whole answer, so a hundred million keys need no more memory than ten.
//!
//! A reader that stops early (`| head`) is not an error: the lines stop and the command ends
//! as if it had written them all.

use std::fmt::Write as _;
use std::io::{self, Write};

use ringlab::core::{copies_note, Scenario};

use crate::failure::Failure;

/// How many bytes of lines are gathered before they are written.
const BUFFER: usize = 1 << 20;

/// The lines of `lookup`, on their way out.
pub struct Answers<'a> {
    out: &'a mut dyn Write,
    detail: bool,
    replicas: usize,
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
            detail,
            replicas,
            buffer: String::with_capacity(BUFFER + 4096),
            noted: false,
            closed: false,
        }
    }

    /// Whether the reader stopped reading: the rest need not be looked up.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// A line for each of the keys `asked`, ids of `scenario`'s keys, in that order. Before the
    /// first line, what the answer does not take in goes to standard error.
    pub fn write(
        &mut self,
        scenario: &Scenario,
        asked: impl IntoIterator<Item = u32>,
    ) -> Result<(), Failure> {
        if !self.noted {
            self.noted = true;
            for note in notes(scenario, self.replicas) {
                eprintln!("note: {note}");
            }
        }
        let placed = scenario.placed();
        let set = scenario.keys();
        for id in asked {
            if self.closed {
                break;
            }
            let owner = placed.owner_of_key(set, id);
            let out = &mut self.buffer;
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
            if self.buffer.len() >= BUFFER {
                self.send()?;
            }
        }
        Ok(())
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

/// What the answer does not take in, said beside it (standard error: the lines stay
/// KEY<TAB>SERVER for a program to read).
fn notes(scenario: &Scenario, replicas: usize) -> Vec<String> {
    let mut notes = crate::experiment::placement_notes(scenario);
    notes.extend(copies_note(replicas, scenario.servers().len()));
    notes
}
