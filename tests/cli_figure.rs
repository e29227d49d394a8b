//! `ringlab figure`: the element for an article, with its still, and its refusals in words.

mod run;

fn ringlab(args: &[&str]) -> std::process::Output {
    run::ringlab(args, None)
}

const TEACHING: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

#[test]
fn a_figure_holds_its_attributes_and_the_still_of_its_link() {
    let link = format!("https://example.org/ringlab/?{TEACHING}&then=add:D@60");
    let output = ringlab(&[
        "figure",
        "--link",
        &link,
        "--label",
        "Figure 2: D joins",
        "--id",
        "d-joins",
        "--panels",
        "last,keys",
        "--size",
        "400",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(
        html.starts_with(
            "<ringlab-figure id=\"d-joins\" label=\"Figure 2: D joins\" \
             link=\"ring=100&amp;servers=A@10,B@40,C@75&amp;keys=@90,@52,@68,@25,@5&amp;then=add:D@60\" \
             panels=\"last,keys\">\n  <svg "
        ),
        "{html}"
    );
    assert!(html.contains("width=\"400\" height=\"400\""));
    // The still is the ring after D joined: four servers, the moved key ringed.
    assert!(html.contains("4 servers"), "{html}");
    assert!(html.contains("class=\"moved"), "{html}");
    assert!(html.trim_end().ends_with("</ringlab-figure>"));
}

#[test]
fn a_figure_that_would_open_with_notices_is_refused_with_each_problem_in_words() {
    let output = ringlab(&[
        "figure",
        "--link",
        "ring=100&servers=A@10&vnodes=lots",
        "--panels",
        "last,charts",
        "--id",
        "two words",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let said = String::from_utf8(output.stderr).unwrap();
    for words in [
        "--link: ",
        "vnodes",
        "--panels: there is no panel \"charts\"",
        "--id: \"two words\" is not a name",
    ] {
        assert!(said.contains(words), "{words} in {said}");
    }
    let output = ringlab(&["figure", "--link", TEACHING, "--size", "big"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("--size: \"big\" is not a whole number of pixels."));
}
