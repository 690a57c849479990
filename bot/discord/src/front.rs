//! What every handler shares: the game service, the renderer, the players' pictures, the
//! games' live messages and the front's settings.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use domain::messages::{Message, PrivacyMsg};
use domain::{GuildId, Origin, Reply, Request, User};
use render::Renderer;
use serenity::all::{
    Builder, ChannelId, CreateInteractionResponseFollowup, EditMessage, Http, ImageHash,
    InteractionContext, Member, User as DiscordUser,
};
use service::{GameService, Options};

use super::arrivals::Arrivals;
use super::avatars::AvatarSource;
use super::boards::{LiveMessages, Posted};
use super::direct::Token;
use super::inflight::InFlight;
use super::own_posts::OwnPosts;
use super::replies::{Outgoing, Shows, Standing};
use super::respond::{Lifetime, Sent, Target};

/// The state of the Discord front.
pub struct Front {
    /// The game service every command goes to.
    pub service: GameService,
    /// Draws the boards and replays of the service's replies.
    pub renderer: Arc<Renderer>,
    /// The players' pictures for the name bars; `None` when the operator turned them off.
    pub pictures: Option<Arc<AvatarSource>>,
    /// Open a thread per game where the bot may.
    pub threads: bool,
    /// Play messages that are only a move.
    pub typed_moves: bool,
    /// Register commands to this guild only.
    pub development_guild: Option<u64>,
    /// Interactions whose work takes longer are deferred.
    pub defer_after: Duration,
    /// The handlers at work.
    pub in_flight: Arc<InFlight>,
    /// The messages whose buttons act on each game as it is now.
    pub live: LiveMessages,
    /// The one path of the bot's own posts: where it may post, where it can only answer
    /// interactions, and what waits there.
    pub own: Arc<OwnPosts>,
    /// The servers the gateway has introduced since the start.
    pub arrivals: Arrivals,
    /// The web board's links, when it has a public address.
    pub web: Option<Arc<dyn domain::WebLinks>>,
    /// The pace of the bot's own posts in each channel.
    pub pace: super::pace::Pace,
    registered: AtomicBool,
}

impl Front {
    /// The front over `service` with these settings.
    pub fn new(
        service: GameService,
        renderer: Arc<Renderer>,
        settings: &crate::Settings,
        defer_after: Duration,
    ) -> Front {
        let pictures = settings.avatars.as_deref().and_then(|cdn| {
            AvatarSource::new(cdn, renderer.avatar_side())
                .inspect_err(|e| tracing::error!(error = %e, "players' pictures are off"))
                .ok()
        });
        Front {
            own: Arc::new(OwnPosts::new(service.clone())),
            service,
            pictures: pictures.map(Arc::new),
            renderer,
            threads: settings.threads,
            typed_moves: settings.typed_moves,
            development_guild: settings.development_guild,
            defer_after,
            in_flight: Arc::new(InFlight::default()),
            live: LiveMessages::default(),
            arrivals: Arrivals::default(),
            web: settings.web.clone(),
            pace: super::pace::Pace::default(),
            registered: AtomicBool::new(false),
        }
    }

    /// The service's reply to `request` (a game command or a tournament's), with what
    /// `options` asks for while it runs, its pictures drawn once the game is let go.
    pub async fn execute(
        &self,
        origin: &Origin,
        request: impl Into<Request>,
        options: Options<'_>,
    ) -> Reply {
        let mut reply = self.service.execute(origin, request, options).await;
        let forgotten = reply
            .messages
            .iter()
            .any(|m| matches!(m, Message::Privacy(PrivacyMsg::Forgotten(_))));
        if forgotten && let Some(pictures) = &self.pictures {
            pictures.forget(origin.user.id);
        }
        self.draw(&mut reply).await;
        reply
    }

    /// Draws `reply`'s board and replay, with the players' pictures that come in time; a
    /// public board of a game links to its live page when the web board has an address.
    pub async fn draw(&self, reply: &mut Reply) {
        if let Some(web) = &self.web {
            reply.link_to_web(web.as_ref());
        }
        match &self.pictures {
            Some(pictures) => {
                pictures.prepare(reply).await;
                present::draw(&self.renderer, reply, Some(pictures.as_ref())).await;
            }
            None => present::draw(&self.renderer, reply, None).await,
        }
    }

    /// Notes where a player's pictures are, from an interaction or a message that carries
    /// them, and starts fetching the one boards in `guild` show.
    pub fn learn(
        &self,
        guild: Option<GuildId>,
        user: &DiscordUser,
        member_avatar: Option<&ImageHash>,
    ) {
        if let Some(pictures) = &self.pictures {
            pictures.learn(guild, user, member_avatar);
        }
    }

    /// True the first time only: commands are registered once per process.
    pub fn first_registration(&self) -> bool {
        !self.registered.swap(true, Ordering::AcqRel)
    }

    /// Notes what a message showed once Discord took it (`posted`: where it is, a message or
    /// copies of one, empty when unknown): the turns it showed count as announced, so a
    /// restart announces only turns stored after them; and the game's earlier messages whose
    /// buttons it makes out of date lose them. Their edits come after the message and the
    /// mark, and one that fails is only logged.
    pub async fn delivered(&self, http: &Http, shows: Shows, posted: &[Posted]) {
        if let Some((game, shown)) = shows.announces {
            self.service.mark_shown(game, shown).await;
        }
        if let Some(round) = shows.round {
            self.service.mark_round_shown(round).await;
        }
        if let Some(owed) = shows.tells {
            self.service.mark_told(owed).await;
        }
        let Some((game, standing)) = shows.game else {
            return;
        };
        let out_of_date = match standing {
            // Gone already (a challenge answered or withdrawn before this message's id was
            // learnt): its buttons go too.
            Standing::Live if self.service.channel_of_game(game).await.is_none() => {
                let mut old = self.live.end(game, &[]);
                old.extend_from_slice(posted);
                old
            }
            Standing::Live => self.live.replace(game, posted),
            Standing::Over => self.live.end(game, posted),
            // A challenge declined, withdrawn or lapsed is gone from the service.
            Standing::Aside
                if self.live.knows(game) && self.service.channel_of_game(game).await.is_none() =>
            {
                self.live.end(game, posted)
            }
            Standing::Aside => Vec::new(),
        };
        for old in out_of_date {
            self.strip(http, old).await;
        }
    }

    /// Takes the buttons off `old`, where the bot may edit its messages: where it cannot see
    /// the channel, or can only answer (see [`direct`](super::direct)), an old board keeps
    /// them, and a press on it is told it is out of date.
    pub async fn strip(&self, http: &Http, old: Posted) {
        if self.own.may_edit(old.channel) {
            strip(http, old).await;
        }
    }
}

impl Front {
    /// Notes an interaction with `token` in `channel` from `context`, arriving now: its
    /// lifetime, which knows whether the channel is one where the bot can only answer.
    pub fn lifetime(
        &self,
        channel: ChannelId,
        context: Option<InteractionContext>,
        token: &str,
        attachment_limit: u32,
    ) -> Lifetime {
        let issued = self.own.now();
        let token = Token {
            token: token.to_owned(),
            issued,
            attachment_limit,
        };
        let answer_only = self.own.direct.learn(channel, context, token);
        Lifetime {
            issued,
            own: Arc::clone(&self.own),
            answer_only,
        }
    }

    /// After `target`'s answer, in a channel where the bot can only answer: what waited for an
    /// interaction there follows it. A message showing a game's board is out of date by now
    /// (the answer shows the game as it is), so it goes without its buttons.
    pub async fn hand_over(&self, http: &Http, target: &Target) {
        if !target.lifetime.answer_only || target.lifetime.late() {
            return;
        }
        for outgoing in self.own.direct.take(target.channel) {
            let token = Token {
                token: target.token.clone(),
                issued: target.lifetime.issued,
                attachment_limit: target.attachment_limit,
            };
            self.follow(http, target.channel, &token, outgoing, true)
                .await;
        }
    }

    /// Sends `outgoing` (a notice, or an answer that came late) where the bot can only answer
    /// in `channel`: as a follow-up on the channel's newest token while it is good, else it
    /// waits for the next interaction there.
    pub async fn to_direct(&self, http: &Http, channel: ChannelId, outgoing: Outgoing) {
        match self.own.direct.live_token(channel, self.own.now()) {
            Some(token) => self.follow(http, channel, &token, outgoing, false).await,
            None => {
                tracing::info!(%channel, "no live interaction here; the notice waits for one");
                self.own.direct.wait(channel, outgoing);
            }
        }
    }

    /// Follows up on `token` with `outgoing`, without its board's buttons when a newer answer
    /// `superseded` it; kept for the next interaction if Discord refuses, or if the token has
    /// made as many follow-ups as Discord takes
    /// (see [`Direct::spend`](super::direct::Direct::spend)).
    async fn follow(
        &self,
        http: &Http,
        channel: ChannelId,
        token: &Token,
        outgoing: Outgoing,
        superseded: bool,
    ) {
        if !self.own.direct.spend(channel, &token.token) {
            tracing::info!(%channel, "no follow-up left on this interaction; the notice waits");
            self.own.direct.wait(channel, outgoing);
            return;
        }
        let mut shows = outgoing.shows;
        let mut sent = outgoing
            .clone()
            .with_attachment_limit(token.attachment_limit);
        if superseded && let Some((game, Standing::Live)) = shows.game {
            shows.game = Some((game, Standing::Aside));
            sent = sent.without_buttons();
        }
        let followup: CreateInteractionResponseFollowup = sent.followup();
        match followup.execute(http, (None, &token.token)).await {
            Ok(message) => {
                let at = Posted {
                    channel,
                    message: message.id,
                };
                self.delivered(http, shows, &[at]).await;
            }
            Err(error) => {
                tracing::warn!(%error, %channel, "could not follow up; the message waits");
                self.own.direct.wait(channel, outgoing);
            }
        }
    }

    /// [`Front::delivered`] for what an answer posted, if Discord took it.
    pub async fn answered(&self, http: &Http, sent: Option<Sent>) {
        if let Some(sent) = sent {
            self.delivered(http, sent.shows, sent.posted.as_slice())
                .await;
        }
    }
}

/// Takes the buttons off `old`; a failure is logged, nothing more.
async fn strip(http: &Http, old: Posted) {
    let strip = EditMessage::new().components(Vec::new());
    if let Err(error) = old.channel.edit_message(http, old.message, strip).await {
        tracing::info!(%error, channel = %old.channel, "could not take the buttons off an old message");
    }
}

/// A Discord user as the service knows them, named as the server shows them (the member's
/// nickname first). The name is kept as it is; the presentation escapes it.
pub fn person(user: &DiscordUser, member: Option<&Member>) -> User {
    let name = member.map_or_else(|| user.display_name(), Member::display_name);
    User {
        id: user.id.get(),
        name: name.to_owned(),
    }
}
