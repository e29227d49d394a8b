//! The ring as an SVG document: the picture the canvas paints, with the same shapes at the same
//! places, its writing as text, and its colours as classes or written in.

use std::fs;
use std::path::PathBuf;

use ringlab::core::{Change, HashScheme, Key, RingSize, Scenario, Server};
use ringlab::draw::geometry::{Anchor, Frame};
use ringlab::draw::palette::{DARK, LIGHT};
use ringlab::draw::picture::{Focus, KeyLayer, Picture};
use ringlab::draw::style::Style;
use ringlab::draw::svg::{page_stylesheet, write, Options, Styling, Words};
use roxmltree::{Document, Node};

const FRAME: Frame = Frame { side: 480.0 };
/// Coordinates are written to a hundredth of a pixel.
const WRITTEN: f64 = 0.005 + 1e-9;

fn svg(scenario: &Scenario, picture: &Picture, styling: Styling, frame: Frame) -> String {
    let words = Words::of(scenario, picture);
    write(
        picture,
        &Options {
            frame,
            style: Style::default(),
            styling,
            words: &words,
        },
    )
}

fn light() -> Styling {
    Styling::Standalone { dark: false }
}

fn teaching(focus: &Focus) -> (Scenario, Picture) {
    let scenario = Scenario::teaching();
    let picture = Picture::new(&scenario, None, &[0, 1, 2], focus);
    (scenario, picture)
}

fn parse(text: &str) -> Document<'_> {
    Document::parse(text).unwrap_or_else(|e| panic!("the SVG is XML: {e}\n{text}"))
}

/// The elements whose class list begins with `class`.
fn marks<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class").and_then(|c| c.split(' ').next()) == Some(class))
        .collect()
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|t| t == class))
}

fn number(node: &Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} on {node:?}"))
        .parse()
        .unwrap_or_else(|e| panic!("{name} on {node:?} is a number: {e}"))
}

fn close(written: (f64, f64), geometry: (f64, f64)) -> bool {
    (written.0 - geometry.0).abs() <= WRITTEN && (written.1 - geometry.1).abs() <= WRITTEN
}

/// The points each `M` of path data `d` moves to.
fn moves(d: &str) -> Vec<(f64, f64)> {
    d.split('M')
        .skip(1)
        .map(|part| {
            let mut numbers = part
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse::<f64>().expect("a coordinate"));
            (numbers.next().unwrap(), numbers.next().unwrap())
        })
        .collect()
}

fn texts(doc: &Document, class: &str) -> Vec<String> {
    marks(doc, class)
        .iter()
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn the_teaching_ring_writes_each_servers_name_each_keys_label_and_the_tick_labels_as_text() {
    let (scenario, picture) = teaching(&Focus::default());
    let text = svg(&scenario, &picture, light(), FRAME);
    let doc = parse(&text);
    assert_eq!(texts(&doc, "server-label"), ["A", "B", "C"]);
    let mut keys = texts(&doc, "key-label");
    keys.sort();
    assert_eq!(keys, ["25", "5", "52", "68", "90"]);
    // The tick at 90 gives way to the key written beside it.
    assert_eq!(
        texts(&doc, "tick-label"),
        ["0", "10", "20", "30", "40", "50", "60", "70", "80"]
    );
    for label in marks(&doc, "tick-label") {
        assert_eq!(label.tag_name().name(), "text");
    }
}

#[test]
fn the_teaching_ring_has_an_arc_per_owner_band_in_its_servers_colour_slot() {
    let (scenario, picture) = teaching(&Focus::default());
    let doc_text = svg(&scenario, &picture, light(), FRAME);
    let doc = parse(&doc_text);
    let arcs = marks(&doc, "arc");
    assert_eq!(arcs.len(), picture.arcs.len());
    assert_eq!(arcs.len(), 3, "A, B and C own a band each");
    for band in &picture.arcs {
        let slot = format!("s{}", band.slot);
        let arc = arcs
            .iter()
            .find(|a| has_class(a, &slot))
            .unwrap_or_else(|| panic!("an arc of class {slot}"));
        assert_eq!(arc.attribute("stroke"), Some(LIGHT.server(band.slot)));
        assert_eq!(arc.attribute("fill"), Some("none"));
        let start = moves(arc.attribute("d").unwrap())[0];
        assert!(close(start, FRAME.at(band.start, FRAME.ring_radius())));
        assert_eq!(number(arc, "stroke-width"), FRAME.band_width());
    }
}

#[test]
fn points_key_dots_and_labels_sit_where_the_geometry_puts_them() {
    let (scenario, picture) = teaching(&Focus::default());
    let text = svg(&scenario, &picture, light(), FRAME);
    let doc = parse(&text);
    let points = marks(&doc, "point");
    assert_eq!(points.len(), picture.points.len());
    for (node, point) in points.iter().zip(&picture.points) {
        let at = FRAME.at(point.fraction, FRAME.ring_radius());
        assert!(
            close((number(node, "cx"), number(node, "cy")), at),
            "{node:?}"
        );
        assert!((number(node, "r") - FRAME.point_radius(false)).abs() <= WRITTEN);
        assert!(has_class(node, &format!("s{}", point.slot)));
    }
    for (node, point) in marks(&doc, "server-label").iter().zip(&picture.points) {
        let at = FRAME.at(point.fraction, FRAME.server_label_radius());
        assert!(close((number(node, "x"), number(node, "y")), at));
    }
    // Each dot is a circle in its slot's path, starting from its rightmost point.
    let KeyLayer::Dots(dots) = &picture.keys else {
        panic!("five keys are dots")
    };
    let starts: Vec<(f64, f64)> = marks(&doc, "key")
        .iter()
        .flat_map(|n| moves(n.attribute("d").unwrap()))
        .collect();
    assert_eq!(starts.len(), dots.len());
    for dot in dots {
        let (x, y) = FRAME.at(dot.fraction, FRAME.key_radius(dot.lane));
        let rightmost = (x + FRAME.key_dot_radius(dot.heat), y);
        assert!(
            starts.iter().any(|s| close(*s, rightmost)),
            "no dot at {rightmost:?}"
        );
    }
    for (node, tick) in marks(&doc, "tick-label")
        .iter()
        .zip(picture.ticks.iter().filter(|t| t.label.is_some()))
    {
        let (at, anchor) = FRAME.tick_label(tick.fraction);
        assert!(close((number(node, "x"), number(node, "y")), at));
        let written = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        assert_eq!(node.attribute("text-anchor"), Some(written));
    }
}

#[test]
fn a_selected_key_has_its_walk_clockwise_to_its_owner_and_a_picture_without_one_has_none() {
    let scenario = Scenario::teaching();
    let key = scenario.keys().find("@90");
    let (_, picture) = teaching(&Focus {
        key,
        ..Focus::default()
    });
    let text = svg(&scenario, &picture, light(), FRAME);
    let doc = parse(&text);
    let walk = marks(&doc, "walk");
    assert_eq!(walk.len(), 1);
    let radius = FRAME.walk_radius();
    assert!(close(
        moves(walk[0].attribute("d").unwrap())[0],
        FRAME.at(0.9, radius)
    ));
    assert_eq!(walk[0].attribute("stroke-dasharray"), Some("6 4"));
    // 90 → 99 → 0 → 10: a fifth of a turn, ending at A's point.
    let end = &marks(&doc, "walk-end")[0];
    assert!(close(
        (number(end, "cx"), number(end, "cy")),
        FRAME.at(1.1, radius)
    ));
    assert_eq!(marks(&doc, "selected-key").len(), 1);
    assert!(text.contains("Key 90 is selected; its walk runs clockwise to A."));

    let (_, plain) = teaching(&Focus::default());
    let text = svg(&scenario, &plain, light(), FRAME);
    let doc = parse(&text);
    assert!(marks(&doc, "walk").is_empty());
    assert!(marks(&doc, "walk-end").is_empty());
    assert!(marks(&doc, "selected-key").is_empty());
}

/// A picture with a mark of nearly every kind: a change that moved a key, a selected key with
/// three copies, a selected server, a hovered position and a hot key.
fn busy() -> (Scenario, Picture) {
    let mut scenario = Scenario::teaching();
    scenario.apply("hot:@68*50".parse().unwrap()).unwrap();
    let last = scenario
        .apply(Change::AddServer {
            name: "D".into(),
            at: Some(60),
            weight: None,
        })
        .unwrap();
    let focus = Focus {
        key: scenario.keys().find("@52"),
        server: Some(1),
        hover: Some(0.33),
        replicas: 3,
        requests: true,
        ..Focus::default()
    };
    let picture = Picture::new(&scenario, Some(&last), &[0, 1, 2, 3], &focus);
    (scenario, picture)
}

#[test]
fn the_classes_styling_has_no_colour_no_style_attribute_and_no_style_element() {
    let (scenario, picture) = busy();
    let text = svg(&scenario, &picture, Styling::Classes, FRAME);
    assert!(!text.contains("style="), "{text}");
    assert!(!text.contains("<style"), "{text}");
    assert!(!text.contains('#'), "no colour is written in:\n{text}");
    let doc = parse(&text);
    for node in doc.descendants().filter(|n| n.is_element()) {
        assert_eq!(node.attribute("stroke"), None, "{node:?}");
        assert!(matches!(node.attribute("fill"), None | Some("none")));
    }
    for class in ["moved", "selected-key", "hot", "badge", "hover"] {
        assert!(
            !marks(&doc, class).is_empty(),
            "the busy picture has a {class}"
        );
    }
}

#[test]
fn every_shape_of_the_classes_styling_is_coloured_by_a_rule_of_the_page_stylesheet() {
    let css = page_stylesheet();
    let mut big = Scenario::teaching();
    big.apply(Change::GenerateKeys { count: 5000 }).unwrap();
    let last = big
        .apply(Change::RemoveServer { name: "B".into() })
        .unwrap();
    let density = Picture::new(&big, Some(&last), &[0, 2], &Focus::default());
    assert!(matches!(density.keys, KeyLayer::Density { .. }));
    let (scenario, picture) = busy();
    for (scenario, picture) in [(&scenario, &picture), (&big, &density)] {
        let text = svg(scenario, picture, Styling::Classes, FRAME);
        let doc = parse(&text);
        for node in doc.descendants().filter(|n| n.is_element()) {
            let Some(class) = node.attribute("class") else {
                continue;
            };
            let tokens: Vec<&str> = class.split(' ').collect();
            if matches!(node.tag_name().name(), "svg" | "g") {
                continue;
            }
            let slot = tokens.iter().find(|t| {
                t.len() == 2 && t.starts_with('s') && t[1..].chars().all(|c| c.is_ascii_digit())
            });
            let selector = match slot {
                Some(slot) => format!(".ringlab-ring .{}.{slot}{{", tokens[0]),
                None => format!(".ringlab-ring .{}{{", tokens[0]),
            };
            assert!(css.contains(&selector), "no rule {selector} for {node:?}");
        }
    }
}

#[test]
fn the_standalone_styling_is_xml_with_a_view_box_a_size_a_title_a_description_and_its_colours() {
    let (scenario, picture) = busy();
    for (dark, palette) in [(false, LIGHT), (true, DARK)] {
        let text = svg(&scenario, &picture, Styling::Standalone { dark }, FRAME);
        let doc = parse(&text);
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        assert_eq!(root.attribute("viewBox"), Some("0 0 480 480"));
        assert_eq!(root.attribute("width"), Some("480"));
        assert_eq!(root.attribute("height"), Some("480"));
        assert_eq!(root.attribute("role"), Some("img"));
        let words = Words::of(&scenario, &picture);
        let children: Vec<Node> = root.children().filter(|n| n.is_element()).collect();
        assert_eq!(children[0].tag_name().name(), "title");
        assert_eq!(children[0].text(), Some(words.title.as_str()));
        assert_eq!(children[1].tag_name().name(), "desc");
        assert_eq!(children[1].text(), Some(words.description.as_str()));
        assert!(words.description.contains("1 key moved on the last change"));
        assert_eq!(
            marks(&doc, "background")[0].attribute("fill"),
            Some(palette.background)
        );
        let badge_ranks = texts(&doc, "badge-label");
        assert_eq!(badge_ranks, ["1", "2", "3"]);
        for badge in marks(&doc, "badge") {
            assert_eq!(badge.attribute("fill"), Some(palette.background));
        }
        // Every colour written in is one of the palette's.
        let colours: Vec<&str> = palette
            .servers
            .iter()
            .copied()
            .chain([palette.background, palette.ink, palette.muted, palette.halo])
            .collect();
        for node in doc.descendants().filter(|n| n.is_element()) {
            for name in ["fill", "stroke"] {
                if let Some(colour) = node.attribute(name).filter(|c| *c != "none") {
                    assert!(colours.contains(&colour), "{colour} on {node:?}");
                }
            }
        }
    }
}

#[test]
fn labels_with_markup_characters_are_escaped_and_read_back_whole() {
    // A server's name may hold a quote but no other markup character; a key's label may hold
    // any of them.
    let (name, key) = ("O'Neil", "x<&\"'>");
    let servers = vec![Server::at(name, 10), Server::at("C", 60)];
    let mut scenario =
        Scenario::new(RingSize::TEACHING, HashScheme::default(), 1, servers).unwrap();
    scenario.insert_keys(vec![Key::Named(key.into())]).unwrap();
    let picture = Picture::new(&scenario, None, &[0, 2], &Focus::default());
    for styling in [Styling::Classes, light()] {
        let text = svg(&scenario, &picture, styling, FRAME);
        assert!(text.contains(">O&apos;Neil</text>"), "{text}");
        assert!(
            text.contains(">x&lt;&amp;&quot;&apos;&gt;</text>"),
            "{text}"
        );
        let doc = parse(&text);
        assert!(texts(&doc, "server-label").contains(&name.to_string()));
        assert_eq!(texts(&doc, "key-label"), [key]);
        let description = doc
            .descendants()
            .find(|n| n.has_tag_name("desc"))
            .and_then(|n| n.text())
            .unwrap();
        assert!(
            description.contains(&format!("{key} on {name}")),
            "{description}"
        );
    }
}

#[test]
fn presentation_mode_writes_thicker_lines_larger_type_and_the_quiet_marks_in_ink() {
    let (scenario, picture) = teaching(&Focus::default());
    let words = Words::of(&scenario, &picture);
    let write_in = |present: bool| {
        write(
            &picture,
            &Options {
                frame: FRAME,
                style: Style { present },
                styling: light(),
                words: &words,
            },
        )
    };
    let (normal, present) = (write_in(false), write_in(true));
    let (normal, present) = (parse(&normal), parse(&present));
    let ring = |doc: &Document| number(&marks(doc, "ring-line")[0], "stroke-width");
    assert!((ring(&present) / ring(&normal) - 1.6).abs() < 1e-9);
    let size = |doc: &Document| number(&marks(doc, "tick-label")[0], "font-size");
    assert!(size(&present) >= 20.0 && size(&normal) < 20.0);
    let tick = |doc: &Document| {
        marks(doc, "tick-label")[0]
            .attribute("fill")
            .unwrap()
            .to_string()
    };
    assert_eq!(tick(&normal), LIGHT.muted);
    assert_eq!(tick(&present), LIGHT.ink);
    assert!(has_class(&present.root_element(), "present"));
}

/// The golden file `tests/fixtures/svg/NAME`; `RINGLAB_WRITE_GOLDEN=1` writes it anew.
fn golden(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/svg")
        .join(name);
    if std::env::var_os("RINGLAB_WRITE_GOLDEN").is_some() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
    }
    let expected = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (RINGLAB_WRITE_GOLDEN=1 cargo test --test svg writes it)",
            path.display()
        )
    });
    assert!(
        text == expected,
        "the SVG differs from {}; if the change is meant, write it again with \
         RINGLAB_WRITE_GOLDEN=1 cargo test --test svg\n{text}",
        path.display()
    );
}

#[test]
fn the_teaching_ring_after_d_joins_with_key_90_selected_is_written_as_its_golden_file() {
    let mut scenario = Scenario::teaching();
    let last = scenario
        .apply(Change::AddServer {
            name: "D".into(),
            at: Some(60),
            weight: None,
        })
        .unwrap();
    let focus = Focus {
        key: scenario.keys().find("@90"),
        ..Focus::default()
    };
    let picture = Picture::new(&scenario, Some(&last), &[0, 1, 2, 3], &focus);
    let frame = Frame { side: 240.0 };
    golden(
        "teaching-d-joins.svg",
        &svg(&scenario, &picture, light(), frame),
    );
    golden(
        "teaching-d-joins-classes.svg",
        &svg(&scenario, &picture, Styling::Classes, frame),
    );
}

#[test]
fn the_inline_styling_is_the_standalone_drawing_without_its_xml_declaration() {
    let (scenario, picture) = busy();
    for dark in [false, true] {
        let standalone = svg(&scenario, &picture, Styling::Standalone { dark }, FRAME);
        let inline = svg(&scenario, &picture, Styling::Inline { dark }, FRAME);
        assert!(standalone.starts_with("<?xml "));
        assert!(inline.starts_with("<svg "), "an element for an HTML page");
        assert_eq!(
            standalone.split_once('\n').map(|(_, rest)| rest),
            Some(inline.as_str())
        );
    }
}
