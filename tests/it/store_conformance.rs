//! What every `GameStore` backend must do, run against SQLite and PostgreSQL alike: records
//! round-trip, ids are unique, writes of a game are conditional on the revision they expect
//! (a stale writer is refused and changes nothing), challenges close once, and a process
//! loads only the games of its shards. Also: two writers racing on one game apply exactly one
//! turn, and `nadare migrate` copies a database whole.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use domain::rating::RatingFamily;
use domain::{
    ChallengeEnd, ChallengeRecord, ColorChoice, Finished, GameRecord, PlayerRating, RatingUpdate,
    SetupChoice, ShardSet, StoreError, Vacation,
};
use present::i18n::Lang;
use rules::{Color, EndReason, Outcome, Variant};
use testkit::harness::{guild_in_shard, plies, sample_game, user};
use testkit::on_both_backends;
use testkit::stores::Backend;

fn challenge(id: u64, guild: Option<u64>, channel: u64) -> ChallengeRecord {
    ChallengeRecord {
        id,
        guild,
        channel,
        challenger: user(3, "carol"),
        opponent: Some(user(4, "dave")),
        variant: Variant::Chess960,
        setup: Some(SetupChoice::Random),
        color: ColorChoice::Black,
        deadline: None,
        time: None,
        created_ms: 5,
        expires_ms: 600_005,
        rated: true,
    }
}

on_both_backends!(
    records_round_trip,
    ids_are_unique_across_handles,
    a_stale_write_is_refused_and_changes_nothing,
    a_challenge_closes_once,
    a_lapse_is_owed_until_shown,
    each_process_loads_only_its_shards,
    a_channel_reloads,
    racing_writers_apply_exactly_one_turn,
    migrate_copies_everything_and_verifies,
    the_web_key_is_kept_once_and_links_spent_once,
);

async fn records_round_trip(backend: &Backend) {
    let store = backend.handle().await;
    let first = store.new_id().await.expect("id");
    let c = challenge(first, None, 9);
    store.insert_challenge(&c).await.expect("insert");
    // A challenge from a position: its FEN, spaces and all, comes back as it went in.
    let from_position = ChallengeRecord {
        id: store.new_id().await.expect("id"),
        channel: 10,
        variant: Variant::Avalanche,
        setup: Some(SetupChoice::Position(
            "4k3/8/8/8/8/8/5p2/4K3 b - - 12 40".into(),
        )),
        ..challenge(0, None, 10)
    };
    store
        .insert_challenge(&from_position)
        .await
        .expect("insert");
    let id = store.new_id().await.expect("id");
    assert!(id > first);
    let g = sample_game(id, Some(7), 1_234_567_890_123_456_789);
    store.start_game(None, &g).await.expect("start");
    let mut state = g.state.next();
    store
        .record_turn(id, 0, "e4//", &state, None)
        .await
        .expect("turn");
    state = state.next();
    store
        .record_turn(id, 1, "Nf6/e3", &state, None)
        .await
        .expect("turn");
    let unmarked = store.load_game(id).await.expect("load").expect("game");
    assert_eq!(unmarked.announced, None, "no front has counted yet");
    store.mark_announced(id, plies(1)).await.expect("announced");

    // Read back through another handle (another process, for PostgreSQL).
    let other = backend.handle().await;
    let open = other.load_unfinished(ShardSet::All).await.expect("load");
    assert_eq!(open.games[0].announced, Some(plies(1)));
    assert_eq!(open.challenges, vec![c.clone(), from_position.clone()]);
    assert_eq!(open.games.len(), 1);
    let expected = GameRecord {
        state: state.clone(),
        ..g.clone()
    };
    assert_eq!(open.games[0].row, expected);
    assert_eq!(open.games[0].turns, vec!["e4//", "Nf6/e3"]);

    state = state.next();
    state.takeback = Some(Color::White);
    store.take_back(id, 1, &state).await.expect("takeback");
    let loaded = other.load_game(id).await.expect("load").expect("game");
    assert_eq!(loaded.turns, vec!["e4//"]);
    assert_eq!(loaded.row.state, state);

    let mut finished = state.next();
    finished.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate,
        },
        at_ms: 9_000,
    });
    store
        .update_game(id, &finished, None)
        .await
        .expect("finish");
    for challenge in [first, from_position.id] {
        store
            .end_challenge(challenge, ChallengeEnd::Expired)
            .await
            .expect("expire");
    }
    let open = other.load_unfinished(ShardSet::All).await.expect("load");
    assert!(open.games.is_empty() && open.challenges.is_empty());
    let loaded = other.load_game(id).await.expect("load").expect("game");
    assert_eq!(loaded.row.state, finished);
    assert!(other.load_game(id + 1000).await.expect("load").is_none());
    let all = other.all_challenges().await.expect("all");
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(|c| c.end == Some(ChallengeEnd::Expired)));
    store.flush().await.expect("flush");
}

/// The web board's signing key is the first writer's for every handle (process), and a play
/// link's nonce is spent once however many handles try; expired nonces are forgotten.
async fn the_web_key_is_kept_once_and_links_spent_once(backend: &Backend) {
    let (one, two) = (backend.handle().await, backend.handle().await);
    let first = one.secret("web-signing-key", "first").await.expect("keep");
    let second = two.secret("web-signing-key", "second").await.expect("keep");
    assert_eq!((first.as_str(), second.as_str()), ("first", "first"));
    assert_eq!(
        two.secret("another", "other").await.expect("keep"),
        "other",
        "each name keeps its own secret"
    );
    assert!(one.spend_token("n1", 2_000, 1_000).await.expect("spend"));
    assert!(!two.spend_token("n1", 2_000, 1_000).await.expect("spend"));
    assert!(!one.spend_token("n1", 2_000, 1_500).await.expect("spend"));
    assert!(two.spend_token("n2", 2_000, 1_000).await.expect("spend"));
    // Past its expiry a nonce is forgotten (the link itself is refused as expired before its
    // nonce is looked at): the table does not grow for ever.
    assert!(one.spend_token("n3", 9_000, 5_000).await.expect("spend"));
    assert!(two.spend_token("n1", 9_000, 5_000).await.expect("spend"));
}

async fn ids_are_unique_across_handles(backend: &Backend) {
    let (a, b) = (backend.handle().await, backend.handle().await);
    let mut tasks = Vec::new();
    for store in [a, b] {
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in 0..50 {
                ids.push(store.new_id().await.expect("id"));
            }
            ids
        }));
    }
    let mut seen = HashSet::new();
    for t in tasks {
        for id in t.await.expect("task") {
            assert!(seen.insert(id), "id {id} handed out twice");
        }
    }
    assert_eq!(seen.len(), 100);
}

async fn a_stale_write_is_refused_and_changes_nothing(backend: &Backend) {
    let store = backend.handle().await;
    let id = store.new_id().await.expect("id");
    let g = sample_game(id, Some(7), 70);
    store.start_game(None, &g).await.expect("start");
    let one = g.state.next();
    store
        .record_turn(id, 0, "e4//", &one, None)
        .await
        .expect("turn");
    // A writer still holding revision 0 tries to play its own first turn, then to resign.
    let stale = g.state.next();
    let err = store
        .record_turn(id, 0, "d4//", &stale, None)
        .await
        .expect_err("stale turn");
    assert!(
        matches!(err, StoreError::Conflict { what: "game", id: got } if got == id),
        "{err:?}"
    );
    assert!(err.to_string().contains("changed elsewhere"), "{err}");
    let mut resign = stale.clone();
    resign.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Resignation,
        },
        at_ms: 1,
    });
    assert!(
        store
            .update_game(id, &resign, None)
            .await
            .expect_err("stale")
            .is_conflict()
    );
    assert!(
        store
            .take_back(id, 0, &stale)
            .await
            .expect_err("stale")
            .is_conflict()
    );
    // A writer from the future is refused as well.
    let ahead = one.next().next();
    assert!(
        store
            .update_game(id, &ahead, None)
            .await
            .expect_err("ahead")
            .is_conflict()
    );
    let loaded = store.load_game(id).await.expect("load").expect("game");
    assert_eq!(loaded.turns, vec!["e4//"]);
    assert_eq!(loaded.row.state, one);
    // An unknown game is a conflict too, never a silent success.
    assert!(
        store
            .update_game(id + 999, &one, None)
            .await
            .expect_err("unknown")
            .is_conflict()
    );
}

async fn a_challenge_closes_once(backend: &Backend) {
    let store = backend.handle().await;
    let id = store.new_id().await.expect("id");
    store
        .insert_challenge(&challenge(id, Some(5), 50))
        .await
        .expect("insert");
    store
        .end_challenge(id, ChallengeEnd::Declined)
        .await
        .expect("decline");
    let err = store
        .end_challenge(id, ChallengeEnd::Cancelled)
        .await
        .expect_err("closed already");
    assert!(err.is_conflict(), "{err:?}");
    // Accepting a closed challenge starts no game.
    let err = store
        .start_game(Some(id), &sample_game(id, Some(5), 50))
        .await
        .expect_err("closed already");
    assert!(err.is_conflict(), "{err:?}");
    assert!(store.load_game(id).await.expect("load").is_none());
    let all = store.all_challenges().await.expect("all");
    assert_eq!(all[0].end, Some(ChallengeEnd::Declined));
}

/// Issue 52: a challenge's lapse is stored as owed to its players, listed for the process
/// serving its server until a delivered notice marks it shown; other ends owe nothing.
async fn a_lapse_is_owed_until_shown(backend: &Backend) {
    let store = backend.handle().await;
    let guild = guild_in_shard(2, 4, 77);
    let mut ids = Vec::new();
    for (channel, end) in [
        (60, ChallengeEnd::Expired),
        (61, ChallengeEnd::Declined),
        (62, ChallengeEnd::Cancelled),
        (63, ChallengeEnd::Expired),
    ] {
        let id = store.new_id().await.expect("id");
        store
            .insert_challenge(&challenge(id, Some(guild), channel))
            .await
            .expect("insert");
        store.end_challenge(id, end).await.expect("end");
        ids.push(id);
    }
    let open = store.new_id().await.expect("id");
    store
        .insert_challenge(&challenge(open, Some(guild), 64))
        .await
        .expect("insert");
    let other = backend.handle().await;
    let owed = |set: ShardSet| {
        let other = Arc::clone(&other);
        async move {
            other
                .unannounced_lapses(set)
                .await
                .expect("lapses")
                .iter()
                .map(|c| (c.id, c.channel))
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(owed(ShardSet::All).await, [(ids[0], 60), (ids[3], 63)]);
    let theirs = ShardSet::Range {
        first: 2,
        last: 2,
        total: 4,
    };
    let elsewhere = ShardSet::Range {
        first: 0,
        last: 1,
        total: 4,
    };
    assert_eq!(owed(theirs).await.len(), 2);
    assert!(owed(elsewhere).await.is_empty());
    let lapsed = other
        .unannounced_lapses(ShardSet::All)
        .await
        .expect("lapses");
    assert_eq!(
        lapsed[0],
        challenge(ids[0], Some(guild), 60),
        "read back whole"
    );
    store.mark_lapse_announced(ids[0]).await.expect("told");
    store
        .mark_lapse_announced(ids[0])
        .await
        .expect("told twice");
    assert_eq!(owed(ShardSet::All).await, [(ids[3], 63)]);
}

async fn each_process_loads_only_its_shards(backend: &Backend) {
    let store = backend.handle().await;
    // Four shards; a game and a challenge in a server of each, and a game in a DM (shard 0).
    let total = 4;
    let mut expected: Vec<Vec<u64>> = vec![Vec::new(); 4];
    for shard in 0..total {
        let guild = guild_in_shard(shard, total, 1_000 + shard);
        assert_eq!(ShardSet::shard_of(Some(guild), total as u32), shard as u32);
        let gid = store.new_id().await.expect("id");
        store
            .start_game(None, &sample_game(gid, Some(guild), 100 + shard))
            .await
            .expect("start");
        let cid = store.new_id().await.expect("id");
        store
            .insert_challenge(&challenge(cid, Some(guild), 200 + shard))
            .await
            .expect("insert");
        expected[shard as usize].extend([gid, cid]);
    }
    let dm = store.new_id().await.expect("id");
    store
        .start_game(None, &sample_game(dm, None, 300))
        .await
        .expect("start");
    expected[0].push(dm);

    let loaded = |set: ShardSet| {
        let store = Arc::clone(&store);
        async move {
            let u = store.load_unfinished(set).await.expect("load");
            let mut ids: Vec<u64> = u
                .games
                .iter()
                .map(|g| g.row.id)
                .chain(u.challenges.iter().map(|c| c.id))
                .collect();
            ids.sort_unstable();
            ids
        }
    };
    let want = |shards: &[usize]| {
        let mut ids: Vec<u64> = shards.iter().flat_map(|s| expected[*s].clone()).collect();
        ids.sort_unstable();
        ids
    };
    let range = |first, last| ShardSet::Range {
        first,
        last,
        total: total as u32,
    };
    assert_eq!(loaded(range(0, 1)).await, want(&[0, 1]));
    assert_eq!(loaded(range(2, 3)).await, want(&[2, 3]));
    assert_eq!(loaded(range(3, 3)).await, want(&[3]));
    assert_eq!(loaded(ShardSet::All).await, want(&[0, 1, 2, 3]));
    // With two shards in all, each server moves to `(id >> 22) % 2`; nothing is stranded.
    let halves = [
        loaded(ShardSet::Range {
            first: 0,
            last: 0,
            total: 2,
        })
        .await,
        loaded(ShardSet::Range {
            first: 1,
            last: 1,
            total: 2,
        })
        .await,
    ];
    assert_eq!(halves[0], want(&[0, 2]));
    assert_eq!(halves[1], want(&[1, 3]));
}

async fn a_channel_reloads(backend: &Backend) {
    let store = backend.handle().await;
    let gid = store.new_id().await.expect("id");
    store
        .start_game(None, &sample_game(gid, Some(3), 31))
        .await
        .expect("start");
    let cid = store.new_id().await.expect("id");
    store
        .insert_challenge(&challenge(cid, Some(3), 32))
        .await
        .expect("insert");
    let one = store.load_channel(31).await.expect("load");
    assert_eq!(one.games.len(), 1);
    assert_eq!(one.games[0].row.id, gid);
    assert!(one.challenges.is_empty());
    let two = store.load_channel(32).await.expect("load");
    assert!(two.games.is_empty());
    assert_eq!(two.challenges.len(), 1);
    assert!(store.load_channel(33).await.expect("load").games.is_empty());
}

async fn racing_writers_apply_exactly_one_turn(backend: &Backend) {
    let store = backend.handle().await;
    for round in 0..10u64 {
        let id = store.new_id().await.expect("id");
        let g = sample_game(id, Some(1), 1_000 + round);
        store.start_game(None, &g).await.expect("start");
        // Two writers (two processes, for PostgreSQL) hold revision 0 and play a turn at once.
        let writers = [backend.handle().await, backend.handle().await];
        let gate = Arc::new(tokio::sync::Barrier::new(2));
        let mut tasks = Vec::new();
        for (n, writer) in writers.into_iter().enumerate() {
            let (gate, state) = (Arc::clone(&gate), g.state.next());
            let notation = if n == 0 { "e4//" } else { "d4//" };
            tasks.push(tokio::spawn(async move {
                gate.wait().await;
                writer.record_turn(id, 0, notation, &state, None).await
            }));
        }
        let mut applied = 0;
        let mut refused = 0;
        for t in tasks {
            match t.await.expect("task") {
                Ok(()) => applied += 1,
                Err(e) if e.is_conflict() => refused += 1,
                Err(e) => panic!("unexpected error: {e}"),
            }
        }
        assert_eq!((applied, refused), (1, 1), "round {round}");
        let loaded = store.load_game(id).await.expect("load").expect("game");
        assert_eq!(loaded.turns.len(), 1, "exactly one turn stored");
        assert_eq!(loaded.row.state.revision, 1);
    }
}

async fn migrate_copies_everything_and_verifies(backend: &Backend) {
    // From a populated SQLite file into this backend (a fresh SQLite file copies into SQLite).
    let source = Backend::sqlite();
    let from = source.handle().await;
    let mut game_ids = Vec::new();
    for n in 0..5u64 {
        let id = from.new_id().await.expect("id");
        let mut g = sample_game(id, Some(n), 10 + n);
        g.variant = Variant::Standard;
        g.chess960 = None;
        g.rated = n % 2 == 1;
        from.start_game(None, &g).await.expect("start");
        let mut state = g.state.clone();
        for (ply, notation) in ["e4", "e5", "Nf3"].iter().take(n as usize % 4).enumerate() {
            state = state.next();
            from.record_turn(id, ply, notation, &state, None)
                .await
                .expect("turn");
        }
        game_ids.push(id);
    }
    from.mark_announced(game_ids[2], plies(1))
        .await
        .expect("announced");
    // Game 3 ends rated; a vacation is under way; a server chose Japanese.
    let rated = from
        .load_game(game_ids[3])
        .await
        .expect("load")
        .expect("game");
    let mut resigned = rated.row.state.next();
    resigned.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Resignation,
        },
        at_ms: 77,
    });
    let update = RatingUpdate::compute(
        PlayerRating::unrated(3, RatingFamily::Correspondence, rated.row.white.clone()),
        PlayerRating::unrated(3, RatingFamily::Correspondence, rated.row.black.clone()),
        Some(Color::Black),
        77,
    );
    from.update_game(game_ids[3], &resigned, Some(&update))
        .await
        .expect("resign");
    from.start_vacation(&Vacation {
        user: 4,
        started_ms: 1,
        ends_ms: 2,
        year: 2026,
        days: 1,
    })
    .await
    .expect("vacation");
    from.set_guild_lang(3, Some(Lang::Ja)).await.expect("lang");
    from.set_guild_avatars(3, false).await.expect("avatars");
    from.set_organiser_role(3, Some(8))
        .await
        .expect("organisers");
    let open = from.new_id().await.expect("id");
    from.insert_challenge(&challenge(open, None, 99))
        .await
        .expect("insert");
    let closed = from.new_id().await.expect("id");
    from.insert_challenge(&challenge(closed, None, 98))
        .await
        .expect("insert");
    from.end_challenge(closed, ChallengeEnd::Cancelled)
        .await
        .expect("cancel");

    let to = backend.handle().await;
    let copied = nadare::cli::migrate::copy(&*from, &*to)
        .await
        .expect("migrate");
    assert_eq!(copied.games, 5);
    assert_eq!(copied.challenges, 2);
    assert_eq!(copied.turns, 1 + 2 + 3);
    // Two ratings, two rating changes, a vacation, its year's days and a server's language.
    assert_eq!(copied.extras, 7);
    assert_eq!(
        to.all_games().await.expect("games"),
        from.all_games().await.expect("games")
    );
    let extras = to.all_extras().await.expect("extras");
    assert_eq!(extras, from.all_extras().await.expect("extras"));
    assert_eq!(extras.ratings.len(), 2);
    let settings = to.guild_settings(3).await.expect("settings");
    assert_eq!(
        (settings.lang, settings.avatars, settings.organiser_role),
        (Some(Lang::Ja), false, Some(8))
    );
    assert_eq!(
        to.game_rating_changes(game_ids[3]).await.expect("c").len(),
        2
    );
    // New ids continue after the copied ones.
    assert!(to.new_id().await.expect("id") > closed);
    // A second copy into the now full target is refused.
    assert!(nadare::cli::migrate::copy(&*from, &*to).await.is_err());
}

#[tokio::test]
async fn an_unreachable_server_is_a_clear_error_after_retries() {
    // Port 1 on loopback: nothing listens there, so every attempt is refused at once.
    let mut options = storage::postgres::PgOptions::new("postgres://nadare@127.0.0.1:1/nadare");
    options.connect_timeout = Duration::from_millis(200);
    options.retry_for = Duration::from_millis(400);
    let err = storage::postgres::PgStore::connect(&options)
        .await
        .expect_err("nothing listens on port 1");
    assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
    assert!(err.to_string().contains("unreachable"), "{err}");
}
