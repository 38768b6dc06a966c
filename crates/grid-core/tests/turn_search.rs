//! Differential test of the shared minimum-turn search against the
//! brute-force references, on seeded random grids.

use grid_core::reference::{check_path, min_length_with_turns, min_turns};
use grid_core::{Grid, Pos, SplitMix64, TurnSearch};

/// One random case: a grid of kinds (0 = free), two ends, a turn limit.
struct Case {
    grid: Grid<u8>,
    from: Pos,
    to: Pos,
    limit: Option<usize>,
}

fn random_case(rng: &mut SplitMix64) -> Case {
    let rows = rng.range(1, 15);
    let cols = rng.range(1, 15);
    let density = rng.range(0, 90) as u32;
    let cells = (0..rows * cols)
        .map(|_| u8::from(rng.percent(density)))
        .collect();
    let mut grid = Grid::from_vec(rows, cols, cells).unwrap();
    if rng.percent(50) {
        grid = grid_core::Padded::new(grid).surround(0).grid().clone();
    }
    let pick = |rng: &mut SplitMix64| Pos::new(rng.below(grid.rows()), rng.below(grid.cols()));
    let from = pick(rng);
    let to = if rng.percent(5) { from } else { pick(rng) };
    let limit = match rng.below(6) {
        5 => None,
        k => Some(k),
    };
    Case {
        grid,
        from,
        to,
        limit,
    }
}

#[test]
fn matches_brute_force_on_random_grids() {
    let mut rng = SplitMix64::new(0x5eed_0001);
    let mut search = TurnSearch::new();
    let free = |&c: &u8| c == 0;
    let (mut found, mut none) = (0, 0);
    for case_no in 0..6000 {
        let Case {
            grid,
            from,
            to,
            limit,
        } = random_case(&mut rng);
        let expected = min_turns(&grid, free, from, to, limit);
        let got = search.find(&grid, free, from, to, limit);
        assert_eq!(
            got.as_ref().map(|p| p.turns),
            expected,
            "case {case_no}: {from} -> {to}, limit {limit:?}, grid {grid:?}"
        );
        let Some(path) = got else {
            none += 1;
            continue;
        };
        found += 1;
        let length = check_path(&grid, free, from, to, &path.corners, path.turns)
            .unwrap_or_else(|e| panic!("case {case_no}: illegal path: {e}"));
        assert_eq!(length, path.length, "case {case_no}: reported length");
        assert_eq!(
            Some(length),
            min_length_with_turns(&grid, free, from, to, path.turns),
            "case {case_no}: not the shortest fewest-turn path"
        );
    }
    // The generator must exercise both outcomes substantially.
    assert!(found > 1500 && none > 1500, "found {found}, none {none}");
}

#[test]
fn passes_through_cells_reached_with_equal_turns() {
    // The classic trap of this problem: a later arrival with fewer turns must win.
    #[rustfmt::skip]
    let cells = vec![
        1, 1, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 2, 0, 0,
        0, 0, 0, 1, 0, 0, 0,
        0, 0, 0, 1, 0, 0, 0,
        0, 0, 0, 0, 0, 1, 0,
        0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 1, 0, 0,
        0, 0, 0, 0, 2, 0, 0,
        0, 0, 0, 0, 0, 0, 1,
        0, 0, 0, 0, 0, 0, 0,
    ];
    let grid = Grid::from_vec(10, 7, cells).unwrap();
    let mut search = TurnSearch::new();
    let path = search
        .find(&grid, |&c| c == 0, Pos::new(1, 4), Pos::new(7, 4), Some(2))
        .expect("YES in the judge's sample");
    assert_eq!(path.turns, 2);
    assert_eq!(
        path.corners,
        vec![
            Pos::new(1, 4),
            Pos::new(1, 6),
            Pos::new(7, 6),
            Pos::new(7, 4)
        ]
    );
}

#[test]
fn buffers_are_reused_across_grid_sizes() {
    let mut search = TurnSearch::new();
    let big = Grid::new(30, 30, 0u8);
    let small = Grid::new(2, 2, 0u8);
    for _ in 0..3 {
        let p = search
            .find(&big, |&c| c == 0, Pos::new(0, 0), Pos::new(29, 29), None)
            .unwrap();
        assert_eq!((p.turns, p.length), (1, 58));
        let p = search
            .find(&small, |&c| c == 0, Pos::new(0, 0), Pos::new(0, 1), Some(0))
            .unwrap();
        assert_eq!(p.corners, vec![Pos::new(0, 0), Pos::new(0, 1)]);
    }
    assert!(
        search
            .find(&small, |&c| c == 0, Pos::new(0, 0), Pos::new(0, 0), None)
            .is_none()
    );
}
