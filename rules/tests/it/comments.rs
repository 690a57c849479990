//! Each turn's comments as a record is read, and the `%clk` commands in them (issue 55): a
//! record written with clocks reads back with the same clocks, lichess's `{ [%clk 0:00:30] }`
//! reads, and what is not a clock is left out without a panic.

use rules::{Annotation, Game, RecordError, RecordReader, Variant, clk_command, clk_in_comment};

/// The comment after each turn of `record`, in order; panics when a turn is refused.
fn comments(record: &str) -> Vec<Option<String>> {
    let mut reader = RecordReader::new(record.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let mut comments = Vec::new();
    while let Some(read) = reader
        .next_turn()
        .unwrap_or_else(|e| panic!("{e}\n{record}"))
    {
        assert_eq!(read.ply, comments.len() + 1);
        comments.push(read.comment);
    }
    comments
}

/// The clock after each turn of `record`.
fn clocks(record: &str) -> Vec<Option<u64>> {
    comments(record)
        .iter()
        .map(|c| c.as_deref().and_then(clk_in_comment))
        .collect()
}

#[test]
fn a_record_written_with_clocks_reads_back_with_them() {
    let mut game = Game::new(Variant::Standard, None).expect("standard");
    for turn in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"] {
        game.play_str(turn).expect("legal");
    }
    // Whole seconds, tenths, over an hour, under ten seconds, zero.
    let times: [u64; 7] = [180_000, 178_300, 3_725_400, 9_900, 0, 59_000, 600_100];
    let notes: Vec<Annotation> = times
        .iter()
        .enumerate()
        .map(|(ply, &ms)| Annotation {
            ply,
            nag: None,
            comment: clk_command(ms),
        })
        .collect();
    let tags = [("TimeControl".to_string(), "180+2".to_string())];
    let record = game.to_annotated_record(&tags, &notes);
    assert!(record.contains("{[%clk 0:02:58.3]}"), "{record}");
    assert!(record.contains("[TimeControl \"180+2\"]"), "{record}");
    let read: Vec<Option<u64>> = times.iter().map(|&ms| Some(ms)).collect();
    assert_eq!(clocks(&record), read, "{record}");
    let (back, back_tags) = Game::from_record(&record).expect("reads back");
    assert_eq!(back.turns(), game.turns());
    assert!(back_tags.contains(&("TimeControl".to_string(), "180+2".to_string())));
    // Below the tenth, the time written is the tenth below.
    assert_eq!(clk_in_comment(&clk_command(178_399)), Some(178_300));
}

#[test]
fn lichess_clocks_read() {
    let record = "[Event \"Rated blitz game\"]\n[TimeControl \"180+0\"]\n\n\
                  1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] } \
                  2. Nf3 { [%eval 0.17] [%clk 0:00:30] } 2... Nc6 { [%clk 1:00:00] } 1-0\n";
    assert_eq!(
        clocks(record),
        [Some(180_000), Some(179_500), Some(30_000), Some(3_600_000)]
    );
}

#[test]
fn a_clock_among_other_words_reads_and_a_malformed_one_is_left_out() {
    let record = "1. e4 {a good start [%clk 0:01:00] for White} \
                  e5 {[%clk 0:61:00]} \
                  2. Nf3 {[%clk 0:00:3x] then [%clk 0:00:07.25]} \
                  Nc6 {[%clk 0:00:10} \
                  3. Bb5 {[%clk]} a6 {[%clk -1:00:00]} 4. Ba4 {clk 0:00:10} *";
    assert_eq!(
        clocks(record),
        [Some(60_000), None, Some(7_250), None, None, None, None]
    );
    assert_eq!(
        comments(record).first().cloned().flatten().as_deref(),
        Some("a good start [%clk 0:01:00] for White")
    );
}

#[test]
fn each_turn_gets_the_comments_after_it_and_no_others() {
    let record = "{before the game} 1. e4{glued}   {and another\n  on two lines} $1 \
                  1... e5 (1... c5 {in a variation} 2. Nf3) 2. Nf3 ; to the line's end\n\
                  Nc6 3. Bb5 {last} 1-0";
    assert_eq!(
        comments(record),
        [
            Some("glued and another on two lines".to_string()),
            None,
            Some("to the line's end".to_string()),
            None,
            Some("last".to_string()),
        ]
    );
}

#[test]
fn a_turn_before_an_unclosed_comment_is_given_then_the_error() {
    let mut reader = RecordReader::new("1. e4 e5 {never closed".as_bytes()).expect("no tags");
    assert!(reader.next_turn().expect("e4").is_some());
    let e5 = reader.next_turn().expect("e5 is read").expect("e5");
    assert_eq!(e5.comment.as_deref(), Some("never closed"));
    assert_eq!(
        reader.next_turn().err(),
        Some(RecordError::Unclosed("comment `{`"))
    );
}

#[test]
fn a_huge_comment_is_kept_in_part() {
    let long = "word ".repeat(10_000);
    let record = format!("1. e4 {{{long}}} {{{long}}} e5 *");
    let read = comments(&record);
    let first = read.first().cloned().flatten().expect("e4's comment");
    assert!(first.len() <= 4096 && first.len() > 4000, "{}", first.len());
    assert!(
        long.starts_with(first.as_str()),
        "the comment as far as it is kept"
    );
    assert_eq!(read.get(1), Some(&None));
}
