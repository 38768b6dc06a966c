//! Every removable pair under the standard path rule by one reach search
//! per tile: any turn limit.

use std::collections::BTreeMap;

use super::pair::Move;
use crate::engine::reach::Field;
use crate::query::Board;
use crate::rules::{Class, Rules};

/// Every removable pair by one reach search per tile: any turn limit.
pub(crate) fn reach_moves(board: &Board, rules: &Rules) -> Vec<Move> {
    let mut field = Field::new(board, rules.border());
    let groups = &rules.groups();
    let mut twins = BTreeMap::<Class, usize>::new();
    for (_, kind) in board.tiles() {
        *twins.entry(groups.class(kind)).or_default() += 1;
    }
    let mut found = Vec::new();
    for (pos, kind) in board.tiles() {
        let class = groups.class(kind);
        if twins[&class] < 2 {
            continue;
        }
        let start = field.index(pos);
        let mut partners = Vec::new();
        field.reach(start, rules.max_turns(), |cell, is_tile| {
            if is_tile && cell > start {
                partners.push(cell);
            }
        });
        for cell in partners {
            if groups.class(field.kind(cell)) == class {
                found.push(Move::new(pos, field.pos(cell)));
            }
        }
    }
    found.sort_unstable();
    found
}
