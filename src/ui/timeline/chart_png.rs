//! Saving a chart as a PNG. The chart is SVG coloured by the stylesheet, so a copy of it takes
//! each element's computed colours, strokes and fonts as attributes (an SVG drawn as an image
//! sees no stylesheet), gets the page's background behind it, and is drawn at the chart's own
//! size into an offscreen canvas from a `data:` URL (the page's Content Security Policy allows
//! `img-src data:`), whose PNG is then offered as a file.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The computed properties copied onto each element of the chart's copy.
const COPIED: [&str; 14] = [
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "paint-order",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "visibility",
];

/// Saves the chart whose container has `data-testid=testid` as a PNG called `name`.
pub fn save_chart_png(testid: &str, name: &'static str) {
    let selector = format!("[data-testid=\"{testid}\"] svg.chart-svg");
    let Ok(Some(svg)) = document().query_selector(&selector) else {
        return;
    };
    let Some(markup) = styled_copy(&svg) else {
        return;
    };
    let width = svg
        .get_attribute("width")
        .and_then(|w| crate::core::parse_decimal(&w));
    let height = svg
        .get_attribute("height")
        .and_then(|h| crate::core::parse_decimal(&h));
    let (Some(width), Some(height)) = (width, height) else {
        return;
    };
    let Ok(image) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let drawn = image.clone();
    let onload = Closure::once_into_js(move || {
        let Ok(element) = document().create_element("canvas") else {
            return;
        };
        let Ok(canvas) = element.dyn_into::<web_sys::HtmlCanvasElement>() else {
            return;
        };
        canvas.set_width(width.round() as u32);
        canvas.set_height(height.round() as u32);
        let Some(context) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        if context
            .draw_image_with_html_image_element(&drawn, 0.0, 0.0)
            .is_ok()
        {
            if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                crate::ui::kit::browser::download(&url, name);
            }
        }
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(&markup)
    ));
}

/// The SVG's markup with its computed styles written in and the page's background behind it.
fn styled_copy(svg: &web_sys::Element) -> Option<String> {
    let copy = svg
        .clone_node_with_deep(true)
        .ok()?
        .dyn_into::<web_sys::Element>()
        .ok()?;
    let originals = svg.query_selector_all("*").ok()?;
    let copies = copy.query_selector_all("*").ok()?;
    let window = window();
    for i in 0..originals.length().min(copies.length()) {
        let (Some(from), Some(to)) = (originals.item(i), copies.item(i)) else {
            continue;
        };
        let (Ok(from), Ok(to)) = (
            from.dyn_into::<web_sys::Element>(),
            to.dyn_into::<web_sys::Element>(),
        ) else {
            continue;
        };
        let Ok(Some(style)) = window.get_computed_style(&from) else {
            continue;
        };
        for property in COPIED {
            if let Ok(value) = style.get_property_value(property) {
                if !value.is_empty() {
                    let _ = to.set_attribute(property, &value);
                }
            }
        }
    }
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    // The page's background, so that light text in dark mode stays readable in the file.
    let background = document()
        .body()
        .and_then(|body| window.get_computed_style(&body).ok().flatten())
        .and_then(|s| s.get_property_value("background-color").ok())
        .filter(|c| !c.is_empty() && c != "rgba(0, 0, 0, 0)")
        .unwrap_or_else(|| "#ffffff".to_string());
    let rect = document()
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "rect")
        .ok()?;
    for (name, value) in [
        ("x", "0"),
        ("y", "0"),
        ("width", "100%"),
        ("height", "100%"),
        ("fill", background.as_str()),
    ] {
        let _ = rect.set_attribute(name, value);
    }
    let _ = copy.insert_before(&rect, copy.first_child().as_ref());
    let serializer = web_sys::XmlSerializer::new().ok()?;
    serializer.serialize_to_string(&copy).ok()
}
