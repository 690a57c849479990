//! What every `GameStore` backend must do with reviews, run against SQLite and PostgreSQL
//! alike: a review is begun once, reads back under way, then done with every figure as it was
//! stored; the reviews under way are listed by shard; `nadare migrate` copies them.

use domain::{
    Eval, GameRecord, GameReview, GameState, GameStore, Judgement, Mark, ReviewStatus, ShardSet,
    StoredReview,
};
use rules::{Color, Variant};
use testkit::harness::sample_game;
use testkit::on_both_backends;
use testkit::stores::Backend;

on_both_backends!(
    a_review_is_begun_once_and_reads_back_done,
    reviews_under_way_are_listed_by_shard,
    migrate_copies_reviews,
);

/// A server of shard 1 of 2.
const GUILD: u64 = 4_194_304;

/// A game of `guild` (its review needs one stored).
async fn game(store: &dyn GameStore, guild: Option<u64>) -> GameRecord {
    let id = store.new_id().await.expect("id");
    let mut g = sample_game(id, guild, 900 + id);
    g.variant = Variant::Standard;
    g.chess960 = None;
    g.state = GameState::default();
    store.start_game(None, &g).await.expect("start");
    g
}

/// A review with a figure of each kind: mates both ways, a player without accuracy, a line
/// in Avalanche notation with a space in it.
fn sample_review() -> GameReview {
    GameReview {
        depth: 5,
        evals: vec![
            Eval::Centipawns(20),
            Eval::Centipawns(-310),
            Eval::Mate {
                winner: Color::Black,
                turns: 2,
            },
            Eval::Mate {
                winner: Color::White,
                turns: 0,
            },
        ],
        accuracy: [Some(873), None],
        marks: vec![
            Mark {
                ply: 1,
                judgement: Judgement::Blunder,
                loss: 412,
                better: vec!["=Q Nf3/e5".into(), "d5/d3".into()],
            },
            Mark {
                ply: 2,
                judgement: Judgement::Inaccuracy,
                loss: 55,
                better: vec!["Qxf7#".into()],
            },
        ],
        decided: Some(1),
    }
}

async fn a_review_is_begun_once_and_reads_back_done(backend: &Backend) {
    let store = backend.handle().await;
    let g = game(&*store, Some(GUILD)).await;
    assert_eq!(store.review(g.id).await.expect("read"), None);
    store.begin_review(g.id, 5, 1_000).await.expect("begun");
    let again = store.begin_review(g.id, 7, 2_000).await;
    assert!(
        again.as_ref().is_err_and(domain::StoreError::is_conflict),
        "{again:?}"
    );
    let under_way = StoredReview {
        game: g.id,
        depth: 5,
        started_ms: 1_000,
        status: ReviewStatus::UnderWay,
    };
    assert_eq!(
        store.review(g.id).await.expect("read"),
        Some(under_way.clone())
    );
    let review = sample_review();
    store
        .finish_review(g.id, 9_000, &review)
        .await
        .expect("finished");
    let done = StoredReview {
        status: ReviewStatus::Done {
            finished_ms: 9_000,
            review: review.clone(),
        },
        ..under_way
    };
    assert_eq!(store.review(g.id).await.expect("read"), Some(done));
    // A review never begun cannot be finished.
    let other = game(&*store, Some(GUILD)).await;
    let finished = store.finish_review(other.id, 9_000, &review).await;
    assert!(finished.is_err_and(|e| e.is_conflict()));
    assert_eq!(store.review(other.id).await.expect("read"), None);
}

async fn reviews_under_way_are_listed_by_shard(backend: &Backend) {
    let store = backend.handle().await;
    let shard_one = game(&*store, Some(GUILD)).await;
    let direct = game(&*store, None).await;
    let done = game(&*store, Some(GUILD)).await;
    store
        .begin_review(shard_one.id, 5, 300)
        .await
        .expect("begun");
    store.begin_review(direct.id, 5, 200).await.expect("begun");
    store.begin_review(done.id, 5, 100).await.expect("begun");
    store
        .finish_review(done.id, 400, &sample_review())
        .await
        .expect("finished");
    let all = store.reviews_under_way(ShardSet::All).await.expect("read");
    assert_eq!(all, vec![direct.id, shard_one.id], "oldest begun first");
    let shard = |first, last| ShardSet::Range {
        first,
        last,
        total: 2,
    };
    let zero = store.reviews_under_way(shard(0, 0)).await.expect("read");
    assert_eq!(zero, vec![direct.id], "direct messages are shard 0");
    let one = store.reviews_under_way(shard(1, 1)).await.expect("read");
    assert_eq!(one, vec![shard_one.id]);
}

async fn migrate_copies_reviews(backend: &Backend) {
    let source = Backend::sqlite();
    let from = source.handle().await;
    let done = game(&*from, Some(GUILD)).await;
    let under_way = game(&*from, Some(GUILD)).await;
    from.begin_review(done.id, 5, 10).await.expect("begun");
    from.finish_review(done.id, 20, &sample_review())
        .await
        .expect("finished");
    from.begin_review(under_way.id, 11, 30)
        .await
        .expect("begun");

    let to = backend.handle().await;
    let copied = nadare::cli::migrate::copy(&*from, &*to)
        .await
        .expect("migrate");
    assert_eq!(copied.extras, 2, "two reviews");
    for id in [done.id, under_way.id] {
        assert_eq!(
            to.review(id).await.expect("read"),
            from.review(id).await.expect("read")
        );
    }
    assert_eq!(
        to.reviews_under_way(ShardSet::All).await.expect("read"),
        vec![under_way.id]
    );
    source.cleanup().await;
}
