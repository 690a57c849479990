//! Issue 52: the console killed with SIGKILL at random points never loses a notice owed to
//! players besides turns and results: a challenge's lapse, a withdrawal from a tournament,
//! a tournament game's start. Each is printed at once or after the restart that follows, and
//! printed a second time only when the kill fell between its printing and its mark.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::time::Duration;

use domain::{
    ChallengeRecord, ColorChoice, Games, TournamentRecord, TournamentState, Tournaments, User,
};
use rules::Variant;
use storage::Storage;
use testkit::harness::Rng;
use testkit::stores::block_on;

use crate::script::nadare;

/// Tournaments played one after the other, each of two players, one of whom withdraws.
const TOURNAMENTS: usize = 12;

/// Challenges that lapse while the console is down, one more before each run.
const LAPSES: usize = 16;

/// Something owed to the players, as the test recognises it printed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Owed {
    /// The lapse of the challenge in a room (`L{k}`).
    Lapse(String),
    /// The withdrawal from tournament `T{k}`.
    Withdrawal(usize),
    /// The start of the game in a tournament game's room.
    Start(String),
}

impl Owed {
    /// The notice with its room named as the test names it: a notice printed by a console that
    /// never saw the room (after a restart) names its game (`game#ID`) instead.
    fn in_room(self, rooms: &BTreeMap<String, String>) -> Owed {
        let named = |room: String| rooms.get(&room).cloned().unwrap_or(room);
        match self {
            Owed::Lapse(room) => Owed::Lapse(named(room)),
            Owed::Start(room) => Owed::Start(named(room)),
            withdrawal => withdrawal,
        }
    }
}

/// The script that carries tournament `T{k}` on from where the database holds it (`p1` and
/// `p2` join, it starts, `p2` withdraws; their game is then resigned by the withdrawal): nothing
/// when it is over. A withdrawal stored by a process killed before it resigned the game
/// leaves the game to resign by hand.
fn withdrawing_tournament(storage: &Storage, k: usize) -> String {
    let name = format!("T{k}");
    let found = block_on(storage.guild_tournaments(console::CONSOLE_GUILD))
        .expect("tournaments")
        .into_iter()
        .find(|t| t.name == name);
    let Some(t) = found else {
        return format!(
            "admin> tournament create {name} standard round-robin\np1> tournament join\n\
             p2> tournament join\nadmin> tournament start\np2> tournament leave\n"
        );
    };
    let mut lines = String::new();
    match t.state {
        TournamentState::Open => {
            for p in ["p1", "p2"] {
                if !t.players.iter().any(|e| e.user.name == p) {
                    lines.push_str(&format!("{p}> tournament join\n"));
                }
            }
            lines.push_str("admin> tournament start\np2> tournament leave\n");
        }
        TournamentState::Running if !withdrawn(&t, "p2") => {
            lines.push_str("p2> tournament leave\n");
        }
        TournamentState::Running => {
            lines.push_str(&format!("p2@{}> resign\n", room(&t)));
        }
        _ => {}
    }
    lines
}

/// Whether `player` withdrew from `t`.
fn withdrawn(t: &TournamentRecord, player: &str) -> bool {
    t.players
        .iter()
        .any(|p| p.user.name == player && p.withdrawn)
}

/// The room of the one game of a two-player tournament.
fn room(t: &TournamentRecord) -> String {
    format!("t{}-r1-b1", t.id)
}

/// Stores, as a process would have before it stopped, a challenge in room `L{k}` that
/// lapsed meanwhile: the next start finds it over its time. Its id.
fn seed_lapse(storage: &Storage, k: usize) -> u64 {
    let id = block_on(storage.new_id()).expect("id");
    let challenge = ChallengeRecord {
        id,
        guild: Some(console::CONSOLE_GUILD),
        channel: console::room_channel(&format!("L{k}")),
        challenger: User {
            id: 900,
            name: "carol".into(),
        },
        opponent: Some(User {
            id: 901,
            name: "dave".into(),
        }),
        variant: Variant::Standard,
        setup: None,
        color: ColorChoice::Random,
        deadline: None,
        time: None,
        created_ms: 0,
        expires_ms: 1,
        rated: false,
    };
    block_on(storage.insert_challenge(&challenge)).expect("a challenge");
    id
}

/// What an output line says is owed and printed, given the room the lines are in.
fn printed(line: &str, room: &str) -> Option<Owed> {
    if line.contains("expired unanswered") {
        return Some(Owed::Lapse(room.into()));
    }
    if let Some((_, rest)) = line.split_once("p2 withdrew from T") {
        return rest.split_once(':')?.0.parse().ok().map(Owed::Withdrawal);
    }
    (line.contains("The game is on") && room != "main").then(|| Owed::Start(room.into()))
}

/// The room an output line says what follows belongs to: a line run there (`p2@t1-r1-b1>`),
/// the main room (`p2> …`), a notice there, or a notice of a game (`game#ID`).
fn room_of(line: &str) -> Option<String> {
    let head = line.trim();
    if let Some(room) = head
        .strip_prefix("[notice in room ")
        .and_then(|r| r.strip_suffix(']'))
    {
        return Some(room.to_owned());
    }
    if let Some(rest) = head.strip_prefix("[notice of game #") {
        let id = rest.split(|c: char| !c.is_ascii_digit()).next()?;
        return Some(format!("game#{id}"));
    }
    let (head, _) = line.split_once("> ")?;
    if head.contains(' ') {
        return None;
    }
    Some(
        head.split_once('@')
            .map_or("main", |(_, room)| room)
            .to_owned(),
    )
}

/// Where an owed notice was printed: the run, and whether after "Announced after a restart"
/// (what would have been lost without the marks).
type Printed = (usize, bool);

/// Runs `script`, killed after a random number of output lines (never, when `kill_at` is
/// `None`), noting in which run each owed notice was printed. Whether it was killed.
fn run(
    dir: &std::path::Path,
    script: &str,
    kill_at: Option<(usize, Duration)>,
    run: usize,
    seen: &mut BTreeMap<Owed, Vec<Printed>>,
) -> bool {
    let mut child = nadare(dir, script).spawn().expect("spawn");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let (mut room, mut lines, mut killed, mut line) =
        (String::from("main"), 0, false, String::new());
    let mut late = false;
    if let Some((0, wait)) = kill_at {
        std::thread::sleep(wait);
        child.kill().expect("SIGKILL");
        killed = true;
    }
    loop {
        line.clear();
        if reader.read_line(&mut line).expect("read") == 0 {
            break;
        }
        lines += 1;
        if let Some((at, wait)) = kill_at
            && lines == at
            && !killed
        {
            std::thread::sleep(wait);
            child.kill().expect("SIGKILL");
            killed = true;
        }
        if let Some(r) = room_of(&line) {
            room = r;
            late = false;
        }
        late |= line.contains("Announced after a restart");
        if let Some(owed) = printed(&line, &room) {
            seen.entry(owed).or_default().push((run, late));
        }
    }
    let status = child.wait().expect("wait");
    assert!(killed || status.success(), "run {run}");
    killed
}

#[test]
fn killed_at_random_points_every_lapse_withdrawal_and_game_start_is_announced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nadare.db");
    let mut rng = Rng::new(5252);
    let mut seen: BTreeMap<Owed, Vec<Printed>> = BTreeMap::new();
    let mut killed_runs = Vec::new();
    let mut runs = 0;
    let mut lapses = 0;
    let mut rooms: BTreeMap<String, String> = BTreeMap::new();
    loop {
        let script: String = {
            let storage = Storage::open(&db).expect("open");
            if lapses < LAPSES {
                lapses += 1;
                let id = seed_lapse(&storage, lapses);
                rooms.insert(format!("game#{id}"), format!("L{lapses}"));
            }
            (1..=TOURNAMENTS)
                .map(|k| withdrawing_tournament(&storage, k))
                .find(|s| !s.is_empty())
                .unwrap_or_default()
        };
        if script.is_empty() && lapses == LAPSES {
            break;
        }
        assert!(runs < 80, "the tournaments never got through: {seen:?}");
        // Killed a few milliseconds after a random output line (or at the start): while a
        // lapse, a withdrawal or a game's start is stored, printed or marked.
        let kill_at = (
            rng.below(16),
            Duration::from_micros(rng.below(15_000) as u64),
        );
        if run(dir.path(), &script, Some(kill_at), runs, &mut seen) {
            killed_runs.push(runs);
        }
        runs += 1;
    }
    // One more start announces what was stored but not shown when it was last killed.
    run(dir.path(), "carol> games\n", None, runs, &mut seen);

    let storage = Storage::open(&db).expect("open");
    let tournaments = block_on(storage.guild_tournaments(console::CONSOLE_GUILD)).expect("read");
    assert_eq!(tournaments.len(), TOURNAMENTS);
    for t in &tournaments {
        for game in t.boards.iter().filter_map(|b| b.game) {
            rooms.insert(format!("game#{game}"), room(t));
        }
    }
    let mut printed_as: BTreeMap<Owed, Vec<Printed>> = BTreeMap::new();
    for (item, printed) in seen {
        printed_as
            .entry(item.in_room(&rooms))
            .or_default()
            .extend(printed);
    }
    for printed in printed_as.values_mut() {
        printed.sort_unstable();
    }
    let seen = printed_as;
    let mut owed: Vec<Owed> = (1..=LAPSES).map(|k| Owed::Lapse(format!("L{k}"))).collect();
    for t in &tournaments {
        assert_eq!(t.state, TournamentState::Finished, "{t:?}");
        assert!(withdrawn(t, "p2"), "{t:?}");
        let k = t.name.trim_start_matches('T').parse().expect("T{k}");
        owed.extend([Owed::Withdrawal(k), Owed::Start(room(t))]);
    }
    let mut again = 0;
    let mut after_restart = 0;
    for item in &owed {
        let printed_in = seen.get(item).cloned().unwrap_or_default();
        assert!(
            !printed_in.is_empty(),
            "{item:?} was never printed: {seen:?}"
        );
        assert!(printed_in.len() <= 2, "{item:?} printed: {printed_in:?}");
        if let [(first, _), (_, restarted)] = printed_in[..] {
            assert!(
                killed_runs.contains(&first) && restarted,
                "{item:?} printed again though run {first} was not killed: {printed_in:?}"
            );
            again += 1;
        }
        after_restart += usize::from(printed_in.iter().any(|(_, late)| *late));
    }
    eprintln!(
        "{} notices owed, {runs} runs, {} kills: {after_restart} announced after a restart \
         (lost without the marks), {again} of them printed twice",
        owed.len(),
        killed_runs.len()
    );
    assert!(killed_runs.len() >= 5, "killed {} times", killed_runs.len());
    assert!(
        after_restart > 0,
        "no kill fell between a store and its notice"
    );
}
