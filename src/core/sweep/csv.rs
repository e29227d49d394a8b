//! The sweeps' series as CSV, for the page's "Save series" and the command line's `--csv`:
//! one writer, one header.

use std::fmt::Write;

use super::servers::SizePoint;
use super::vnodes::VnodePoint;

/// The virtual-node sweep: `vnodes,spread,predicted,peak_to_mean`, a row per v.
pub fn vnodes_csv(points: &[VnodePoint]) -> String {
    let mut out = String::from("vnodes,spread,predicted,peak_to_mean\n");
    for p in points {
        let _ = writeln!(
            out,
            "{},{},{},{}",
            p.vnodes, p.spread, p.predicted, p.peak_to_mean
        );
    }
    out
}

/// The servers sweep: `servers,joined,ring,ideal,mod_n,mod_n_expected`, then a column per
/// other placement swept (its [`field`](crate::core::Kind::field) name), a row per N.
pub fn servers_csv(points: &[SizePoint]) -> String {
    let mut out = String::from("servers,joined,ring,ideal,mod_n,mod_n_expected");
    if let Some(first) = points.first() {
        for (kind, _) in &first.others {
            out.push(',');
            out.push_str(&kind.field());
        }
    }
    out.push('\n');
    for p in points {
        let _ = write!(
            out,
            "{},{},{},{},{},{}",
            p.servers, p.joined, p.ring, p.ideal, p.mod_n, p.mod_n_expected
        );
        for (_, share) in &p.others {
            let _ = write!(out, ",{share}");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Kind, Scenario, SizeSweep, VnodeSweep};

    #[test]
    fn the_servers_series_names_each_other_placement_by_its_field() {
        let mut s = Scenario::teaching();
        s.apply("gen:100".parse().unwrap()).unwrap();
        let points = SizeSweep::run(&s, 3, &[Kind::MultiProbe]).unwrap();
        let csv = servers_csv(&points);
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("servers,joined,ring,ideal,mod_n,mod_n_expected,multi_probe")
        );
        assert_eq!(lines.count(), 3);
    }

    #[test]
    fn the_vnodes_series_has_a_row_per_v() {
        let points = VnodeSweep::run(&Scenario::teaching(), 4).unwrap();
        let csv = vnodes_csv(&points);
        assert!(csv.starts_with("vnodes,spread,predicted,peak_to_mean\n1,"));
        assert_eq!(csv.lines().count(), 5);
    }
}
