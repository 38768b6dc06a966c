//! `cargo xtask study`: what fraction of random deals can be cleared at
//! KShisen's board sizes, with `lianliankan study`, and the chart of it.
//!
//! The cells are the six sizes × both borders × gravity `none` and `down`
//! × two kinds of deal: every kind four times (kinds = tiles / 4), and
//! KShisen's own (its 42 kinds taken in turn, four at a time, so the three
//! big boards hold 8 or 12 of a kind; on the small ones it is the same
//! deal). Each cell's CSV row is appended to `docs/study/solvable.csv`
//! as soon as it is done, and a cell already there with the same deals and
//! limits is not run again, so a long study can be stopped and resumed.
//! Then `docs/study/solvable.svg` (the chart) and `docs/study/table.md`
//! (the table docs/study.md shows) are written from the CSV.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use crate::run::{cargo, output, step, target_dir, workspace_root};

/// KShisen's board sizes, as (rows, columns), smallest first.
const SIZES: [(usize, usize); 6] = [(6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30)];

/// The kinds of KShisen's tile set.
const KSHISEN_KINDS: usize = 42;

const USAGE: &str = "\
usage: cargo xtask study [--deals N] [--seconds S] [--gravity-deals N]
                         [--gravity-seconds S] [--chart]

  --deals N            deals a cell without gravity (default 1000)
  --seconds S          time limit a deal without gravity (default 10)
  --gravity-deals N    deals a cell under gravity down (default 1000)
  --gravity-seconds S  time limit a deal under gravity down (default 10)
  --chart              only write the chart and the table from the CSV
";

/// What to run.
struct Plan {
    deals: u64,
    seconds: f64,
    gravity_deals: u64,
    gravity_seconds: f64,
}

/// Runs the study (resuming) and writes the chart and the table.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut plan = Plan {
        deals: 1000,
        seconds: 10.0,
        gravity_deals: 1000,
        gravity_seconds: 10.0,
    };
    let mut chart_only = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> Result<f64, String> {
            args.next()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v > 0.0)
                .ok_or_else(|| format!("{name} needs a positive number\n{USAGE}"))
        };
        match arg.as_str() {
            "--deals" => plan.deals = value("--deals")? as u64,
            "--seconds" => plan.seconds = value("--seconds")?,
            "--gravity-deals" => plan.gravity_deals = value("--gravity-deals")? as u64,
            "--gravity-seconds" => plan.gravity_seconds = value("--gravity-seconds")?,
            "--chart" => chart_only = true,
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let dir = workspace_root().join("docs/study");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let csv = dir.join("solvable.csv");
    if !chart_only {
        study(&plan, &csv)?;
    }
    let text = std::fs::read_to_string(&csv).map_err(|e| format!("{}: {e}", csv.display()))?;
    let rows = parse(&text)?;
    write(dir.join("solvable.svg"), &chart(&rows))?;
    write(dir.join("table.md"), &table(&rows))?;
    println!("==> wrote docs/study/solvable.svg and docs/study/table.md");
    Ok(())
}

fn write(path: PathBuf, text: &str) -> Result<(), String> {
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// One cell: the arguments of `lianliankan study`.
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    rows: usize,
    cols: usize,
    kinds: usize,
    border: &'static str,
    gravity: &'static str,
    deals: u64,
    seconds: f64,
}

fn cells(plan: &Plan) -> Vec<Cell> {
    let mut out = Vec::new();
    for gravity in ["none", "down"] {
        let (deals, seconds) = if gravity == "none" {
            (plan.deals, plan.seconds)
        } else {
            (plan.gravity_deals, plan.gravity_seconds)
        };
        for (rows, cols) in SIZES {
            for border in ["open", "closed"] {
                let four = rows * cols / 4;
                let kinds = if four > KSHISEN_KINDS {
                    vec![four, KSHISEN_KINDS]
                } else {
                    vec![four]
                };
                for kinds in kinds {
                    out.push(Cell {
                        rows,
                        cols,
                        kinds,
                        border,
                        gravity,
                        deals,
                        seconds,
                    });
                }
            }
        }
    }
    out
}

/// Runs every cell not yet in `csv`, appending each row when it is done.
fn study(plan: &Plan, csv: &std::path::Path) -> Result<(), String> {
    let binary = release_binary()?;
    let mut text = std::fs::read_to_string(csv).unwrap_or_default();
    for cell in cells(plan) {
        let done = parse(&text)?.iter().any(|row| row.is(&cell));
        if done {
            continue;
        }
        let mut cmd = Command::new(&binary);
        cmd.args(["study", "--csv", "--budget", "1000000000"]);
        for (name, value) in [
            ("--rows", cell.rows.to_string()),
            ("--cols", cell.cols.to_string()),
            ("--kinds", cell.kinds.to_string()),
            ("--border", cell.border.to_owned()),
            ("--gravity", cell.gravity.to_owned()),
            ("--deals", cell.deals.to_string()),
            ("--seconds", cell.seconds.to_string()),
        ] {
            cmd.args([name, value.as_str()]);
        }
        append_row(csv, &mut text, &output(cmd)?)?;
    }
    Ok(())
}

/// Builds the lianliankan binary (release) and returns its path.
pub fn release_binary() -> Result<PathBuf, String> {
    let mut build = cargo();
    build.args([
        "build",
        "--release",
        "-p",
        "lianliankan",
        "--bin",
        "lianliankan",
    ]);
    step(build)?;
    Ok(target_dir().join("release/lianliankan"))
}

/// Appends the row of `printed` (what `lianliankan study --csv` printed:
/// a header and one row) to `text`, the CSV file `csv` holds, with the
/// header first if `text` is empty, and writes the file at once.
pub fn append_row(csv: &std::path::Path, text: &mut String, printed: &str) -> Result<(), String> {
    let mut lines = printed.lines();
    let (Some(header), Some(row)) = (lines.next(), lines.next()) else {
        return Err(format!("lianliankan study printed no CSV row: {printed:?}"));
    };
    if text.is_empty() {
        *text = format!("{header}\n");
    }
    text.push_str(row);
    text.push('\n');
    std::fs::write(csv, &*text).map_err(|e| format!("{}: {e}", csv.display()))?;
    println!("{row}");
    Ok(())
}

/// A row of the CSV (the fields the chart and the table use).
#[derive(Debug, Clone, PartialEq)]
struct Row {
    rows: usize,
    cols: usize,
    kinds: usize,
    border: String,
    gravity: String,
    deals: u64,
    seconds: f64,
    solvable: u64,
    unsolvable: u64,
    undecided: u64,
    fraction: f64,
    ci_low: f64,
    ci_high: f64,
    median_ms: f64,
    max_ms: f64,
}

impl Row {
    fn is(&self, cell: &Cell) -> bool {
        (self.rows, self.cols, self.kinds, self.deals)
            == (cell.rows, cell.cols, cell.kinds, cell.deals)
            && self.border == cell.border
            && self.gravity == cell.gravity
            && self.seconds == cell.seconds
    }

    /// Whether it is KShisen's deal with more than four of some kind.
    fn many_of_a_kind(&self) -> bool {
        self.kinds * 4 < self.rows * self.cols
    }
}

/// The rows of the CSV `lianliankan study --csv` prints (rows appended
/// under one header), each a map from column name to field (a field never
/// holds a comma in a study's rows); an error for a row of another length
/// than the header.
pub fn records(text: &str) -> Result<Vec<BTreeMap<String, String>>, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let Some(header) = lines.next() else {
        return Ok(Vec::new());
    };
    let names: Vec<&str> = header.split(',').collect();
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != names.len() {
            return Err(format!(
                "CSV line {}: {} fields under a header of {}",
                i + 2,
                fields.len(),
                names.len()
            ));
        }
        let row = names.iter().zip(fields);
        out.push(row.map(|(n, f)| (n.to_string(), f.to_owned())).collect());
    }
    Ok(out)
}

/// Parses the CSV `lianliankan study --csv` prints into the fields the
/// chart and the table use.
fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut out = Vec::new();
    for (i, record) in records(text)?.iter().enumerate() {
        let get = |name: &str| -> Result<&str, String> {
            record
                .get(name)
                .map(String::as_str)
                .ok_or_else(|| format!("the CSV has no column `{name}`"))
        };
        let num = |name: &str| -> Result<f64, String> {
            let field = get(name)?;
            field.parse::<f64>().map_err(|_| {
                format!(
                    "CSV line {}: `{field}` in column {name} is not a number",
                    i + 2
                )
            })
        };
        out.push(Row {
            rows: num("rows")? as usize,
            cols: num("cols")? as usize,
            kinds: num("kinds")? as usize,
            border: get("border")?.to_owned(),
            gravity: get("gravity")?.to_owned(),
            deals: num("deals")? as u64,
            seconds: num("seconds")?,
            solvable: num("solvable")? as u64,
            unsolvable: num("unsolvable")? as u64,
            undecided: num("undecided")? as u64,
            fraction: num("fraction")?,
            ci_low: num("ci_low")?,
            ci_high: num("ci_high")?,
            median_ms: num("median_ms")?,
            max_ms: num("max_ms")?,
        });
    }
    Ok(out)
}

/// The study's table (docs/study.md shows it): one line a cell, in the
/// CSV's order. Besides the fraction of the decided deals, a cell with
/// undecided deals shows the fraction of all its deals that can be cleared
/// bounded both ways: solvable / deals (no undecided deal can be cleared)
/// up to (solvable + undecided) / deals (every one can).
fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| board | tiles | deal | border | gravity | deals | solvable | unsolvable | undecided | \
         solvable fraction (95% CI) | solvable of all deals | time limit | median | slowest |\n\
         |---|---:|---|---|---|---:|---:|---:|---:|---|---|---:|---:|---:|\n",
    );
    for r in rows {
        let deal = if r.many_of_a_kind() {
            format!("KShisen ({} kinds)", r.kinds)
        } else {
            "4 of each kind".to_owned()
        };
        let fraction = if r.fraction.is_nan() {
            "none decided".to_owned()
        } else {
            format!("{:.3} ({:.3}–{:.3})", r.fraction, r.ci_low, r.ci_high)
        };
        let bounds = if r.undecided == 0 || r.deals == 0 {
            "—".to_owned()
        } else {
            let of_all = |n: u64| n as f64 / r.deals as f64;
            format!(
                "{:.3}–{:.3}",
                of_all(r.solvable),
                of_all(r.solvable + r.undecided)
            )
        };
        writeln!(
            out,
            "| {}×{} | {} | {deal} | {} | {} | {} | {} | {} | {} | {fraction} | {bounds} | {} s | {:.1} ms | {:.0} ms |",
            r.cols,
            r.rows,
            r.rows * r.cols,
            r.border,
            r.gravity,
            r.deals,
            r.solvable,
            r.unsolvable,
            r.undecided,
            r.seconds,
            r.median_ms,
            r.max_ms
        )
        .unwrap();
    }
    out
}

/// The opening of a chart of `width` × `height`: the `<svg>` element, a
/// white background and `title` centred at the top (the studies' charts
/// share it).
pub fn svg_open(width: f64, height: f64, title: &str) -> String {
    let mut svg = String::new();
    writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    )
    .unwrap();
    writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#).unwrap();
    writeln!(
        svg,
        r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{title}</text>"#,
        width / 2.0
    )
    .unwrap();
    svg
}

/// The chart: one panel per gravity mode, the solvable fraction (of the
/// decided deals, with its 95% interval) against the board size, one line
/// per border and kind of deal.
fn chart(rows: &[Row]) -> String {
    let (panel_w, panel_h, left, top, gap) = (420.0, 300.0, 60.0, 50.0, 70.0);
    let width = left + 2.0 * panel_w + gap + 30.0;
    let height = top + panel_h + 100.0;
    let mut svg = svg_open(
        width,
        height,
        "Random Shisen-Sho deals that can be cleared (two turns; fraction of the decided deals, 95% CI)",
    );
    let series: [(&str, bool, &str, &str); 4] = [
        ("open", false, "#1f77b4", ""),
        ("open", true, "#1f77b4", "6 4"),
        ("closed", false, "#d62728", ""),
        ("closed", true, "#d62728", "6 4"),
    ];
    for (p, gravity) in ["none", "down"].into_iter().enumerate() {
        let x0 = left + p as f64 * (panel_w + gap);
        let x_of = |i: usize| x0 + 30.0 + i as f64 * (panel_w - 60.0) / (SIZES.len() - 1) as f64;
        let y_of = |f: f64| top + panel_h * (1.0 - f);
        writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="13" text-anchor="middle">gravity {gravity}</text>"#,
            x0 + panel_w / 2.0,
            top - 8.0
        )
        .unwrap();
        writeln!(
            svg,
            r##"<rect x="{x0}" y="{top}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#888"/>"##
        )
        .unwrap();
        for tick in 0..=5 {
            let f = f64::from(tick) / 5.0;
            let y = y_of(f);
            writeln!(
                svg,
                r##"<line x1="{x0}" y1="{y}" x2="{}" y2="{y}" stroke="#eee"/><text x="{}" y="{}" text-anchor="end">{f:.1}</text>"##,
                x0 + panel_w,
                x0 - 6.0,
                y + 4.0
            )
            .unwrap();
        }
        for (i, (r, c)) in SIZES.iter().enumerate() {
            writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="middle">{c}×{r}</text><text x="{}" y="{}" text-anchor="middle" fill="#666">{} tiles</text>"##,
                x_of(i),
                top + panel_h + 16.0,
                x_of(i),
                top + panel_h + 30.0,
                r * c
            )
            .unwrap();
        }
        for (s, &(border, many, colour, dash)) in series.iter().enumerate() {
            let nudge = (s as f64 - 1.5) * 3.0;
            let mut points = Vec::new();
            for (i, &(r, c)) in SIZES.iter().enumerate() {
                // KShisen's deal is the four-of-each deal on the small boards.
                let want_many = many && r * c / 4 > KSHISEN_KINDS;
                let Some(row) = rows.iter().find(|row| {
                    (row.rows, row.cols) == (r, c)
                        && row.border == border
                        && row.gravity == gravity
                        && row.many_of_a_kind() == want_many
                        && !row.fraction.is_nan()
                }) else {
                    continue;
                };
                let x = x_of(i) + nudge;
                writeln!(
                    svg,
                    r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{colour}"/><circle cx="{x}" cy="{}" r="3" fill="{colour}"><title>{c}×{r} {border}, {}: {:.3} ({:.3}–{:.3}), {} of {} deals decided</title></circle>"#,
                    y_of(row.ci_low),
                    y_of(row.ci_high),
                    y_of(row.fraction),
                    if want_many { "KShisen deal" } else { "4 of each kind" },
                    row.fraction,
                    row.ci_low,
                    row.ci_high,
                    row.solvable + row.unsolvable,
                    row.deals
                )
                .unwrap();
                points.push(format!("{x:.1},{:.1}", y_of(row.fraction)));
            }
            if points.len() > 1 {
                writeln!(
                    svg,
                    r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5" stroke-dasharray="{dash}"/>"#,
                    points.join(" ")
                )
                .unwrap();
            }
        }
    }
    let legend_y = top + panel_h + 60.0;
    for (s, (label, colour, dash)) in [
        ("open border, 4 of each kind", "#1f77b4", ""),
        ("open border, KShisen's deal (42 kinds)", "#1f77b4", "6 4"),
        ("closed border, 4 of each kind", "#d62728", ""),
        ("closed border, KShisen's deal (42 kinds)", "#d62728", "6 4"),
    ]
    .into_iter()
    .enumerate()
    {
        let x = left + (s % 2) as f64 * 360.0;
        let y = legend_y + (s / 2) as f64 * 20.0;
        writeln!(
            svg,
            r#"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/><text x="{}" y="{}">{label}</text>"#,
            x + 30.0,
            x + 38.0,
            y + 4.0
        )
        .unwrap();
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "\
rows,cols,kinds,copies,border,gravity,turns,groups,budget,seconds,seed,deals,solvable,unsolvable,undecided,fraction,ci_low,ci_high,median_ms,p90_ms,p99_ms,max_ms
6,14,21,4,open,none,2,,1000,10,1,1000,999,1,0,0.9990,0.9944,0.9998,1.0,5.1,13.0,70.8
12,24,72,4,open,none,2,,1000,10,1,1000,10,950,40,0.0104,0.0057,0.0190,3.0,9.0,900.0,10000.0
12,24,42,4,open,none,2,,1000,10,1,1000,980,0,20,1.0000,0.9961,1.0000,40.0,60.0,150.0,10000.0
12,24,72,4,closed,down,2,,1000,1,1,100,0,0,100,NaN,NaN,NaN,1000.0,1000.0,1000.0,1000.0
";

    #[test]
    fn rows_parse_and_match_their_cells() {
        let rows = parse(CSV).unwrap();
        assert_eq!(rows.len(), 4);
        assert!(!rows[1].many_of_a_kind() && rows[2].many_of_a_kind());
        let plan = Plan {
            deals: 1000,
            seconds: 10.0,
            gravity_deals: 100,
            gravity_seconds: 1.0,
        };
        let cells = cells(&plan);
        // 6 sizes, 2 borders, 2 gravity modes; KShisen's deal differs on 3.
        assert_eq!(cells.len(), 2 * 2 * (6 + 3));
        assert_eq!(
            cells
                .iter()
                .filter(|c| rows.iter().any(|r| r.is(c)))
                .count(),
            4
        );
        assert!(parse("rows,cols\n1,x\n").is_err());
    }

    #[test]
    fn chart_and_table_show_every_decided_cell() {
        let rows = parse(CSV).unwrap();
        let svg = chart(&rows);
        // Three cells with decided deals, one without: three points, and
        // the small board's again on the KShisen line (the same deal there).
        assert_eq!(svg.matches("<circle").count(), 4);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        let table = table(&rows);
        assert_eq!(table.lines().count(), 2 + 4);
        assert!(table.contains("| 24×12 | 288 | KShisen (42 kinds) | open | none | 1000 | 980 | 0 | 20 | 1.000 (0.996–1.000) |"));
        assert!(table.contains("| 0.980–1.000 | 10 s |"));
        assert!(table.contains("| 0.010–0.050 | 10 s |"));
        // No undecided deal: the decided fraction is the whole story.
        assert!(table.contains("| 0.999 (0.994–1.000) | — | 10 s |"));
        assert!(table.contains("none decided | 0.000–1.000 | 1 s |"));
    }
}
