//! Players' pictures in the console: a picture file per player name (`--avatar NAME=FILE`),
//! read and decoded once at start, so a newcomer sees faces in the name bars without Discord.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use domain::{GuildId, UserId};
use render::{Avatar, AvatarError};

use crate::names::stable_id;

/// Why a `--avatar` argument was refused.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The argument is not `NAME=FILE`.
    #[error("`{0}` is not NAME=FILE (e.g. alice=alice.png)")]
    Form(String),
    /// The file could not be read.
    #[error("cannot read the picture of {name} ({path}): {source}")]
    Read {
        /// The player.
        name: String,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a picture nadare takes.
    #[error("the picture of {name} ({path}) is refused: {source}")]
    Refused {
        /// The player.
        name: String,
        /// The file.
        path: PathBuf,
        /// Why.
        source: AvatarError,
    },
}

/// The console players' pictures, by player.
#[derive(Clone, Debug, Default)]
pub struct ConsolePictures {
    by_user: HashMap<UserId, Avatar>,
}

impl ConsolePictures {
    /// Reads `NAME=FILE` (one `--avatar` argument) into a player name and a path.
    pub fn parse_arg(arg: &str) -> Result<(String, PathBuf), PictureError> {
        match arg.split_once('=') {
            Some((name, path)) if !name.trim().is_empty() && !path.is_empty() => {
                Ok((name.trim().to_string(), PathBuf::from(path)))
            }
            _ => Err(PictureError::Form(arg.to_string())),
        }
    }

    /// Reads and decodes each player's picture file.
    pub fn load(files: &[(String, PathBuf)]) -> Result<ConsolePictures, PictureError> {
        let mut by_user = HashMap::new();
        for (name, path) in files {
            let avatar = read(name, path)?;
            by_user.insert(stable_id(name), avatar);
        }
        Ok(ConsolePictures { by_user })
    }

    /// Whether no player has a picture.
    pub fn is_empty(&self) -> bool {
        self.by_user.is_empty()
    }
}

/// One player's picture file, decoded.
fn read(name: &str, path: &Path) -> Result<Avatar, PictureError> {
    let bytes = std::fs::read(path).map_err(|source| PictureError::Read {
        name: name.to_string(),
        path: path.to_path_buf(),
        source,
    })?;
    Avatar::decode(&bytes).map_err(|source| PictureError::Refused {
        name: name.to_string(),
        path: path.to_path_buf(),
        source,
    })
}

impl present::Pictures for ConsolePictures {
    fn picture(&self, _guild: Option<GuildId>, user: UserId) -> Option<Avatar> {
        self.by_user.get(&user).cloned()
    }
}
