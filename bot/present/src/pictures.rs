//! Whose picture each name bar shows: the front finds players' pictures ([`Pictures`]); the
//! computer has a fixed icon of its own, shipped with nadare.

use std::sync::OnceLock;

use domain::{Faces, GuildId, UserId, is_computer};
use render::Avatar;

/// Where a front finds players' pictures. Asked while a board is being drawn, so it answers
/// at once from what it holds (a picture not fetched yet is `None`: the bar shows the icon).
pub trait Pictures: Send + Sync {
    /// `user`'s picture for a game in `guild` (their server picture there, else their own).
    fn picture(&self, guild: Option<GuildId>, user: UserId) -> Option<Avatar>;
}

/// The computer's icon: a snowy peak on night blue, drawn for nadare (128 px PNG).
const COMPUTER_PNG: &[u8] = include_bytes!("../assets/computer.png");

/// The computer's icon, decoded once.
fn computer() -> Option<Avatar> {
    static ICON: OnceLock<Option<Avatar>> = OnceLock::new();
    ICON.get_or_init(|| match Avatar::decode(COMPUTER_PNG) {
        Ok(icon) => Some(icon),
        Err(e) => {
            tracing::error!(error = %e, "the computer's icon does not decode");
            None
        }
    })
    .clone()
}

/// `user`'s picture in a game in `guild`: the computer's icon for the computer, the front's
/// picture for a person (`None` when it has none at hand).
pub fn picture_of(pictures: &dyn Pictures, guild: Option<GuildId>, user: UserId) -> Option<Avatar> {
    if is_computer(user) {
        computer()
    } else {
        pictures.picture(guild, user)
    }
}

/// The pictures of `faces`' players, White's then Black's: the computer's icon for the
/// computer, the front's picture for a person.
pub(crate) fn faces_of(
    faces: Option<Faces>,
    pictures: &dyn Pictures,
) -> (Option<Avatar>, Option<Avatar>) {
    let Some(faces) = faces else {
        return (None, None);
    };
    let face = |user: UserId| picture_of(pictures, faces.guild, user);
    (face(faces.white), face(faces.black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computers_icon_decodes() {
        assert!(computer().is_some());
    }
}
