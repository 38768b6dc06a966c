//! [`Move`]: a removal, a pair of tiles or a slide and its pair, and its
//! serde form.

use std::fmt;

use grid_core::Pos;

use crate::engine::sliding_tiles::Route;

/// A removal: a pair of tiles, or, under [`Rules::slide`](crate::Rules::slide), a slide of the
/// first tile of a pair before the pair goes.
///
/// A plain pair has [`Move::a`] before [`Move::b`] in row-major order (so
/// the same pair is always the same `Move`, and lists of moves sort row by
/// row). A slide ([`Move::slide`]) keeps its tiles as picked: `a` is the
/// tile that slides, `b` its partner, and [`Move::route`] says along which
/// line `a` is pushed. Moves order by `a`, then `b`, then the route (a
/// plain pair, `None`, first; then [`Route::Row`], [`Route::Column`]).
///
/// With the `serde` feature a move is written `{"a": [row, col], "b": [row,
/// col]}` (0-based, `a` first), a slide with `"route": "row"` or
/// `"route": "column"` besides; reading a plain pair takes the two cells in
/// either order, as [`Move::new`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    a: Pos,
    b: Pos,
    route: Option<Route>,
}

impl Move {
    /// The pair `p`, `q` in either order, as a move (smaller position first).
    #[must_use]
    pub fn new(p: Pos, q: Pos) -> Move {
        Move {
            a: p.min(q),
            b: p.max(q),
            route: None,
        }
    }

    /// The slide of `first` along `route` toward `partner`, then the
    /// removal of the two (only under [`Rules::slide`](crate::Rules::slide)). The tiles stay in
    /// this order: the same two tiles picked the other way round are
    /// another move.
    #[must_use]
    pub fn slide(first: Pos, partner: Pos, route: Route) -> Move {
        Move {
            a: first,
            b: partner,
            route: Some(route),
        }
    }

    /// The first tile: the smaller position of a plain pair, the tile that
    /// slides in a slide.
    #[must_use]
    pub fn a(self) -> Pos {
        self.a
    }

    /// The second tile (a slide's partner, which does not move).
    #[must_use]
    pub fn b(self) -> Pos {
        self.b
    }

    /// The route of a slide; `None` for a plain pair.
    #[must_use]
    pub fn route(self) -> Option<Route> {
        self.route
    }
}

impl fmt::Display for Move {
    /// Judge coordinates (1-based): `r1 c1 r2 c2`, and the route of a
    /// slide (`r1 c1 r2 c2 row`), as removal orders write them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.a.row + 1,
            self.a.col + 1,
            self.b.row + 1,
            self.b.col + 1
        )?;
        match self.route {
            Some(route) => write!(f, " {route}"),
            None => Ok(()),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = if self.route.is_some() { 3 } else { 2 };
        let mut pair = serializer.serialize_struct("Move", fields)?;
        pair.serialize_field("a", &self.a)?;
        pair.serialize_field("b", &self.b)?;
        if let Some(route) = self.route {
            pair.serialize_field("route", &route)?;
        }
        pair.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Move", deny_unknown_fields)]
        struct Pair {
            a: Pos,
            b: Pos,
            #[serde(default)]
            route: Option<Route>,
        }
        let Pair { a, b, route } = <Pair as serde::Deserialize>::deserialize(deserializer)?;
        Ok(match route {
            Some(route) => Move::slide(a, b, route),
            None => Move::new(a, b),
        })
    }
}
