//! The `ringlab` command: run a consistent-hashing experiment from a shell and read the numbers.
//!
//! Everything about the ring is computed by the engine in `ringlab::core`; this program only
//! turns flags into a scenario and a [`Change`](ringlab::core::Change), and the engine's answer
//! into tables or JSON.

#[cfg(not(target_arch = "wasm32"))]
mod answers;
#[cfg(not(target_arch = "wasm32"))]
mod batches;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod compare;
#[cfg(not(target_arch = "wasm32"))]
mod experiment;
#[cfg(not(target_arch = "wasm32"))]
mod facts;
#[cfg(not(target_arch = "wasm32"))]
mod failure;
#[cfg(not(target_arch = "wasm32"))]
mod figure;
#[cfg(not(target_arch = "wasm32"))]
mod figure_args;
#[cfg(not(target_arch = "wasm32"))]
mod flags;
#[cfg(not(target_arch = "wasm32"))]
mod json;
#[cfg(not(target_arch = "wasm32"))]
mod keystream;
#[cfg(not(target_arch = "wasm32"))]
mod lesson;
#[cfg(not(target_arch = "wasm32"))]
mod lesson_args;
#[cfg(not(target_arch = "wasm32"))]
mod lookup;
#[cfg(not(target_arch = "wasm32"))]
mod named;
#[cfg(not(target_arch = "wasm32"))]
mod pipeline;
#[cfg(not(target_arch = "wasm32"))]
mod plan;
#[cfg(not(target_arch = "wasm32"))]
mod plan_args;
#[cfg(not(target_arch = "wasm32"))]
mod pose;
#[cfg(not(target_arch = "wasm32"))]
mod quiz;
#[cfg(not(target_arch = "wasm32"))]
mod report;
#[cfg(not(target_arch = "wasm32"))]
mod requests;
#[cfg(not(target_arch = "wasm32"))]
mod series_args;
#[cfg(not(target_arch = "wasm32"))]
mod svg;
#[cfg(not(target_arch = "wasm32"))]
mod svg_args;
#[cfg(not(target_arch = "wasm32"))]
mod sweep;
#[cfg(not(target_arch = "wasm32"))]
mod system_flags;
#[cfg(not(target_arch = "wasm32"))]
mod tally;
#[cfg(not(target_arch = "wasm32"))]
mod text;
#[cfg(not(target_arch = "wasm32"))]
mod timeline;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

/// The command line has no meaning in the browser; the app there is `ringlab-app`.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::{self, Write};
    use std::process::ExitCode;

    use clap::error::ErrorKind;
    use clap::{CommandFactory, FromArgMatches};

    use crate::cli::{Cli, Command};
    use crate::experiment::Failure;

    /// Exit status for a command line or input that was refused.
    const REFUSED: u8 = 2;
    /// Exit status for a file that could not be read or output that could not be written.
    const IO_FAILED: u8 = 1;

    pub fn main() -> ExitCode {
        let cli = match crate::flags::with_whole_groups(Cli::command())
            .try_get_matches()
            .and_then(|matches| Cli::from_arg_matches(&matches))
        {
            Ok(cli) => cli,
            Err(error) => return parse_failure(&error),
        };
        let output = match cli.command {
            Command::Experiment(command) => crate::report::facts(&command).map(|facts| {
                let text = if command.experiment.json {
                    crate::json::render(&facts)
                } else {
                    crate::text::render(&facts)
                };
                // A million keys freed one by one would only delay the report.
                std::mem::forget(facts);
                text
            }),
            Command::Compare(args) => crate::compare::run(&args),
            Command::Lookup(args) => {
                // The lines go out as the keys are looked up, never gathered whole.
                return match crate::lookup::run(&args, &mut io::stdout().lock()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(failure) => fail(&failure),
                };
            }
            Command::Quiz(args) => crate::quiz::run(&args),
            Command::Lesson(args) => crate::lesson::run(&args),
            Command::Timeline(args) => crate::timeline::run(&args),
            Command::Sweep(args) => crate::sweep::run(&args),
            Command::Svg(args) => crate::svg::run(&args),
            Command::Figure(args) => crate::figure::run(&args),
            Command::Plan(args) => crate::plan::run(&args),
        };
        match output {
            Ok(text) => emit(&text),
            Err(failure) => fail(&failure),
        }
    }

    /// Help and version go out as clap writes them; any other parse error becomes one line.
    fn parse_failure(error: &clap::Error) -> ExitCode {
        match error.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                // A closed pipe while printing help is not worth reporting.
                let _ = error.print();
                ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(REFUSED))
            }
            _ => {
                let message = one_line(&error.render().to_string());
                say(&format!("{message} (try --help)"));
                ExitCode::from(REFUSED)
            }
        }
    }

    /// Joins clap's error lines into one, leaving out the usage reminder.
    fn one_line(rendered: &str) -> String {
        let mut parts: Vec<&str> = Vec::new();
        for line in rendered.lines().map(str::trim) {
            if line.is_empty()
                || line.starts_with("Usage:")
                || line.starts_with("For more information")
            {
                continue;
            }
            parts.push(line);
        }
        let mut text = String::new();
        for part in parts {
            if !text.is_empty() {
                text.push_str(if text.ends_with(':') { " " } else { "; " });
            }
            text.push_str(part);
        }
        text
    }

    fn fail(failure: &Failure) -> ExitCode {
        match failure {
            Failure::Refused(message) => {
                say(&format!("error: {message}"));
                ExitCode::from(REFUSED)
            }
            Failure::Unreadable(message) => {
                say(&format!("error: {message}"));
                ExitCode::from(IO_FAILED)
            }
        }
    }

    /// Writes one line to standard error, quietly giving up if even that is closed.
    fn say(line: &str) {
        let _ = writeln!(io::stderr().lock(), "{line}");
    }

    /// Writes the whole report; a reader that stops early (`| head`) is not an error.
    fn emit(output: &str) -> ExitCode {
        let mut stdout = io::stdout().lock();
        match stdout
            .write_all(output.as_bytes())
            .and_then(|()| stdout.flush())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(error) => {
                say(&format!("error: cannot write the report: {error}"));
                ExitCode::from(IO_FAILED)
            }
        }
    }
}
