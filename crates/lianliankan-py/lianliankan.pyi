"""The exact Lianliankan / Shisen-Sho / Onet solver and game engine.

Cells are (row, col), 0-based; a board is a list of rows of tile kinds,
0 for an empty cell; a move is a Move. Values the library refuses raise
a LianliankanError (also a ValueError) with the library's message.
"""

from typing import (
    Any,
    Callable,
    Iterator,
    List,
    Literal,
    Optional,
    Protocol,
    Sequence,
    SupportsIndex,
    Tuple,
    Union,
    final,
)

__all__ = [
    "Rules",
    "Board",
    "Cancel",
    "Move",
    "Deal",
    "SolveResult",
    "Rating",
    "RatedDeal",
    "Game",
    "Step",
    "RemovedStep",
    "ShuffledStep",
    "LianliankanError",
    "Cancelled",
    "RulesError",
    "BoardError",
    "DealError",
    "IllegalMove",
    "IllegalStep",
    "NoMovePossible",
    "OutOfBand",
    "Border",
    "GravityMode",
    "ConnectRule",
    "Route",
    "generate",
    "generate_rated",
    "deal",
    "solve",
    "rate",
    "replay",
    "connect",
    "moves",
    "GRAVITY_MODES",
    "BORDERS",
    "CONNECT_RULES",
    "__version__",
]

Border = Literal["closed", "open"]
"""The border rule: paths stay on the board ("closed") or may run around it."""
GravityMode = Literal[
    "none",
    "down",
    "up",
    "left",
    "right",
    "apart-vertical",
    "together-vertical",
    "apart-horizontal",
    "together-horizontal",
    "top-left-bottom-right",
    "left-down-right-up",
    "outward",
    "inward",
]
"""A gravity mode: how the tiles slide after a removal."""
ConnectRule = Literal["standard", "four-rivers", "line"]
"""Which pairs connect."""
Route = Literal["row", "column"]
"""The route of a slide: along the first tile's row or its column."""

_Cell = Tuple[int, int]
"""A cell as returned, (row, col), 0-based."""
class _IntArray(Protocol):
    """An array of ints of one dimension or more: numpy's ndarray, say
    (the module reads it by len and indexing; numpy is not needed)."""

    @property
    def shape(self) -> Tuple[int, ...]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...

_CellLike = Union[Sequence[SupportsIndex], _IntArray]
"""A cell as accepted: any sequence of two ints, (row, col) or [row, col],
or an array of two."""
_Board = List[List[int]]
"""A board as returned: a list of rows of kinds, 0 for an empty cell
(numpy.asarray(board) makes it an array)."""
_BoardLike = Union[Sequence[Sequence[SupportsIndex]], _IntArray, "Board"]
"""A board as accepted: any sequence of equally long rows of kinds, a
2-D array of ints (numpy's, of any int dtype), or a Board (with its
rules, unless others are given)."""
_Corner = Tuple[int, int]
"""A corner of a path; -1, rows or cols on the ring around the board."""

__version__: str
GRAVITY_MODES: Tuple[GravityMode, ...]
"""The gravity mode names, "none" first."""
BORDERS: Tuple[Border, ...]
"""The border rule names: "closed" and "open"."""
CONNECT_RULES: Tuple[ConnectRule, ...]
"""The connection rule names, "standard" first."""

# PyO3 classes cannot be subclassed.
@final
class Rules:
    """The rules of a game: the turn limit of a path, the border rule
    ("closed", or "open": paths may run around the board), the gravity
    mode (one of GRAVITY_MODES), the matching groups ("28-31,39+41") and
    the connection rule ("standard", "four-rivers" or "line"), and whether
    tiles slide (KShisen's rule; turns then defaults to 1).

    Rules() is the judge's rules, as the library's Rules::default(): 2
    turns, closed border, no gravity, no groups (also Rules.judge());
    Rules.kshisen() is KShisen's game: open border, gravity down. Raises
    RulesError (a ValueError) for a negative turn limit, an unknown name,
    a bad groups text, or settings that contradict each other (the
    library's RulesError message).
    """

    def __new__(
        cls,
        turns: Optional[int] = None,
        border: Border = "closed",
        gravity: GravityMode = "none",
        groups: str = "",
        connect: ConnectRule = "standard",
        slide: bool = False,
    ) -> "Rules": ...
    @classmethod
    def judge(cls) -> "Rules":
        """The judge's rules (HDU 1175), the same as Rules()."""
    @classmethod
    def kshisen(cls) -> "Rules":
        """KShisen's game: 2 turns, open border, gravity down."""
    @property
    def turns(self) -> int:
        """The most turns a path may make."""
    @property
    def border(self) -> Border:
        """"closed" or "open"."""
    @property
    def gravity(self) -> GravityMode:
        """The gravity mode, one of GRAVITY_MODES."""
    @property
    def connect(self) -> ConnectRule:
        """Which pairs connect: "standard", "four-rivers" or "line"."""
    @property
    def groups(self) -> str:
        """The matching groups as text ("" for none)."""
    @property
    def slide(self) -> bool:
        """Whether tiles slide (KShisen's rule)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class Board:
    """A board with its rules, read once into the library's own form: from
    rows of kinds (lists, tuples, a 2-D numpy array of ints), another
    Board, or the judge's text (Board.from_judge). Immutable; compares and
    hashes by kinds and rules, pickles and copies; str() draws it. Its
    queries cost what the library's do: connect on 100x100 as on 8x12."""

    def __new__(cls, board: _BoardLike, rules: Optional[Rules] = None) -> "Board": ...
    @classmethod
    def from_judge(cls, text: str, rules: Optional[Rules] = None) -> "Board":
        """The board written in the judge's format: `n m`, then n rows of
        m kinds. Raises BoardError (line and column) for malformed text."""
    def to_judge(self) -> str:
        """The board in the judge's format; Board.from_judge reads it back."""
    def to_list(self) -> _Board:
        """The board as rows of kinds, 0 empty."""
    @property
    def rows(self) -> int:
        """The number of rows."""
    @property
    def cols(self) -> int:
        """The number of columns."""
    @property
    def tile_count(self) -> int:
        """The number of tiles."""
    @property
    def rules(self) -> Rules:
        """The board's rules."""
    def kind(self, cell: _CellLike) -> int:
        """The kind at cell, 0 for an empty cell. Raises BoardError off
        the board."""
    def connect(self, a: _CellLike, b: _CellLike) -> Optional[List[_Corner]]:
        """The corners of the path joining the tiles at a and b, or None
        (no slides). Raises BoardError for a cell off the board."""
    def can_remove(self, a: _CellLike, b: _CellLike) -> bool:
        """Whether the tiles at a and b can be removed now (a path, or a
        slide under rules with slide)."""
    def path(self, a: _CellLike, b: _CellLike) -> Optional[List[_Corner]]:
        """The corners of the path the removal of a and b takes now (a
        slide's under rules with slide), or None."""
    def moves(self) -> List[Move]:
        """Every move that can be made now."""
    def hint(self) -> Optional[Move]:
        """A move that can be made now, with its path, or None."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any, /) -> "Board": ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class Cancel:
    """A cancel token: pass it as cancel= to solve, generate,
    generate_rated or rate, and call cancel() from any thread to stop the
    work within milliseconds. It stays cancelled."""

    def __new__(cls) -> "Cancel": ...
    def cancel(self) -> None:
        """Stops the work this token was given to."""
    @property
    def cancelled(self) -> bool:
        """Whether cancel() was called."""

@final
class Move:
    """A move: the tiles at a and b removed together, after a slide of a
    along route ("row" or "column") when route is not None. path is the
    corners of the path from a to b where known, None where not computed.
    A plain pair keeps its smaller cell first. Moves compare, hash and sort
    by a, b and route (not path)."""

    def __new__(
        cls,
        a: _CellLike,
        b: _CellLike,
        route: Optional[Route] = None,
        path: Optional[Sequence[_CellLike]] = None,
    ) -> "Move": ...
    @property
    def a(self) -> _Cell:
        """The first cell (the tile pushed, in a slide)."""
    @property
    def b(self) -> _Cell:
        """The second cell."""
    @property
    def route(self) -> Optional[Route]:
        """None for a plain pair; the route of a slide."""
    @property
    def path(self) -> Optional[List[_Corner]]:
        """The corners of the path from a to b, or None when not computed."""
    @property
    def is_slide(self) -> bool:
        """Whether the move is a slide."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: "Move", /) -> bool: ...
    def __le__(self, value: "Move", /) -> bool: ...
    def __gt__(self, value: "Move", /) -> bool: ...
    def __ge__(self, value: "Move", /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class Deal:
    """A board made by generate (with a removal order that clears it) or
    by deal (certificate None)."""

    @property
    def board(self) -> _Board:
        """The board: a list of rows of kinds, 0 empty."""
    @property
    def certificate(self) -> Optional[List[Move]]:
        """A removal order that clears the board under its rules; None for
        a deal of deal(), which may not be clearable."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class SolveResult:
    """What solve found."""

    @property
    def status(self) -> Literal["solved", "unsolvable", "unknown"]:
        """"solved", "unsolvable" (proved) or "unknown" (budget spent)."""
    @property
    def order(self) -> Optional[List[Move]]:
        """The removal order when solved, each move on the board as it is
        at that step; None otherwise."""
    @property
    def states(self) -> Optional[int]:
        """The states searched when the status is "unknown"; None otherwise."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class Rating:
    """How hard a deal is, as rate measured it: the counts of its random
    and probed games, the figures computed from them, and the score (0
    easy to 100 hard) with its difficulty. str() is the report
    `lianliankan rate` prints."""

    @property
    def winnable(self) -> Optional[bool]:
        """Whether the deal can be cleared; None when the solver did not
        decide it within deal_budget (then nothing was probed)."""
    @property
    def plays(self) -> int:
        """Random games played."""
    @property
    def cleared(self) -> int:
        """Of them, the games that cleared the board."""
    @property
    def probes(self) -> int:
        """Random games probed (the first ones, while the deal is winnable)."""
    @property
    def positions(self) -> int:
        """Positions probed: positions of the probed games proved winnable."""
    @property
    def offered(self) -> int:
        """Pairs on offer at the probed positions, in all."""
    @property
    def trap_positions(self) -> int:
        """Probed positions that offer at least one losing pair."""
    @property
    def forced_positions(self) -> int:
        """Probed positions with exactly one winning pair."""
    @property
    def trapped_games(self) -> int:
        """Probed games that met a trap."""
    @property
    def first_trap_losing(self) -> int:
        """Losing pairs at the first trap of each trapped game, in all."""
    @property
    def first_trap_offered(self) -> int:
        """Pairs on offer at those first traps, in all."""
    @property
    def earliest_trap(self) -> Optional[int]:
        """The earliest step (0: the deal) at which a probed game met a
        trap; None when none did."""
    @property
    def width_positions(self) -> int:
        """Positions of all the random games at which a pair was taken."""
    @property
    def width_offered(self) -> int:
        """Pairs on offer at those positions, in all."""
    @property
    def undecided(self) -> int:
        """Pairs made at probed positions the solver did not decide."""
    @property
    def solves(self) -> int:
        """Solves run (each position decided once)."""
    @property
    def forgiveness(self) -> float:
        """The fraction of random games that cleared the board."""
    @property
    def forgiveness_interval(self) -> Tuple[float, float]:
        """The 95% Wilson score interval of forgiveness: (low, high)."""
    @property
    def trap_rate(self) -> float:
        """The fraction of probed positions that offer a losing pair."""
    @property
    def forced_rate(self) -> float:
        """The fraction of probed positions with exactly one winning pair."""
    @property
    def mean_width(self) -> float:
        """The mean number of pairs on offer where a random game took one."""
    @property
    def first_trap_mean_losing(self) -> float:
        """The mean number of losing pairs at a probed game's first trap."""
    @property
    def first_trap_mean_offered(self) -> float:
        """The mean number of pairs on offer at a probed game's first trap."""
    @property
    def score(self) -> int:
        """The summary score, 0 (every random game clears) to 100."""
    @property
    def difficulty(self) -> Literal["easy", "normal", "hard"]:
        """The band of the score: "easy" (0-24), "normal" (25-49) or
        "hard" (50-100)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class RatedDeal:
    """A clearable deal rated within a band, made by generate_rated."""

    @property
    def board(self) -> _Board:
        """The board: a list of rows of kinds, 0 empty."""
    @property
    def certificate(self) -> List[Move]:
        """A removal order that clears the board under its rules."""
    @property
    def rating(self) -> Rating:
        """The board's rating, whose score lies in the band asked for."""
    @property
    def seed(self) -> int:
        """The seed of generate that made the board."""
    @property
    def candidates(self) -> int:
        """How many deals were made and rated to find it (this one included)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class RemovedStep:
    """A removal in a game's history."""

    @property
    def kind(self) -> Literal["removed"]:
        """"removed"."""
    @property
    def move(self) -> Move:
        """The move made (on the board as it was; path None)."""
    @property
    def kinds(self) -> Tuple[int, int]:
        """The removed tiles' kinds."""
    @property
    def moved(self) -> List[Tuple[int, _Cell, _Cell]]:
        """The tiles gravity moved after the removal: (kind, from, to)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

@final
class ShuffledStep:
    """A shuffle in a game's history."""

    @property
    def kind(self) -> Literal["shuffled"]:
        """"shuffled"."""
    @property
    def before(self) -> List[Tuple[_Cell, int]]:
        """The tiles before the shuffle, row by row."""
    @property
    def after(self) -> List[Tuple[_Cell, int]]:
        """The tiles after the shuffle, row by row."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

Step = Union[RemovedStep, ShuffledStep]
"""One step of a game's history, narrowed by its kind: RemovedStep
("removed") or ShuffledStep ("shuffled")."""

class LianliankanError(Exception):
    """The root of the module's exceptions: every value the library
    refuses raises a subclass of it, each also a ValueError."""

class Cancelled(LianliankanError):
    """generate, generate_rated or rate stopped by the Cancel it was given
    (solve answers status "unknown" instead)."""

class RulesError(LianliankanError, ValueError):
    """Rules refused (an unknown name, bad groups, a negative turn limit,
    or settings that contradict each other)."""

class BoardError(LianliankanError, ValueError):
    """A board refused, or a cell that is not on it."""

class DealError(LianliankanError, ValueError):
    """generate, deal or generate_rated refused the size or the kinds."""

class IllegalMove(LianliankanError, ValueError):
    """A move that cannot be made now, or a malformed one (unknown route)."""

class IllegalStep(LianliankanError, ValueError):
    """A step of a removal order that cannot be played."""

    index: int
    """Its place in the order, from 0."""
    step: Move
    """The Move as the order gave it."""
    reason: str
    """The library's words for why it cannot be played."""

class NoMovePossible(LianliankanError, ValueError):
    """No arrangement of the tiles left has a move (Game.shuffle)."""

class OutOfBand(LianliankanError, ValueError):
    """No deal generate_rated made scored within the band asked for."""

    band: Tuple[int, int]
    """The band asked for, (low, high)."""
    candidates: int
    """The deals made and rated."""
    scores: Tuple[int, int]
    """The lowest and highest scores seen, (low, high)."""

@final
class Game:
    """A game: a board under rules (default Rules(), the judge's) with its
    history, undo and redo; it pickles and copies with its history. Raises
    BoardError for a bad board."""

    def __new__(cls, board: _BoardLike, rules: Optional[Rules] = None) -> "Game": ...
    @property
    def board(self) -> _Board:
        """The board now."""
    def position(self) -> Board:
        """The board now as a Board with the game's rules."""
    def connect(self, a: _CellLike, b: _CellLike) -> Optional[List[_Corner]]:
        """The corners of the path joining the tiles at a and b now, or None."""
    def can_remove(self, a: _CellLike, b: _CellLike) -> bool:
        """Whether the tiles at a and b can be removed now."""
    def path(self, a: _CellLike, b: _CellLike) -> Optional[List[_Corner]]:
        """The corners of the path the removal of a and b would take now,
        or None."""
    @property
    def rules(self) -> Rules:
        """The game's rules."""
    @property
    def history(self) -> List[Step]:
        """The steps taken since the start, oldest first."""
    @property
    def undone(self) -> List[Step]:
        """The steps undone that redo would take again, next first."""
    def remove(self, a: _CellLike, b: _CellLike) -> List[_Corner]:
        """Removes the tiles at a and b and returns the path's corners.
        Raises IllegalMove (nothing changed) when the pair cannot go."""
    def play(self, move: Move) -> Move:
        """Makes a move (a plain pair as remove does, or a slide) and
        returns it with its path. Raises IllegalMove (nothing changed) when
        the move cannot be made."""
    def undo(self) -> Optional[Step]:
        """Undoes the last step and returns it; None at the start."""
    def redo(self) -> Optional[Step]:
        """Takes the last undone step again and returns it; None if none."""
    def hint(self) -> Optional[Move]:
        """A move that can be made now, with its path, or None."""
    def moves(self) -> List[Move]:
        """Every move that can be made now: plain pairs and slides."""
    def shuffle(self, seed: int) -> None:
        """Rearranges the tiles left so that a move exists (undoable).
        Raises NoMovePossible when no arrangement has a move."""
    def is_cleared(self) -> bool:
        """Whether no tile is left."""
    def is_dead(self) -> bool:
        """Whether tiles are left but no pair can be removed."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any, /) -> "Game": ...
    def __reduce__(self) -> Tuple[Any, ...]: ...

def generate(
    rows: int,
    cols: int,
    kinds: int,
    seed: int = 0,
    rules: Optional[Rules] = None,
    *,
    timeout: Optional[float] = None,
    cancel: Optional[Cancel] = None,
) -> Deal:
    """A board that can be cleared under rules, with its certificate.
    timeout raises TimeoutError, cancel Cancelled; Ctrl-C stops it."""

def deal(
    rows: int,
    cols: int,
    kinds: int,
    seed: int = 0,
    copies: int = 4,
) -> Deal:
    """A random deal in groups of copies tiles of one kind (certificate
    None: it may not be clearable)."""

def solve(
    board: _BoardLike,
    rules: Optional[Rules] = None,
    budget: Optional[int] = 1000000,
    memory_cap: Optional[int] = None,
    *,
    timeout: Optional[float] = None,
    cancel: Optional[Cancel] = None,
    progress: Optional[Callable[[int], object]] = None,
) -> SolveResult:
    """Whether board can be cleared: solved (with the order), unsolvable
    (proved) or unknown (budget spent, timeout passed or cancel set;
    budget None: no limit). progress is called with the states searched.
    Releases the GIL; Ctrl-C stops it."""

def rate(
    board: _BoardLike,
    rules: Optional[Rules] = None,
    *,
    plays: int = 100,
    probes: int = 3,
    seed: int = 0,
    budget: int = 10000,
    deal_budget: int = 1000000,
    timeout: Optional[float] = None,
    cancel: Optional[Cancel] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> Rating:
    """How hard board is to clear under rules: plays random games, the
    first probes of them probed by the solver (budget states a position,
    deal_budget for the deal). progress is called with the games played
    and the most it plays. Releases the GIL; Ctrl-C stops it."""

def generate_rated(
    rows: int,
    cols: int,
    kinds: int,
    seed: int = 0,
    rules: Optional[Rules] = None,
    *,
    difficulty: Optional[Literal["easy", "normal", "hard"]] = None,
    score: Optional[Tuple[int, int]] = None,
    candidates: int = 200,
    plays: int = 100,
    probes: int = 3,
    budget: int = 10000,
    deal_budget: int = 1000000,
    timeout: Optional[float] = None,
    cancel: Optional[Cancel] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> RatedDeal:
    """A board that can be cleared under rules, with its certificate, whose
    rating falls in the band of difficulty or score=(low, high): at most
    candidates deals are made and rated. progress is called with the games
    played and the most it may play. Raises OutOfBand when none scored
    in the band. Releases the GIL; Ctrl-C stops it."""

def replay(board: _BoardLike, rules: Rules, order: Sequence[Move]) -> int:
    """Plays order (a sequence of Move) on board; returns the steps played,
    or raises IllegalStep at the first step that cannot be played."""

def connect(
    board: _BoardLike,
    a: _CellLike,
    b: _CellLike,
    rules: Optional[Rules] = None,
) -> Optional[List[_Corner]]:
    """The corners of a path joining the tiles at a and b, or None."""

def moves(board: _BoardLike, rules: Optional[Rules] = None) -> List[Move]:
    """Every move that can be made now: plain pairs and, under rules with
    slide, slides."""
