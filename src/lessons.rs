//! scratch
#[cfg(test)]
mod tests {
    use crate::core::*;
    fn show(q: &str) {
        let l = read_link(q, 200_000);
        let o = l.last.as_ref().unwrap();
        println!(
            "{q}\n  ignored {:?} ring {} ({:?}) modn {} ({:?}) keys {}",
            l.ignored,
            o.ring_moves.len(),
            o.ring_fraction(),
            o.mod_n_moves.len(),
            o.mod_n_fraction(),
            o.keys
        );
        let own = l.before.as_ref().unwrap().ownership();
        for s in &own.servers {
            print!(" {}:{:.3}/{}", s.name, s.share, s.keys);
        }
        println!();
        let own = l.scenario.ownership();
        for s in &own.servers {
            print!(" {}:{:.3}/{}", s.name, s.share, s.keys);
        }
        println!();
    }
    #[test]
    fn explore() {
        for g in [100, 112, 200, 500, 1000, 10000] {
            show(&format!(
                "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen={g}&then=add:sapporo"
            ));
        }
        for v in [1, 10, 100, 1000] {
            let l = read_link(
                &format!("ring=2^32&vnodes={v}&servers=tokyo,osaka,kyoto,nagoya"),
                1000,
            );
            let b = l.scenario.ownership();
            println!(
                "v={v} spread {:.4} pred {:.4} peak {:.3}",
                b.balance.spread, b.balance.predicted_spread, b.balance.peak_to_mean
            );
            for s in &b.servers {
                print!(" {}:{:.3}", s.name, s.share);
            }
            println!();
        }
        for n in ["A", "B", "C", "D"] {
            for g in [1000, 10000] {
                show(&format!(
                    "ring=2^32&vnodes=100&servers=A,B,C,D&keys=user:7&gen={g}&then=remove:{n}"
                ));
            }
        }
        let l = read_link("ring=2^32&vnodes=100&servers=A,B,C,D&keys=user:7", 100);
        let id = l.scenario.keys().find("user:7").unwrap();
        println!(
            "user:7 -> {}",
            l.scenario.ring().server_name(l.scenario.owner_of_key(id))
        );
    }
    #[test]
    fn explore2() {
        let l = read_link("ring=2^32&vnodes=100&servers=A,B,C,D", 100);
        let mut s = l.scenario.clone();
        let labels: Vec<String> = (0..30).map(|n| format!("user:{n}")).collect();
        s.insert_keys(labels.iter().map(|x| Key::parse(x).unwrap()).collect())
            .unwrap();
        for x in &labels {
            let id = s.keys().find(x).unwrap();
            print!("{x}->{} ", s.ring().server_name(s.owner_of_key(id)));
        }
        println!();
        let l = read_link(
            "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo",
            100,
        );
        let mut s = l.scenario.clone();
        s.insert_keys(labels.iter().map(|x| Key::parse(x).unwrap()).collect())
            .unwrap();
        for x in &labels {
            let id = s.keys().find(x).unwrap();
            let pos = s.keys().position_of(id);
            let pts = s.ring().preference_points(pos, 3);
            let start = s.ring().owner_point(pos);
            let walked = (pts.last().unwrap() + s.ring().points().len() - start)
                % s.ring().points().len()
                + 1;
            let names: Vec<&str> = s
                .preference_list(id, 3)
                .iter()
                .map(|&i| s.ring().server_name(i))
                .collect();
            println!("{x} {:?} walked {walked} points", names);
        }
    }
    #[test]
    fn explore3() {
        let l = read_link(
            "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo",
            1000,
        );
        let o = l.last.as_ref().unwrap();
        let b = l.before.as_ref().unwrap();
        let ring: Vec<u32> = o.ring_moves.iter().map(|m| m.key).collect();
        for m in o.mod_n_moves.iter().take(12) {
            if !ring.contains(&m.key) {
                println!(
                    "{} ring {} modn {}->{}",
                    b.keys().key(m.key).label(),
                    b.ring().server_name(b.owner_of_key(m.key)),
                    m.from,
                    m.to
                );
            }
        }
        let c = CacheLoad::default();
        println!(
            "{} {} {}",
            c.steady(),
            c.after(o.ring_fraction().unwrap()),
            c.after(o.mod_n_fraction().unwrap())
        );
        let l = read_link(
            "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C",
            100000,
        );
        let o = l.last.as_ref().unwrap();
        println!(
            "{} {:?} {:?} {} {}",
            o.ring_moves.len(),
            o.ring_fraction(),
            o.mod_n_fraction(),
            c.after(o.ring_fraction().unwrap()),
            c.after(o.mod_n_fraction().unwrap())
        );
        let l = read_link("ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto", 100000);
        let o = l.last.as_ref().unwrap();
        let f = failover(l.before.as_ref().unwrap(), o, 3).unwrap();
        println!("{} {} {}", o.ring_moves.len(), f.promoted.len(), f.lost);
    }
}
