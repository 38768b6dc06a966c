//! `cargo xtask study bands`: whether easy, normal and hard mean what they
//! say on every board play offers — for each cell (a KShisen size and a
//! rule set: play's presets under two rule sets, and the level game's
//! gravity modes on the page's first board), `lianliankan bands --check N` deals N deals of each
//! difficulty and plays fresh random games on them; the bands hold when the
//! clear rates are ordered easy > normal > hard with 95% intervals apart.
//!
//! Each cell's output is kept as it was printed, with the command line
//! first, in `docs/study/bands/<rows>x<cols>-<border>-<gravity>.txt`; a
//! cell whose file exists is not run again (a check of a big board takes
//! an hour), so the study can be stopped and resumed. Then
//! `docs/study/bands.md` (the table docs/study.md shows) and
//! `docs/study/bands.svg` (the chart) are written from those files.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use lianliankan::Gravity;

use crate::run::{output, workspace_root};
use crate::study::{release_binary, svg_open};

const USAGE: &str = "\
usage: cargo xtask study bands [--deals N] [--table]

  --deals N   deals of each difficulty a cell (default: 50 on play's
              presets, 20 on the level game's gravity modes)
  --table     only write the table and the chart from the kept outputs
";

/// The rule options whose default `lianliankan bands` has, with it: a
/// cell's command line leaves them out.
const DEFAULT_RULES: [(&str, &str); 2] = [("--border", "closed"), ("--gravity", "none")];

/// Fresh random games a deal.
const GAMES: u32 = 200;

/// A cell: a size, its kinds (KShisen's 42 types taken in turn, as play's
/// presets deal them) and a rule set (border, gravity; two turns).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cell {
    rows: usize,
    cols: usize,
    kinds: usize,
    border: &'static str,
    gravity: &'static str,
    /// Deals of each difficulty unless `--deals` says otherwise.
    deals: u64,
}

impl Cell {
    fn name(&self) -> String {
        format!(
            "{}x{}-{}-{}",
            self.rows, self.cols, self.border, self.gravity
        )
    }

    /// The arguments of `lianliankan bands` for this cell.
    fn args(&self, deals: u64) -> Vec<String> {
        let mut args = vec![
            "bands".to_owned(),
            "--rows".to_owned(),
            self.rows.to_string(),
            "--cols".to_owned(),
            self.cols.to_string(),
            "--kinds".to_owned(),
            self.kinds.to_string(),
        ];
        for ((name, default), value) in DEFAULT_RULES.into_iter().zip([self.border, self.gravity]) {
            if value != default {
                args.extend([name.to_owned(), value.to_owned()]);
            }
        }
        args.extend(
            ["--deals", "0", "--games", &GAMES.to_string()]
                .into_iter()
                .map(str::to_owned),
        );
        args.extend(["--check".to_owned(), deals.to_string()]);
        args
    }
}

/// Play's six presets (KShisen's sizes, as rows × columns; a phone plays
/// them turned, under the same bands turned) under the page's default
/// rules (open border, gravity down) and the judge's (closed, none); then
/// the level game's other gravity modes (a level of each of the 13 in
/// turn) on the page's first board, 8 × 18 with an open border.
fn cells() -> Vec<Cell> {
    let sizes = [(6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30)];
    let kshisen = |rows: usize, cols: usize, border, gravity, deals| Cell {
        rows,
        cols,
        kinds: (rows * cols / 4).min(42),
        border,
        gravity,
        deals,
    };
    let mut cells = Vec::new();
    for (border, gravity) in [("open", "down"), ("closed", "none")] {
        for (rows, cols) in sizes {
            cells.push(kshisen(rows, cols, border, gravity, 50));
        }
    }
    // 20 deals a band: under most of these modes a deal is solved many
    // times over to be rated, and a check of 50 takes hours of a core.
    for gravity in Gravity::ALL {
        if gravity != Gravity::Down {
            cells.push(kshisen(8, 18, "open", gravity.name(), 20));
        }
    }
    cells
}

/// Runs the cells not yet kept, then writes the table and the chart.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut deals: Option<u64> = None;
    let mut table_only = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--deals" => {
                deals = Some(
                    args.next()
                        .and_then(|v| v.parse::<u64>().ok())
                        .filter(|&v| v > 0)
                        .ok_or_else(|| format!("--deals needs a positive whole number\n{USAGE}"))?,
                );
            }
            "--table" => table_only = true,
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let dir = workspace_root().join("docs/study");
    let kept = dir.join("bands");
    std::fs::create_dir_all(&kept).map_err(|e| format!("{}: {e}", kept.display()))?;
    if !table_only {
        let binary = release_binary()?;
        for cell in cells() {
            let file = kept.join(format!("{}.txt", cell.name()));
            if file.exists() {
                continue;
            }
            let args = cell.args(deals.unwrap_or(cell.deals));
            let mut cmd = Command::new(&binary);
            cmd.args(&args);
            let printed = output(cmd)?;
            let text = format!("$ lianliankan {}\n{printed}", args.join(" "));
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    let checks = read_kept(&kept)?;
    for (name, text) in [("bands.md", table(&checks)), ("bands.svg", chart(&checks))] {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("==> wrote docs/study/{name}");
    }
    Ok(())
}

/// One band's line of a check: its deals and their fresh games.
#[derive(Clone, Debug, PartialEq)]
struct Band {
    deals: u64,
    cleared: u64,
    games: u64,
    low: f64,
    high: f64,
}

impl Band {
    fn rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.cleared as f64 / self.games as f64
        }
    }
}

/// A kept check: its cell, the bands it was checked under, easy, normal
/// and hard, and its verdict.
#[derive(Clone, Debug, PartialEq)]
struct Check {
    cell: Cell,
    bands: String,
    easy_normal_hard: [Band; 3],
    holds: bool,
}

/// The kept checks of the cells, in the cells' order (a cell not run yet
/// is left out).
fn read_kept(kept: &Path) -> Result<Vec<Check>, String> {
    let mut checks = Vec::new();
    for cell in cells() {
        let file = kept.join(format!("{}.txt", cell.name()));
        match std::fs::read_to_string(&file) {
            Ok(text) => {
                checks.push(parse(cell, &text).map_err(|e| format!("{}: {e}", file.display()))?)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("{}: {e}", file.display())),
        }
    }
    Ok(checks)
}

/// The words of a command line without the rule options that say the
/// default ([`DEFAULT_RULES`]), which [`Cell::args`] leaves out.
fn without_defaults<'a>(words: impl Iterator<Item = &'a str>) -> Vec<String> {
    let words: Vec<&str> = words.collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let pair = (words[i], words.get(i + 1).copied().unwrap_or_default());
        if DEFAULT_RULES.contains(&pair) {
            i += 2;
        } else {
            kept.push(words[i].to_owned());
            i += 1;
        }
    }
    kept
}

/// Reads what `lianliankan bands --check` printed for `cell`, after its
/// command line.
fn parse(cell: Cell, text: &str) -> Result<Check, String> {
    let mut lines = text.lines();
    let command = lines.next().unwrap_or_default();
    let args = command
        .strip_prefix("$ lianliankan ")
        .ok_or("the first line is not the command")?;
    let deals = args
        .split(' ')
        .skip_while(|a| *a != "--check")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .ok_or("the command has no --check N")?;
    if without_defaults(args.split(' ')) != cell.args(deals) {
        return Err(format!("the command is not the cell's: {command}"));
    }
    let bands = lines
        .next()
        .and_then(|l| l.strip_prefix("bands: "))
        .ok_or("no `bands:` line")?
        .to_owned();
    let mut band = |name: &str| -> Result<Band, String> {
        let line = lines.next().ok_or_else(|| format!("no {name} line"))?;
        let rest = line
            .strip_prefix(&format!("{name}: "))
            .ok_or_else(|| format!("not the {name} line: {line}"))?;
        // "50 deals, 3811 of 10000 fresh random games cleared (0.3811, 95% interval 0.3716-0.3907)"
        let number = |word: Option<&str>| -> Result<f64, String> {
            word.and_then(|w| {
                w.trim_matches(|c| c == '(' || c == ')' || c == ',')
                    .parse()
                    .ok()
            })
            .ok_or_else(|| format!("unreadable {name} line: {line}"))
        };
        let words: Vec<&str> = rest.split(' ').collect();
        let (low, high) = words
            .last()
            .and_then(|w| w.trim_end_matches(')').split_once('-'))
            .ok_or_else(|| format!("no interval on the {name} line: {line}"))?;
        Ok(Band {
            deals: number(words.first().copied())? as u64,
            cleared: number(words.get(2).copied())? as u64,
            games: number(words.get(4).copied())? as u64,
            low: number(Some(low))?,
            high: number(Some(high))?,
        })
    };
    let easy_normal_hard = [band("easy")?, band("normal")?, band("hard")?];
    let holds = match lines.next() {
        Some("ordered easy > normal > hard with intervals apart: yes") => true,
        Some("ordered easy > normal > hard with intervals apart: no") => false,
        other => return Err(format!("no verdict line: {other:?}")),
    };
    Ok(Check {
        cell,
        bands,
        easy_normal_hard,
        holds,
    })
}

/// The table docs/study.md shows.
fn table(checks: &[Check]) -> String {
    let mut out = String::from(
        "| board (columns × rows) | kinds | border | gravity | bands | deals a band | easy: fresh clear rate (95% interval) | normal | hard | ordered, apart |\n\
         |---|---:|---|---|---|---:|---|---|---|---|\n",
    );
    for c in checks {
        let cell = c.cell;
        let rate = |b: &Band| format!("{:.4} ({:.4}–{:.4})", b.rate(), b.low, b.high);
        let [easy, normal, hard] = &c.easy_normal_hard;
        // The deals each band was checked on: one number when the three
        // agree, else each (a band whose deals were not all found).
        let deals = if easy.deals == normal.deals && normal.deals == hard.deals {
            easy.deals.to_string()
        } else {
            format!("{} / {} / {}", easy.deals, normal.deals, hard.deals)
        };
        writeln!(
            out,
            "| {}×{} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            cell.cols,
            cell.rows,
            cell.kinds,
            cell.border,
            cell.gravity,
            short_bands(&c.bands),
            deals,
            rate(easy),
            rate(normal),
            rate(hard),
            if c.holds { "yes" } else { "**no**" }
        )
        .unwrap();
    }
    out
}

/// The bands as the table shows them: "hard below / easy from", and where
/// they come from unless measured on the setting itself.
fn short_bands(printed: &str) -> String {
    let number = |after: &str| {
        printed
            .split_once(after)
            .and_then(|(_, rest)| rest.split([',', ' ']).next())
            .unwrap_or("?")
            .to_owned()
    };
    let from = if printed.contains("turned or mirrored") {
        " (turned)"
    } else if printed.contains("fixed bands") {
        " (fixed)"
    } else {
        ""
    };
    format!("{} / {}{from}", number("hard below "), number("easy from "))
}

/// The chart: each cell's three clear rates with their intervals, on a
/// log scale (hard deals of big boards clear well under 1% of games).
fn chart(checks: &[Check]) -> String {
    // A slot for every cell, in the cells' order, checked or not yet.
    let all = cells();
    let (left, top, plot_h, slot) = (70.0, 50.0, 320.0, 56.0);
    let width = left + slot * all.len() as f64 + 30.0;
    // Below the plot: the size, then the rules slanted (long gravity
    // names), then the legend.
    let height = top + plot_h + 170.0;
    let (lowest, highest) = (-4.0_f64, 0.0_f64);
    let y_of = |rate: f64| {
        let l = rate.max(1e-4).log10().clamp(lowest, highest);
        top + plot_h * (highest - l) / (highest - lowest)
    };
    let mut svg = svg_open(
        width,
        height,
        "How often random play clears deals of each band (fresh games, 95% interval, log scale)",
    );
    for (tick, label) in [
        (1.0, "1"),
        (0.1, "0.1"),
        (0.01, "0.01"),
        (0.001, "0.001"),
        (0.0001, "0.0001"),
    ] {
        let y = y_of(tick);
        writeln!(
            svg,
            r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{label}</text>"##,
            width - 30.0,
            left - 6.0,
            y + 4.0
        )
        .unwrap();
    }
    let colours = [
        ("easy", "#2ca02c"),
        ("normal", "#1f77b4"),
        ("hard", "#d62728"),
    ];
    for c in checks {
        let i = all.iter().position(|cell| *cell == c.cell).unwrap_or(0);
        let x0 = left + slot * i as f64;
        for (b, band) in c.easy_normal_hard.iter().enumerate() {
            let x = x0 + slot * (0.3 + 0.2 * b as f64);
            let colour = colours[b].1;
            writeln!(
                svg,
                r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{colour}" stroke-width="2"/><circle cx="{x}" cy="{}" r="3" fill="{colour}"/>"#,
                y_of(band.high),
                y_of(band.low),
                y_of(band.rate())
            )
            .unwrap();
        }
        let cell = c.cell;
        writeln!(
            svg,
            r##"<text x="{x}" y="{}" text-anchor="middle">{}×{}</text><text transform="translate({x} {}) rotate(-40)" text-anchor="end" fill="#666">{}/{}</text>"##,
            top + plot_h + 18.0,
            cell.cols,
            cell.rows,
            top + plot_h + 34.0,
            cell.border,
            cell.gravity,
            x = x0 + slot / 2.0,
        )
        .unwrap();
    }
    for (b, (name, colour)) in colours.iter().enumerate() {
        let x = left + 100.0 * b as f64;
        writeln!(
            svg,
            r#"<circle cx="{x}" cy="{}" r="4" fill="{colour}"/><text x="{}" y="{}">{name}</text>"#,
            height - 22.0,
            x + 8.0,
            height - 18.0
        )
        .unwrap();
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str = "\
bands: easy from 0.173, hard below 0.027 of random games cleared (measured on 60 deals of this setting)
easy: 50 deals, 3840 of 10000 fresh random games cleared (0.3840, 95% interval 0.3745-0.3936)
normal: 50 deals, 840 of 10000 fresh random games cleared (0.0840, 95% interval 0.0787-0.0896)
hard: 50 deals, 72 of 10000 fresh random games cleared (0.0072, 95% interval 0.0057-0.0091)
ordered easy > normal > hard with intervals apart: yes
";

    fn open_18x8() -> Cell {
        cells()
            .into_iter()
            .find(|c| c.cols == 18 && c.border == "open")
            .unwrap()
    }

    /// A kept output reads back to its numbers, and its table row says them.
    #[test]
    fn a_kept_check_reads_back() {
        let cell = open_18x8();
        let text = format!("$ lianliankan {}\n{PRINTED}", cell.args(50).join(" "));
        let check = parse(cell, &text).unwrap();
        assert!(check.holds);
        assert_eq!(
            check.easy_normal_hard[2],
            Band {
                deals: 50,
                cleared: 72,
                games: 10000,
                low: 0.0057,
                high: 0.0091
            }
        );
        let table = table(std::slice::from_ref(&check));
        assert!(
            table.contains("| 18×8 | 36 | open | down | 0.027 / 0.173 | 50 |"),
            "{table}"
        );
        assert!(table.contains("0.0072 (0.0057–0.0091) | yes |"), "{table}");
        let svg = chart(&[check]);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<circle").count(), 3 + 3);
    }

    /// Every gravity mode of the level game has a cell on the page's first
    /// board, and no cell is there twice.
    #[test]
    fn every_gravity_of_the_level_game_has_a_cell() {
        let all = cells();
        for gravity in Gravity::ALL {
            let on_first_board = |c: &&Cell| {
                (c.rows, c.cols, c.border, c.gravity) == (8, 18, "open", gravity.name())
            };
            assert_eq!(all.iter().filter(on_first_board).count(), 1, "{gravity}");
        }
        let names: std::collections::BTreeSet<String> = all.iter().map(Cell::name).collect();
        assert_eq!(names.len(), all.len());
    }

    /// A command line that spells out a default rule is the cell's.
    #[test]
    fn a_default_spelt_out_is_the_same_command() {
        let none = cells()
            .into_iter()
            .find(|c| c.rows == 8 && c.border == "open" && c.gravity == "none")
            .unwrap();
        let text = format!(
            "$ lianliankan bands --rows 8 --cols 18 --kinds 36 --border open --gravity none \
             --deals 0 --games 200 --check 20\n{PRINTED}"
        );
        assert_eq!(parse(none, &text).unwrap().easy_normal_hard[0].deals, 50);
        let other = text.replace("--gravity none", "--gravity up");
        assert!(parse(none, &other).is_err());
    }

    /// An output of another cell, or cut short, is refused.
    #[test]
    fn other_or_broken_outputs_are_refused() {
        let cell = open_18x8();
        let other = cells().into_iter().find(|c| c.cols == 16).unwrap();
        let text = format!("$ lianliankan {}\n{PRINTED}", other.args(50).join(" "));
        assert!(parse(cell, &text).is_err());
        let cut = format!(
            "$ lianliankan {}\n{}",
            cell.args(50).join(" "),
            &PRINTED[..PRINTED.len() - 60]
        );
        assert!(parse(cell, &cut).is_err());
    }

    /// The committed table and chart are the ones the kept outputs give,
    /// and docs/study.md shows the table as it is.
    #[test]
    fn the_docs_show_the_kept_checks() {
        let dir = workspace_root().join("docs/study");
        let checks = read_kept(&dir.join("bands")).unwrap();
        assert!(!checks.is_empty(), "no kept check in docs/study/bands");
        let redo = "run `cargo xtask study bands --table`";
        let md = std::fs::read_to_string(dir.join("bands.md")).unwrap();
        assert_eq!(table(&checks), md, "{redo}");
        let svg = std::fs::read_to_string(dir.join("bands.svg")).unwrap();
        assert_eq!(chart(&checks), svg, "{redo}");
        let study = std::fs::read_to_string(dir.join("../study.md")).unwrap();
        assert!(
            study.contains(&md),
            "docs/study.md shows docs/study/bands.md as it is"
        );
    }
}
