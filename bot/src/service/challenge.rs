//! Challenges: making one, and accepting, declining, cancelling it.

use std::time::Duration;

use rand::Rng;
use rules::{Color, Game, Variant};

use super::live::{Live, Slot};
use super::{
    Action, ColorChoice, Command, GameService, Origin, Reply, SetupChoice, SlotGuard, User, UserId,
    format_duration, save_failed,
};
use super::{ChallengeEnd, ChallengeRecord, GameRecord, GameState};

/// What a challenger asks for.
pub(super) struct Ask {
    pub(super) opponent: Option<User>,
    pub(super) variant: Variant,
    pub(super) setup: Option<SetupChoice>,
    pub(super) color: ColorChoice,
    pub(super) deadline: Option<Duration>,
}

impl GameService {
    pub(super) async fn challenge(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        ask: Ask,
    ) -> Reply {
        match &**guard {
            Slot::Challenge(c) if c.challenger.id == origin.user.id => {
                return Reply::private(
                    "You already have a challenge open in this channel; `cancel` it first.",
                );
            }
            Slot::Challenge(c) => {
                return Reply::private(format!(
                    "{} has a challenge open in this channel already: `accept` it, or play in another channel or thread.",
                    c.challenger.name
                ));
            }
            Slot::Game(live) if live.outcome().is_none() => {
                return Reply::private(format!(
                    "A game is going on in this channel ({}); start yours in another channel or thread.",
                    live.players()
                ));
            }
            Slot::Game(_) | Slot::Free | Slot::Retired => {}
        }
        if let Err(e) = self.check_ask(origin, &ask) {
            return Reply::private(e);
        }
        let deadline = ask.deadline.or(self.shared.config.default_deadline);
        let now = self.now_ms();
        let ttl = i64::try_from(self.shared.config.challenge_ttl.as_millis()).unwrap_or(i64::MAX);
        let id = match self.store(self.db().new_id()).await {
            Ok(id) => id,
            Err(e) => return save_failed(&e),
        };
        let row = ChallengeRecord {
            id,
            guild: origin.guild,
            channel: origin.channel,
            challenger: origin.user.clone(),
            opponent: ask.opponent.clone(),
            variant: ask.variant,
            setup: ask.setup,
            color: ask.color,
            deadline,
            created_ms: now,
            expires_ms: now.saturating_add(ttl),
            rated: ask
                .opponent
                .as_ref()
                .is_none_or(|o| o.id != origin.user.id && !super::is_computer(o.id)),
        };
        if ask
            .opponent
            .as_ref()
            .is_some_and(|o| o.id == origin.user.id || super::is_computer(o.id))
        {
            // Practice against yourself, or a game against the computer: nobody needs to
            // accept.
            return self.start(guard, row, false).await;
        }
        if let Err(e) = self.store(self.db().insert_challenge(&row)).await {
            return save_failed(&e);
        }
        self.replace_slot(guard, Slot::Challenge(row.clone()));
        let mut text = format!(
            "**{}** challenges {} to {}.",
            row.challenger.name,
            row.opponent
                .as_ref()
                .map(|o| format!("**{}**", o.name))
                .unwrap_or_else(|| "anyone".to_string()),
            describe_game(&row)
        );
        let ttl = format_duration(self.shared.config.challenge_ttl);
        match &row.opponent {
            Some(o) => text.push_str(&format!(
                "\n{}: `accept` or `decline` within {ttl}.",
                o.name
            )),
            None => text.push_str(&format!("\nAnyone may `accept` within {ttl}.")),
        }
        Reply {
            text,
            game: Some(row.id),
            actions: vec![Action::AcceptChallenge, Action::DeclineChallenge],
            mentions: row.opponent.iter().map(|o| o.id).collect(),
            ..Reply::default()
        }
    }

    /// Why a challenge asking for this could not be made anywhere, if it could not: a setup
    /// the variant cannot start from, a deadline out of range, too many open challenges of
    /// the challenger's. A front may check this before preparing a place (a thread) for it.
    pub fn check_challenge(&self, origin: &Origin, command: &Command) -> Option<Reply> {
        let Command::Challenge {
            opponent,
            variant,
            setup,
            color,
            deadline,
        } = command
        else {
            return None;
        };
        let ask = Ask {
            opponent: opponent.clone(),
            variant: *variant,
            setup: *setup,
            color: *color,
            deadline: *deadline,
        };
        self.check_ask(origin, &ask).err().map(Reply::private)
    }

    /// Refuses what no channel's state could allow: the setup, the deadline, one challenge too
    /// many.
    fn check_ask(&self, origin: &Origin, ask: &Ask) -> Result<(), String> {
        self.check_setup(ask)?;
        let limit = self.shared.config.max_open_challenges;
        if self.open_challenges_of(origin.user.id) >= limit {
            return Err(format!(
                "You have {limit} challenges open already; wait for an answer or `cancel` one \
                 first."
            ));
        }
        if let Some(d) = ask.deadline.or(self.shared.config.default_deadline) {
            let config = &self.shared.config;
            if d < config.min_deadline || d > config.max_deadline {
                return Err(format!(
                    "A move deadline must be between {} and {}.",
                    format_duration(config.min_deadline),
                    format_duration(config.max_deadline)
                ));
            }
        }
        Ok(())
    }

    /// How many open challenges `user` has made, counting the channels not busy right now
    /// (a busy channel is skipped rather than waited for: the limit is a guard, not a count).
    fn open_challenges_of(&self, user: UserId) -> usize {
        let slots: Vec<_> = self
            .shared
            .slots
            .iter()
            .map(|entry| entry.value().clone())
            .collect();
        slots
            .iter()
            .filter(|slot| {
                slot.try_lock()
                    .is_ok_and(|s| matches!(&*s, Slot::Challenge(c) if c.challenger.id == user))
            })
            .count()
    }

    /// Refuses setups the variant cannot start from, before anyone accepts.
    fn check_setup(&self, ask: &Ask) -> Result<(), String> {
        match ask.setup {
            None => Ok(()),
            Some(_) if !ask.variant.allows_chess960_setup() => Err(format!(
                "{} has a fixed setup; Chess960 setups are for chess960, avalanche and avalanche-balanced.",
                ask.variant.name()
            )),
            Some(SetupChoice::Random) => Ok(()),
            Some(SetupChoice::Number(n)) => Game::new(ask.variant, Some(n))
                .map(|_| ())
                .map_err(|e| format!("{}.", capitalize(&e.to_string()))),
        }
    }

    pub(super) async fn accept(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let row = match &**guard {
            Slot::Challenge(c) => c.clone(),
            Slot::Game(live) if live.outcome().is_none() => {
                return Reply::private("The game here has already started.");
            }
            _ => return Reply::private("There is no challenge to accept in this channel."),
        };
        match &row.opponent {
            Some(o) if o.id != origin.user.id => {
                return Reply::private(format!(
                    "This challenge is for {}; only they can accept it.",
                    o.name
                ));
            }
            None if row.challenger.id == origin.user.id => {
                return Reply::private(
                    "You cannot accept your own challenge: wait for an opponent, or `cancel` it. \
                     To practise alone, challenge yourself.",
                );
            }
            _ => {}
        }
        let row = ChallengeRecord {
            opponent: Some(origin.user.clone()),
            ..row
        };
        self.start(guard, row, true).await
    }

    /// Starts the game a challenge asked for; `from_challenge` when a stored challenge closes.
    async fn start(
        &self,
        guard: &mut SlotGuard,
        challenge: ChallengeRecord,
        from_challenge: bool,
    ) -> Reply {
        let opponent = challenge
            .opponent
            .clone()
            .unwrap_or_else(|| challenge.challenger.clone());
        let challenger_white = match challenge.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => rand::rng().random_bool(0.5),
        };
        let (white, black) = if challenger_white {
            (challenge.challenger.clone(), opponent)
        } else {
            (opponent, challenge.challenger.clone())
        };
        let number = match challenge.setup {
            None => None,
            Some(SetupChoice::Number(n)) => Some(n),
            Some(SetupChoice::Random) => Some(rand::rng().random_range(0..960)),
        };
        let game = match Game::new(challenge.variant, number) {
            Ok(g) => g,
            Err(e) => return Reply::private(format!("{}.", capitalize(&e.to_string()))),
        };
        let now = self.now_ms();
        // Never rated against oneself or the computer, whatever the challenge said.
        let rated = challenge.rated
            && white.id != black.id
            && !super::is_computer(white.id)
            && !super::is_computer(black.id);
        let row = GameRecord {
            id: challenge.id,
            guild: challenge.guild,
            channel: challenge.channel,
            variant: challenge.variant,
            chess960: game.chess960_number(),
            white,
            black,
            deadline: challenge.deadline,
            created_ms: now,
            rated,
            state: GameState {
                turn_started_ms: now,
                ..GameState::default()
            },
        };
        let closes = from_challenge.then_some(challenge.id);
        if let Err(e) = self.store(self.db().start_game(closes, &row)).await {
            return save_failed(&e);
        }
        let live = Live {
            row,
            game,
            pending: None,
            announced: None,
        };
        let intro = if live.is_solo() {
            format!(
                "**{}** starts a practice game of {}, playing both sides.",
                live.row.white.name,
                live.variant_label()
            )
        } else {
            format!(
                "The game is on: {} — {}.",
                live.players(),
                live.variant_label()
            )
        };
        let mut text = intro;
        if let Some(d) = live.row.deadline {
            text.push_str(&format!(
                " Each turn must be played within {}.",
                format_duration(d)
            ));
        }
        self.replace_slot(guard, Slot::Game(Box::new(live)));
        let Slot::Game(live) = &**guard else {
            return Reply::private("The game could not be set up.");
        };
        let status = super::play::status_line(live);
        self.game_reply(live, live.to_move(), format!("{text}\n{status}"))
            .await
    }

    pub(super) async fn decline(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let Slot::Challenge(c) = &**guard else {
            return Reply::private("There is no challenge to decline in this channel.");
        };
        let c = c.clone();
        match &c.opponent {
            _ if c.challenger.id == origin.user.id => {
                return Reply::private("It is your own challenge: `cancel` it to withdraw it.");
            }
            None => {
                return Reply::private(
                    "This challenge is open to anyone; if you do not want to play, just leave it.",
                );
            }
            Some(o) if o.id != origin.user.id => {
                return Reply::private(format!(
                    "This challenge is for {}; only they can decline it.",
                    o.name
                ));
            }
            Some(_) => {}
        }
        let id = c.id;
        if let Err(e) = self
            .store(self.db().end_challenge(id, ChallengeEnd::Declined))
            .await
        {
            return save_failed(&e);
        }
        **guard = Slot::Free;
        Reply {
            text: format!(
                "**{}** declined {}'s challenge.",
                origin.user.name, c.challenger.name
            ),
            game: Some(id),
            mentions: vec![c.challenger.id],
            ..Reply::default()
        }
    }

    pub(super) async fn cancel(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        match &**guard {
            Slot::Challenge(c) if c.challenger.id == origin.user.id => {
                let id = c.id;
                if let Err(e) = self
                    .store(self.db().end_challenge(id, ChallengeEnd::Cancelled))
                    .await
                {
                    return save_failed(&e);
                }
                **guard = Slot::Free;
                Reply::public(format!(
                    "**{}** withdrew their challenge.",
                    origin.user.name
                ))
                .with_game(id)
            }
            Slot::Challenge(c) => Reply::private(format!(
                "Only {} can cancel their challenge.",
                c.challenger.name
            )),
            Slot::Game(_) => self.cancel_push(origin, guard).await,
            Slot::Free | Slot::Retired => {
                Reply::private("There is no challenge of yours to cancel in this channel.")
            }
        }
    }

    /// Puts `slot` in the guard, forgetting what was there (a finished game) and indexing the
    /// new id.
    pub(super) fn replace_slot(&self, guard: &mut SlotGuard, slot: Slot) {
        if let Some(old) = guard.id() {
            self.shared.channels.remove(&old);
        }
        if let Some(id) = slot.id() {
            let channel = match &slot {
                Slot::Challenge(c) => c.channel,
                Slot::Game(g) => g.row.channel,
                Slot::Free | Slot::Retired => return,
            };
            self.shared.channels.insert(id, channel);
        }
        **guard = slot;
    }
}

/// "Avalanche (setup #N), alice plays White, 1d per turn".
fn describe_game(c: &ChallengeRecord) -> String {
    let mut out = String::from(c.variant.name());
    match c.setup {
        Some(SetupChoice::Number(n)) => out.push_str(&format!(" from Chess960 setup #{n}")),
        Some(SetupChoice::Random) if c.variant != Variant::Chess960 => {
            out.push_str(" from a random Chess960 setup");
        }
        _ => {}
    }
    match c.color {
        ColorChoice::White => {
            out.push_str(&format!(", {} plays {}", c.challenger.name, Color::White))
        }
        ColorChoice::Black => {
            out.push_str(&format!(", {} plays {}", c.challenger.name, Color::Black))
        }
        ColorChoice::Random => out.push_str(", colours drawn at random"),
    }
    if let Some(d) = c.deadline {
        out.push_str(&format!(", {} per turn", format_duration(d)));
    }
    out
}

/// The sentence with its first letter in upper case.
pub(super) fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
