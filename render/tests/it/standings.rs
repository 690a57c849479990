//! Standings tables: the same table gives the same bytes, it is drawn in the boards' colours,
//! names of any length and script never break it, and 200 players make an image of a sensible
//! size.

use render::{CrossResult, Headings, RenderOptions, Renderer, StandingRow, Standings, Theme};

use crate::common::{Image, RENDERER, start};

/// `n` players in order, the round robin's results filled in when `meetings` is not 0: the
/// higher row wins every game, the games of rows 2 and 3 are drawn.
fn table(n: usize, meetings: u8) -> Standings {
    let rows = (0..n)
        .map(|i| StandingRow {
            rank: i as u32 + 1,
            name: format!("player {}", i + 1),
            halves: 2 * (n - 1 - i) as u32,
            tiebreaks: vec![4 * (n - i) as u32, 3],
            withdrawn: false,
            against: (0..n)
                .filter(|_| meetings > 0)
                .map(|j| {
                    let one = match (i, j) {
                        (2, 3) | (3, 2) => CrossResult::Draw,
                        _ if j > i => CrossResult::Win,
                        _ => CrossResult::Loss,
                    };
                    if i == j {
                        Vec::new()
                    } else {
                        vec![one; usize::from(meetings)]
                    }
                })
                .collect(),
        })
        .collect();
    Standings {
        title: "Club".into(),
        subtitle: "After round 7 of 7".into(),
        headings: Headings {
            rank: "#".into(),
            player: "Player".into(),
            points: "Pts".into(),
            tiebreaks: vec!["DE".into(), "SB".into()],
        },
        rows,
        meetings,
    }
}

fn png(s: &Standings) -> Vec<u8> {
    RENDERER.render_standings(s).expect("the table is drawn")
}

#[test]
fn the_same_table_gives_the_same_bytes_from_two_renderers() {
    let other = Renderer::new(RenderOptions::default()).expect("a renderer");
    for s in [table(8, 1), table(6, 2), table(60, 0)] {
        let bytes = png(&s);
        assert_eq!(bytes, other.render_standings(&s).expect("drawn"));
        assert_eq!(bytes, png(&s), "drawing it again changes nothing");
    }
}

#[test]
fn a_table_is_drawn_in_the_boards_colours_and_the_cross_table_widens_it() {
    for theme in Theme::ALL {
        let renderer = Renderer::new(RenderOptions {
            board_px: 512,
            theme,
        })
        .expect("a renderer");
        let board = Image::decode(&renderer.render_png(&start()).expect("a board"));
        let rr = Image::decode(&renderer.render_standings(&table(8, 1)).expect("drawn"));
        // The title bar is the name bars' colour; the rows are the light squares' colour.
        assert_eq!(rr.at(rr.w - 1, 0), board.at(board.w - 1, 0), "{theme}");
        let light = board.in_cell(0, 0, 0.05, 0.5);
        assert!(
            (0..rr.h).any(|y| rr.at(rr.w - 2, y) == light),
            "{theme}: no row in the light squares' colour"
        );
        let swiss = Image::decode(&renderer.render_standings(&table(8, 0)).expect("drawn"));
        assert_eq!(rr.h, swiss.h);
        assert!(rr.w > swiss.w + 8 * 15, "eight cross-table columns");
        let double = Image::decode(&renderer.render_standings(&table(8, 2)).expect("drawn"));
        assert!(double.w > rr.w, "two results a cell");
    }
}

#[test]
fn long_hostile_and_japanese_names_are_cut_to_the_name_column() {
    let mut base = table(8, 1);
    base.rows[1].name = "W".repeat(40);
    let wide = Image::decode(&png(&base));
    let names = [
        "W".repeat(200),
        "名人".repeat(100),
        "山田花子（やまだはなこ）なだれ太郎🐉".repeat(5),
        "\u{202E}evil\u{0007}\u{200D}name\n\t".repeat(20),
        "אבגדה مرحبا".repeat(30),
        String::new(),
        "e\u{0301}\u{0301}\u{0301}".repeat(50),
    ];
    for name in names {
        let mut s = table(8, 1);
        s.rows[1].name = name.clone();
        s.title = name.repeat(3);
        s.subtitle = name.clone();
        let image = Image::decode(&png(&s));
        assert!(image.w <= wide.w, "{name:?}: {} > {}", image.w, wide.w);
        assert_eq!(image.h, wide.h, "{name:?}");
    }
}

#[test]
fn two_hundred_players_make_one_image_of_a_sensible_size() {
    let s = table(200, 0);
    let bytes = png(&s);
    let image = Image::decode(&bytes);
    assert!(image.h <= 4000, "{} px tall", image.h);
    assert!(image.w <= 1200, "{} px wide", image.w);
    assert!(bytes.len() < 400_000, "{} bytes", bytes.len());
    // Sixty players stand in one column; two hundred in two, side by side.
    let sixty = Image::decode(&png(&table(60, 0)));
    assert!(
        sixty.h < image.h && sixty.w * 9 / 5 < image.w,
        "{}×{}, {}×{}",
        sixty.w,
        sixty.h,
        image.w,
        image.h
    );
    // A round robin too large for a cross-table is drawn as a table.
    let big = Image::decode(&png(&table(40, 1)));
    assert_eq!(big.w, Image::decode(&png(&table(40, 0))).w);
}

#[test]
fn an_empty_table_and_missing_values_are_drawn() {
    let mut s = table(0, 1);
    Image::decode(&png(&s));
    s = table(4, 1);
    s.rows[0].tiebreaks.clear();
    s.rows[1].against.clear();
    s.headings.tiebreaks.push("extra".into());
    Image::decode(&png(&s));
}

#[test]
fn more_players_than_a_table_shows_are_refused() {
    let s = table(render::MAX_STANDING_ROWS + 1, 0);
    assert!(matches!(
        RENDERER.render_standings(&s),
        Err(render::RenderError::TooManyRows(n)) if n == render::MAX_STANDING_ROWS + 1
    ));
}
