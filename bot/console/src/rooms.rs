//! Rooms for tournament games: the console opens room `t1-r1-b2` (tournament, round, board)
//! for each game, and remembers its name to label the notices posted there.

use std::collections::HashMap;
use std::sync::Mutex;

use domain::{ChannelId, GameRooms, Room};

use super::names::room_channel;

/// The rooms opened so far, by channel.
#[derive(Debug, Default)]
pub struct ConsoleRooms {
    names: Mutex<HashMap<ChannelId, String>>,
}

impl ConsoleRooms {
    /// The name of a room opened for a tournament game.
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
