//! The solver's verdicts on fixed deals, one set of cells per search
//! (without gravity, under gravity, with sliding tiles, under the other
//! connection rules): each deal solved, unsolvable or undecided within a
//! small state budget, compared with `search_verdicts.txt`.
//!
//! The list was written by the searches as they were before their round
//! loop and their tie-breaking were made one (the skeleton of
//! `board_search`): a change of how the searches restart, order their
//! moves or break ties shows here as a deal decided differently within
//! its budget. A found order is replayed too, so a wrong `Solved` fails
//! whatever the list says.

use lianliankan::{
    Border, Connect, DealSpec, Gravity, Rules, Solution, SolveConfig, deal, solve_with,
};

use crate::common::assert_clears;

/// A cell: a name, the rules, the deals' size and kinds, and the budget.
struct Cell {
    name: &'static str,
    rules: Rules,
    rows: usize,
    cols: usize,
    kinds: u32,
    budget: u64,
}

/// Seeds of each cell's deals. The budgets of the searches over whole
/// boards are twice their first run (2,000 states), so that a deal the
/// first run leaves goes on to a round of restarts.
const SEEDS: std::ops::Range<u64> = 0..8;

fn cells() -> Vec<Cell> {
    let cell = |name, rules, (rows, cols, kinds), budget| Cell {
        name,
        rules,
        rows,
        cols,
        kinds,
        budget,
    };
    let open = Rules::judge().with_border(Border::Open).unwrap();
    let closed_down = Rules::kshisen().with_border(Border::Closed).unwrap();
    vec![
        cell("fixed-closed", Rules::judge(), (8, 10, 20), 400),
        cell("fixed-open", open.clone(), (8, 10, 20), 400),
        cell("gravity-down-open", Rules::kshisen(), (10, 14, 35), 4000),
        cell(
            "gravity-down-closed",
            closed_down.clone(),
            (10, 14, 35),
            4000,
        ),
        cell(
            "gravity-outward-closed",
            closed_down.clone().with_gravity(Gravity::Outward),
            (10, 14, 35),
            4000,
        ),
        cell(
            "slides-none",
            Rules::judge().with_slide(true).unwrap(),
            (10, 14, 35),
            4000,
        ),
        cell(
            "slides-down",
            Rules::kshisen().with_slide(true).unwrap(),
            (10, 14, 35),
            4000,
        ),
        cell(
            "four-rivers-open",
            open.clone().with_connect(Connect::FourRivers).unwrap(),
            (10, 14, 35),
            4000,
        ),
        cell(
            "four-rivers-open-down",
            Rules::kshisen().with_connect(Connect::FourRivers).unwrap(),
            (10, 14, 35),
            4000,
        ),
        cell(
            "line-down",
            Rules::kshisen().with_connect(Connect::Line).unwrap(),
            (10, 14, 35),
            4000,
        ),
    ]
}

/// Every cell's verdicts, a line a cell: its name, then a letter a seed
/// (`s` solved, `u` unsolvable, `?` undecided within the budget).
fn verdicts() -> String {
    let mut out = String::new();
    for cell in cells() {
        out.push_str(cell.name);
        out.push(' ');
        for seed in SEEDS {
            let spec = DealSpec::new(cell.rows, cell.cols, cell.kinds).with_seed(seed);
            let board = deal(&spec).expect("a deal of the cell");
            let config = SolveConfig::new().budget(cell.budget);
            out.push(match solve_with(&board, &cell.rules, &config) {
                Solution::Solved(order) => {
                    assert_clears(&board, &cell.rules, &order);
                    's'
                }
                Solution::Unsolvable => 'u',
                Solution::OutOfBudget { .. } => '?',
                other => panic!("{}: seed {seed}: {other:?}", cell.name),
            });
        }
        out.push('\n');
    }
    out
}

#[test]
fn verdicts_on_fixed_deals_stay() {
    let expected = include_str!("search_verdicts.txt");
    let found = verdicts();
    assert!(
        found == expected,
        "verdicts changed; found:\n{found}\nexpected:\n{expected}"
    );
}
