//! The `serde` feature: every value type's JSON form, round trips, a game
//! in progress saved and loaded (the same board, moves, undo and redo), and
//! forged JSON refused with a message, never a panic.
//!
//! The crate's dev-dependency on itself with `serde` turns the feature on
//! for every test build, so these tests always run.

use grid_core::{Path, Point, Pos, SplitMix64};
use lianliankan::{
    Board, Border, Connect, DealSpec, Game, GenerateSpec, Generated, Gravity, Groups, Move, Order,
    Rules, RulesError, Slide, Step, deal, generate,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// `value` written as JSON, which must read back as `value`.
fn round_trip<T>(value: &T) -> String
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let text = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value, "{text}");
    text
}

/// The message with which `json` is refused as a `T`.
fn refused<T: DeserializeOwned + std::fmt::Debug>(json: &Value) -> String {
    match serde_json::from_value::<T>(json.clone()) {
        Ok(value) => panic!("{json} was read as {value:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn rules_and_their_parts_by_their_command_line_names() {
    for gravity in Gravity::ALL {
        assert_eq!(round_trip(&gravity), format!("\"{}\"", gravity.name()));
    }
    assert_eq!(round_trip(&Border::Closed), "\"closed\"");
    assert_eq!(round_trip(&Border::Open), "\"open\"");
    let groups: Groups = "28-31,39+41,7".parse().unwrap();
    assert_eq!(round_trip(&groups), "\"28-31,39+41,7\"");
    assert_eq!(round_trip(&Groups::none()), "\"\"");
    let class = groups.class(29);
    let back: lianliankan::Class =
        serde_json::from_str(&serde_json::to_string(&class).unwrap()).expect("a class reads back");
    assert_eq!(back, groups.class(31));

    assert_eq!(
        round_trip(&Rules::default()),
        r#"{"turns":2,"border":"closed","gravity":"none","groups":"","connect":"standard"}"#
    );
    let kshisen = Rules::judge()
        .with_slide(false)
        .unwrap()
        .with_turns(3)
        .unwrap()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::ApartVertical)
        .with_groups("28-31,39-42".parse().unwrap())
        .with_connect(Connect::FourRivers)
        .unwrap();
    assert_eq!(
        round_trip(&kshisen),
        r#"{"turns":3,"border":"open","gravity":"apart-vertical","groups":"28-31,39-42","connect":"four-rivers"}"#
    );
    // Left-out fields are the judge's.
    let read: Rules = serde_json::from_value(json!({})).unwrap();
    assert_eq!(read, Rules::default());
    let read: Rules = serde_json::from_value(json!({"border": "open"})).unwrap();
    assert_eq!(read, Rules::judge().with_border(Border::Open).unwrap());

    // Refusals say what is wrong in the library's own words.
    let sideways = refused::<Rules>(&json!({"gravity": "sideways"}));
    assert!(
        sideways.starts_with(&"sideways".parse::<Gravity>().unwrap_err().to_string()),
        "{sideways}"
    );
    let river = refused::<Rules>(&json!({"connect": "river"}));
    assert!(
        river.starts_with(&"river".parse::<Connect>().unwrap_err().to_string()),
        "{river}"
    );
    let wavy = refused::<Rules>(&json!({"border": "wavy"}));
    assert!(
        wavy.starts_with("unknown border rule `wavy` (one of: closed, open)"),
        "{wavy}"
    );
    // Slides fix the path rule: left out, it is theirs; given otherwise,
    // the rules are refused with the setters' message.
    let slide: Rules = serde_json::from_value(json!({"slide": true, "gravity": "down"})).unwrap();
    assert_eq!(
        slide,
        Rules::judge()
            .with_slide(true)
            .unwrap()
            .with_gravity(Gravity::Down)
    );
    assert_eq!(slide.max_turns(), 1);
    for (form, error) in [
        (
            json!({"slide": true, "turns": 2}),
            RulesError::SlideTurns(2),
        ),
        (
            json!({"slide": true, "border": "open"}),
            RulesError::SlideBorder(Border::Open),
        ),
        (
            json!({"slide": true, "connect": "line"}),
            RulesError::SlideConnect(Connect::Line),
        ),
    ] {
        let message = refused::<Rules>(&form);
        assert!(message.starts_with(&error.to_string()), "{form}: {message}");
    }
    let one: Rules = serde_json::from_value(json!({"slide": true, "turns": 1})).unwrap();
    assert_eq!(one, slide.with_gravity(Gravity::None));
    let backwards = refused::<Rules>(&json!({"groups": "3-1"}));
    assert!(
        backwards.starts_with("bad group `3-1`: a range must run from the smaller kind"),
        "{backwards}"
    );
    assert!(refused::<Rules>(&json!({"max_turns": 3})).contains("unknown field `max_turns`"));
    assert!(refused::<Rules>(&json!({"turns": -1})).contains("invalid value"));
    assert!(refused::<Groups>(&json!(",")).starts_with("bad group"));
    assert!(refused::<Gravity>(&json!(3)).contains("invalid type"));
}

#[test]
fn positions_and_paths_as_row_col_pairs() {
    assert_eq!(round_trip(&Pos::new(2, 3)), "[2,3]");
    assert_eq!(round_trip(&Point::new(-1, 4)), "[-1,4]");
    let around = Path::new(vec![
        Point::new(0, 0),
        Point::new(-1, 0),
        Point::new(-1, 2),
        Point::new(0, 2),
    ]);
    assert_eq!(round_trip(&around), "[[0,0],[-1,0],[-1,2],[0,2]]");

    assert!(refused::<Pos>(&json!([-1, 0])).contains("invalid value"));
    assert!(refused::<Pos>(&json!([1, 2, 3])).contains("invalid length"));
    assert!(refused::<Pos>(&json!({"row": 1, "col": 2})).contains("invalid type"));
    assert_eq!(
        refused::<Path>(&json!([[0, 0]])),
        "a path has at least two corners, this one has 1"
    );
    assert_eq!(
        refused::<Path>(&json!([[0, 0], [0, 2], [1, 3]])),
        "corners 1 (0, 2) and 2 (1, 3) of a path must differ in exactly one of row and column"
    );
    assert!(refused::<Path>(&json!([[0, 0], [0, 0]])).contains("corners 0 (0, 0) and 1 (0, 0)"));
}

#[test]
fn boards_as_rows_of_kinds_checked_as_from_rows_checks_them() {
    let board = Board::from_rows(&[[1, 2, 0], [0, 2, 1]]).unwrap();
    assert_eq!(round_trip(&board), "[[1,2,0],[0,2,1]]");
    for rows in [vec![], vec![vec![]], vec![vec![], vec![]], vec![vec![7]]] {
        round_trip(&Board::from_rows(&rows).unwrap());
    }
    let ragged = refused::<Board>(&json!([[1, 2], [3]]));
    assert_eq!(
        ragged,
        lianliankan::BoardError::Ragged { row: 1 }.to_string()
    );
    let too_large = refused::<Board>(&json!([[0, 0], [0, u32::MAX]]));
    assert_eq!(
        too_large,
        lianliankan::BoardError::KindTooLarge {
            pos: Pos::new(1, 1)
        }
        .to_string()
    );
    assert!(refused::<Board>(&json!([[1, u64::from(u32::MAX) + 1]])).contains("invalid value"));
    assert!(refused::<Board>(&json!([[1, -2]])).contains("invalid value"));
    assert!(refused::<Board>(&json!([1, 2])).contains("invalid type"));
}

#[test]
fn moves_slides_and_steps() {
    let pair = Move::new(Pos::new(2, 3), Pos::new(0, 1));
    assert_eq!(round_trip(&pair), r#"{"a":[0,1],"b":[2,3]}"#);
    // Either order reads as the same move.
    let read: Move = serde_json::from_value(json!({"b": [0, 1], "a": [2, 3]})).unwrap();
    assert_eq!(read, pair);
    assert!(refused::<Move>(&json!({"a": [0, 1]})).contains("missing field `b`"));
    assert!(refused::<Move>(&json!({"a": [0, 1], "b": [0, 2], "c": 1})).contains("unknown field"));

    let slide = Slide {
        kind: 3,
        from: Pos::new(0, 1),
        to: Pos::new(2, 1),
    };
    assert_eq!(round_trip(&slide), r#"{"kind":3,"from":[0,1],"to":[2,1]}"#);

    // Steps as a game records them, with gravity and a shuffle.
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let board = Board::from_rows(&[[1, 2], [2, 1], [1, 2], [3, 3]]).unwrap();
    let mut game = Game::new(board, rules);
    game.remove(Pos::new(3, 0), Pos::new(3, 1)).unwrap();
    game.shuffle(5).unwrap();
    let [removed, shuffled] = game.history() else {
        panic!("two steps")
    };
    let text = round_trip(removed);
    assert!(
        text.starts_with(
            r#"{"type":"removed","pair":{"a":[3,0],"b":[3,1]},"kinds":[3,3],"moved":[{"kind":"#
        ),
        "{text}"
    );
    let text = round_trip(shuffled);
    assert!(
        text.starts_with(r#"{"type":"shuffled","before":[[["#) && text.contains(r#""after":[[["#),
        "{text}"
    );
    let step: Step = serde_json::from_value(json!({"type": "removed", "pair": {"a": [0, 0], "b": [0, 1]}, "kinds": [1, 1], "moved": []})).unwrap();
    assert!(matches!(step, Step::Removed { .. }));
}

#[test]
fn specs_and_generated_boards() {
    let spec = DealSpec::new(8, 18, 36).with_seed(11);
    assert_eq!(
        round_trip(&spec),
        r#"{"rows":8,"cols":18,"kinds":36,"copies":4,"seed":11}"#
    );
    let read: DealSpec =
        serde_json::from_value(json!({"rows": 8, "cols": 18, "kinds": 36})).unwrap();
    assert_eq!(read, DealSpec::new(8, 18, 36));
    assert_eq!(deal(&read), deal(&DealSpec::new(8, 18, 36)));
    assert!(refused::<DealSpec>(&json!({"rows": 8, "cols": 18})).contains("missing field `kinds`"));

    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down)
        .with_groups("1-2".parse().unwrap());
    let spec = GenerateSpec::new(4, 6, 5).with_seed(7).with_rules(rules);
    let text = round_trip(&spec);
    assert_eq!(
        text,
        r#"{"rows":4,"cols":6,"kinds":5,"seed":7,"rules":{"turns":2,"border":"open","gravity":"down","groups":"1-2","connect":"standard"}}"#
    );
    let read: GenerateSpec =
        serde_json::from_value(json!({"rows": 4, "cols": 6, "kinds": 5})).unwrap();
    assert_eq!(read, GenerateSpec::new(4, 6, 5));
    assert!(
        refused::<GenerateSpec>(&json!({"rows": 4, "cols": 6, "kinds": 5, "colour": 1}))
            .contains("unknown field `colour`")
    );

    let made = generate(&spec).unwrap();
    let text = round_trip(&made);
    assert!(text.starts_with(r#"{"board":[["#) && text.contains(r#""certificate":[{"a":["#));
    let read: Generated = serde_json::from_str(&text).unwrap();
    let mut game = Game::new(read.board, spec.rules.clone());
    for pair in &read.certificate {
        game.remove(pair.a(), pair.b()).unwrap();
    }
    assert!(game.is_cleared());
}

/// What must be the same in a game and its saved-and-loaded copy.
fn assert_same_game(loaded: &Game, game: &Game, what: &str) {
    assert_eq!(loaded.board(), game.board(), "{what}: board");
    assert_eq!(loaded.rules(), game.rules(), "{what}: rules");
    assert_eq!(loaded.history(), game.history(), "{what}: history");
    assert_eq!(loaded.undone(), game.undone(), "{what}: undone");
    assert_eq!(loaded.moves(), game.moves(), "{what}: moves");
}

/// `game` saved as JSON and loaded back.
fn save_and_load(game: &Game) -> Game {
    let text = serde_json::to_string(game).unwrap();
    let loaded: Game = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(serde_json::to_string(&loaded).unwrap(), text, "saved again");
    loaded
}

/// One random action on `game`: a removal (a hint, or a random pair that
/// may be refused), a shuffle, an undo or a redo.
fn act(game: &mut Game, rng: &mut SplitMix64, seed: u64) {
    match rng.below(10) {
        0..=4 => {
            if let Some(pair) = game.hint() {
                game.remove(pair.a(), pair.b()).unwrap();
            }
        }
        5 => {
            let (rows, cols) = (game.board().rows(), game.board().cols());
            let a = Pos::new(rng.below(rows + 1), rng.below(cols + 1));
            let b = Pos::new(rng.below(rows + 1), rng.below(cols + 1));
            let _ = game.remove(a, b);
        }
        6 => {
            let _ = game.shuffle(seed);
        }
        7 | 8 => {
            game.undo();
        }
        _ => {
            game.redo();
        }
    }
}

#[test]
fn a_game_in_progress_loads_with_the_same_board_moves_undo_and_redo() {
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down)
        .with_groups("1-2".parse().unwrap());
    let made = generate(
        &GenerateSpec::new(6, 8, 10)
            .with_seed(3)
            .with_rules(rules.clone()),
    )
    .unwrap();
    let mut game = Game::new(made.board, rules);
    for pair in &made.certificate[..8] {
        game.remove(pair.a(), pair.b()).unwrap();
    }
    game.shuffle(1).unwrap();
    let hint = game.hint().unwrap();
    game.remove(hint.a(), hint.b()).unwrap();
    game.undo();
    game.undo();
    game.undo();
    assert_eq!((game.history().len(), game.undone().len()), (7, 3));
    let mut loaded = save_and_load(&game);
    assert_same_game(&loaded, &game, "loaded");
    let json: Value = serde_json::to_value(&game).unwrap();
    assert_eq!(json["undone"], 3);
    assert_eq!(json["steps"].as_array().unwrap().len(), 10);
    assert!(json["steps"][8]["shuffle"].is_array());

    // Undo and redo after loading do what they do in the saved game.
    for (i, action) in [
        "redo", "redo", "undo", "undo", "undo", "redo", "redo", "redo", "redo", "redo",
    ]
    .into_iter()
    .enumerate()
    {
        let (mine, theirs) = if action == "redo" {
            (game.redo(), loaded.redo())
        } else {
            (game.undo(), loaded.undo())
        };
        assert_eq!(mine, theirs, "{i}: {action}");
        assert_same_game(&loaded, &game, action);
    }
    // A new step forgets the redo stack in both.
    game.undo();
    loaded.undo();
    let hint = game.hint().unwrap();
    assert_eq!(
        game.remove(hint.a(), hint.b()),
        loaded.remove(hint.a(), hint.b())
    );
    assert!(loaded.undone().is_empty());
    assert_same_game(&loaded, &game, "after a new step");
}

#[test]
fn random_games_under_every_gravity_round_trip_at_every_step() {
    let mut rng = SplitMix64::new(36);
    for (g, gravity) in Gravity::ALL.into_iter().enumerate() {
        for trial in 0..3u64 {
            let rules = Rules::judge()
                .with_border(if trial % 2 == 0 {
                    Border::Open
                } else {
                    Border::Closed
                })
                .unwrap()
                .with_gravity(gravity);
            let board = deal(&DealSpec::new(4, 6, 6).with_copies(4).with_seed(trial)).unwrap();
            let mut game = Game::new(board, rules);
            for step in 0..30 {
                act(&mut game, &mut rng, g as u64 * 100 + step);
                let mut loaded = save_and_load(&game);
                assert_same_game(&loaded, &game, &format!("{gravity} {trial} {step}"));
                // The loaded copy goes on as the original does.
                let mut twin = SplitMix64::new(step);
                let mut same = SplitMix64::new(step);
                for _ in 0..4 {
                    act(&mut game, &mut twin, step);
                    act(&mut loaded, &mut same, step);
                }
                assert_same_game(&loaded, &game, &format!("{gravity} {trial} {step}, later"));
            }
        }
    }
}

#[test]
fn the_documented_saved_game_loads() {
    let text = r#"{
      "rules": {"turns": 2, "border": "open", "gravity": "down", "groups": ""},
      "start": [[1, 2], [1, 2]],
      "steps": [{"remove": {"a": [0, 0], "b": [1, 0]}}, {"shuffle": [[[0, 1], 2], [[1, 1], 2]]}],
      "undone": 1,
      "board": [[0, 2], [0, 2]]
    }"#;
    let mut game: Game = serde_json::from_str(text).unwrap();
    assert_eq!(game.board(), &Board::from_rows(&[[0, 2], [0, 2]]).unwrap());
    assert_eq!((game.history().len(), game.undone().len()), (1, 1));
    assert!(matches!(game.redo(), Some(Step::Shuffled { .. })));
    game.undo();
    game.undo();
    assert_eq!(game.board(), &Board::from_rows(&[[1, 2], [1, 2]]).unwrap());
}

/// A saved game of `start` with `steps` and `undone`, under the judge's
/// rules.
fn saved(start: Value, steps: Value, undone: usize) -> Value {
    json!({"rules": {}, "start": start, "steps": steps, "undone": undone})
}

#[test]
fn forged_games_are_refused_with_the_step_and_the_reason() {
    let start = json!([[1, 2, 1], [3, 3, 2]]);
    let remove = |a: [usize; 2], b: [usize; 2]| json!({"remove": {"a": a, "b": b}});
    let cases = [
        (
            saved(start.clone(), json!([remove([0, 0], [0, 1])]), 0),
            "step 0 cannot remove the pair (0, 0) (0, 1): the tiles are of different kinds (1 and 2)",
        ),
        (
            saved(start.clone(), json!([remove([0, 0], [0, 2])]), 0),
            "step 0 cannot remove the pair (0, 0) (0, 2): no path with few enough turns joins the tiles",
        ),
        (
            saved(
                start.clone(),
                json!([remove([1, 0], [1, 1]), remove([1, 0], [0, 0])]),
                0,
            ),
            "step 1 cannot remove the pair (0, 0) (1, 0): the cell at (1, 0) is empty",
        ),
        (
            saved(start.clone(), json!([remove([0, 0], [0, 0])]), 0),
            "step 0 cannot remove the pair (0, 0) (0, 0): both tiles are the one at (0, 0)",
        ),
        (
            saved(start.clone(), json!([remove([0, 0], [5, 0])]), 0),
            "step 0 cannot remove the pair (0, 0) (5, 0): (5, 0) is off the board",
        ),
        (
            saved(start.clone(), json!([remove([1, 0], [1, 1])]), 2),
            "2 steps are undone, but only 1 were taken",
        ),
        (
            saved(
                start.clone(),
                json!([{"shuffle": [[[0, 0], 1], [[0, 1], 1], [[0, 2], 1], [[1, 0], 3], [[1, 1], 3], [[1, 2], 2]]}]),
                0,
            ),
            "step 0 is not a shuffle: its kinds are not the kinds of the tiles on the board",
        ),
        (
            saved(
                json!([[1, 0, 1]]),
                json!([{"shuffle": [[[0, 0], 1], [[0, 1], 1]]}]),
                0,
            ),
            "step 0 is not a shuffle: it puts a tile at (0, 1), which is not the next tile's cell row by row",
        ),
        (
            saved(json!([[1, 0, 1]]), json!([{"shuffle": [[[0, 0], 1]]}]), 0),
            "step 0 is not a shuffle: it lists 1 tiles, the board holds 2",
        ),
        (
            json!({"rules": {}, "start": start, "steps": [remove([1, 0], [1, 1])], "undone": 0, "board": start}),
            "`board` is not the board the steps lead to",
        ),
        (
            saved(json!([[1, 2], [3]]), json!([]), 0),
            "row 1 has a different length from row 0",
        ),
        (
            saved(json!([[1, 1]]), json!([{"jump": 1}]), 0),
            "unknown variant `jump`, expected `remove` or `shuffle`",
        ),
    ];
    for (json, message) in cases {
        let error = refused::<Game>(&json);
        assert!(error.starts_with(message), "{json}: {error}");
    }
    assert!(
        refused::<Game>(&json!({"start": [[1, 1]], "steps": [], "undone": 0}))
            .contains("missing field `rules`")
    );
    assert!(
        refused::<Game>(&json!({"rules": {}, "start": [[1, 1]], "steps": [], "undone": -1}))
            .contains("invalid value")
    );
}

#[test]
fn boards_of_no_cells_load_and_play() {
    for start in [json!([]), json!([[]]), json!([[], [], []])] {
        let mut game: Game = serde_json::from_value(saved(start.clone(), json!([]), 0)).unwrap();
        assert!(game.is_cleared() && game.moves().is_empty() && game.hint().is_none());
        // A shuffle is recorded exactly when it is made.
        let shuffled = game.shuffle(1);
        assert_eq!(shuffled.is_ok(), game.history().len() == 1);
        assert_eq!(game.solve(100), lianliankan::Solution::Solved(Vec::new()));
        assert_eq!(serde_json::to_value(game.board()).unwrap(), start);
    }
}

/// Every number of a JSON value, with a path to it.
fn numbers(value: &Value, at: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match value {
        Value::Number(_) => out.push(at.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(json!(i));
                numbers(item, at, out);
                at.pop();
            }
        }
        Value::Object(fields) => {
            for (name, item) in fields {
                at.push(json!(name));
                numbers(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// The place in `value` that `at` leads to.
fn place<'v>(value: &'v mut Value, at: &[Value]) -> &'v mut Value {
    at.iter().fold(value, |v, key| match key {
        Value::String(name) => &mut v[name.as_str()],
        index => &mut v[index.as_u64().unwrap() as usize],
    })
}

#[test]
fn a_saved_game_with_any_number_changed_loads_or_is_refused_and_never_panics() {
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Inward);
    let board = deal(&DealSpec::new(4, 4, 4).with_seed(2)).unwrap();
    let mut game = Game::new(board, rules);
    let mut rng = SplitMix64::new(7);
    for step in 0..12 {
        act(&mut game, &mut rng, step);
    }
    let json = serde_json::to_value(&game).unwrap();
    let mut paths = Vec::new();
    numbers(&json, &mut Vec::new(), &mut paths);
    assert!(paths.len() > 40, "{json}");
    let (mut loaded, mut refused) = (0, 0);
    for at in &paths {
        for change in [-1i64, 1, 2, 4, 1 << 33] {
            let mut forged = json.clone();
            let number = place(&mut forged, at);
            let value = number.as_i64().unwrap() + change;
            *number = json!(value);
            match serde_json::from_value::<Game>(forged) {
                Ok(mut game) => {
                    loaded += 1;
                    // A loaded game plays on without a panic.
                    let _ = game.moves();
                    while game.undo().is_some() {}
                    while game.redo().is_some() {}
                    let _ = serde_json::to_string(&game).unwrap();
                }
                Err(_) => refused += 1,
            }
        }
    }
    assert!(
        loaded > 0 && refused > 0,
        "{loaded} loaded, {refused} refused"
    );
}

#[test]
fn removal_orders_keep_the_tiles_as_written() {
    let board: Board = "2 2\n1 2\n1 2\n".parse().unwrap();
    // The second pair written bottom tile first: kept so, unlike a Move.
    let order: Order = "1 1 2 1\n2 2 1 2\n".parse().unwrap();
    let text = round_trip(&order);
    assert_eq!(text, r#"[{"a":[0,0],"b":[1,0]},{"a":[1,1],"b":[0,1]}]"#);
    let read: Order = serde_json::from_str(&text).unwrap();
    assert_eq!(read.to_string(), "1 1 2 1\n2 2 1 2\n");
    assert_eq!(read.replay(&board, &Rules::default()).unwrap().steps, 2);
    assert!(!refused::<Order>(&json!([{"a": [0, 0]}])).is_empty());
    assert!(!refused::<Order>(&json!([{"a": [0, 0], "b": [1, 0], "c": 1}])).is_empty());
}

#[test]
fn solutions_by_their_status() {
    let board = Board::from_rows(&[[1, 2, 2, 1]]).unwrap();
    let solved = lianliankan::solve(&board, &Rules::default(), 100);
    assert_eq!(
        round_trip(&solved),
        r#"{"solved":[{"a":[0,1],"b":[0,2]},{"a":[0,0],"b":[0,3]}]}"#
    );
    let cross = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
    let lost = lianliankan::solve(&cross, &Rules::default(), 100);
    assert_eq!(round_trip(&lost), r#""unsolvable""#);
    let spent = lianliankan::Solution::OutOfBudget { states: 7 };
    assert_eq!(round_trip(&spent), r#"{"out-of-budget":{"states":7}}"#);
    let stopped = lianliankan::Solution::Cancelled { states: 64 };
    assert_eq!(round_trip(&stopped), r#"{"cancelled":{"states":64}}"#);
    assert!(!refused::<lianliankan::Solution>(&json!("maybe")).is_empty());
}
