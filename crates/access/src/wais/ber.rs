//! BER (ITU-T X.690) as Z39.50 uses it: finding where one APDU ends on a
//! stream ([`frame_len`]) and decoding a received APDU ([`decode`]). The
//! encoding itself is read and written in the crate's BER module (values,
//! headers, OIDs, constructed strings), which says why it is written there.
//!
//! [`decode`] is public so that the fuzz target reaches it: it frames one
//! APDU and decodes it into a [`Pdu`], and on any input returns an error
//! rather than panic.

use super::pdu::{self, Pdu};
pub use super::tlv::{BerError, BerErrorKind, MAX_APDU, MAX_DEPTH, frame_len};

/// Decodes one complete APDU (at most [`MAX_APDU`] octets) into a [`Pdu`].
/// Octets after the APDU are an error: one call, one APDU.
///
/// # Errors
///
/// A [`BerError`] for a malformed, incomplete, too large or too deep
/// encoding, or one that is not a Z39.50 APDU this client reads.
///
/// # Example
///
/// ```
/// use uniform_access::wais::ber::decode;
/// use uniform_access::wais::pdu::Pdu;
/// // close [48] { closeReason [211] finished(0) }
/// let close = [0xBF, 0x30, 0x80, 0x9F, 0x81, 0x53, 0x01, 0x00, 0x00, 0x00];
/// match decode(&close)? {
///     Pdu::Close(c) => assert_eq!(c.reason, 0),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<_, uniform_access::wais::ber::BerError>(())
/// ```
pub fn decode(apdu: &[u8]) -> Result<Pdu, BerError> {
    match frame_len(apdu, MAX_APDU)? {
        None => Err(BerError::new(
            BerErrorKind::Malformed,
            apdu.len(),
            "an incomplete APDU",
        )),
        Some(n) if n != apdu.len() => Err(BerError::new(
            BerErrorKind::Malformed,
            n,
            "octets after the end of the APDU",
        )),
        Some(_) => pdu::interpret(apdu),
    }
}
