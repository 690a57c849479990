//! The web front's secrets at work: a game's page address (its id enciphered, so it is neither
//! the sequential number nor guessable), play links (signed, short-lived, single-use) and
//! session cookies (signed), all from one signing key.
//!
//! Written on `aes` and `ring` directly: a page address is one AES block and a link or cookie
//! an HMAC-SHA256 over a few fixed-size fields, smaller than any token format's crate.

use aes::Aes128;
use aes::cipher::generic_array::GenericArray;
use aes::cipher::{BlockDecrypt, BlockEncrypt, KeyInit};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use domain::{GameId, UserId};
use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};

/// The fewest bytes a signing key has.
pub const MIN_KEY_BYTES: usize = 32;

/// The bytes of a play link's nonce.
const NONCE_BYTES: usize = 12;

/// Why a signing key is refused.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// Not URL-safe base64 (the form nadare writes keys in).
    #[error("the web signing key is not base64 (URL-safe, as `nadare` writes it)")]
    NotBase64,
    /// Too short to be safe.
    #[error("the web signing key has {0} bytes; it needs at least {MIN_KEY_BYTES}")]
    TooShort(usize),
    /// The system's random source failed.
    #[error("the system's random source failed")]
    NoRandom,
}

/// A fresh signing key, written as nadare writes keys (URL-safe base64).
pub fn fresh_key() -> Result<String, KeyError> {
    let mut key = [0u8; MIN_KEY_BYTES];
    SystemRandom::new()
        .fill(&mut key)
        .map_err(|_| KeyError::NoRandom)?;
    Ok(URL_SAFE_NO_PAD.encode(key))
}

/// A play link's contents once its signature checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlayPass {
    /// The game it lets its holder play.
    pub game: GameId,
    /// Who may use it.
    pub user: UserId,
    /// Until when (Unix ms).
    pub expires_ms: i64,
}

/// What is signed and enciphered with one signing key.
pub struct Keys {
    pages: Aes128,
    signing: hmac::Key,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(…)")
    }
}

impl Keys {
    /// The keys made from `key` (URL-safe base64 of at least [`MIN_KEY_BYTES`] bytes): one
    /// for page addresses and one for signatures, each derived for its use alone.
    pub fn new(key: &str) -> Result<Keys, KeyError> {
        let raw = URL_SAFE_NO_PAD
            .decode(key.trim().trim_end_matches('='))
            .map_err(|_| KeyError::NotBase64)?;
        if raw.len() < MIN_KEY_BYTES {
            return Err(KeyError::TooShort(raw.len()));
        }
        let master = hmac::Key::new(hmac::HMAC_SHA256, &raw);
        let page_key = hmac::sign(&master, b"nadare web: page addresses");
        let sign_key = hmac::sign(&master, b"nadare web: links and sessions");
        let pages = Aes128::new(GenericArray::from_slice(&page_key.as_ref()[..16]));
        Ok(Keys {
            pages,
            signing: hmac::Key::new(hmac::HMAC_SHA256, sign_key.as_ref()),
        })
    }

    /// The address of `game`'s page: its id and eight zero bytes, enciphered.
    pub fn page(&self, game: GameId) -> String {
        let mut block = [0u8; 16];
        block[..8].copy_from_slice(&game.to_be_bytes());
        let mut block = GenericArray::from(block);
        self.pages.encrypt_block(&mut block);
        URL_SAFE_NO_PAD.encode(block)
    }

    /// The game whose page `address` is, if it is one (anything else: `None`).
    pub fn game_of(&self, address: &str) -> Option<GameId> {
        let bytes = URL_SAFE_NO_PAD.decode(address).ok()?;
        let block: [u8; 16] = bytes.try_into().ok()?;
        let mut block = GenericArray::from(block);
        self.pages.decrypt_block(&mut block);
        let (id, zeros) = block.split_at(8);
        if zeros.iter().any(|b| *b != 0) {
            return None;
        }
        Some(u64::from_be_bytes(id.try_into().ok()?))
    }

    /// A play link's token for `user` in `game`, good until `expires_ms`, with a fresh nonce
    /// (so it can be spent once).
    pub(crate) fn play_token(&self, game: GameId, user: UserId, expires_ms: i64) -> String {
        let mut nonce = [0u8; NONCE_BYTES];
        // A failed random source leaves the nonce zero: the link then works once for
        // everyone, which only makes it single-use across all such links.
        if SystemRandom::new().fill(&mut nonce).is_err() {
            tracing::error!("the system's random source failed; a play link has no nonce");
        }
        let mut body = Vec::with_capacity(24 + NONCE_BYTES);
        body.extend_from_slice(&game.to_be_bytes());
        body.extend_from_slice(&user.to_be_bytes());
        body.extend_from_slice(&expires_ms.to_be_bytes());
        body.extend_from_slice(&nonce);
        self.signed(&body, b'p')
    }

    /// The pass a play token carries and its nonce, if its signature checks (expiry and use
    /// are the caller's to check).
    pub(crate) fn read_play(&self, token: &str) -> Option<(PlayPass, String)> {
        let body = self.verified(token, b'p')?;
        let (fields, nonce) = body.split_at_checked(24)?;
        if nonce.len() != NONCE_BYTES {
            return None;
        }
        let word = |at: usize| -> Option<[u8; 8]> { fields.get(at..at + 8)?.try_into().ok() };
        let pass = PlayPass {
            game: u64::from_be_bytes(word(0)?),
            user: u64::from_be_bytes(word(8)?),
            expires_ms: i64::from_be_bytes(word(16)?),
        };
        Some((pass, URL_SAFE_NO_PAD.encode(nonce)))
    }

    /// A session cookie's value: `user`, until `expires_ms`.
    pub(crate) fn session(&self, user: UserId, expires_ms: i64) -> String {
        let mut body = Vec::with_capacity(16);
        body.extend_from_slice(&user.to_be_bytes());
        body.extend_from_slice(&expires_ms.to_be_bytes());
        self.signed(&body, b's')
    }

    /// The user of a session cookie's value, if its signature checks and it has not expired
    /// at `now_ms`.
    pub(crate) fn read_session(&self, value: &str, now_ms: i64) -> Option<UserId> {
        let body = self.verified(value, b's')?;
        let user: [u8; 8] = body.get(..8)?.try_into().ok()?;
        let expires: [u8; 8] = body.get(8..16)?.try_into().ok()?;
        (i64::from_be_bytes(expires) > now_ms).then(|| u64::from_be_bytes(user))
    }

    /// `body` signed for the use `kind`: `BODY.SIGNATURE`, both URL-safe base64.
    fn signed(&self, body: &[u8], kind: u8) -> String {
        let tag = hmac::sign(&self.signing, &[&[kind], body].concat());
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(body),
            URL_SAFE_NO_PAD.encode(tag.as_ref())
        )
    }

    /// The body of `token` if it was signed for the use `kind`.
    fn verified(&self, token: &str, kind: u8) -> Option<Vec<u8>> {
        let (body, tag) = token.split_once('.')?;
        let body = URL_SAFE_NO_PAD.decode(body).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        hmac::verify(&self.signing, &[&[kind], body.as_slice()].concat(), &tag).ok()?;
        Some(body)
    }
}
