//! docs/rules.md's drawn examples are the engine's answers: every
//! `rules-example` block (rules, a board, pairs with their verdicts) is
//! checked against [`moves`], and the gravity pictures are what [`Game`]
//! draws after the removal they show.

use lianliankan::{Board, Border, Connect, Game, Gravity, Move, Pos, Route, Rules, moves};

const DOC: &str = include_str!("../../../../docs/rules.md");

/// The rules a block's `rules:` line names, in the command line's flags.
fn rules_of(flags: &str) -> Rules {
    let words: Vec<&str> = flags.split_whitespace().collect();
    let slide = words.contains(&"--slide");
    let mut rules = Rules::judge().with_slide(slide).unwrap();
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "--slide" => {}
            "--turns" => rules = rules.with_turns(words[i + 1].parse().unwrap()).unwrap(),
            "--border" => {
                rules = rules
                    .with_border(words[i + 1].parse::<Border>().unwrap())
                    .unwrap()
            }
            "--gravity" => rules = rules.with_gravity(words[i + 1].parse::<Gravity>().unwrap()),
            "--connect" => {
                rules = rules
                    .with_connect(words[i + 1].parse::<Connect>().unwrap())
                    .unwrap()
            }
            "--groups" => rules = rules.with_groups(words[i + 1].parse().unwrap()),
            other => panic!("unknown flag {other} in `{flags}`"),
        }
        i += if words[i] == "--slide" { 1 } else { 2 };
    }
    rules
}

/// A board drawn with `.` for empty cells and letters for kinds (`A` = 1).
fn board_of(lines: &[&str]) -> Board {
    let rows: Vec<Vec<u32>> = lines
        .iter()
        .map(|line| {
            line.split_whitespace()
                .map(|cell| match cell {
                    "." => 0,
                    letter => u32::from(letter.as_bytes()[0] - b'A' + 1),
                })
                .collect()
        })
        .collect();
    Board::from_rows(&rows).unwrap()
}

/// A pair line: `(r1,c1) (r2,c2) [row|column] -> yes|no` (1-based, as the
/// command line writes cells).
fn pair_of(line: &str) -> (Move, bool) {
    let (pair, verdict) = line.split_once("->").unwrap();
    let words: Vec<&str> = pair.split_whitespace().collect();
    let cell = |text: &str| {
        let (r, c) = text
            .trim_matches(|ch| ch == '(' || ch == ')')
            .split_once(',')
            .unwrap();
        Pos::new(
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1,
        )
    };
    let (a, b) = (cell(words[0]), cell(words[1]));
    let m = match words.get(2) {
        Some(&"row") => Move::slide(a, b, Route::Row),
        Some(&"column") => Move::slide(a, b, Route::Column),
        None => Move::new(a, b),
        Some(other) => panic!("unknown route {other}"),
    };
    // The verdict, then perhaps a word on why.
    let verdict = verdict
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',');
    assert!(verdict == "yes" || verdict == "no", "`{line}`");
    (m, verdict == "yes")
}

#[test]
fn every_rules_example_is_the_engines_verdict() {
    let mut blocks = 0;
    let mut pairs = 0;
    for block in DOC.split("```rules-example\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let mut lines = block.lines();
        let flags = lines.next().unwrap().strip_prefix("rules:").unwrap();
        let rules = rules_of(flags);
        let (board_lines, pair_lines): (Vec<&str>, Vec<&str>) = lines
            .filter(|l| !l.trim().is_empty())
            .partition(|l| !l.contains("->"));
        let board = board_of(&board_lines);
        let offered = moves(&board, &rules);
        for line in pair_lines {
            let (m, expected) = pair_of(line);
            assert_eq!(
                offered.contains(&m),
                expected,
                "docs/rules.md, rules `{flags}`, `{line}`:\n{board}"
            );
            pairs += 1;
        }
        blocks += 1;
    }
    assert!(blocks >= 8 && pairs >= 20, "{blocks} blocks, {pairs} pairs");
}

/// The gravity picture: the board, the pair of `Z`s removed, and the board
/// after under each mode, four to a row.
fn gravity_picture() -> String {
    let before = ["A Z Z B", "C . D .", ". E . F", "G . H .", ". I . J"];
    let board = board_of(&before);
    let draw = |board: &Board| -> Vec<String> {
        (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| match board.kind(Pos::new(r, c)).unwrap() {
                        0 => ".".to_owned(),
                        kind => char::from(b'A' + u8::try_from(kind - 1).unwrap()).to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let mut pictures = vec![("board".to_owned(), draw(&board))];
    for gravity in Gravity::ALL {
        let mut game = Game::new(board.clone(), Rules::judge().with_gravity(gravity));
        game.remove(Pos::new(0, 1), Pos::new(0, 2)).unwrap();
        pictures.push((gravity.name().to_owned(), draw(game.board())));
    }
    let width = pictures.iter().map(|(name, _)| name.len()).max().unwrap() + 2;
    let mut out = String::new();
    for row in pictures.chunks(4) {
        for (name, _) in row {
            out += &format!("{name:<width$}");
        }
        out = out.trim_end().to_owned() + "\n";
        for line in 0..before.len() {
            for (_, picture) in row {
                out += &format!("{:<width$}", picture[line]);
            }
            out = out.trim_end().to_owned() + "\n";
        }
        out += "\n";
    }
    out.trim_end().to_owned() + "\n"
}

#[test]
fn the_gravity_pictures_are_the_engines() {
    let picture = gravity_picture();
    assert!(
        DOC.contains(&format!("```text\n{picture}```")),
        "docs/rules.md should draw the gravity modes as:\n{picture}"
    );
}
