//! What every `GameStore` backend must do with ratings, the archive, vacations and server
//! settings, run against SQLite and PostgreSQL alike: a rated game's result and both rating
//! changes are stored in one transaction (a refused or failing write stores neither half),
//! leaderboards rank, the archive pages newest first, vacations count their days once, and a
//! server's language round-trips.

use domain::rating::{Glicko, RatingFamily};
use domain::{
    ArchiveQuery, Extras, Finished, GameRecord, GameState, GameStore, PlayerRating, RatingUpdate,
    ShardSet, StoreError, Vacation, VacationAllowance,
};
use present::i18n::Lang;
use rules::{Color, EndReason, Outcome, Variant};
use testkit::harness::{sample_game, user};
use testkit::on_both_backends;
use testkit::stores::Backend;

on_both_backends!(
    a_rated_result_and_both_ratings_are_stored_together,
    a_stale_result_stores_no_rating,
    a_failure_inside_the_result_transaction_stores_neither_half,
    the_leaderboard_ranks_the_top_and_the_askers_own_place,
    the_archive_lists_finished_games_newest_first_in_pages,
    vacations_count_their_days_once_per_year,
    server_languages_are_set_cleared_and_loaded_by_shard,
    server_pictures_are_turned_off_and_on_beside_the_language,
);

const GUILD: u64 = 77;

/// A rated standard game between users 1 and 2 in [`GUILD`], at revision 0.
async fn started(store: &dyn GameStore, channel: u64) -> GameRecord {
    let id = store.new_id().await.expect("id");
    let mut g = sample_game(id, Some(GUILD), channel);
    g.variant = Variant::Standard;
    g.chess960 = None;
    g.state = GameState {
        turn_started_ms: 10,
        ..GameState::default()
    };
    store.start_game(None, &g).await.expect("start");
    g
}

/// `state`'s successor, finished with `winner` (`None`: a draw) at `at_ms`.
fn finishing(state: &GameState, winner: Option<Color>, at_ms: i64) -> GameState {
    let mut next = state.next();
    next.finished = Some(Finished {
        outcome: Outcome {
            winner,
            reason: if winner.is_some() {
                EndReason::Resignation
            } else {
                EndReason::DrawAgreed
            },
        },
        at_ms,
    });
    next
}

/// The rating of `who` in [`GUILD`]'s standard family as stored, or the starting one.
async fn standard_rating(store: &dyn GameStore, who: domain::User) -> PlayerRating {
    standard_rating_in(store, GUILD, who).await
}

/// The rating of `who` in `guild`'s standard family as stored, or the starting one.
async fn standard_rating_in(
    store: &dyn GameStore,
    guild: domain::GuildId,
    who: domain::User,
) -> PlayerRating {
    store
        .user_ratings(guild, who.id)
        .await
        .expect("ratings")
        .into_iter()
        .find(|r| r.family == RatingFamily::Correspondence)
        .unwrap_or_else(|| PlayerRating::unrated(guild, RatingFamily::Correspondence, who))
}

/// The update a game between `g`'s players (of a server: rated) won by `winner` makes, from
/// the stored ratings.
pub(crate) async fn update_for(
    store: &dyn GameStore,
    g: &GameRecord,
    winner: Option<Color>,
    at_ms: i64,
) -> RatingUpdate {
    let guild = g.guild.expect("a rated game is a server's");
    RatingUpdate::compute(
        standard_rating_in(store, guild, g.white.clone()).await,
        standard_rating_in(store, guild, g.black.clone()).await,
        winner,
        at_ms,
    )
}

async fn a_rated_result_and_both_ratings_are_stored_together(backend: &Backend) {
    let store = backend.handle().await;
    // Game one ends on a turn (White mates), both players rated for the first time.
    let g = started(&*store, 1).await;
    let first = update_for(&*store, &g, Some(Color::White), 500).await;
    assert_eq!(first.white.before.games, 0);
    let mut mate = finishing(&g.state, Some(Color::White), 500);
    mate.finished = mate.finished.map(|f| Finished {
        outcome: Outcome {
            reason: EndReason::Checkmate,
            ..f.outcome
        },
        ..f
    });
    store
        .record_turn(g.id, 0, "Qh5#", &mate, Some(&first))
        .await
        .expect("mate");

    // Read back through another handle (another process, for PostgreSQL).
    let other = backend.handle().await;
    let loaded = other.load_game(g.id).await.expect("load").expect("game");
    assert_eq!(loaded.row.state, mate);
    assert_eq!(loaded.turns, vec!["Qh5#"]);
    let white = standard_rating(&*other, g.white.clone()).await;
    let black = standard_rating(&*other, g.black.clone()).await;
    assert_eq!(white, first.white.after);
    assert_eq!(black, first.black.after);
    assert_eq!((white.games, white.wins, black.losses), (1, 1, 1));
    assert!(white.glicko.rating > 1500.0 && black.glicko.rating < 1500.0);
    let changes = other.game_rating_changes(g.id).await.expect("changes");
    assert_eq!(changes.len(), 2);
    let mine = changes
        .iter()
        .find(|c| c.user == g.white.id)
        .expect("white");
    assert_eq!(mine.before, Glicko::default());
    assert_eq!(mine.after, white.glicko);

    // Game two ends by resignation (a state write, no turn), from the ratings game one left.
    let h = started(&*store, 2).await;
    let second = update_for(&*store, &h, Some(Color::Black), 900).await;
    assert_eq!(
        second.white.before, white,
        "computed from the stored rating"
    );
    store
        .update_game(
            h.id,
            &finishing(&h.state, Some(Color::Black), 900),
            Some(&second),
        )
        .await
        .expect("resign");
    let white = standard_rating(&*other, g.white.clone()).await;
    assert_eq!(white, second.white.after);
    assert_eq!((white.games, white.wins, white.losses), (2, 1, 1));
    assert_eq!(white.updated_ms, 900);
    // The ratings are per family: nothing in Chess960 or Avalanche.
    assert_eq!(
        other
            .user_ratings(GUILD, g.white.id)
            .await
            .expect("r")
            .len(),
        1
    );
    assert!(
        other
            .user_ratings(GUILD + 1, g.white.id)
            .await
            .expect("r")
            .is_empty()
    );
    // A casual game's result writes no rating.
    let casual = started(&*store, 3).await;
    store
        .update_game(casual.id, &finishing(&casual.state, None, 950), None)
        .await
        .expect("draw");
    assert!(
        other
            .game_rating_changes(casual.id)
            .await
            .expect("c")
            .is_empty()
    );
    assert_eq!(standard_rating(&*other, g.white.clone()).await.games, 2);
}

async fn a_stale_result_stores_no_rating(backend: &Backend) {
    let store = backend.handle().await;
    let g = started(&*store, 1).await;
    let one = g.state.next();
    store
        .record_turn(g.id, 0, "e4", &one, None)
        .await
        .expect("turn");
    // A writer still holding revision 0 resigns for Black, with ratings.
    let update = update_for(&*store, &g, Some(Color::White), 50).await;
    let stale = finishing(&g.state, Some(Color::White), 50);
    let err = store
        .update_game(g.id, &stale, Some(&update))
        .await
        .expect_err("stale");
    assert!(
        matches!(err, StoreError::Conflict { what: "game", .. }),
        "{err:?}"
    );
    let err = store
        .record_turn(g.id, 0, "f3", &stale, Some(&update))
        .await
        .expect_err("stale");
    assert!(err.is_conflict(), "{err:?}");
    let loaded = store.load_game(g.id).await.expect("load").expect("game");
    assert_eq!(loaded.row.state, one);
    assert_eq!(loaded.turns, vec!["e4"]);
    assert!(store.user_ratings(GUILD, 1).await.expect("r").is_empty());
    assert!(store.user_ratings(GUILD, 2).await.expect("r").is_empty());
    assert!(store.game_rating_changes(g.id).await.expect("c").is_empty());
}

/// A write that fails inside the transaction, after the game's result and White's rating were
/// written in it, must leave neither: the result, the turn and White's rating are all rolled
/// back. The failure is a real one a crash-free race produces: Black's rating changed after
/// the update was computed (another game of Black's finished first).
async fn a_failure_inside_the_result_transaction_stores_neither_half(backend: &Backend) {
    let store = backend.handle().await;
    let g = started(&*store, 1).await;
    // Black (user 2) also plays user 3 in another channel.
    let id = store.new_id().await.expect("id");
    let mut other_game = sample_game(id, Some(GUILD), 2);
    other_game.variant = Variant::Standard;
    other_game.chess960 = None;
    other_game.white = user(3, "carol");
    other_game.state = GameState::default();
    store.start_game(None, &other_game).await.expect("start");

    // Both results are computed from the ratings before either game ended.
    let update = update_for(&*store, &g, Some(Color::White), 70).await;
    let other_update = update_for(&*store, &other_game, Some(Color::Black), 60).await;
    store
        .update_game(
            other_game.id,
            &finishing(&other_game.state, Some(Color::Black), 60),
            Some(&other_update),
        )
        .await
        .expect("the other game ends first");
    let black_now = standard_rating(&*store, g.black.clone()).await;
    assert_eq!(black_now.games, 1);

    // Now game one's mate: its White rating (first ever) would insert fine, Black's is stale.
    let mate = finishing(&g.state, Some(Color::White), 70);
    let err = store
        .record_turn(g.id, 0, "Qxf7#", &mate, Some(&update))
        .await
        .expect_err("Black's rating moved on");
    assert!(
        matches!(err, StoreError::Conflict { what: "rating", id } if id == g.black.id),
        "{err:?}"
    );
    let err = store
        .update_game(g.id, &mate, Some(&update))
        .await
        .expect_err("Black's rating moved on");
    assert!(err.is_conflict(), "{err:?}");
    let reader = backend.handle().await;
    let loaded = reader.load_game(g.id).await.expect("load").expect("game");
    assert_eq!(loaded.row.state, g.state, "the result was rolled back");
    assert!(loaded.turns.is_empty(), "the turn was rolled back");
    assert!(
        reader
            .user_ratings(GUILD, g.white.id)
            .await
            .expect("r")
            .is_empty(),
        "White's rating, written before the failure, was rolled back"
    );
    assert_eq!(standard_rating(&*reader, g.black.clone()).await, black_now);
    assert!(
        reader
            .game_rating_changes(g.id)
            .await
            .expect("c")
            .is_empty()
    );

    // Computed again from the stored ratings, the same write goes through whole.
    let update = update_for(&*store, &g, Some(Color::White), 70).await;
    store
        .record_turn(g.id, 0, "Qxf7#", &mate, Some(&update))
        .await
        .expect("mate");
    assert_eq!(standard_rating(&*reader, g.black.clone()).await.games, 2);
    assert_eq!(standard_rating(&*reader, g.white.clone()).await.games, 1);
    assert_eq!(reader.game_rating_changes(g.id).await.expect("c").len(), 2);
}

fn rated(guild: u64, family: RatingFamily, id: u64, rating: f64) -> PlayerRating {
    PlayerRating {
        glicko: Glicko {
            rating,
            deviation: 80.0,
            volatility: 0.06,
        },
        games: 5,
        wins: 3,
        draws: 1,
        losses: 1,
        updated_ms: 1_000 + i64::try_from(id).expect("small"),
        ..PlayerRating::unrated(guild, family, user(id, &format!("player {id}")))
    }
}

async fn the_leaderboard_ranks_the_top_and_the_askers_own_place(backend: &Backend) {
    let store = backend.handle().await;
    // Twelve players in the server's Avalanche family, rated 1300 + 25·n; users 5 and 6 tie.
    let mut ratings: Vec<PlayerRating> = (1..=12u64)
        .map(|n| {
            let r = if n == 6 {
                1425.0
            } else {
                1300.0 + 25.0 * n as f64
            };
            rated(GUILD, RatingFamily::Avalanche, n, r)
        })
        .collect();
    // Noise: another family, another server.
    ratings.push(rated(GUILD, RatingFamily::Correspondence, 1, 2500.0));
    ratings.push(rated(GUILD + 1, RatingFamily::Avalanche, 99, 2600.0));
    store
        .import_extras(&Extras {
            ratings,
            ..Extras::default()
        })
        .await
        .expect("import");

    let board = store
        .leaderboard(GUILD, RatingFamily::Avalanche, 10, Some(2))
        .await
        .expect("board");
    assert_eq!(board.players, 12);
    let order: Vec<u64> = board.top.iter().map(|r| r.player.user.id).collect();
    // 12 (1600) down to 7 (1475), then 5 and 6 at 1425 (the lower id first), 4, 3.
    assert_eq!(order, vec![12, 11, 10, 9, 8, 7, 5, 6, 4, 3]);
    let ranks: Vec<u64> = board.top.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, (1..=10).collect::<Vec<u64>>());
    assert_eq!(board.top[0].player.user.name, "player 12");
    assert_eq!(board.top[0].player.glicko.rating, 1600.0);
    // The asker, outside the top ten, sees their own place.
    let own = board.own.expect("own place");
    assert_eq!((own.rank, own.player.user.id), (11, 2));
    assert_eq!(own.player.glicko.rating, 1350.0);
    // Inside the top ten, the own place agrees with the list.
    let board = store
        .leaderboard(GUILD, RatingFamily::Avalanche, 3, Some(6))
        .await
        .expect("board");
    assert_eq!(board.top.len(), 3);
    assert_eq!(board.own.expect("own").rank, 8);
    // Someone unrated has no place; an empty family has no players.
    let board = store
        .leaderboard(GUILD, RatingFamily::Avalanche, 10, Some(500))
        .await
        .expect("board");
    assert!(board.own.is_none());
    let empty = store
        .leaderboard(GUILD, RatingFamily::Chess960, 10, Some(1))
        .await
        .expect("board");
    assert_eq!((empty.players, empty.top.len()), (0, 0));
    assert!(empty.own.is_none());
    // A user's ratings come in family order.
    let mine = store.user_ratings(GUILD, 1).await.expect("ratings");
    let families: Vec<RatingFamily> = mine.iter().map(|r| r.family).collect();
    assert_eq!(
        families,
        vec![RatingFamily::Correspondence, RatingFamily::Avalanche]
    );
}

async fn the_archive_lists_finished_games_newest_first_in_pages(backend: &Backend) {
    let store = backend.handle().await;
    // Seven finished games in the server, finished at shuffled times; user 9 plays Black in
    // the odd ones. Plus one unfinished game, one in another server and one outside any.
    let finish_times = [700, 100, 600, 300, 500, 200, 400];
    let mut ids = Vec::new();
    for (n, at) in finish_times.iter().enumerate() {
        let id = store.new_id().await.expect("id");
        let mut g = sample_game(id, Some(GUILD), 10 + n as u64);
        g.variant = Variant::Standard;
        g.chess960 = None;
        if n % 2 == 1 {
            g.black = user(9, "ivy");
        }
        g.state = GameState::default();
        store.start_game(None, &g).await.expect("start");
        let mut state = g.state.clone();
        for (ply, notation) in ["e4", "e5", "Nf3"].iter().take(n % 4).enumerate() {
            state = state.next();
            store
                .record_turn(id, ply, notation, &state, None)
                .await
                .expect("turn");
        }
        store
            .update_game(id, &finishing(&state, Some(Color::White), *at), None)
            .await
            .expect("finish");
        ids.push((id, *at, n % 4, n % 2 == 1));
    }
    let unfinished = started(&*store, 50).await;
    for guild in [Some(GUILD + 1), None] {
        let id = store.new_id().await.expect("id");
        let g = GameRecord {
            state: GameState::default(),
            ..sample_game(id, guild, 60)
        };
        store.start_game(None, &g).await.expect("start");
        store
            .update_game(id, &finishing(&g.state, None, 800), None)
            .await
            .expect("finish");
    }
    let mut newest_first = ids.clone();
    newest_first.sort_by_key(|(_, at, _, _)| std::cmp::Reverse(*at));

    let query = |page, user| ArchiveQuery {
        guild: Some(GUILD),
        user,
        page,
        per_page: 3,
    };
    let mut listed = Vec::new();
    for page in 0..3 {
        let p = store
            .finished_games(&query(page, None))
            .await
            .expect("page");
        assert_eq!((p.total, p.pages(), p.page), (7, 3, page));
        assert_eq!(p.games.len(), if page < 2 { 3 } else { 1 });
        for game in &p.games {
            assert!(game.row.state.finished.is_some());
            listed.push((game.row.id, game.plies));
        }
    }
    let expected: Vec<(u64, usize)> = newest_first.iter().map(|(id, _, p, _)| (*id, *p)).collect();
    assert_eq!(listed, expected);
    assert!(!listed.iter().any(|(id, _)| *id == unfinished.id));
    let past_the_end = store.finished_games(&query(3, None)).await.expect("page");
    assert!(past_the_end.games.is_empty());
    assert_eq!(past_the_end.total, 7);

    // One user's games: ivy played three.
    let ivy = store
        .finished_games(&query(0, Some(9)))
        .await
        .expect("page");
    assert_eq!(ivy.total, 3);
    let ivy_ids: Vec<u64> = ivy.games.iter().map(|g| g.row.id).collect();
    let expected: Vec<u64> = newest_first
        .iter()
        .filter(|(_, _, _, ivy)| *ivy)
        .map(|(id, _, _, _)| *id)
        .collect();
    assert_eq!(ivy_ids, expected);
    // Games outside any server are their own archive.
    let outside = ArchiveQuery {
        guild: None,
        user: None,
        page: 0,
        per_page: 10,
    };
    let p = store.finished_games(&outside).await.expect("page");
    assert_eq!(p.total, 1);
    assert_eq!(p.games[0].row.guild, None);
    assert_eq!(p.games[0].row.state.finished.expect("finished").at_ms, 800);
}

async fn vacations_count_their_days_once_per_year(backend: &Backend) {
    let store = backend.handle().await;
    let day = 86_400_000;
    let first = Vacation {
        user: 5,
        started_ms: 10 * day,
        ends_ms: 17 * day,
        year: 2026,
        days: 7,
    };
    store.start_vacation(&first).await.expect("start");
    let other = backend.handle().await;
    assert_eq!(
        other.vacation_allowance(5, 2026).await.expect("allowance"),
        VacationAllowance {
            active: Some(first),
            days_used: 7
        }
    );
    // One vacation at a time.
    let again = Vacation {
        started_ms: 11 * day,
        ..first
    };
    let err = other
        .start_vacation(&again)
        .await
        .expect_err("one at a time");
    assert!(
        matches!(
            err,
            StoreError::Conflict {
                what: "vacation",
                id: 5
            }
        ),
        "{err:?}"
    );
    assert_eq!(other.active_vacations().await.expect("active"), vec![first]);
    // Ended after three days: four come back.
    let ended = other.end_vacation(5, 3).await.expect("end");
    assert_eq!(ended, first);
    assert_eq!(
        store.vacation_allowance(5, 2026).await.expect("allowance"),
        VacationAllowance {
            active: None,
            days_used: 3
        }
    );
    assert!(
        store
            .end_vacation(5, 1)
            .await
            .expect_err("none")
            .is_conflict()
    );
    assert!(store.active_vacations().await.expect("active").is_empty());
    // A second vacation the same year adds up; another year counts apart.
    let second = Vacation {
        started_ms: 40 * day,
        ends_ms: 42 * day,
        days: 2,
        ..first
    };
    store.start_vacation(&second).await.expect("start");
    assert_eq!(
        store
            .vacation_allowance(5, 2026)
            .await
            .expect("a")
            .days_used,
        5
    );
    assert_eq!(
        store.vacation_allowance(5, 2027).await.expect("a"),
        VacationAllowance {
            active: Some(second),
            days_used: 0
        }
    );
    assert_eq!(
        store.vacation_allowance(6, 2026).await.expect("a"),
        VacationAllowance::default()
    );
    // Used in full: the count stays.
    store.end_vacation(5, 2).await.expect("end");
    assert_eq!(
        store
            .vacation_allowance(5, 2026)
            .await
            .expect("a")
            .days_used,
        5
    );
}

async fn server_languages_are_set_cleared_and_loaded_by_shard(backend: &Backend) {
    let store = backend.handle().await;
    // Guild ids in shards 0 and 1 of 2 (Discord's `(id >> 22) % 2`).
    let (even, odd, unknown) = (2u64 << 22, 3u64 << 22, 5u64 << 22);
    store
        .set_guild_lang(even, Some(Lang::Ja))
        .await
        .expect("set");
    store
        .set_guild_lang(odd, Some(Lang::Ja))
        .await
        .expect("set");
    store
        .set_guild_lang(odd, Some(Lang::En))
        .await
        .expect("reset");
    let other = backend.handle().await;
    assert_eq!(
        other.guild_settings(even).await.expect("get").lang,
        Some(Lang::Ja)
    );
    assert_eq!(
        other.guild_settings(odd).await.expect("get").lang,
        Some(Lang::En)
    );
    assert_eq!(other.guild_settings(unknown).await.expect("get").lang, None);
    store.set_guild_lang(odd, None).await.expect("clear");
    assert_eq!(other.guild_settings(odd).await.expect("get").lang, None);

    let all = other.load_guild_settings(ShardSet::All).await.expect("all");
    let guilds: Vec<(u64, Option<Lang>)> = all.iter().map(|s| (s.guild, s.lang)).collect();
    assert_eq!(guilds, vec![(even, Some(Lang::Ja)), (odd, None)]);
    let shard0 = other
        .load_guild_settings(ShardSet::Range {
            first: 0,
            last: 0,
            total: 2,
        })
        .await
        .expect("shard 0");
    assert_eq!(shard0.len(), 1);
    assert_eq!(shard0[0].guild, even);
}

async fn server_pictures_are_turned_off_and_on_beside_the_language(backend: &Backend) {
    let store = backend.handle().await;
    let (guild, unknown) = (7u64 << 22, 9u64 << 22);
    let other = backend.handle().await;
    assert!(other.guild_settings(unknown).await.expect("get").avatars);
    store
        .set_guild_lang(guild, Some(Lang::Ja))
        .await
        .expect("set");
    assert!(other.guild_settings(guild).await.expect("get").avatars);
    store.set_guild_avatars(guild, false).await.expect("off");
    let settings = other.guild_settings(guild).await.expect("get");
    assert_eq!((settings.lang, settings.avatars), (Some(Lang::Ja), false));
    // Clearing the language keeps the pictures off; a server never seen before may turn
    // them off too.
    store.set_guild_lang(guild, None).await.expect("clear");
    store.set_guild_avatars(unknown, false).await.expect("off");
    let all = other.load_guild_settings(ShardSet::All).await.expect("all");
    let rows: Vec<(u64, Option<Lang>, bool)> =
        all.iter().map(|s| (s.guild, s.lang, s.avatars)).collect();
    assert_eq!(rows, vec![(guild, None, false), (unknown, None, false)]);
    store.set_guild_avatars(guild, true).await.expect("on");
    assert!(other.guild_settings(guild).await.expect("get").avatars);
    // The organisers' role sits beside them, set and cleared on its own.
    assert_eq!(
        other
            .guild_settings(guild)
            .await
            .expect("get")
            .organiser_role,
        None
    );
    store
        .set_organiser_role(guild, Some(77 << 22))
        .await
        .expect("role");
    store
        .set_organiser_role(10 << 22, Some(5))
        .await
        .expect("role of a new server");
    let settings = other.guild_settings(guild).await.expect("get");
    assert_eq!(
        (settings.avatars, settings.organiser_role),
        (true, Some(77 << 22))
    );
    let all = other.load_guild_settings(ShardSet::All).await.expect("all");
    let roles: Vec<(u64, Option<u64>, bool)> = all
        .iter()
        .map(|s| (s.guild, s.organiser_role, s.avatars))
        .collect();
    assert_eq!(
        roles,
        vec![
            (guild, Some(77 << 22), true),
            (unknown, None, false),
            (10 << 22, Some(5), true)
        ]
    );
    store.set_organiser_role(guild, None).await.expect("clear");
    assert_eq!(
        other
            .guild_settings(guild)
            .await
            .expect("get")
            .organiser_role,
        None
    );
}
