//! FTP's data connection (RFC 959 section 3.2, RFC 2428): where an `EPSV`
//! or `PASV` reply says to connect, what `PORT` or `EPRT` says to the
//! server, and the checks that keep a hostile server from aiming the
//! client at another host or service (CVE-2020-8284).

use crate::line::reply::Reply;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// How a passive data connection is asked for, in the order they are
/// tried (`PORT`, the server connecting to the client, comes after both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// `EPSV` (RFC 2428): the server names a port on the control peer.
    Extended,
    /// `PASV`: the server names an address and port.
    Passive,
}

/// The port an `EPSV` reply names: `229 text (|||port|)`.
pub(crate) fn epsv_port(reply: &Reply) -> Option<u16> {
    let text = reply.message();
    let open = text.iter().position(|&b| b == b'(')?;
    let inner = &text[open + 1..];
    let close = inner.iter().position(|&b| b == b')')?;
    let inner = &inner[..close];
    let d = *inner.first()?;
    // (<d><d><d>port<d>): the delimiter is any printable octet.
    let fields: Vec<&[u8]> = inner.split(|&b| b == d).collect();
    match fields.as_slice() {
        [a, b, c, port, end] if a.is_empty() && b.is_empty() && c.is_empty() && end.is_empty() => {
            std::str::from_utf8(port).ok()?.parse().ok()
        }
        _ => None,
    }
}

/// The address a `PASV` reply names: six numbers `h1,h2,h3,h4,p1,p2`
/// anywhere in its text (RFC 959 leaves the parentheses optional).
pub(crate) fn pasv_address(reply: &Reply) -> Option<SocketAddr> {
    let text = reply.message();
    let start = text.iter().position(u8::is_ascii_digit)?;
    let nums: Vec<u16> = text[start..]
        .split(|&b| b == b',')
        .take(6)
        .map(|f| {
            let digits: Vec<u8> = f
                .iter()
                .copied()
                .skip_while(|b| *b == b' ')
                .take_while(u8::is_ascii_digit)
                .collect();
            std::str::from_utf8(&digits).ok()?.parse::<u16>().ok()
        })
        .collect::<Option<_>>()?;
    let [a, b, c, d, p1, p2] = nums[..] else {
        return None;
    };
    let octet = |n: u16| u8::try_from(n).ok();
    let ip = Ipv4Addr::new(octet(a)?, octet(b)?, octet(c)?, octet(d)?);
    let port = u16::from(octet(p1)?) << 8 | u16::from(octet(p2)?);
    Some(SocketAddr::new(IpAddr::V4(ip), port))
}

/// Where to open a passive data connection the server `offered`: never
/// another host than the control connection's `peer` (CVE-2020-8284). An
/// address on another host is replaced by the peer's, keeping the port,
/// as curl does by default since 7.74.0 (`CURLOPT_FTP_SKIP_PASV_IP`); that
/// also serves servers behind NAT that announce a private address.
pub(crate) fn data_address(offered: SocketAddr, peer: SocketAddr) -> SocketAddr {
    if offered.ip().to_canonical() == peer.ip().to_canonical() {
        offered
    } else {
        SocketAddr::new(peer.ip(), offered.port())
    }
}

/// Whether a passive port is one the client refuses to connect to: the
/// well-known ports belong to other services (RFC 1738 section 6's attack,
/// aimed through the data connection instead of the URL).
pub(crate) fn privileged(port: u16) -> bool {
    port < 1024
}

/// The `PORT` (IPv4) or `EPRT` (IPv6, RFC 2428) line that tells the server
/// to connect to `at`.
pub(crate) fn port_line(at: SocketAddr) -> Vec<u8> {
    match at.ip().to_canonical() {
        IpAddr::V4(ip) => {
            let [a, b, c, d] = ip.octets();
            let p = at.port();
            format!("PORT {a},{b},{c},{d},{},{}", p >> 8, p & 0xFF).into_bytes()
        }
        IpAddr::V6(ip) => format!("EPRT |2|{ip}|{}|", at.port()).into_bytes(),
    }
}

/// Accepts the server's data connection on `listener` within `wait`, from
/// the control connection's peer only: a connection from another host is
/// closed and waited past.
pub(crate) fn accept_from(
    listener: &TcpListener,
    peer: IpAddr,
    wait: Duration,
) -> io::Result<TcpStream> {
    listener.set_nonblocking(true)?;
    let until = Instant::now() + wait;
    loop {
        match listener.accept() {
            Ok((s, from)) if from.ip().to_canonical() == peer.to_canonical() => {
                s.set_nonblocking(false)?;
                return Ok(s);
            }
            // Another host: not the server's data connection.
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if Instant::now() >= until {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the server did not open the data connection",
                    ));
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv6Addr;

    fn reply(code: u16, text: &str) -> Reply {
        Reply {
            code,
            text: text.as_bytes().to_vec(),
        }
    }

    fn sa(ip: IpAddr, port: u16) -> SocketAddr {
        SocketAddr::new(ip, port)
    }

    #[test]
    fn epsv_and_pasv_replies_are_read() {
        let r = reply(229, "229 Entering Extended Passive Mode (|||30007|)\r\n");
        assert_eq!(epsv_port(&r), Some(30007));
        assert_eq!(epsv_port(&reply(229, "229 ok (!!!12!)\r\n")), Some(12));
        assert_eq!(epsv_port(&reply(229, "229 (||1|2|)\r\n")), None);
        assert_eq!(epsv_port(&reply(229, "229 nothing\r\n")), None);
        let r = reply(227, "227 Entering Passive Mode (127,0,0,1,117,50).\r\n");
        assert_eq!(
            pasv_address(&r),
            Some(sa(IpAddr::V4(Ipv4Addr::LOCALHOST), 117 * 256 + 50))
        );
        assert_eq!(
            pasv_address(&reply(227, "227 =10,0,0,7,1,2\r\n")),
            Some(sa(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 7)), 258))
        );
        assert_eq!(pasv_address(&reply(227, "227 (1,2,3,256,0,1)\r\n")), None);
        assert_eq!(pasv_address(&reply(227, "227 (1,2,3)\r\n")), None);
    }

    #[test]
    fn a_pasv_address_on_another_host_becomes_the_control_peer() {
        let peer = sa(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)), 21);
        let hostile = sa(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 7)), 22);
        assert_eq!(data_address(hostile, peer), sa(peer.ip(), 22));
        let same = sa(peer.ip(), 30000);
        assert_eq!(data_address(same, peer), same);
        assert!(privileged(22) && !privileged(1024));
    }

    #[test]
    fn an_ipv4_mapped_peer_is_the_same_host() {
        let peer = sa(IpAddr::V6(Ipv4Addr::new(192, 0, 2, 1).to_ipv6_mapped()), 21);
        let offered = sa(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)), 30001);
        assert_eq!(data_address(offered, peer), offered);
        let v6 = sa(IpAddr::V6(Ipv6Addr::LOCALHOST), 21);
        assert_eq!(data_address(offered, v6), sa(v6.ip(), 30001));
    }

    #[test]
    fn port_lines_for_both_families() {
        let v4 = sa(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1)), 0x1234);
        assert_eq!(port_line(v4), b"PORT 127,0,0,1,18,52");
        let v6 = sa(IpAddr::V6(Ipv6Addr::LOCALHOST), 5000);
        assert_eq!(port_line(v6), b"EPRT |2|::1|5000|");
    }
}
