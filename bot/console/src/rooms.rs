//! The console's rooms by name, to label the notices posted there: those named in input
//! lines (`alice@lobby> …`) and those it opens for tournament games (`t1-r1-b2`: tournament,
//! round, board).

use std::collections::HashMap;
use std::sync::Mutex;

use domain::{ChannelId, GameRooms, Room};

use super::names::room_channel;

/// The rooms named or opened so far, by channel.
#[derive(Debug, Default)]
pub struct ConsoleRooms {
    names: Mutex<HashMap<ChannelId, String>>,
}

impl ConsoleRooms {
    /// Notes room `name`, named in an input line, so that notices there say where they are.
    pub fn note(&self, name: &str) {
        self.names
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(room_channel(name))
            .or_insert_with(|| name.to_owned());
    }

    /// The name of a room named in an input line or opened for a tournament game.
    pub fn name(&self, channel: ChannelId) -> Option<String> {
        self.names
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&channel)
            .cloned()
    }
}

#[async_trait::async_trait]
impl GameRooms for ConsoleRooms {
    async fn open_room(&self, room: &Room<'_>) -> Option<ChannelId> {
        let name = room.code();
        let channel = room_channel(&name);
        self.names
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(channel, name);
        Some(channel)
    }
}
