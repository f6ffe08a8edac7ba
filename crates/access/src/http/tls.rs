//! The TLS clients of HTTPS: whom a server or an `https://` proxy is
//! trusted as (curl's `--cacert`, `-k`, `--proxy-cacert`,
//! `--proxy-insecure`), and curl's exit statuses for what fails there.

use crate::error::{AccessError, AccessErrorKind};
use crate::options::TlsOptions;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use std::io;
use std::path::Path;
use std::sync::Arc;
use uniform::UrlRef;

/// curl's exit status for a CA file it cannot use (CURLE_SSL_CACERT_BADFILE).
const CA_FILE: u8 = 77;

/// curl's exit status for a server whose certificate does not check
/// (CURLE_PEER_FAILED_VERIFICATION).
const PEER_FAILED: u8 = 60;

/// Whom to trust: a CA file's certificates, the Mozilla roots, or anyone.
struct Trust<'a> {
    ca_file: Option<&'a Path>,
    flag: &'static str,
    insecure: bool,
}

/// The TLS client for the URL's server: `--cacert`'s certificates as the
/// only roots, else the Mozilla roots (webpki-roots); none checked with
/// `-k`. HTTP/1.1 is offered by ALPN, the one version spoken here.
///
/// # Errors
///
/// The CA file cannot be read or holds no certificate (curl's exit 77).
pub(crate) fn server(
    opts: &TlsOptions,
    url: &UrlRef<'_>,
) -> Result<Arc<ClientConfig>, AccessError> {
    let trust = Trust {
        ca_file: opts.ca_file.as_deref(),
        flag: "--cacert",
        insecure: opts.insecure,
    };
    config(&trust, url)
}

/// The TLS client for an `https://` proxy: `--proxy-cacert`'s
/// certificates, else the Mozilla roots; none checked with
/// `--proxy-insecure` (`-k` is for the server only, as curl's is).
///
/// # Errors
///
/// The CA file cannot be read or holds no certificate (curl's exit 77).
pub(crate) fn proxy(opts: &TlsOptions, url: &UrlRef<'_>) -> Result<Arc<ClientConfig>, AccessError> {
    let trust = Trust {
        ca_file: opts.proxy_ca_file.as_deref(),
        flag: "--proxy-cacert",
        insecure: opts.proxy_insecure,
    };
    config(&trust, url)
}

fn config(trust: &Trust<'_>, url: &UrlRef<'_>) -> Result<Arc<ClientConfig>, AccessError> {
    let fail =
        |why: String| AccessError::new(AccessErrorKind::Connect, url.scheme(), url.hostname(), why);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| fail(format!("TLS: {e}")))?;
    let mut config = if trust.insecure {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(Anyone(
                provider.signature_verification_algorithms,
            )))
            .with_no_client_auth()
    } else {
        let mut roots = RootCertStore::empty();
        match trust.ca_file {
            Some(path) => {
                for c in ca_certificates(path, trust.flag, url)? {
                    roots.add(c).map_err(|e| {
                        fail(format!("{} {}: {e}", trust.flag, path.display()))
                            .with_exit_code(CA_FILE)
                    })?;
                }
            }
            None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        }
        builder.with_root_certificates(roots).with_no_client_auth()
    };
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// The certificates of the PEM file `path` that `flag` names, at least
/// one.
///
/// # Errors
///
/// The file cannot be read, is no PEM, or holds no certificate (curl's
/// exit 77).
fn ca_certificates(
    path: &Path,
    flag: &str,
    url: &UrlRef<'_>,
) -> Result<Vec<CertificateDer<'static>>, AccessError> {
    let fail = |why: String| {
        AccessError::new(
            AccessErrorKind::Io,
            url.scheme(),
            url.hostname(),
            format!("{flag} {}: {why}", path.display()),
        )
        .with_exit_code(CA_FILE)
    };
    // A CA bundle is some hundreds of KiB; a file past this is no bundle.
    let pem = read_bounded(path, 16 << 20).map_err(|e| fail(e.to_string()))?;
    let certs = CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| fail(e.to_string()))?;
    if certs.is_empty() {
        return Err(fail("no certificate in it".into()));
    }
    Ok(certs)
}

fn read_bounded(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    use io::Read;
    let mut out = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut out)?;
    if out.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("longer than {limit} octets"),
        ));
    }
    Ok(out)
}

/// The name a server's certificate must carry: the host of `host` (a name
/// or an address; an IPv6 literal without its brackets).
///
/// # Errors
///
/// Not a name TLS can check.
pub(crate) fn server_name(host: &str) -> Result<ServerName<'static>, String> {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    ServerName::try_from(bare.to_string()).map_err(|e| format!("{bare}: {e}"))
}

/// `-k` and `--proxy-insecure`: any certificate is taken for the server's,
/// but the handshake's signatures are still checked, so the connection is
/// private to whoever answered.
#[derive(Debug)]
struct Anyone(WebPkiSupportedAlgorithms);

impl ServerCertVerifier for Anyone {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_schemes()
    }
}

/// Whether an I/O error is rustls's refusal of a certificate (how a
/// handshake failure comes out of a stream).
pub(crate) fn refused_in(e: &io::Error) -> bool {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        .is_some_and(|e| matches!(e, rustls::Error::InvalidCertificate(_)))
}

/// `e` with curl's exit 60 when a certificate was `refused`.
pub(crate) fn certificate_exit(e: AccessError, refused: bool) -> AccessError {
    if refused {
        e.with_exit_code(PEER_FAILED)
    } else {
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_names_are_names_or_addresses() {
        assert!(matches!(
            server_name("example.org"),
            Ok(ServerName::DnsName(_))
        ));
        assert!(matches!(server_name("[::1]"), Ok(ServerName::IpAddress(_))));
        assert!(matches!(
            server_name("127.0.0.1"),
            Ok(ServerName::IpAddress(_))
        ));
        assert!(server_name("bad name").is_err());
    }

    #[test]
    fn a_ca_file_without_certificates_is_curls_77() {
        let dir = std::env::temp_dir().join(format!("uniform-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("empty.pem");
        std::fs::write(&file, "no PEM here\n").unwrap();
        let url = UrlRef::parse("https://example.org/").unwrap();
        let opts = TlsOptions {
            ca_file: Some(file.clone()),
            ..TlsOptions::default()
        };
        let e = server(&opts, &url).err().unwrap();
        assert_eq!(e.exit_code(), CA_FILE);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn crypto_provider_has_signature_algorithms() {
        let p = rustls::crypto::ring::default_provider();
        assert!(
            !Anyone(p.signature_verification_algorithms)
                .supported_verify_schemes()
                .is_empty()
        );
    }
}
