//! The key HAProxy hashes, taken from a raw request: `balance url_param` and `balance hdr()`.

/// The value `balance url_param NAME` hashes, from the request target `uri` as the request
/// line carries it (`/path?a=1&key=v`, or an absolute URI); `None` when the parameter is
/// missing (HAProxy then balances round robin).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::url_param;
/// assert_eq!(url_param(b"/?key=a%20b&x=1", b"key"), Some(&b"a%20b"[..]));
/// assert_eq!(url_param(b"/?xkey=1&key=&key=2", b"key"), Some(&b""[..]));
/// assert_eq!(url_param(b"/?key", b"key"), None);
/// assert_eq!(url_param(b"/path/key=1", b"key"), None);
/// ```
pub fn url_param<'a>(uri: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let q = uri.iter().position(|&c| c == b'?')?;
    let mut params = &uri[q + 1..];
    let plen = name.len();
    while params.len() > plen {
        if params[plen] == b'=' && &params[..plen] == name {
            let value = &params[plen + 1..];
            let end = value.iter().position(|&c| c == b'&').unwrap_or(value.len());
            return Some(&value[..end]);
        }
        let amp = params.iter().position(|&c| c == b'&')?;
        params = &params[amp + 1..];
    }
    None
}

fn is_lws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// The first element of a header's value, as `balance hdr()` takes it: leading whitespace
/// skipped, cut at the first comma outside a quoted string, trailing whitespace dropped; `None`
/// when that is empty.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::first_element;
/// assert_eq!(first_element(b"  a b , c"), Some(&b"a b"[..]));
/// assert_eq!(first_element(br#""x,y", z"#), Some(&br#""x,y""#[..]));
/// assert_eq!(first_element(b" , c"), None);
/// ```
pub fn first_element(value: &[u8]) -> Option<&[u8]> {
    let start = value
        .iter()
        .position(|&c| !is_lws(c))
        .unwrap_or(value.len());
    let value = &value[start..];
    let (mut quoted, mut escaped) = (false, false);
    let mut end = value.len();
    for (i, &c) in value.iter().enumerate() {
        if escaped {
            escaped = false;
        } else if quoted {
            if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                quoted = false;
            }
        } else if c == b'"' {
            quoted = true;
        } else if c == b',' {
            end = i;
            break;
        }
    }
    let mut value = &value[..end];
    while let [rest @ .., last] = value {
        if !is_lws(*last) {
            break;
        }
        value = rest;
    }
    (!value.is_empty()).then_some(value)
}

/// The value `balance hdr(NAME)` hashes, from a request's head (the request line and header
/// lines, ended by `\r\n` or `\n`): the first element of the first header called `name`
/// (ignoring ASCII case); `None` when there is no such header or that element is empty.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::header;
/// let head = b"GET / HTTP/1.1\r\nHost: h\r\nX-Key:  user:7 , other\r\nx-key: no\r\n\r\n";
/// assert_eq!(header(head, b"x-key"), Some(&b"user:7"[..]));
/// assert_eq!(header(head, b"X-Missing"), None);
/// ```
pub fn header<'a>(head: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    header_element(head, name).map(|(element, _)| element)
}

/// Like [`header`], with the byte that follows the element in HAProxy's own copy of the
/// request, which `use_domain_only` reads (see [`domain_only_before`]): the comma or space
/// that ended the element inside the value; else, HAProxy keeping each header's lower-cased
/// name and trimmed value one after the other, the first byte of the next header's name in
/// lower case; else `None` (the last header: what follows it there is whatever an earlier
/// request left in the buffer).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::header_element;
/// let head = b"GET / HTTP/1.1\r\nX-Host: a.b.com\r\n.Next: 1\r\n\r\n";
/// assert_eq!(header_element(head, b"x-host"), Some((&b"a.b.com"[..], Some(b'.'))));
/// let head = b"GET / HTTP/1.1\r\nX-Host: a.b.com, c\r\n\r\n";
/// assert_eq!(header_element(head, b"x-host"), Some((&b"a.b.com"[..], Some(b','))));
/// ```
pub fn header_element<'a>(head: &'a [u8], name: &[u8]) -> Option<(&'a [u8], Option<u8>)> {
    let mut lines = head
        .split(|&c| c == b'\n')
        .skip(1)
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .take_while(|line| !line.is_empty());
    while let Some(line) = lines.next() {
        let Some(colon) = line.iter().position(|&c| c == b':') else {
            continue;
        };
        if !line[..colon].eq_ignore_ascii_case(name) {
            continue;
        }
        // HAProxy's parser keeps the value without its leading and trailing whitespace.
        let mut value = &line[colon + 1..];
        while let [first, rest @ ..] = value {
            if !is_lws(*first) {
                break;
            }
            value = rest;
        }
        while let [rest @ .., last] = value {
            if !is_lws(*last) {
                break;
            }
            value = rest;
        }
        let element = first_element(value)?;
        let end = element.as_ptr() as usize - value.as_ptr() as usize + element.len();
        let next = match value.get(end) {
            Some(&c) => Some(c),
            None => lines
                .next()
                .and_then(|l| l.first())
                .map(u8::to_ascii_lowercase),
        };
        return Some((element, next));
    }
    None
}

/// The part of a header value that `balance hdr(NAME) use_domain_only` hashes: reading back
/// from the end, the bytes between the last dot and the dot before it (or the start). Takes the
/// byte past the value as no dot; see [`domain_only_before`].
///
/// ```
/// use ringlab::core::placement::systems::haproxy::domain_only;
/// assert_eq!(domain_only(b"www.example.com"), b"example");
/// assert_eq!(domain_only(b"example.com"), b"example");
/// assert_eq!(domain_only(b"localhost"), b"localhost");
/// ```
pub fn domain_only(value: &[u8]) -> &[u8] {
    domain_only_before(value, None)
}

/// [`domain_only`] as HAProxy 2.6 computes it, reading one byte past the value: `next` is that
/// byte. Its walk back starts *at* the end, so when the byte there is a dot the last label is
/// taken for the domain (`www.example.com` followed by `.` gives `com`).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::domain_only_before;
/// assert_eq!(domain_only_before(b"www.example.com", Some(b'z')), b"example");
/// assert_eq!(domain_only_before(b"www.example.com", Some(b'.')), b"com");
/// ```
pub fn domain_only_before(value: &[u8], next: Option<u8>) -> &[u8] {
    let at = |p: usize| {
        if p < value.len() {
            Some(value[p])
        } else {
            next
        }
    };
    let mut p = value.len();
    let mut end = value.len();
    let mut in_domain = false;
    while p > 0 {
        if in_domain {
            if value[p - 1] == b'.' {
                break;
            }
        } else if at(p) == Some(b'.') {
            end = p;
            in_domain = true;
        }
        p -= 1;
    }
    &value[p..end]
}

/// How a backend takes its key from a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Balance {
    /// `balance url_param NAME`.
    UrlParam(String),
    /// `balance hdr(NAME)`, with `use_domain_only` or not.
    Header {
        /// The header's name.
        name: String,
        /// Whether only the domain is hashed.
        domain_only: bool,
    },
}

impl Balance {
    /// The bytes hashed for a request with target `uri` and head `head` (the request line and
    /// headers); `None` when the request holds no key.
    pub fn key<'a>(&self, uri: &'a [u8], head: &'a [u8]) -> Option<&'a [u8]> {
        match self {
            Balance::UrlParam(name) => url_param(uri, name.as_bytes()),
            Balance::Header { name, domain_only } => {
                let (v, next) = header_element(head, name.as_bytes())?;
                Some(if *domain_only {
                    domain_only_before(v, next)
                } else {
                    v
                })
            }
        }
    }
}
