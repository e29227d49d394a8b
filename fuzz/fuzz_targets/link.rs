//! The link reader: any query string. It never fails (what it cannot read is skipped and said
//! in a few notes), and the scenario it gives writes back to a link that reads again to the
//! same scenario, with nothing left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::{read_link, write_link};
use ringlab_fuzz::words_about;

/// The keys a link may ask for here. A link states its own work (`gen=2000000` asks for two
/// million keys, which the page generates in steps with a progress bar); the cap keeps the time
/// an input takes about the reading.
const MAX_KEYS: usize = 20_000;

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    let link = read_link(&query, MAX_KEYS);
    assert!(link.ignored.len() <= ringlab::core::MAX_NOTES);
    for note in &link.ignored {
        words_about(note, &query);
    }
    assert!(link.scenario.keys().len() <= MAX_KEYS);

    let written = write_link(&link.scenario, None, &[]);
    let again = read_link(&written, MAX_KEYS);
    assert!(again.ignored.is_empty(), "{written} reads with notes: {:?}", again.ignored);
    assert!(again.scenario == link.scenario, "{written} reads to another scenario");

    // The scenario before the link's last change, and the change, give the same again.
    if let (Some(before), Some(last)) = (&link.before, &link.last) {
        let written = write_link(before, last.change.as_ref(), &[]);
        let again = read_link(&written, MAX_KEYS);
        assert!(again.ignored.is_empty(), "{written} reads with notes: {:?}", again.ignored);
        assert!(again.scenario == link.scenario, "{written} replays to another scenario");
    }
});
