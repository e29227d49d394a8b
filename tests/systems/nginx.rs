//! nginx's `hash $arg_k consistent`: what a real nginx 1.22.1 did on 127.0.0.1.

use ringlab::core::placement::systems::hashes::crc32;
use ringlab::core::placement::systems::nginx::circle;

fn pick(names: &[&str], weights: &[u32], key: &str) -> usize {
    circle(names, weights).owner(u64::from(crc32(key.as_bytes())))
}

#[test]
fn keys_go_where_a_real_nginx_sent_them() {
    let names = ["127.0.0.1:18081", "127.0.0.1:18082", "127.0.0.1:18083"];
    let equal: [(&str, usize); 13] = [
        ("1", 2),
        ("2", 0),
        ("3", 0),
        ("4", 1),
        ("5", 0),
        ("6", 2),
        ("7", 0),
        ("8", 1),
        ("9", 1),
        ("alpha", 0),
        ("beta", 0),
        ("gamma", 2),
        ("user:1000", 1),
    ];
    for (key, server) in equal {
        assert_eq!(pick(&names, &[1, 1, 1], key), server, "{key}");
    }
    let weighted: [(&str, usize); 13] = [
        ("1", 2),
        ("2", 1),
        ("3", 0),
        ("4", 1),
        ("5", 2),
        ("6", 2),
        ("7", 0),
        ("8", 2),
        ("9", 1),
        ("alpha", 1),
        ("beta", 2),
        ("gamma", 2),
        ("user:1000", 2),
    ];
    for (key, server) in weighted {
        assert_eq!(pick(&names, &[1, 2, 3], key), server, "{key}");
    }
    assert_eq!(circle(&names, &[1, 1, 1]).points().len(), 480);
}
