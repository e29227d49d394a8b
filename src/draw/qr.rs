//! A view's link as a QR code, for a room to scan from the screen: presentation mode shows it,
//! large, with the address in words under it, and the Share menu saves it as SVG.
//!
//! The code is made by the `qrcode` crate at the medium level of error correction (a
//! projector's glare and a distant phone lose some of it). A link too long for a code a phone
//! reads from across a room is refused in words, with what to do instead.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode, Version};

/// The densest code offered: version 25, 117 modules a side, about 3 pixels a module at half
/// of a 720-pixel window, as far as a phone reads one from the back of a room.
pub const MOST_VERSION: i16 = 25;

/// A link as a QR code.
pub struct LinkCode {
    code: QrCode,
}

impl LinkCode {
    /// The code of `link`, or why there is none, in words.
    pub fn of(link: &str) -> Result<LinkCode, String> {
        let too_long = || {
            format!(
                "This view's link is {} characters, too long for a QR code a phone can read across a room. Save scenario keeps the view in a file to share instead.",
                crate::core::grouped(link.chars().count() as u64)
            )
        };
        let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M)
            .map_err(|_| too_long())?;
        match code.version() {
            Version::Normal(v) if v <= MOST_VERSION => Ok(LinkCode { code }),
            _ => Err(too_long()),
        }
    }

    /// Modules a side, the quiet zone aside.
    pub fn width(&self) -> usize {
        self.code.width()
    }

    /// Whether the module at column `x`, row `y` is dark.
    pub fn dark(&self, x: usize, y: usize) -> bool {
        self.code[(x, y)] == qrcode::Color::Dark
    }

    /// The code as an SVG document at least `side` pixels a side, black on white with its
    /// quiet zone, scaled to its box by the page.
    pub fn svg(&self, side: u32) -> String {
        self.code
            .render::<svg::Color<'_>>()
            .min_dimensions(side, side)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .quiet_zone(true)
            .build()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a camera reads from `code`, drawn `scale` pixels a module with its quiet zone.
    fn scanned(code: &LinkCode, scale: usize) -> String {
        let quiet = 4;
        let side = (code.width() + 2 * quiet) * scale;
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
            let (mx, my) = (x / scale, y / scale);
            let inside = (quiet..quiet + code.width()).contains(&mx)
                && (quiet..quiet + code.width()).contains(&my);
            if inside && code.dark(mx - quiet, my - quiet) {
                0
            } else {
                255
            }
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one code in the picture");
        grids[0].decode().expect("the code reads").1
    }

    #[test]
    fn a_phone_reads_back_exactly_the_link_the_code_was_made_of() {
        let link = "https://ringlab.example/app/?ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&then=add:D@60&present=1&lesson=teaching-ring&step=4";
        let code = LinkCode::of(link).unwrap();
        assert_eq!(scanned(&code, 4), link);
        let svg = code.svg(400);
        assert!(svg.contains("<svg") && svg.contains("#000000"));
    }

    #[test]
    fn a_link_too_long_for_a_room_is_refused_with_what_to_do_instead() {
        let link = format!(
            "https://ringlab.example/?keys={}",
            "user:12345,".repeat(200)
        );
        let refused = LinkCode::of(&link).err().unwrap();
        assert!(refused.contains("too long for a QR code"), "{refused}");
        assert!(refused.contains("Save scenario"), "{refused}");
        assert!(refused.contains("2,230 characters"), "{refused}");
    }
}
