//! Where commands work and where the app may post, as Discord keeps them.
//!
//! Registration: a global command may say in which interaction contexts it works (`contexts`:
//! 0 a server, 1 a DM with the bot, 2 other DMs and group DMs) and which installs offer it
//! (`integration_types`: 0 a server's, 1 a user's); unknown values are refused. Both apply to
//! global commands only: a guild command that asks for a DM context or a user install is
//! refused (Discord would ignore it; the fake is strict). What was registered is kept per
//! command, and an interaction for a command in a context its registration leaves out is one
//! Discord would never send: dispatching it panics, unless the test says it comes from a
//! client whose command list is out of date.
//!
//! Posting: in a DM or group DM between users (context 2) the app is installed by a user and
//! is no member, so every call about that channel (a message, an edit, a thread) is answered
//! 403 50001 Missing Access; only the interaction's own token works there.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

/// Discord's interaction contexts.
const CONTEXTS: [u64; 3] = [0, 1, 2];
/// Discord's installation types.
const INTEGRATION_TYPES: [u64; 2] = [0, 1];

/// Where one registered command works, as Discord stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The command's name.
    pub name: String,
    /// The contexts it works in (a global command without any: all of them; a guild command:
    /// its server).
    pub contexts: Vec<u64>,
    /// The installs that offer it (without any: a server's).
    pub integration_types: Vec<u64>,
}

/// What the fake knows of commands' places and of channels the app cannot post in.
#[derive(Default)]
pub(super) struct Places {
    /// By guild (`None`: global), as the last bulk overwrite left them.
    registered: HashMap<Option<u64>, Vec<Placed>>,
    /// Channels where the app answers interactions only.
    answer_only: HashSet<u64>,
}

/// The numbers of `field` of `command`: `Ok(None)` when absent or null, an error when it is
/// not a list of known values.
fn numbers(command: &Value, field: &str, known: &[u64]) -> Result<Option<Vec<u64>>, String> {
    let value = &command[field];
    if value.is_null() {
        return Ok(None);
    }
    let name = command["name"].as_str().unwrap_or("?");
    let list = value
        .as_array()
        .ok_or_else(|| format!("{name}: {field} is a list"))?;
    let mut numbers = Vec::new();
    for item in list {
        match item.as_u64().filter(|n| known.contains(n)) {
            Some(n) if !numbers.contains(&n) => numbers.push(n),
            Some(n) => return Err(format!("{name}: {field} holds {n} twice")),
            None => return Err(format!("{name}: {item} is not a value of {field}")),
        }
    }
    if numbers.is_empty() {
        return Err(format!("{name}: {field} is empty"));
    }
    Ok(Some(numbers))
}

impl Places {
    /// Checks a bulk overwrite of `guild`'s commands (`None`: global) and keeps where each
    /// works; the problem Discord would answer 400 with otherwise.
    pub(super) fn register(&mut self, guild: Option<u64>, commands: &Value) -> Result<(), String> {
        let mut placed = Vec::new();
        for command in commands.as_array().into_iter().flatten() {
            let name = command["name"].as_str().unwrap_or("?").to_owned();
            let contexts = numbers(command, "contexts", &CONTEXTS)?;
            let installs = numbers(command, "integration_types", &INTEGRATION_TYPES)?;
            if guild.is_some() {
                if contexts.as_ref().is_some_and(|c| c.iter().any(|n| *n != 0)) {
                    return Err(format!("{name}: a guild command works in its server only"));
                }
                if installs.as_ref().is_some_and(|i| i.iter().any(|n| *n != 0)) {
                    return Err(format!("{name}: a guild command cannot be user-installed"));
                }
            }
            let (contexts, installs) = match guild {
                Some(_) => (vec![0], vec![0]),
                None => (
                    contexts.unwrap_or_else(|| CONTEXTS.to_vec()),
                    installs.unwrap_or_else(|| vec![0]),
                ),
            };
            placed.push(Placed {
                name,
                contexts,
                integration_types: installs,
            });
        }
        self.registered.insert(guild, placed);
        Ok(())
    }

    /// The commands registered to `guild` (`None`: globally), in the order given.
    pub(super) fn registered(&self, guild: Option<u64>) -> Vec<Placed> {
        self.registered.get(&guild).cloned().unwrap_or_default()
    }

    /// Why Discord would not send the interaction `data` (a command or autocomplete
    /// from context `context`, in `guild` if any), if it would not: its command is registered
    /// but not for that context, or, in a DM between users, not for a user's install.
    pub(super) fn undeliverable(&self, data: &Value, guild: Option<u64>) -> Option<String> {
        let kind = data["type"].as_u64().unwrap_or(0);
        if kind != 2 && kind != 4 {
            return None;
        }
        let context = data["context"].as_u64().unwrap_or(0);
        let name = data["data"]["name"].as_str().unwrap_or("");
        // A guild command (in its server) first, then a global one.
        let found = [guild, None]
            .into_iter()
            .filter_map(|scope| self.registered.get(&scope))
            .flatten()
            .find(|p| p.name == name)?;
        if !found.contexts.contains(&context) {
            return Some(format!("/{name} is not registered for context {context}"));
        }
        if context == 2 && !found.integration_types.contains(&1) {
            return Some(format!("/{name} is not offered to a user's install"));
        }
        None
    }

    /// Whether `name` is a command registered to `guild` (not a global one).
    pub(super) fn guild_command(&self, guild: Option<u64>, name: &str) -> bool {
        guild.is_some_and(|guild| {
            self.registered
                .get(&Some(guild))
                .is_some_and(|commands| commands.iter().any(|c| c.name == name))
        })
    }

    /// Notes where an interaction came from: a DM or group DM between users is a channel the
    /// app can only answer in.
    pub(super) fn note_channel(&mut self, data: &Value) {
        let channel = data["channel_id"]
            .as_str()
            .and_then(|s| s.parse::<u64>().ok());
        if let (Some(channel), Some(2)) = (channel, data["context"].as_u64()) {
            self.answer_only.insert(channel);
        }
    }

    /// Whether the app can only answer interactions in `channel`.
    pub(super) fn answer_only(&self, channel: u64) -> bool {
        self.answer_only.contains(&channel)
    }
}
