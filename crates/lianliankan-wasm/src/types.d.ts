/** A cell, `[row, col]`, 0-based. */
export type Cell = [number, number];
/** A corner of a path: `[row, col]`; -1, rows or cols on the ring around the board. */
export type Corner = [number, number];
/** A board as rows of tile kinds, 0 for an empty cell. */
export type Rows = number[][];
/** The border rule: paths stay on the board ("closed") or may run around it. */
export type BorderName = "closed" | "open";
/** A gravity mode: how the tiles slide after a removal. */
export type GravityName =
  | "none" | "down" | "up" | "left" | "right"
  | "apart-vertical" | "together-vertical"
  | "apart-horizontal" | "together-horizontal"
  | "top-left-bottom-right" | "left-down-right-up"
  | "outward" | "inward";
/** Which pairs connect. */
export type ConnectName = "standard" | "four-rivers" | "line";
/** The route of a slide: along the first tile's row or its column. */
export type RouteName = "row" | "column";
/** The options of `new Rules(options)`, each the judge's when left out. */
export interface RulesOptions {
  /** The most turns a path may make (2; 1 with `slide`). */
  turns?: number;
  border?: BorderName;
  gravity?: GravityName;
  /** The kinds that match besides equal ones, e.g. "28-31,39+41"; "" for none. */
  groups?: string;
  connect?: ConnectName;
  /** KShisen's sliding tiles. */
  slide?: boolean;
}
/** Rules as arguments take them: a Rules, or its options. */
export type RulesLike = Rules | RulesOptions;
/** A board as arguments take it: a Board (with its rules), or rows of kinds. */
export type BoardLike = Board | Rows;
/** A move: the tiles at `a` and `b` removed together, after a slide of `a` along `route` when not null. */
export interface Move {
  a: Cell;
  b: Cell;
  route: RouteName | null;
  /** The corners of the path from a to b, or null when not computed. */
  path: Corner[] | null;
}
/** A move as arguments take it (its path is ignored). */
export interface MoveLike {
  a: Cell;
  b: Cell;
  route?: RouteName | null;
  path?: Corner[] | null;
}
/** A tile gravity or a slide moved: `[kind, from, to]`. */
export type Fall = [number, Cell, Cell];
/** A removal in a game's history. */
export interface RemovedStep {
  kind: "removed";
  /** The move made, on the board as it was (path null). */
  move: Move;
  /** The removed tiles' kinds. */
  kinds: [number, number];
  /** The tiles a slide pushed (empty for a plain pair). */
  pushed: Fall[];
  /** The tiles gravity moved after the removal. */
  moved: Fall[];
}
/** A shuffle in a game's history: the tiles `[cell, kind]` before and after, row by row. */
export interface ShuffledStep {
  kind: "shuffled";
  before: [Cell, number][];
  after: [Cell, number][];
}
/** One step of a game's history. */
export type Step = RemovedStep | ShuffledStep;
/** What `solve` found. */
export interface SolveResult {
  /** "solved", "unsolvable" (proved) or "unknown" (budget spent, time out or cancelled). */
  status: "solved" | "unsolvable" | "unknown";
  /** The removal order when solved; null otherwise. */
  order: Move[] | null;
  /** The states searched when unknown; null otherwise. */
  states: number | null;
}
/** The options of `solve`. */
export interface SolveOptions {
  rules?: RulesLike;
  /** The most states searched (1,000,000); null: no limit. */
  budget?: number | null;
  /** The most bytes of the search's growing structures. */
  memoryCap?: number;
  /** Stop after this many milliseconds: status "unknown". */
  timeoutMs?: number;
  cancel?: Cancel;
  /** Called with the states searched every 64 states; what it throws stops the search and is thrown. */
  progress?: (states: number) => void;
}
/** A clearable deal, with a removal order that clears it. */
export interface Deal {
  board: Rows;
  certificate: Move[];
}
/** A random deal (`deal`): no certificate, it may not be clearable. */
export interface RandomDeal {
  board: Rows;
  certificate: null;
}
/** The options of `deal`. */
export interface DealOptions {
  /** The seed (0): the same seed gives the same board on every face. */
  seed?: number | bigint;
  /** Tiles of each kind (4). */
  copies?: number;
}
/** The options of `generate`. */
export interface GenerateOptions {
  /** The seed (0): the same seed gives the same deal on every face. */
  seed?: number | bigint;
  rules?: RulesLike;
  timeoutMs?: number;
  cancel?: Cancel;
}
/** The options of `rate`. */
export interface RateOptions {
  rules?: RulesLike;
  /** Random games played (100). */
  plays?: number;
  /** Of them, the first ones probed by the solver (3). */
  probes?: number;
  seed?: number | bigint;
  /** States a probed position may search (10,000). */
  budget?: number;
  /** States the deal itself may search (1,000,000). */
  dealBudget?: number;
  timeoutMs?: number;
  cancel?: Cancel;
  /** Called after each game with the games played and the most the call plays; what it throws stops the call and is thrown. */
  progress?: (games: number, total: number) => void;
}
/** How hard a deal is: the Python face's Rating, in camelCase. */
export interface Rating {
  /** Whether the deal can be cleared; null when the solver did not decide within dealBudget. */
  winnable: boolean | null;
  plays: number;
  cleared: number;
  probes: number;
  positions: number;
  offered: number;
  trapPositions: number;
  forcedPositions: number;
  trappedGames: number;
  firstTrapLosing: number;
  firstTrapOffered: number;
  earliestTrap: number | null;
  widthPositions: number;
  widthOffered: number;
  undecided: number;
  solves: number;
  forgiveness: number;
  forgivenessInterval: [number, number];
  trapRate: number;
  forcedRate: number;
  meanWidth: number;
  firstTrapMeanLosing: number;
  firstTrapMeanOffered: number;
  /** 0 (every random game clears) to 100. */
  score: number;
  difficulty: "easy" | "normal" | "hard";
}
/** The options of `generateRated`: one of `difficulty` and `score`. */
export interface GenerateRatedOptions extends GenerateOptions {
  difficulty?: "easy" | "normal" | "hard";
  /** A band [low, high] of scores, 0 to 100. */
  score?: [number, number];
  /** The most deals made and rated (200). */
  candidates?: number;
  plays?: number;
  probes?: number;
  budget?: number;
  dealBudget?: number;
  /** As rate's, the games counted over every candidate. */
  progress?: (games: number, total: number) => void;
}
/** A clearable deal rated within a band. */
export interface RatedDeal extends Deal {
  rating: Rating;
  /** The seed of generate that made the board. */
  seed: number | bigint;
  /** How many deals were made and rated (this one included). */
  candidates: number;
}
/** The names of the errors thrown (`error.name`); TypeError and RangeError for values of the wrong type or range. */
export type ErrorName =
  | "RulesError" | "BoardError" | "DealError" | "IllegalMove" | "IllegalStep"
  | "NoMovePossible" | "OutOfBand" | "Cancelled" | "ValueError";
