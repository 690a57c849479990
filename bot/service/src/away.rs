//! The vacations under way, which pause the deadlines of their players' games: loaded at
//! start, changed by the vacation commands and refreshed by every sweep (see
//! [`vacation`](super::vacation)), read whenever a deadline is looked at.

use dashmap::DashMap;
use domain::{UserId, Vacation};

/// The players away now, with their vacations.
#[derive(Default)]
pub(crate) struct Away(DashMap<UserId, Vacation>);

impl Away {
    /// The vacations under way that `vacations` lists.
    pub(crate) fn of(vacations: Vec<Vacation>) -> Away {
        Away(vacations.into_iter().map(|v| (v.user, v)).collect())
    }

    /// Whether a player of a game is on vacation (its deadlines are paused).
    pub(crate) fn any(&self, players: [UserId; 2]) -> bool {
        players.iter().any(|p| self.0.contains_key(p))
    }

    /// `user`'s vacation, if they are on one.
    pub(crate) fn get(&self, user: UserId) -> Option<Vacation> {
        self.0.get(&user).map(|v| *v.value())
    }

    /// Every vacation under way.
    pub(crate) fn all(&self) -> Vec<Vacation> {
        self.0.iter().map(|v| *v.value()).collect()
    }

    /// Notes a vacation under way.
    pub(crate) fn insert(&self, vacation: Vacation) {
        self.0.insert(vacation.user, vacation);
    }

    /// Notes that `user`'s vacation is over.
    pub(crate) fn remove(&self, user: UserId) {
        self.0.remove(&user);
    }
}
