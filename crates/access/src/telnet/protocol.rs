//! The telnet protocol's octets (RFC 854, RFC 855): IAC commands taken out
//! of what the server sends, option negotiation answered, and the user's
//! octets escaped and given NVT line ends.
//!
//! The negotiation refuses every option but two, both the server's: ECHO
//! (RFC 857: the server echoes, so a password typed at its prompt is not
//! shown) and SUPPRESS-GO-AHEAD (RFC 858: full-duplex, character at a
//! time); DO SUPPRESS-GO-AHEAD is granted too, since this client never
//! sends GA. Refusing the rest means this client never subnegotiates, so
//! nothing of the user's (terminal type, environment: the data of
//! CVE-2021-22898 and CVE-2023-27533) is ever sent; subnegotiations the
//! server starts anyway are skipped, within [`SB_MAX`] octets. Answers
//! follow RFC 854's rule against loops: a request to enter a mode already
//! in effect is not answered.

/// Interpret As Command.
pub(crate) const IAC: u8 = 255;
const DONT: u8 = 254;
const DO: u8 = 253;
const WONT: u8 = 252;
const WILL: u8 = 251;
const SB: u8 = 250;
const SE: u8 = 240;
/// RFC 857.
const ECHO: u8 = 1;
/// RFC 858.
const SGA: u8 = 3;

/// The longest subnegotiation skipped before the server is given up as
/// hostile: this client agrees to no option that has one.
pub(crate) const SB_MAX: usize = 64 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Data,
    Iac,
    /// After IAC WILL, WONT, DO or DONT: the option octet comes next.
    Option(u8),
    Sub,
    SubIac,
}

/// How many answers one option gets before the server is taken for a
/// negotiation loop (RFC 854: "a party may not send a request to change
/// state if it is already in that mode"; a server that asks again and again
/// after each refusal would keep this side answering for ever, into a
/// socket it may never read).
pub(crate) const ANSWERS_MAX: u8 = 32;

/// How a server broke the protocol.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Misbehaved {
    /// A subnegotiation longer than [`SB_MAX`].
    SubTooLong,
    /// More than [`ANSWERS_MAX`] requests about this option.
    Loop(u8),
}

impl std::fmt::Display for Misbehaved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Misbehaved::SubTooLong => write!(
                f,
                "the server sent a subnegotiation longer than {} KiB",
                SB_MAX / 1024
            ),
            Misbehaved::Loop(opt) => write!(
                f,
                "the server asked about option {opt} more than {ANSWERS_MAX} times (a negotiation loop, RFC 854)"
            ),
        }
    }
}

/// What the server sends, decoded.
#[derive(Debug)]
pub(crate) struct Decoder {
    state: State,
    sub_len: usize,
    /// Options the server has agreed to perform (WILL accepted).
    him: [bool; 256],
    /// Options this side performs.
    us: [bool; 256],
    /// The last data octet was CR: a NUL after it is padding (RFC 854).
    after_cr: bool,
    /// How many times each option was answered.
    answered: [u8; 256],
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder {
            state: State::Data,
            sub_len: 0,
            him: [false; 256],
            us: [false; 256],
            after_cr: false,
            answered: [0; 256],
        }
    }
}

impl Decoder {
    /// Whether the server echoes what the user types.
    pub(crate) fn server_echoes(&self) -> bool {
        self.him[ECHO as usize]
    }

    /// Decodes `input`: data octets go to `data`, answers to the server's
    /// negotiation to `replies`.
    ///
    /// # Errors
    ///
    /// [`Misbehaved`] for a subnegotiation longer than [`SB_MAX`] or an
    /// option asked about more than [`ANSWERS_MAX`] times.
    pub(crate) fn feed(
        &mut self,
        input: &[u8],
        data: &mut Vec<u8>,
        replies: &mut Vec<u8>,
    ) -> Result<(), Misbehaved> {
        for &b in input {
            self.state = match self.state {
                State::Data if b == IAC => State::Iac,
                State::Data => {
                    if !(self.after_cr && b == 0) {
                        data.push(b);
                    }
                    self.after_cr = b == b'\r';
                    State::Data
                }
                State::Iac => match b {
                    IAC => {
                        data.push(IAC);
                        self.after_cr = false;
                        State::Data
                    }
                    WILL | WONT | DO | DONT => State::Option(b),
                    SB => {
                        self.sub_len = 0;
                        State::Sub
                    }
                    // NOP, DM, GA, AYT, ... and octets that are no command.
                    _ => State::Data,
                },
                State::Option(verb) => {
                    self.negotiate(verb, b, replies)?;
                    State::Data
                }
                State::Sub | State::SubIac => {
                    self.sub_len += 1;
                    if self.sub_len > SB_MAX {
                        return Err(Misbehaved::SubTooLong);
                    }
                    match (self.state, b) {
                        (State::Sub, IAC) => State::SubIac,
                        (State::SubIac, SE) => State::Data,
                        _ => State::Sub,
                    }
                }
            };
        }
        Ok(())
    }

    fn negotiate(&mut self, verb: u8, opt: u8, replies: &mut Vec<u8>) -> Result<(), Misbehaved> {
        let o = opt as usize;
        let answer = match verb {
            WILL if matches!(opt, ECHO | SGA) => (!self.him[o]).then(|| {
                self.him[o] = true;
                DO
            }),
            WILL => Some(DONT),
            WONT => self.him[o].then(|| {
                self.him[o] = false;
                DONT
            }),
            DO if opt == SGA => (!self.us[o]).then(|| {
                self.us[o] = true;
                WILL
            }),
            DO => Some(WONT),
            _ => self.us[o].then(|| {
                self.us[o] = false;
                WONT
            }),
        };
        if let Some(a) = answer {
            let count = &mut self.answered[o];
            if *count >= ANSWERS_MAX {
                return Err(Misbehaved::Loop(opt));
            }
            *count += 1;
            replies.extend_from_slice(&[IAC, a, opt]);
        }
        Ok(())
    }
}

/// The user's octets for the wire: 0xFF doubled (IAC IAC), and each line
/// end (LF, CR, or CR LF) sent as CR LF, the NVT's end of line.
#[derive(Debug, Default)]
pub(crate) struct Encoder {
    after_cr: bool,
}

impl Encoder {
    pub(crate) fn encode(&mut self, input: &[u8], wire: &mut Vec<u8>) {
        for &b in input {
            match b {
                IAC => wire.extend_from_slice(&[IAC, IAC]),
                b'\n' if self.after_cr => {}
                b'\r' | b'\n' => wire.extend_from_slice(b"\r\n"),
                _ => wire.push(b),
            }
            self.after_cr = b == b'\r';
        }
    }
}

/// Turns CR LF into the local line end, across calls.
#[derive(Debug, Default)]
pub(crate) struct LocalEol {
    cr_pending: bool,
}

impl LocalEol {
    pub(crate) fn convert(&mut self, data: &[u8], out: &mut Vec<u8>) {
        for &b in data {
            if std::mem::take(&mut self.cr_pending) {
                if b == b'\n' {
                    out.extend_from_slice(crate::line::eol::LOCAL_EOL);
                    continue;
                }
                out.push(b'\r');
            }
            if b == b'\r' {
                self.cr_pending = true;
            } else {
                out.push(b);
            }
        }
    }

    /// A CR held at the end.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) {
        if std::mem::take(&mut self.cr_pending) {
            out.push(b'\r');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(d: &mut Decoder, input: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let (mut data, mut replies) = (Vec::new(), Vec::new());
        d.feed(input, &mut data, &mut replies).unwrap();
        (data, replies)
    }

    #[test]
    fn a_negotiation_loop_is_cut_off() {
        let mut d = Decoder::default();
        let (mut data, mut replies) = (Vec::new(), Vec::new());
        // Each DO TTYPE refused once a time, up to the bound.
        let once = [IAC, DO, 24];
        for _ in 0..ANSWERS_MAX {
            assert_eq!(d.feed(&once, &mut data, &mut replies), Ok(()));
        }
        assert_eq!(replies.len(), 3 * usize::from(ANSWERS_MAX));
        assert_eq!(
            d.feed(&once, &mut data, &mut replies),
            Err(Misbehaved::Loop(24))
        );
        // Other options are not affected by one option's count.
        let mut d = Decoder::default();
        for opt in 0..=254u8 {
            assert_eq!(d.feed(&[IAC, DO, opt], &mut data, &mut replies), Ok(()));
        }
    }

    #[test]
    fn telnetd_opening_is_refused_but_echo_and_sga() {
        let mut d = Decoder::default();
        // inetutils telnetd's first octets: WILL AUTH, WILL ENCRYPT, DO TTYPE,
        // DO TSPEED, DO XDISPLOC, DO NEW-ENVIRON, DO OLD-ENVIRON.
        let (data, replies) = decode(
            &mut d,
            b"\xff\xfb%\xff\xfb&\xff\xfd\x18\xff\xfd \xff\xfd#\xff\xfd'\xff\xfd$",
        );
        assert!(data.is_empty());
        assert_eq!(
            replies,
            b"\xff\xfe%\xff\xfe&\xff\xfc\x18\xff\xfc \xff\xfc#\xff\xfc'\xff\xfc$"
        );
        let (_, replies) = decode(&mut d, b"\xff\xfb\x01\xff\xfb\x03\xff\xfd\x03");
        assert_eq!(replies, b"\xff\xfd\x01\xff\xfd\x03\xff\xfb\x03");
        assert!(d.server_echoes());
        // Asked again: already in effect, no answer (no loop).
        let (_, replies) = decode(&mut d, b"\xff\xfb\x01\xff\xfd\x03");
        assert!(replies.is_empty());
        let (_, replies) = decode(&mut d, b"\xff\xfc\x01");
        assert_eq!(replies, b"\xff\xfe\x01");
        assert!(!d.server_echoes());
        // WONT for what was never on: nothing to answer.
        let (_, replies) = decode(&mut d, b"\xff\xfc\x18\xff\xfe\x18");
        assert!(replies.is_empty());
    }

    #[test]
    fn commands_are_taken_out_of_the_data() {
        let mut d = Decoder::default();
        let (data, replies) = decode(
            &mut d,
            b"a\xff\xffb\xff\xf1c\xff\xfa\x18\x01\xff\xf0d\r\0e\r\nf",
        );
        assert_eq!(data, b"a\xffbcd\re\r\nf");
        assert!(replies.is_empty());
    }

    #[test]
    fn commands_split_across_reads() {
        let mut d = Decoder::default();
        let mut all = (Vec::new(), Vec::new());
        for b in b"x\xff\xfb\x01\xff\xfa\x18\xff\xff\xff\xf0\r\0y" {
            let (data, replies) = decode(&mut d, &[*b]);
            all.0.extend(data);
            all.1.extend(replies);
        }
        assert_eq!(all.0, b"x\ry");
        assert_eq!(all.1, b"\xff\xfd\x01");
    }

    #[test]
    fn a_subnegotiation_is_bounded() {
        let mut d = Decoder::default();
        let mut input = b"\xff\xfa\x18".to_vec();
        input.resize(SB_MAX + 10, b'x');
        let (mut data, mut replies) = (Vec::new(), Vec::new());
        assert_eq!(
            d.feed(&input, &mut data, &mut replies),
            Err(Misbehaved::SubTooLong)
        );
    }

    #[test]
    fn user_octets_are_escaped_and_lines_end_in_cr_lf() {
        let mut e = Encoder::default();
        let mut wire = Vec::new();
        e.encode(b"a\xffb\nc\r\nd\re", &mut wire);
        assert_eq!(wire, b"a\xff\xffb\r\nc\r\nd\r\ne");
        // A CR LF split between reads is still one line end.
        let mut wire = Vec::new();
        e.encode(b"f\r", &mut wire);
        e.encode(b"\ng", &mut wire);
        assert_eq!(wire, b"f\r\ng");
    }

    #[test]
    fn local_line_ends() {
        let mut l = LocalEol::default();
        let mut out = Vec::new();
        l.convert(b"a\r", &mut out);
        l.convert(b"\nb\rc\r", &mut out);
        l.finish(&mut out);
        let eol = crate::line::eol::LOCAL_EOL;
        let mut want = b"a".to_vec();
        want.extend_from_slice(eol);
        want.extend_from_slice(b"b\rc\r");
        assert_eq!(out, want);
    }
}
