//! What every `GameStore` backend must do with what is stored about one user, run against
//! SQLite and PostgreSQL alike: everything about a user reads back in one piece and nothing
//! about anyone else; forgetting is refused while anything of theirs is under way and then
//! changes nothing; once allowed, a stand-in takes their place in games and tournaments and the
//! rest is deleted, in one transaction; two forgotten users never share a stand-in, not even
//! after `nadare migrate`; a server's settings are removed.

use std::time::Duration;

use domain::{
    BoardResult, ChallengeEnd, ChallengeRecord, ColorChoice, FORGOTTEN_NAME, Finished, GameRecord,
    GameState, GameStore, Lang, ShardSet, StoreError, TournamentBoard, TournamentFormat,
    TournamentRecord, TournamentState, User, Vacation, Withdrawal, is_forgotten,
};
use rules::{Color, EndReason, Outcome, Variant};
use testkit::harness::{sample_game, user};
use testkit::on_both_backends;
use testkit::stores::Backend;

use super::store_records::update_for;

on_both_backends!(
    a_users_data_reads_back_whole_and_no_one_elses,
    forgetting_waits_until_nothing_is_under_way,
    forgetting_puts_a_stand_in_in_their_place_and_deletes_the_rest,
    stand_ins_stay_apart_after_a_copy,
    a_servers_settings_are_removed,
);

const GUILD: u64 = 4_194_304 * 5;

fn alice() -> User {
    user(1, "alice")
}
fn bob() -> User {
    user(2, "bob")
}
fn carol() -> User {
    user(3, "carol")
}

/// A standard game of [`GUILD`] between `white` and `black`, started.
async fn started(store: &dyn GameStore, white: User, black: User) -> GameRecord {
    let id = store.new_id().await.expect("id");
    let mut g = sample_game(id, Some(GUILD), 100 + id);
    g.variant = Variant::Standard;
    g.chess960 = None;
    g.white = white;
    g.black = black;
    g.state = GameState {
        turn_started_ms: 10,
        ..GameState::default()
    };
    store.start_game(None, &g).await.expect("start");
    g
}

/// Plays 1. e4 in `g` and ends it with a rated result: White resigns.
async fn finished(store: &dyn GameStore, g: &GameRecord) {
    let one = g.state.next();
    store
        .record_turn(g.id, 0, "e4", &one, None)
        .await
        .expect("turn");
    let mut resigned = one.next();
    resigned.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Resignation,
        },
        at_ms: 50,
    });
    let update = update_for(store, g, Some(Color::Black), 50).await;
    store
        .update_game(g.id, &resigned, Some(&update))
        .await
        .expect("resign");
}

/// An open challenge of [`GUILD`] by `by` to `to`, stored.
async fn challenged(store: &dyn GameStore, by: User, to: Option<User>) -> ChallengeRecord {
    let c = ChallengeRecord {
        id: store.new_id().await.expect("id"),
        guild: Some(GUILD),
        channel: 7,
        challenger: by,
        opponent: to,
        variant: Variant::Avalanche,
        setup: None,
        color: ColorChoice::Random,
        deadline: None,
        time: None,
        created_ms: 5,
        expires_ms: 600_005,
        rated: true,
    };
    store.insert_challenge(&c).await.expect("challenge");
    c
}

/// An open round robin of [`GUILD`] created by `by`, with `players` in it.
async fn tournament(store: &dyn GameStore, by: User, players: &[User]) -> TournamentRecord {
    let t = TournamentRecord {
        id: store.new_id().await.expect("id"),
        guild: GUILD,
        channel: 55,
        name: format!("{}'s", by.name),
        variant: Variant::Standard,
        format: TournamentFormat::RoundRobin,
        rounds: 0,
        deadline: Some(Duration::from_secs(86_400)),
        time: None,
        length: None,
        ends_ms: None,
        rated: true,
        random_setup: false,
        starts_ms: None,
        state: TournamentState::Open,
        round: 0,
        creator: by,
        created_ms: 9,
        players: Vec::new(),
        boards: Vec::new(),
    };
    store.create_tournament(&t).await.expect("create");
    for p in players {
        store.join_tournament(t.id, p).await.expect("join");
    }
    t
}

/// Starts `t` with one board, `white` against `black`, playing game `game`.
async fn started_round(
    store: &dyn GameStore,
    t: &TournamentRecord,
    white: User,
    black: User,
    game: u64,
) {
    let board = TournamentBoard {
        round: 1,
        board: 1,
        white,
        black: Some(black),
        game: Some(game),
        setup: None,
        result: None,
        berserk: [false, false],
    };
    store
        .advance_tournament(
            t.id,
            (0, TournamentState::Open),
            (1, TournamentState::Running),
            &[board],
        )
        .await
        .expect("start");
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> u64) -> Vec<u64> {
    let mut ids: Vec<u64> = items.iter().map(id).collect();
    ids.sort_unstable();
    ids
}

/// What the suites below start from: alice (1), bob (2) and carol (3), with games,
/// challenges, ratings, vacations and tournaments among them.
struct World {
    /// alice (White) against bob, finished and rated: bob won.
    rated: GameRecord,
    /// bob (White) against alice, under way.
    playing: GameRecord,
    /// bob against carol, finished: nothing of alice's.
    others: GameRecord,
    /// alice's open challenge to bob.
    open: ChallengeRecord,
    /// carol's challenge to alice, declined.
    declined: ChallengeRecord,
    /// carol's open challenge to bob.
    not_hers: ChallengeRecord,
    /// carol's tournament, running, with alice and carol on its board.
    carols: TournamentRecord,
    /// alice's tournament, open and empty.
    hers: TournamentRecord,
    /// bob's tournament, with bob and carol.
    bobs: TournamentRecord,
}

async fn world(store: &dyn GameStore) -> World {
    let rated = started(store, alice(), bob()).await;
    finished(store, &rated).await;
    let playing = started(store, bob(), alice()).await;
    let others = started(store, bob(), carol()).await;
    finished(store, &others).await;
    let open = challenged(store, alice(), Some(bob())).await;
    let declined = challenged(store, carol(), Some(alice())).await;
    store
        .end_challenge(declined.id, ChallengeEnd::Declined)
        .await
        .expect("decline");
    let not_hers = challenged(store, carol(), Some(bob())).await;
    for (who, days) in [(alice(), 3), (carol(), 2)] {
        let vacation = Vacation {
            user: who.id,
            started_ms: 1_000,
            ends_ms: 1_000 + i64::from(days) * 86_400_000,
            year: 2026,
            days,
        };
        store.start_vacation(&vacation).await.expect("vacation");
    }
    let carols = tournament(store, carol(), &[alice(), carol()]).await;
    let board_game = store.new_id().await.expect("id");
    started_round(store, &carols, alice(), carol(), board_game).await;
    let hers = tournament(store, alice(), &[]).await;
    let bobs = tournament(store, bob(), &[bob(), carol()]).await;
    World {
        rated,
        playing,
        others,
        open,
        declined,
        not_hers,
        carols,
        hers,
        bobs,
    }
}

async fn a_users_data_reads_back_whole_and_no_one_elses(backend: &Backend) {
    let store = backend.handle().await;
    let w = world(&*store).await;
    let data = backend
        .handle()
        .await
        .user_data(alice().id)
        .await
        .expect("data");
    assert_eq!(data.user, alice().id);
    assert_eq!(
        ids(&data.challenges, |c| c.challenge.id),
        [w.open.id, w.declined.id]
    );
    let declined = data
        .challenges
        .iter()
        .find(|c| c.challenge.id == w.declined.id)
        .expect("the declined challenge");
    assert_eq!(declined.end, Some(ChallengeEnd::Declined));
    assert_eq!(ids(&data.games, |g| g.row.id), [w.rated.id, w.playing.id]);
    let rated = data
        .games
        .iter()
        .find(|g| g.row.id == w.rated.id)
        .expect("the rated game");
    assert_eq!(rated.turns, ["e4"]);
    assert!(rated.row.state.finished.is_some());
    assert!(data.damaged.is_empty());
    assert_eq!(data.ratings.len(), 1);
    assert_eq!(
        (data.ratings[0].user.id, data.ratings[0].losses),
        (alice().id, 1)
    );
    assert_eq!(data.rating_changes.len(), 1, "only alice's change");
    assert_eq!(
        (data.rating_changes[0].game, data.rating_changes[0].user),
        (w.rated.id, alice().id)
    );
    assert_eq!(data.vacation.map(|v| v.days), Some(3));
    assert_eq!(data.vacation_days.len(), 1);
    assert_eq!(
        (data.vacation_days[0].year, data.vacation_days[0].days_used),
        (2026, 3)
    );
    let listed: Vec<u64> = data.tournaments.iter().map(|t| t.id).collect();
    assert_eq!(listed, [w.hers.id, w.carols.id], "newest first");
    let carols = &data.tournaments[1];
    assert_eq!(carols.players.len(), 2, "tournaments come whole");
    assert_eq!(carols.boards.len(), 1);

    let nobody = store.user_data(99).await.expect("data");
    assert!(nobody.is_empty(), "{nobody:?}");
    assert_eq!(nobody.user, 99);
}

/// Forgets alice while something is under way: refused with `what` and `id`, and nothing
/// changed.
async fn refused(store: &dyn GameStore, what: &str, id: u64) {
    let before = store.user_data(alice().id).await.expect("data");
    let err = store
        .forget_user(alice().id)
        .await
        .expect_err("something is under way");
    assert!(
        matches!(&err, StoreError::Conflict { what: w, id: i } if *w == what && *i == id),
        "{err:?}"
    );
    assert_eq!(store.user_data(alice().id).await.expect("data"), before);
}

async fn forgetting_waits_until_nothing_is_under_way(backend: &Backend) {
    let store = backend.handle().await;
    let w = world(&*store).await;
    refused(&*store, "challenge", w.open.id).await;
    store
        .end_challenge(w.open.id, ChallengeEnd::Cancelled)
        .await
        .expect("withdrawn");
    // A challenge to her, open to anyone, holds her up too.
    let to_her = challenged(&*store, bob(), Some(alice())).await;
    refused(&*store, "challenge", to_her.id).await;
    store
        .end_challenge(to_her.id, ChallengeEnd::Declined)
        .await
        .expect("declined");
    refused(&*store, "game", w.playing.id).await;
    let mut aborted = w.playing.state.next();
    aborted.finished = Some(Finished {
        outcome: Outcome {
            winner: None,
            reason: EndReason::Aborted,
        },
        at_ms: 60,
    });
    store
        .update_game(w.playing.id, &aborted, None)
        .await
        .expect("abort");
    refused(&*store, "tournament", w.carols.id).await;
    store
        .withdraw_player(w.carols.id, alice().id, Withdrawal::Withdrew)
        .await
        .expect("withdraw");
    // An open tournament she joined holds her up until she leaves it.
    store
        .join_tournament(w.bobs.id, &alice())
        .await
        .expect("join");
    refused(&*store, "tournament", w.bobs.id).await;
    store
        .leave_tournament(w.bobs.id, alice().id)
        .await
        .expect("leave");
    let stand_in = store.forget_user(alice().id).await.expect("forgotten");
    assert!(is_forgotten(stand_in.id));
    assert!(store.user_data(alice().id).await.expect("data").is_empty());
}

async fn forgetting_puts_a_stand_in_in_their_place_and_deletes_the_rest(backend: &Backend) {
    let store = backend.handle().await;
    let w = world(&*store).await;
    store
        .end_challenge(w.open.id, ChallengeEnd::Cancelled)
        .await
        .expect("withdrawn");
    let mut resigned = w.playing.state.next();
    resigned.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::White),
            reason: EndReason::Resignation,
        },
        at_ms: 70,
    });
    store
        .update_game(w.playing.id, &resigned, None)
        .await
        .expect("resign");
    store
        .withdraw_player(w.carols.id, alice().id, Withdrawal::Withdrew)
        .await
        .expect("withdraw");
    store
        .record_board(w.carols.id, 1, 1, BoardResult::BlackForfeit, [false, false])
        .await
        .expect("forfeit");
    let bob_before = store.user_data(bob().id).await.expect("bob");
    let carol_before = store.user_data(carol().id).await.expect("carol");

    let stand_in = store.forget_user(alice().id).await.expect("forgotten");
    assert!(is_forgotten(stand_in.id), "{stand_in:?}");
    assert_eq!(stand_in.name, FORGOTTEN_NAME);

    let reader = backend.handle().await;
    let gone = reader.user_data(alice().id).await.expect("data");
    assert!(gone.is_empty(), "{gone:?}");
    // Her games keep their moves and results, under the stand-in.
    let rated = reader
        .load_game(w.rated.id)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(
        (rated.row.white.clone(), rated.row.black.clone()),
        (stand_in.clone(), bob())
    );
    assert_eq!(rated.turns, ["e4"]);
    assert_eq!(
        rated.row.state.finished.map(|f| f.outcome.winner),
        Some(Some(Color::Black))
    );
    let playing = reader
        .load_game(w.playing.id)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(playing.row.black, stand_in);
    assert_eq!(playing.row.state, resigned);
    let standing_in = reader.user_data(stand_in.id).await.expect("stand-in");
    assert_eq!(
        ids(&standing_in.games, |g| g.row.id),
        [w.rated.id, w.playing.id]
    );
    assert!(
        standing_in.challenges.is_empty(),
        "her challenges are deleted"
    );
    assert!(standing_in.ratings.is_empty() && standing_in.rating_changes.is_empty());
    assert!(standing_in.vacation.is_none() && standing_in.vacation_days.is_empty());
    // Her tournaments keep her results under the stand-in.
    let carols = reader
        .tournament(w.carols.id)
        .await
        .expect("read")
        .expect("there");
    let entry = carols
        .players
        .iter()
        .find(|p| p.user == stand_in)
        .expect("the stand-in plays");
    assert!(entry.withdrawn);
    // Her withdrawal, stored before she was forgotten and not yet shown, is still owed, by
    // her entry number: the notice delivered after the forgetting marks it told.
    let owed = reader
        .unannounced_withdrawals(ShardSet::All)
        .await
        .expect("owed");
    assert_eq!(owed, [(w.carols.id, entry.seq, Withdrawal::Withdrew)]);
    store
        .mark_withdrawal_announced(w.carols.id, entry.seq)
        .await
        .expect("told");
    let owed = reader
        .unannounced_withdrawals(ShardSet::All)
        .await
        .expect("owed");
    assert!(owed.is_empty(), "{owed:?}");
    assert_eq!(carols.boards[0].white, stand_in);
    assert_eq!(carols.boards[0].result, Some(BoardResult::BlackForfeit));
    let hers = reader
        .tournament(w.hers.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(hers.creator, stand_in);

    // Nobody else's data changed, except where she stood in their games and tournaments.
    let bob_after = reader.user_data(bob().id).await.expect("bob");
    assert_eq!(bob_after.ratings, bob_before.ratings);
    assert_eq!(bob_after.rating_changes, bob_before.rating_changes);
    assert_eq!(
        bob_after
            .challenges
            .iter()
            .map(|c| c.challenge.id)
            .collect::<Vec<_>>(),
        [w.not_hers.id],
        "the challenge she made him is deleted with hers"
    );
    let carol_after = reader.user_data(carol().id).await.expect("carol");
    assert_eq!(carol_after.vacation, carol_before.vacation);
    assert_eq!(carol_after.vacation_days, carol_before.vacation_days);
    assert_eq!(ids(&carol_after.games, |g| g.row.id), [w.others.id]);
    assert_eq!(
        reader
            .game_rating_changes(w.rated.id)
            .await
            .expect("changes")
            .iter()
            .map(|c| c.user)
            .collect::<Vec<_>>(),
        [bob().id],
        "bob's change from the game stays, hers is gone"
    );

    // Forgotten again, there is nothing left; carol, forgotten, gets a stand-in of her own.
    store
        .end_challenge(w.not_hers.id, ChallengeEnd::Cancelled)
        .await
        .expect("withdrawn");
    let again = store.forget_user(alice().id).await.expect("nothing left");
    assert!(reader.user_data(again.id).await.expect("data").is_empty());
    store
        .advance_tournament(
            w.carols.id,
            (1, TournamentState::Running),
            (1, TournamentState::Finished),
            &[],
        )
        .await
        .expect("finish");
    store
        .leave_tournament(w.bobs.id, carol().id)
        .await
        .expect("leave");
    let carols_stand_in = store.forget_user(carol().id).await.expect("forgotten");
    assert_ne!(carols_stand_in.id, stand_in.id);
    let carols = reader
        .tournament(w.carols.id)
        .await
        .expect("read")
        .expect("there");
    let players: Vec<u64> = carols.players.iter().map(|p| p.user.id).collect();
    assert_eq!(players, [stand_in.id, carols_stand_in.id]);
    assert_eq!(
        carols.boards[0].black.as_ref().map(|u| u.id),
        Some(carols_stand_in.id)
    );
}

/// Alice forgotten in a database copied into this backend: the next one forgotten there gets
/// a stand-in of their own, though the copy's id sequence starts again from the ids stored.
async fn stand_ins_stay_apart_after_a_copy(backend: &Backend) {
    let source = Backend::sqlite();
    let from = source.handle().await;
    let g = started(&*from, alice(), bob()).await;
    finished(&*from, &g).await;
    let hers = from.forget_user(alice().id).await.expect("forgotten");
    let to = backend.handle().await;
    nadare::cli::migrate::copy(&*from, &*to)
        .await
        .expect("migrate");
    let copied = to.load_game(g.id).await.expect("load").expect("game");
    assert_eq!(copied.row.white, hers);
    let bobs = to.forget_user(bob().id).await.expect("forgotten");
    assert!(is_forgotten(bobs.id));
    assert_ne!(bobs.id, hers.id, "two forgotten players share no stand-in");
    let copied = to.load_game(g.id).await.expect("load").expect("game");
    assert_eq!((copied.row.white, copied.row.black), (hers, bobs));
    source.cleanup().await;
}

async fn a_servers_settings_are_removed(backend: &Backend) {
    let store = backend.handle().await;
    for guild in [GUILD, GUILD + 1] {
        store
            .set_guild_lang(guild, Some(Lang::Ja))
            .await
            .expect("lang");
        store
            .set_guild_avatars(guild, false)
            .await
            .expect("avatars");
        store
            .set_organiser_role(guild, Some(8))
            .await
            .expect("organisers");
    }
    store.remove_guild_settings(GUILD).await.expect("removed");
    let reader = backend.handle().await;
    assert_eq!(
        reader.guild_settings(GUILD).await.expect("settings"),
        domain::GuildSettings::defaults(GUILD)
    );
    let kept = reader.guild_settings(GUILD + 1).await.expect("settings");
    assert_eq!(
        (kept.lang, kept.avatars, kept.organiser_role),
        (Some(Lang::Ja), false, Some(8))
    );
    let loaded: Vec<u64> = reader
        .load_guild_settings(ShardSet::All)
        .await
        .expect("load")
        .iter()
        .map(|s| s.guild)
        .collect();
    assert_eq!(loaded, [GUILD + 1]);
    // Removing what is not there is no error.
    store.remove_guild_settings(GUILD).await.expect("again");
}
