//! A chapter made over: figures, buttons and steps for the html renderer, stills and words for
//! the others, every other byte as the author wrote it.

use mdbook_ringlab::{transform, Output};

const LINK: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

fn live(text: &str) -> String {
    transform(text, Output::Live).unwrap().content
}

fn stills(text: &str) -> String {
    transform(text, Output::Stills).unwrap().content
}

/// The chapter's problems as `line N: message`.
fn problems(text: &str) -> Vec<String> {
    transform(text, Output::Live)
        .unwrap_err()
        .into_iter()
        .map(|p| format!("line {}: {}", p.line, p.message))
        .collect()
}

fn fence(lines: &str) -> String {
    format!("```ringlab\nlink: {LINK}\n{lines}```\n")
}

#[test]
fn a_fence_becomes_the_figure_element_with_its_still_as_an_html_block_of_its_own() {
    let text = format!(
        "# Three servers\n\nWords before.\n{}Words after.\n",
        fence("panels: last, ownership\nlabel: Figure 1: three servers\nid: three\ngroup: joins\n")
    );
    let out = live(&text);
    let start = out.find("<ringlab-figure").unwrap();
    let end = out.find("</ringlab-figure>\n").unwrap() + "</ringlab-figure>\n".len();
    assert_eq!(
        &out[..start],
        "# Three servers\n\nWords before.\n\n",
        "a blank line before it"
    );
    assert_eq!(&out[end..], "\nWords after.\n", "and one after it");
    let element = &out[start..end];
    assert!(element.starts_with(
        "<ringlab-figure id=\"three\" label=\"Figure 1: three servers\" group=\"joins\" \
         link=\"ring=100&amp;servers=A@10,B@40,C@75&amp;keys=@90,@52,@68,@25,@5\" panels=\"last, ownership\">\n  <svg "
    ));
    assert!(element.contains("<title>Hash ring of 100 positions with 3 servers and 5 keys</title>"));
    assert!(
        !element.trim_end().contains("\n\n"),
        "no blank line inside the block"
    );
    assert_eq!(transform(&text, Output::Live).unwrap().figures, 1);
}

#[test]
fn the_size_line_draws_the_still_at_that_side() {
    let out = live(&fence("size: 400\n"));
    assert!(out.contains("viewBox=\"0 0 400 400\" width=\"400\" height=\"400\""));
}

#[test]
fn a_link_to_ringlab_becomes_a_button_that_keeps_its_words_markdown() {
    let text = format!(
        "{}\nTry [adding *E*](ringlab:add:E), [one each](ringlab:vnodes:1 \"group:points\") \
         or [back](ringlab:undo \"mod-n\").\n\n{}",
        fence("id: mod-n\n"),
        fence("group: points\n")
    );
    let out = live(&text);
    assert!(out.contains(
        "Try <button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"add:E\" \
         data-ringlab-figure=\"mod-n\">adding *E*</button>, \
         <button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"vnodes:1\" \
         data-ringlab-group=\"points\">one each</button> or \
         <button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"undo\" \
         data-ringlab-figure=\"mod-n\">back</button>.\n"
    ));
}

#[test]
fn a_step_paragraph_becomes_the_step_element_around_its_own_words() {
    let text = format!(
        "{}\n{{{{#ringlab-step add:D@60}}}}\nD is *now* on the ring.\nKey 52 moves.\n- a list right after\n",
        fence("id: d-joins\n")
    );
    let out = live(&text);
    assert!(
        out.contains(
            "\n\n<div class=\"ringlab-step\" data-ringlab-step=\"add:D@60\" data-ringlab-figure=\"d-joins\">\n\n\
             D is *now* on the ring.\nKey 52 moves.\n\n</div>\n\n- a list right after\n"
        ),
        "{out}"
    );
}

#[test]
fn a_step_names_its_target_as_its_second_word() {
    let text = format!(
        "{}{}\n{{{{#ringlab-step remove:B first}}}} B leaves.\n\n{{{{#ringlab-step vnodes:10 group:g}}}} Ten each.\n",
        fence("id: first\n"),
        fence("group: g\n")
    );
    let out = live(&text);
    assert!(out.contains(
        "data-ringlab-step=\"remove:B\" data-ringlab-figure=\"first\">\n\nB leaves.\n\n</div>"
    ));
    assert!(out.contains(
        "data-ringlab-step=\"vnodes:10\" data-ringlab-group=\"g\">\n\nTen each.\n\n</div>"
    ));
}

#[test]
fn controls_without_a_target_change_the_nearest_figure_above_which_gets_an_id() {
    let text = format!(
        "{}[one](ringlab:add:D)\n\n{}\n{}[two](ringlab:add:E)\n\n{{{{#ringlab-step add:F}}}} three\n",
        fence(""),
        fence("id: ringlab-figure-3\n"),
        fence("")
    );
    let out = live(&text);
    // The first figure is the first; the third's own number is taken, so it gets the next.
    assert!(out.contains("<ringlab-figure id=\"ringlab-figure-1\""));
    assert!(
        out.contains("data-ringlab-apply=\"add:D\" data-ringlab-figure=\"ringlab-figure-1\">one")
    );
    assert!(out.contains("<ringlab-figure id=\"ringlab-figure-4\""));
    assert!(
        out.contains("data-ringlab-apply=\"add:E\" data-ringlab-figure=\"ringlab-figure-4\">two")
    );
    assert!(out.contains("data-ringlab-step=\"add:F\" data-ringlab-figure=\"ringlab-figure-4\""));
    // A figure no control finds by place keeps having no id.
    assert_eq!(out.matches("<ringlab-figure link=").count(), 0);
    let plain = live(&fence(""));
    assert!(plain.contains("<ringlab-figure link="));
}

#[test]
fn everything_around_the_figures_and_controls_stays_byte_for_byte() {
    let before = "# Title  \r\n\n*Intro*   with  spaces\t\n\n```rust\nfn main() {}\n```\n\n";
    let between =
        "\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [a link](https://example.org \"t\") and ";
    let after = " then `{{#ringlab-step add:E}}` as code.\n\n<!-- a comment -->\n";
    let text = format!(
        "{before}{}{between}[add](ringlab:add:E){after}",
        fence("id: f\n")
    );
    let out = live(&text);
    assert!(out.starts_with(before));
    assert!(out.ends_with(after));
    assert!(out.contains(between));
    assert!(out.contains("<button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"add:E\" data-ringlab-figure=\"f\">add</button>"));
    let none = "# No figures\n\nJust [words](https://example.org).\n";
    assert_eq!(live(none), none);
    assert_eq!(transform(none, Output::Live).unwrap().figures, 0);
}

#[test]
fn a_figure_and_a_step_inside_a_quoted_list_stay_inside_it() {
    let text = format!(
        "> - ```ringlab\n>   link: {LINK}\n>   id: q\n>   ```\n>\n>   {{{{#ringlab-step add:E}}}} In the quote.\n"
    );
    let out = live(&text);
    for line in out.lines() {
        assert!(line.starts_with('>'), "{line:?} left the quote");
    }
    assert!(out.contains(">   <ringlab-figure id=\"q\""));
    assert!(out.contains(">   <div class=\"ringlab-step\" data-ringlab-step=\"add:E\" data-ringlab-figure=\"q\">\n>\n>   In the quote.\n>\n>   </div>\n>"));
}

#[test]
fn other_renderers_get_the_still_the_buttons_words_and_the_steps_paragraph() {
    let text = format!(
        "{}\nTry [adding *E*](ringlab:add:E) or <ringlab:hot:key-0*1000>.\n\n{{{{#ringlab-step add:D@60}}}}\nD joins.\n",
        fence("id: f\nlabel: Figure 1\n")
    );
    let out = stills(&text);
    assert!(
        out.starts_with("\n<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{out}"
    );
    assert!(!out.contains("ringlab-figure"));
    assert!(!out.contains("<button") && !out.contains("ringlab-step") && !out.contains("<script"));
    assert!(
        out.contains("</svg>\n\n\nTry adding *E* or hot:key\\-0\\*1000.\n\nD joins.\n"),
        "{out}"
    );
}

#[test]
fn each_fence_problem_is_said_at_its_line() {
    let text = format!(
        "# Joins\n\n```ringlab\nlink: {LINK}\nsise: 320\nlabel Figure 1\nlabel: a\nlabel: b\nsize: big\n```\n"
    );
    assert_eq!(
        problems(&text),
        [
            "line 5: \"sise: 320\" is not a figure's line: expected one of link:, panels:, label:, id:, group:, size:",
            "line 6: \"label Figure 1\" is not a figure's line: a line is a key, a colon and a value; expected one of link:, panels:, label:, id:, group:, size:",
            "line 8: label: is given twice, here and on line 7: a figure has one label",
            "line 9: size: \"big\" is not a number of pixels, such as size: 320",
        ]
    );
    let no_link = problems("Text\n\n```ringlab\nid: x\n```\n");
    assert_eq!(no_link.len(), 1);
    assert!(no_link[0].starts_with("line 3: a figure needs a link: line"));
}

#[test]
fn what_the_figure_could_not_read_is_said_at_the_line_of_its_key() {
    let text = "\n```ringlab\nlink: ring=100&vnodes=many\npanels: last, charts\nid: two words\ngroup: a b\nsize: 50\n```\n";
    let found = problems(text);
    let prefixes: Vec<&str> = found
        .iter()
        .map(|p| &p[..p.find(": ").unwrap() + 2 + 6])
        .collect();
    assert_eq!(
        prefixes,
        [
            "line 3: link: ",
            "line 4: panels",
            "line 5: id: \"t",
            "line 6: group:",
            "line 7: size: "
        ]
    );
}

#[test]
fn a_selected_key_that_is_not_on_the_ring_is_the_links_problem_told_with_the_others() {
    let found = problems(&format!(
        "```ringlab\n# the key @11 is not there\nlink: {LINK}&select=@11\n```\n\n[typo](ringlab:ad:E)\n"
    ));
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0], "line 3: link: there is no key @11.");
    assert!(found[1].starts_with("line 6: \"ad:E\" is not a change"));
}

#[test]
fn two_figures_with_one_id_are_refused_at_the_second() {
    let text = format!("{}\n{}", fence("id: same\n"), fence("id: same\n"));
    assert_eq!(
        problems(&text),
        ["line 8: id: \"same\" is already the id of the figure on line 1: each figure of a chapter has an id of its own"]
    );
}

#[test]
fn controls_that_ask_the_impossible_are_refused_at_their_line() {
    let text = format!(
        "[too early](ringlab:add:E)\n\n{{{{#ringlab-step add:E}}}} also too early\n\n{}\n\
         [typo](ringlab:make:faster)\n\n[lost](ringlab:add:E \"nowhere\")\n\n\
         [nobody](ringlab:add:E \"group:none\")\n\n{{{{#ringlab-step bogus first}}}} words\n\n\
         {{{{#ringlab-step add:E nowhere}}}} words\n",
        fence("id: first\n")
    );
    let found = problems(&text);
    assert_eq!(found.len(), 7, "{found:#?}");
    assert!(found[0]
        .starts_with("line 1: this control has no figure above it in the chapter and names none"));
    assert!(found[1].starts_with("line 3: this control has no figure above it"));
    assert!(
        found[2].starts_with("line 10: \"make:faster\" is not a change; changes look like"),
        "{found:#?}"
    );
    assert_eq!(
        found[3],
        "line 12: no figure in this chapter has the id \"nowhere\": its figures' ids are first"
    );
    assert_eq!(
        found[4],
        "line 14: no figure in this chapter is in the group \"none\""
    );
    assert!(found[5].starts_with("line 16: \"bogus\" is not a change"));
    assert!(found[6].starts_with("line 18: no figure in this chapter has the id \"nowhere\""));
}
