//! The `ringlab` binary run as a person runs it, for the command line's tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ringlab` with `args`, `input` on its standard input (none: an empty one), and waits
/// for it. The input is written beside the run, so a large one never blocks it; a command
/// refused before it reads its input closes it, and then the refusal is what counts.
pub fn ringlab(args: &[&str], input: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ringlab binary runs");
    let writer = input.map(|bytes| {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let bytes = bytes.to_vec();
        std::thread::spawn(move || stdin.write_all(&bytes))
    });
    let output = child.wait_with_output().expect("ringlab finishes");
    if let Some(Err(error)) = writer.map(|w| w.join().expect("the input is written")) {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "ringlab reads its input"
        );
    }
    output
}
