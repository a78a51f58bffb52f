//! The fuzzer's inputs: a seeded generator of protocol lines (every command and parameter,
//! position strings of every game and size, moves from real games) and a mutator of lines
//! (bytes, tokens, numbers at extremes, truncation, invalid UTF-8, very long lines).

use tablero::games::{BoardSize, GameKind};
use tablero::session::AnyGame;

use crate::common::Rng;

/// The corpus of real protocol lines kept in the repository.
pub const CORPUS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/corpus.txt");
/// The perft vectors: position strings of every game, start and midgame.
const VECTORS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/perft.txt");

/// The longest line the engine reads (`input::MAX_LINE_BYTES`), around which long lines are
/// made.
pub const LINE_LIMIT: usize = tablero::protocol::input::MAX_LINE_BYTES;

/// Every command word of the protocol, lower case.
pub const COMMANDS: &[&str] = &[
    "uci",
    "ugi",
    "isready",
    "ucinewgame",
    "uginewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "query",
    "bench",
    "solve",
    "d",
    "debug",
    "help",
    "quit",
];

/// `go` parameters, including ones other engines know (`mate`, `searchmoves`).
const GO_WORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "infinite",
    "ponder",
    "perft",
    "mate",
    "searchmoves",
];

const OPTION_NAMES: &[&str] = &[
    "UCI_Variant",
    "Size",
    "Hash",
    "Clear Hash",
    "Move Overhead",
    "Strategy",
    "Threads",
    "MultiPV",
    "Ponder",
    "UCI_LimitStrength",
    "UCI_Elo",
    "Skill Level",
    "skill level",
    "UCI_ShowWDL",
    "Debug Log File",
    "uci_variant",
    "SIZE",
];

/// Every `query` subject; `effects` and `after` also come with moves (see
/// [`Generator::query`]).
const QUERIES: &[&str] = &[
    "gameover", "p1turn", "result", "fen", "moves", "reason", "board", "effects", "after", "duty",
    "end", "turn",
];

const STRATEGIES: &[&str] = &["search", "mcts", "greedy", "random", "minimax"];

/// Other words: keywords of every command, and words of no command.
const WORDS: &[&str] = &[
    "startpos", "fen", "moves", "name", "value", "on", "off", "true", "false", "none", "0000",
    "(none)", "bestmove", "info", "string", "register", "later", "x", "o", "r", "b", "R", "B",
];

/// Numbers at and around every limit: zero, signs, the ends of every integer type, decimals
/// and things that look like numbers.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "00",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "11",
    "12",
    "16",
    "17",
    "64",
    "128",
    "129",
    "255",
    "1023",
    "1024",
    "1025",
    "4096",
    "5000",
    "5001",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "-99999999999999999999",
    "+5",
    "1.5",
    "1e3",
    "0x10",
    "--1",
    "-",
    "\u{663}",
    "١٠",
    "8x8",
    "3x16",
    "16x3",
    "16x8",
    "0x0",
    "4X4",
    "11",
    "100x100",
];

/// Bytes worth inserting: blanks of every kind, control characters, a lone UTF-8 lead or
/// continuation byte, quotes, digits and the letters of the games.
const BYTES: &[u8] = b" \t\r\x0c\x0b\x00\x1b\x7f\xff\xfe\xc3\x80'\"-/x0123456789abcdehoqrxXOBR";

/// Characters that are valid UTF-8 but not ASCII, or that break lines in some readers.
const UNICODE: &[&str] = &["é", "\u{2028}", "\u{85}", "\u{feff}", "🂡", "ｇｏ", "\u{a0}"];

/// Invalid UTF-8 sequences: a lone continuation byte, a truncated sequence, an encoded
/// surrogate, an over-long encoding, bytes never used.
const BAD_UTF8: &[&[u8]] = &[
    b"\x80",
    b"\xc3",
    b"\xe2\x82",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xff",
    b"\xf8\x88\x80\x80\x80",
];

fn pick<'a, T: ?Sized>(rng: &mut Rng, items: &[&'a T]) -> &'a T {
    items[rng.below(items.len())]
}

fn chance(rng: &mut Rng, one_in: usize) -> bool {
    rng.below(one_in) == 0
}

/// A session of the corpus: the game and size it is played in, and its lines.
#[derive(Debug, Clone)]
pub struct Session {
    /// `UCI_Variant` value.
    pub game: String,
    /// `Size` value.
    pub size: String,
    /// The lines, as written.
    pub lines: Vec<String>,
}

/// Reads the corpus: sessions start at `# session <game> <size>`; other `#` lines and blank
/// lines are comments.
pub fn read_corpus() -> Vec<Session> {
    let text = std::fs::read_to_string(CORPUS_FILE)
        .unwrap_or_else(|e| panic!("cannot read the fuzz corpus {CORPUS_FILE}: {e}"));
    let mut sessions: Vec<Session> = Vec::new();
    for line in text.lines() {
        if let Some(header) = line.strip_prefix("# session ") {
            let mut fields = header.split_whitespace();
            let (Some(game), Some(size)) = (fields.next(), fields.next()) else {
                panic!("corpus: a session header needs a game and a size: {line:?}");
            };
            sessions.push(Session {
                game: game.to_string(),
                size: size.to_string(),
                lines: Vec::new(),
            });
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            let session = sessions
                .last_mut()
                .unwrap_or_else(|| panic!("corpus: a line before any session: {line:?}"));
            session.lines.push(line.to_string());
        }
    }
    sessions
}

/// Position strings of one game: its start position on every size it supports, the
/// perft vectors, and positions reached by random play (finished games included).
#[derive(Debug, Clone, Default)]
pub struct FenPool {
    /// (game, position string).
    pub fens: Vec<(GameKind, String)>,
}

impl FenPool {
    /// Builds the pool with `rng` choosing the random games.
    pub fn build(rng: &mut Rng) -> FenPool {
        let mut fens = Vec::new();
        for kind in GameKind::ALL {
            for width in 1..=17 {
                for height in 1..=17 {
                    let Ok(mut game) = AnyGame::start(kind, BoardSize::new(width, height)) else {
                        continue;
                    };
                    fens.push((kind, game.fen()));
                    for _ in 0..2 {
                        let plies = rng.below(80);
                        let start = game.clone();
                        play_randomly(rng, &mut game, plies);
                        fens.push((kind, game.fen()));
                        game = start;
                    }
                }
            }
        }
        let vectors = std::fs::read_to_string(VECTORS_FILE).unwrap_or_default();
        for line in vectors.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            if let [game, fen, _] = fields[..] {
                if let Ok(kind) = game.parse::<GameKind>() {
                    fens.push((kind, fen.to_string()));
                }
            }
        }
        FenPool { fens }
    }

    /// A position string of `kind` (any game's when `kind` has none).
    pub fn of(&self, rng: &mut Rng, kind: GameKind) -> &str {
        for _ in 0..16 {
            let (k, fen) = &self.fens[rng.below(self.fens.len())];
            if *k == kind {
                return fen;
            }
        }
        &self.fens[rng.below(self.fens.len())].1
    }
}

/// Plays up to `plies` random legal moves; returns the moves played.
pub fn play_randomly(rng: &mut Rng, game: &mut AnyGame, plies: usize) -> Vec<String> {
    let mut played = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())].clone();
        if game.play(&mv).is_err() {
            break;
        }
        played.push(mv);
    }
    played
}

/// What the generator knows of the engine: the game it plays and the position it holds.
#[derive(Debug, Clone)]
pub struct Context {
    /// The selected game.
    pub kind: GameKind,
    /// The engine's position string.
    pub fen: String,
}

/// The generator: corpus, position strings and the random source.
pub struct Generator {
    /// The random source; the seed decides every input.
    pub rng: Rng,
    /// The corpus sessions.
    pub corpus: Vec<Session>,
    /// Every corpus line, for picking one at random.
    lines: Vec<String>,
    /// Position strings of every game and size.
    pub pool: FenPool,
}

impl Generator {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Generator {
        let mut rng = Rng::new(seed);
        let corpus = read_corpus();
        let lines = corpus.iter().flat_map(|s| s.lines.clone()).collect();
        let pool = FenPool::build(&mut rng);
        Generator {
            rng,
            corpus,
            lines,
            pool,
        }
    }

    /// A line of the corpus.
    ///
    /// Lines that start a search are drawn a quarter as often as the others: a search runs
    /// until the fuzzer stops it, and waiting for its `bestmove` costs a thousand other lines.
    pub fn corpus_line(&mut self) -> String {
        loop {
            let line = &self.lines[self.rng.below(self.lines.len())];
            let word = line.split_ascii_whitespace().next().unwrap_or("");
            let searches = ["go", "bench", "solve"]
                .iter()
                .any(|w| word.eq_ignore_ascii_case(w));
            if !searches || chance(&mut self.rng, 4) {
                return line.clone();
            }
        }
    }

    /// A number: mostly one at a limit, else a random one of any length.
    fn number(&mut self) -> String {
        let rng = &mut self.rng;
        match rng.below(4) {
            0 => (rng.next_u64() % 10_000).to_string(),
            1 => format!("-{}", rng.next_u64() >> rng.below(64)),
            2 => (rng.next_u64() >> rng.below(64)).to_string(),
            _ => pick(rng, NUMBERS).to_string(),
        }
    }

    /// A small positive number, so that a valid search limit stays short.
    fn small_number(&mut self) -> String {
        (1 + self.rng.below(6)).to_string()
    }

    /// A random token: a word of the protocol, a number, a square, or random characters.
    pub fn token(&mut self) -> String {
        match self.rng.below(8) {
            0 => pick(&mut self.rng, COMMANDS).to_string(),
            1 => pick(&mut self.rng, GO_WORDS).to_string(),
            2 => pick(&mut self.rng, WORDS).to_string(),
            3 => self.number(),
            4 => self.square(),
            5 => pick(&mut self.rng, QUERIES).to_string(),
            6 => pick(&mut self.rng, UNICODE).to_string(),
            _ => {
                let len = 1 + self.rng.below(6);
                (0..len)
                    .map(|_| char::from(b'!' + self.rng.below(94) as u8))
                    .collect()
            }
        }
    }

    /// A square name, on or off every board, or a Crossings move.
    fn square(&mut self) -> String {
        let file = char::from(b'a' + self.rng.below(18) as u8);
        let rank = self.rng.below(19);
        let square = format!("{file}{rank}");
        if chance(&mut self.rng, 3) {
            let to = format!(
                "{}{}",
                char::from(b'a' + self.rng.below(9) as u8),
                self.rng.below(10)
            );
            square + &to
        } else {
            square
        }
    }

    /// A line generated from the grammar: every command with its parameters, mostly valid.
    pub fn command(&mut self, context: &Context) -> String {
        let line = match self.rng.below(20) {
            0..=6 => self.position(context),
            7 | 8 => self.go(),
            9..=12 => self.setoption(),
            13 | 14 => self.query(context),
            15 if chance(&mut self.rng, 2) => self.bench(),
            15 => self.solve(),
            16 => format!(
                "debug {}",
                pick(&mut self.rng, &["on", "off", "ON", "maybe"])
            ),
            17 => pick(&mut self.rng, COMMANDS).to_string(),
            18 => self.race_line().to_string(),
            _ => self.token(),
        };
        if chance(&mut self.rng, 8) {
            let extra = self.token();
            format!("{line} {extra}")
        } else {
            line
        }
    }

    /// `position …` from a real game of the engine's game (its moves legal), or from any
    /// position string.
    fn position(&mut self, context: &Context) -> String {
        let kind = if chance(&mut self.rng, 6) {
            GameKind::ALL[self.rng.below(GameKind::ALL.len())]
        } else {
            context.kind
        };
        let (start, game) = if chance(&mut self.rng, 3) {
            let fen = context.fen.clone();
            (format!("fen {fen}"), AnyGame::from_fen(kind, &fen).ok())
        } else if chance(&mut self.rng, 2) {
            ("startpos".to_string(), None)
        } else {
            let fen = self.pool.of(&mut self.rng, kind).to_string();
            (format!("fen {fen}"), AnyGame::from_fen(kind, &fen).ok())
        };
        let plies = self.rng.below(40);
        let moves = match game {
            Some(mut game) => play_randomly(&mut self.rng, &mut game, plies),
            None => (0..self.rng.below(6)).map(|_| self.square()).collect(),
        };
        if moves.is_empty() && chance(&mut self.rng, 2) {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", moves.join(" "))
        }
    }

    /// `query <subject>`; `query effects` with a move and `query after` with moves, mostly
    /// legal ones of the engine's position, else anything a controller might send.
    fn query(&mut self, context: &Context) -> String {
        let subject = pick(&mut self.rng, QUERIES);
        let game = AnyGame::from_fen(context.kind, &context.fen).ok();
        let moves = match (subject, game) {
            ("effects", Some(game)) if !chance(&mut self.rng, 4) => {
                let legal = game.legal_moves();
                match legal.len() {
                    0 => self.square(),
                    n => legal[self.rng.below(n)].clone(),
                }
            }
            ("after", Some(mut game)) if !chance(&mut self.rng, 4) => {
                let plies = 1 + self.rng.below(12);
                let mut moves = play_randomly(&mut self.rng, &mut game, plies);
                if chance(&mut self.rng, 3) {
                    // An illegal move somewhere in the list.
                    let at = self.rng.below(moves.len() + 1);
                    moves.insert(at, self.square());
                }
                moves.join(" ")
            }
            ("effects" | "after", _) => (0..self.rng.below(4))
                .map(|_| self.square())
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        };
        format!("query {subject} {moves}").trim_end().to_string()
    }

    /// `go …` with parameters valid or not; valid limits stay small.
    fn go(&mut self) -> String {
        let mut line = String::from("go");
        for _ in 0..self.rng.below(4) {
            let word = pick(&mut self.rng, GO_WORDS);
            line.push(' ');
            line.push_str(word);
            let value = match word {
                "infinite" | "ponder" => continue,
                "searchmoves" => self.square(),
                "depth" | "perft" | "mate" | "movestogo" if chance(&mut self.rng, 2) => {
                    self.small_number()
                }
                "nodes" | "movetime" | "wtime" | "btime" | "p1time" | "p2time"
                    if chance(&mut self.rng, 2) =>
                {
                    (self.rng.below(300)).to_string()
                }
                _ => self.number(),
            };
            line.push(' ');
            line.push_str(&value);
        }
        line
    }

    /// `setoption name … [value …]`, for every option and a few unknown ones.
    fn setoption(&mut self) -> String {
        let name = pick(&mut self.rng, OPTION_NAMES);
        let value = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => pick(
                &mut self.rng,
                &["crossjack", "jcshock", "crossings", "CROSSINGS", "chess"],
            )
            .to_string(),
            "size" => {
                let (w, h) = (self.rng.below(18), self.rng.below(18));
                match self.rng.below(3) {
                    0 => format!("{w}x{h}"),
                    1 => w.to_string(),
                    _ => self.number(),
                }
            }
            "strategy" => pick(&mut self.rng, STRATEGIES).to_string(),
            "debug log file" => self.log_file(),
            "clear hash" if chance(&mut self.rng, 2) => return format!("setoption name {name}"),
            _ => self.number(),
        };
        if chance(&mut self.rng, 10) {
            format!("setoption name {name}")
        } else {
            format!("setoption name {name} value {value}")
        }
    }

    /// A `Debug Log File` value: mostly none, sometimes a file in the temporary directory
    /// (one per process), sometimes one that cannot be opened.
    fn log_file(&mut self) -> String {
        match self.rng.below(8) {
            0 => std::env::temp_dir()
                .join(format!("tablero-fuzz-{}.log", std::process::id()))
                .display()
                .to_string(),
            1 => "/nonexistent-tablero-folder/x.log".to_string(),
            2 => String::new(),
            _ => "<empty>".to_string(),
        }
    }

    fn bench(&mut self) -> String {
        if chance(&mut self.rng, 2) {
            "bench".to_string()
        } else {
            format!("bench depth {}", self.number())
        }
    }

    /// `solve` with its limits, in either order, some repeated or bad.
    fn solve(&mut self) -> String {
        let mut line = "solve".to_string();
        for _ in 0..self.rng.below(3) {
            let word = pick(&mut self.rng, &["movetime", "nodes", "MOVETIME", "depth"]);
            line = format!("{line} {word} {}", self.number());
        }
        line
    }

    /// A line of the go/stop/isready/quit races.
    pub fn race_line(&mut self) -> &'static str {
        pick(
            &mut self.rng,
            &[
                "go infinite",
                "go depth 2",
                "go movetime 5",
                "go nodes 500",
                "go",
                "go ponder",
                "stop",
                "isready",
                "isready",
                "ponderhit",
                "position startpos",
                "d",
                "query fen",
                "quit",
            ],
        )
    }

    /// Random bytes: tokens and noise.
    pub fn garbage(&mut self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for _ in 0..self.rng.below(8) {
            if chance(&mut self.rng, 3) {
                bytes.push(BYTES[self.rng.below(BYTES.len())]);
            } else {
                bytes.extend_from_slice(self.token().as_bytes());
            }
            bytes.push(b' ');
        }
        bytes
    }

    /// `line` with one to three mutations.
    pub fn mutate(&mut self, line: &[u8]) -> Vec<u8> {
        let mut bytes = line.to_vec();
        for _ in 0..=self.rng.below(3) {
            bytes = self.mutate_once(bytes);
        }
        bytes
    }

    fn mutate_once(&mut self, mut bytes: Vec<u8>) -> Vec<u8> {
        let at = self.rng.below(bytes.len() + 1);
        match self.rng.below(16) {
            0 if at < bytes.len() => bytes[at] ^= 1 << self.rng.below(8),
            1 => bytes.insert(at, BYTES[self.rng.below(BYTES.len())]),
            2 if at < bytes.len() => {
                let end = (at + 1 + self.rng.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => bytes.truncate(at),
            4 => {
                let bad = BAD_UTF8[self.rng.below(BAD_UTF8.len())];
                bytes.splice(at..at, bad.iter().copied());
            }
            5 => {
                let text = UNICODE[self.rng.below(UNICODE.len())];
                bytes.splice(at..at, text.bytes());
            }
            6 => {
                let other = self.corpus_line();
                let glue: &[u8] = if chance(&mut self.rng, 4) {
                    b"\n"
                } else {
                    b" "
                };
                bytes.extend_from_slice(glue);
                bytes.extend_from_slice(other.as_bytes());
            }
            7 => bytes = self.blanks(bytes),
            _ => bytes = self.mutate_tokens(bytes),
        }
        bytes
    }

    /// Replaces one blank by another run of blanks (tabs, CR, form feed, several spaces).
    fn blanks(&mut self, bytes: Vec<u8>) -> Vec<u8> {
        let blanks: &[&[u8]] = &[b"\t", b"  ", b"\r", b"\x0c", b" \t ", b"\x0b", b""];
        let run = blanks[self.rng.below(blanks.len())];
        let spaces: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b' ').collect();
        if spaces.is_empty() {
            let mut out = run.to_vec();
            out.extend_from_slice(&bytes);
            return out;
        }
        let at = spaces[self.rng.below(spaces.len())];
        let mut out = bytes[..at].to_vec();
        out.extend_from_slice(run);
        out.extend_from_slice(&bytes[at + 1..]);
        out
    }

    /// Token mutations: swap, duplicate, delete, replace (by a number at an extreme, a
    /// keyword, anything), change case, repeat many times.
    fn mutate_tokens(&mut self, bytes: Vec<u8>) -> Vec<u8> {
        let mut tokens: Vec<Vec<u8>> = bytes
            .split(|&b| b == b' ')
            .filter(|t| !t.is_empty())
            .map(<[u8]>::to_vec)
            .collect();
        if tokens.is_empty() {
            tokens.push(self.token().into_bytes());
        }
        let n = tokens.len();
        let (i, j) = (self.rng.below(n), self.rng.below(n));
        match self.rng.below(8) {
            0 => tokens.swap(i, j),
            1 => {
                let copy = tokens[i].clone();
                tokens.insert(j, copy);
            }
            2 => {
                tokens.remove(i);
            }
            3 => tokens[i] = pick(&mut self.rng, NUMBERS).as_bytes().to_vec(),
            4 => tokens[i] = self.number().into_bytes(),
            5 => tokens.insert(j, self.token().into_bytes()),
            6 => {
                let upper = chance(&mut self.rng, 2);
                for b in &mut tokens[i] {
                    *b = if upper {
                        b.to_ascii_uppercase()
                    } else {
                        b.to_ascii_lowercase()
                    };
                }
            }
            _ => {
                let times = if chance(&mut self.rng, 50) {
                    self.rng.below(20_000)
                } else {
                    self.rng.below(40)
                };
                let copy = tokens[i].clone();
                tokens.splice(i..i, std::iter::repeat_n(copy, times));
            }
        }
        tokens.join(&b' ')
    }

    /// A line around the engine's length limit (below, at, just above, far above), made of
    /// a real command followed by repeated tokens.
    pub fn long_line(&mut self, context: &Context) -> Vec<u8> {
        let target = match self.rng.below(6) {
            0 => LINE_LIMIT,
            1 => LINE_LIMIT + 1,
            2 => LINE_LIMIT - 1 - self.rng.below(100),
            3 => LINE_LIMIT + 1 + self.rng.below(1_000_000),
            4 => 1 << 20,
            _ => self.rng.below(LINE_LIMIT),
        };
        let mut line = self.command(context).into_bytes();
        let filler = match self.rng.below(4) {
            0 => self.square(),
            1 => "depth".to_string(),
            2 => " ".to_string(),
            _ => self.token(),
        };
        while line.len() < target {
            line.push(b' ');
            line.extend_from_slice(filler.as_bytes());
        }
        line.truncate(target);
        line
    }
}
