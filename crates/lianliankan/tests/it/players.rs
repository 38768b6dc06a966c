//! The players of `rate_players` (the skill curve, the first-hint player,
//! the one-step lookahead and its traps and forced positions) against
//! their re-statement with the references (`reference::players`: the same
//! games, every pair decided by exhaustive search), on many seeded small
//! deals under random rules.

use crate::common::paired_board;
use grid_core::SplitMix64;
use lianliankan::{
    Border, Connect, Gravity, Groups, PlayersConfig, Rules, rate_players, reference,
};

fn random_rules(rng: &mut SplitMix64) -> Rules {
    let slide = rng.percent(15);
    Rules::judge()
        .with_slide(slide)
        .unwrap()
        .with_turns(if slide {
            1
        } else if rng.percent(70) {
            2
        } else {
            rng.range(0, 3)
        })
        .unwrap()
        .with_border(if !slide && rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        })
        .unwrap()
        .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())])
        .with_groups(if rng.percent(20) {
            "1-2".parse().unwrap()
        } else {
            Groups::none()
        })
        .with_connect(if slide {
            Connect::Standard
        } else {
            Connect::ALL[rng.below(Connect::ALL.len())]
        })
        .unwrap()
}

#[test]
fn players_match_their_restatement() {
    let mut rng = SplitMix64::new(0x706c_6179);
    let (mut skill_helps, mut half_above_zero, mut lookahead_helps, mut hint_fails) = (0, 0, 0, 0);
    let (mut trapped, mut forced) = (0, 0);
    for case in 0..1000 {
        let rows = rng.range(1, 4);
        let cols = rng.range(2, 5);
        let pairs = rng.range(1, (rows * cols / 2).min(5));
        let kinds = rng.range(1, 3);
        let deal = paired_board(&mut rng, rows, cols, pairs, kinds);
        let rules = random_rules(&mut rng);
        let games = rng.range(1, 6) as u32;
        let levels = rng.range(1, 4) as u32;
        let seed = rng.next_u64();
        let config = PlayersConfig::new()
            .games(games)
            .levels(levels)
            .seed(seed)
            .budget(u64::MAX);
        let got = rate_players(&deal, &rules, &config).unwrap();
        let mut expected = reference::players(&deal, &rules, games, levels, seed);
        expected.solves = got.solves;
        let context = || format!("case {case}: {rules:?} on {:?}, {config:?}", deal.to_grid());
        assert_eq!(got, expected, "{}", context());
        assert_eq!(got.coverage(), 1.0, "{}", context());
        let random = got.skill[0].cleared;
        let best = got.skill[levels as usize].cleared;
        if got.winnable == Some(true) {
            // The player of skill 1 always takes a winning pair.
            assert_eq!(best, games, "{}", context());
        }
        skill_helps += u32::from(best > random);
        half_above_zero += u32::from(got.half_clear_skill().is_some_and(|q| q > 0.0));
        lookahead_helps += u32::from(got.lookahead_cleared > random);
        hint_fails += u32::from(got.winnable == Some(true) && !got.first_hint_cleared);
        trapped += u32::from(got.trap_positions > 0);
        forced += u32::from(got.forced_positions > 0);
    }
    // The cases reach every branch: skill that matters, a half-clear skill
    // above 0, a lookahead better than chance, a first-hint player that
    // loses a winnable deal, traps and forced positions.
    assert!(
        skill_helps > 40
            && half_above_zero > 15
            && lookahead_helps > 40
            && hint_fails > 20
            && trapped > 60
            && forced > 15,
        "{skill_helps} {half_above_zero} {lookahead_helps} {hint_fails} {trapped} {forced}"
    );
}

#[test]
fn small_budgets_count_unknown_pairs() {
    // With a budget of one state the solver decides little: the counts
    // still add up, and the unknown pairs are counted, not guessed.
    let mut rng = SplitMix64::new(0x756e_6b6e);
    let mut unknown_seen = 0;
    for _ in 0..100 {
        let deal = paired_board(&mut rng, 3, 4, 6, 3);
        let rules = random_rules(&mut rng);
        let seed = rng.next_u64();
        let config = PlayersConfig::new()
            .games(3)
            .levels(2)
            .seed(seed)
            .budget(1)
            .deal_budget(1);
        let got = rate_players(&deal, &rules, &config).unwrap();
        assert!(got.unknown_pairs <= got.offered);
        assert!(got.trap_positions + got.trap_unknown <= got.positions);
        assert!(got.forced_positions + got.forced_unknown <= got.positions);
        assert!(got.coverage() <= 1.0 && got.coverage() >= 0.0);
        // The first-hint player needs no solver.
        let exact = reference::players(&deal, &rules, 3, 2, seed);
        assert_eq!(got.first_hint_cleared, exact.first_hint_cleared);
        unknown_seen += u32::from(got.unknown_pairs > 0 || got.undecided_positions > 0);
    }
    assert!(unknown_seen > 10, "{unknown_seen}");
}
