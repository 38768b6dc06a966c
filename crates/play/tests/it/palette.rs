//! The tile set's colours (`TILE_PALETTE` in `assets/tiles.js`, read from
//! the file itself) stay apart for players with the common colour-vision
//! deficiencies: every two colours, seen with normal vision and as
//! protanopia, deuteranopia and tritanopia simulate them (Machado, Oliveira
//! and Fernandes 2009, severity 1, on linear sRGB), are at least
//! [`LEAST_DELTA_E`] apart in CIEDE2000 (CIELAB, D65).

/// The least CIEDE2000 difference allowed between two palette colours
/// under any of the four visions: about 10 is a difference seen at a
/// glance between flat patches (2.3 is the just-noticeable one).
const LEAST_DELTA_E: f64 = 10.0;

const TILES_JS: &str = include_str!("../../src/assets/tiles.js");

type Matrix = [[f64; 3]; 3];

/// Machado et al. 2009, Table 1, severity 1.0 (dichromacy).
const VISIONS: [(&str, Matrix); 4] = [
    (
        "normal vision",
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    ),
    (
        "protanopia",
        [
            [0.152_286, 1.052_583, -0.204_868],
            [0.114_503, 0.786_281, 0.099_216],
            [-0.003_882, -0.048_116, 1.051_998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367_322, 0.860_646, -0.227_968],
            [0.280_085, 0.672_501, 0.047_413],
            [-0.011_820, 0.042_940, 0.968_881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255_528, -0.076_749, -0.178_779],
            [-0.078_411, 0.930_809, 0.147_602],
            [0.004_733, 0.691_367, 0.303_900],
        ],
    ),
];

/// The `name: "#rrggbb"` entries of `const TILE_PALETTE = { ... };`.
fn palette() -> Vec<(String, [u8; 3])> {
    let start = TILES_JS
        .find("const TILE_PALETTE = {")
        .expect("tiles.js defines TILE_PALETTE");
    let body = &TILES_JS[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("};").unwrap()];
    body.lines()
        .filter_map(|line| {
            let (name, value) = line.trim().trim_end_matches(',').split_once(':')?;
            let hex = value.trim().trim_matches('"').strip_prefix('#')?;
            assert_eq!(hex.len(), 6, "{line}");
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits");
            Some((name.trim().to_owned(), [byte(0), byte(2), byte(4)]))
        })
        .collect()
}

fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of a linear sRGB colour (clamped to the gamut first, as a
/// screen shows it).
fn lab(rgb: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = rgb.map(|c| c.clamp(0.0, 1.0));
    let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b;
    let f = |t: f64| {
        let d: f64 = 6.0 / 29.0;
        if t > d.powi(3) {
            t.cbrt()
        } else {
            t / (3.0 * d * d) + 4.0 / 29.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn simulate(m: &Matrix, colour: [u8; 3]) -> [f64; 3] {
    let c = colour.map(linear);
    let row = |i: usize| m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2];
    lab([row(0), row(1), row(2)])
}

/// CIEDE2000 (Sharma, Wu and Dalal 2005), kL = kC = kH = 1.
fn ciede2000(p: [f64; 3], q: [f64; 3]) -> f64 {
    let [l1, a1, b1] = p;
    let [l2, a2, b2] = q;
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let dh_big = 2.0 * (c1p * c2p).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let hp_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(hp_bar - 30.0) + 0.24 * cos(2.0 * hp_bar) + 0.32 * cos(3.0 * hp_bar + 6.0)
            - 0.20 * cos(4.0 * hp_bar - 63.0);
    let d_theta = 30.0 * (-((hp_bar - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (cp_bar.powi(7) / (cp_bar.powi(7) + 25f64.powi(7))).sqrt();
    let s_l = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * cp_bar;
    let s_h = 1.0 + 0.015 * cp_bar * t;
    let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
    let (x, y, z) = (dl / s_l, dc / s_c, dh_big / s_h);
    (x * x + y * y + z * z + r_t * y * z).sqrt()
}

#[test]
fn ciede2000_matches_sharmas_published_pairs() {
    // Sharma, Wu and Dalal (2005), Table 1: pairs 1, 7, 13, 17, 19, 25, 34.
    let pairs = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.4900, -0.0010], [50.0, -2.4900, 0.0011], 7.2195),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([50.0, 2.5, 0.0], [50.0, 0.0, -2.5], 4.3065),
        (
            [60.2574, -34.0099, 36.2677],
            [60.4626, -34.1751, 39.4387],
            1.2644,
        ),
        (
            [2.0776, 0.0795, -1.1350],
            [0.9033, -0.0636, -0.5514],
            0.9082,
        ),
    ];
    for (p, q, expected) in pairs {
        let got = ciede2000(p, q);
        assert!(
            (got - expected).abs() < 5e-4,
            "{p:?} {q:?}: {got} != {expected}"
        );
        assert!((ciede2000(q, p) - expected).abs() < 5e-4, "symmetric");
    }
    // sRGB white is L* 100, neutral; black is 0.
    let white = lab([1.0, 1.0, 1.0]);
    assert!(
        (white[0] - 100.0).abs() < 1e-3 && white[1].abs() < 1e-2 && white[2].abs() < 1e-2,
        "{white:?}"
    );
    assert!(lab([0.0; 3])[0].abs() < 1e-9);
}

#[test]
fn machado_simulation_keeps_greys_and_merges_red_with_green() {
    for (name, m) in VISIONS {
        for row in m {
            assert!(
                (row.iter().sum::<f64>() - 1.0).abs() < 1e-5,
                "{name}: a row sums to 1"
            );
        }
    }
    // The simulation does what it is for: under deuteranopia a pure red and
    // a green of the same lightness, far apart in normal vision, come close.
    let (red, green) = ([200, 60, 60], [120, 120, 40]);
    let normal = ciede2000(simulate(&VISIONS[0].1, red), simulate(&VISIONS[0].1, green));
    let deutan = ciede2000(simulate(&VISIONS[2].1, red), simulate(&VISIONS[2].1, green));
    assert!(
        normal > 30.0 && deutan < normal / 2.0,
        "normal {normal}, deuteranopia {deutan}"
    );
}

#[test]
fn the_tile_palette_stays_apart_under_colour_vision_deficiencies() {
    let palette = palette();
    assert!(palette.len() >= 7, "the palette was read: {palette:?}");
    let mut report = Vec::new();
    for (vision, m) in VISIONS {
        let mut least = (f64::INFINITY, "", "");
        for (i, (a, ca)) in palette.iter().enumerate() {
            for (b, cb) in &palette[i + 1..] {
                let d = ciede2000(simulate(&m, *ca), simulate(&m, *cb));
                if d < least.0 {
                    least = (d, a, b);
                }
            }
        }
        report.push(format!(
            "{vision}: {} and {} at {:.1}",
            least.1, least.2, least.0
        ));
        assert!(
            least.0 >= LEAST_DELTA_E,
            "under {vision}, {} and {} are only {:.1} apart (CIEDE2000); at least {LEAST_DELTA_E} is wanted",
            least.1,
            least.2,
            least.0
        );
    }
    println!("closest palette colours: {}", report.join("; "));
}
