//! Secrets and names: seat tokens and invitation secrets (160 random bits
//! from the system, hex), stored only as SHA-256 hashes; game ids (60
//! random bits in a 12-letter alphabet without look-alikes); the hash a
//! client's address is kept as (with a salt the database keeps).

use sha2::{Digest, Sha256};

/// Random bytes in a secret: 160 bits (the issue asks for at least 128).
const SECRET_BYTES: usize = 20;

/// The letters of game ids: digits and lowercase letters without the
/// look-alikes `0 1 l o`.
const ID_ALPHABET: &[u8; 32] = b"23456789abcdefghijkmnpqrstuvwxyz";

/// Random bytes from the operating system.
fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the system's random source");
    bytes
}

/// A new secret (seat token or invitation): 40 hex digits.
pub fn secret() -> String {
    hex(&random::<SECRET_BYTES>())
}

/// A new game id: 12 characters.
pub fn game_id() -> String {
    random::<12>()
        .iter()
        .map(|b| ID_ALPHABET[usize::from(b & 31)] as char)
        .collect()
}

/// Whether `text` could be a game id (checked before any lookup).
pub fn is_game_id(text: &str) -> bool {
    text.len() == 12 && text.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// The stored form of a secret: its SHA-256, hex. Secrets have 160 random
/// bits, so a plain hash cannot be searched back.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// A client address as kept for the per-address limits: a hash of the
/// address as the limits count it (an IPv6 address by its /64) with the
/// server's `salt`, never the address itself. Without the salt the IPv4
/// space (2^32 addresses) could be hashed through in minutes.
pub fn address_key(salt: &str, address: &std::net::IpAddr) -> String {
    let counted = crate::limits::client_key(*address);
    hash(&format!("address:{salt}:{counted}"))[..16].to_string()
}

/// A bit for the colour drawn when the creator asks for "random".
pub fn coin() -> bool {
    random::<1>()[0] & 1 == 1
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_stored_hashed() {
        let (a, b) = (secret(), secret());
        assert_eq!(a.len(), 40);
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), a);
        assert_eq!(hash(&a), hash(&a.clone()));
        let id = game_id();
        assert!(is_game_id(&id), "{id}");
        assert!(!is_game_id("../../etc/pw"));
        assert!(!is_game_id("0123456789ab"));
    }

    #[test]
    fn address_keys_are_salted_and_count_a_64_as_one() {
        let ip = |text: &str| text.parse::<std::net::IpAddr>().unwrap();
        let a = address_key("salt-a", &ip("192.0.2.1"));
        assert_eq!(a.len(), 16);
        assert_ne!(a, address_key("salt-b", &ip("192.0.2.1")));
        assert_ne!(a, address_key("salt-a", &ip("192.0.2.2")));
        assert_eq!(
            address_key("s", &ip("2001:db8:1:2::1")),
            address_key("s", &ip("2001:db8:1:2:ffff::9"))
        );
        assert_ne!(
            address_key("s", &ip("2001:db8:1:2::1")),
            address_key("s", &ip("2001:db8:1:3::1"))
        );
    }
}
