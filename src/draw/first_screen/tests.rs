use super::*;

fn first_screen() -> String {
    write(
        &Scenario::teaching(),
        &Shell {
            lessons: &["The ring by hand", "Adding a fifth cache"],
        },
    )
}

#[test]
fn the_starting_ring_its_servers_keys_and_shares_are_written_as_text() {
    let html = first_screen();
    for name in ["A", "B", "C"] {
        assert!(
            html.contains(&format!(">{name}</text>")),
            "server {name} on the ring"
        );
    }
    for key in ["90", "52", "68", "25", "5"] {
        assert!(
            html.contains(&format!(">{key}</text>")),
            "key {key} on the ring"
        );
    }
    assert!(html.contains("<td class=\"num\" data-first-share=\"A\">35%</td>"));
    assert!(html.contains("<td class=\"num\" data-first-share=\"B\">30%</td>"));
    assert!(html.contains("<td class=\"num\" data-first-share=\"C\">35%</td>"));
    assert!(html.contains(ring_labels::NO_CHANGE_YET));
    assert!(html.contains(
        "Share of the ring (100 positions) and of the 5 keys. The dashed mark is the even share"
    ));
    assert!(html.contains("<dd>1.05×</dd>"));
    assert!(html.contains("<dd>7.1%</dd>"));
}

#[test]
fn the_ring_is_written_once_for_each_side_the_page_may_show() {
    let html = first_screen();
    for side in SIDES {
        assert_eq!(
            html.matches(&format!("class=\"first-ring side-{side}\""))
                .count(),
            1
        );
        assert!(html.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
    }
    assert_eq!(html.matches("<svg xmlns").count(), SIDES.len());
}

#[test]
fn it_is_inert_and_needs_no_inline_script_or_style() {
    let html = first_screen();
    for banned in ["<script", "<style", " style=", "onclick", "href=", " id="] {
        assert!(!html.contains(banned), "{banned} in the first screen");
    }
    // Every element at the top of it is marked, so the app can take each one away.
    let tops: Vec<&str> = html
        .lines()
        .filter(|l| l.starts_with("<header") || l.starts_with("<main"))
        .collect();
    assert_eq!(tops.len(), 2);
    for top in tops {
        assert!(top.contains(CLASS) && !top.contains("inert"), "{top}");
    }
    // What cannot work yet is in its place but not shown.
    assert!(html.contains("<nav class=\"views pending\">"));
    assert!(html.contains("<div class=\"header-actions pending\">"));
    assert!(html.contains("<option>Adding a fifth cache</option>"));
}

#[test]
fn the_stylesheet_colours_the_ring_and_the_swatches_in_both_schemes() {
    let css = stylesheet();
    assert!(css.starts_with(&svg::page_stylesheet()));
    assert!(css.contains(".first-screen .swatch.s0{background:#0072B2}"));
    assert!(css.contains(".first-screen .bar-fill.s2{fill:#009E73}"));
    let dark = css
        .split("@media (prefers-color-scheme: dark)")
        .nth(2)
        .unwrap();
    assert!(dark.contains(".first-screen .swatch.s0{background:#56B4E9}"));
}
