//! Why a command could not run, as a message for people: a refused value (exit status 2) or
//! an input that could not be read (exit status 1).

use ringlab::core::Error;

/// Why an experiment could not run, as a message for people.
#[derive(Debug)]
pub enum Failure {
    /// A flag's value or the input was refused.
    Refused(String),
    /// A keys file could not be read.
    Unreadable(String),
}

impl Failure {
    /// The engine's refusal, prefixed with where it came from: `--servers: ...`.
    pub fn at(context: &str, error: Error) -> Failure {
        Failure::Refused(format!("{context}: {error}"))
    }
}
