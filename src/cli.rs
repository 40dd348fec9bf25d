//! The command line, as clap derive structs only.

use clap::{Args, Parser, Subcommand, ValueEnum};

// The puzzles the examples in --help use, written out in full so that every example works
// as typed, from any folder (a test runs them all). Macros, not constants, because
// `concat!` takes literals only.

/// A puzzle the singles solve.
macro_rules! easy {
    () => {
        ".......16...936..28.7...4...5...369..1.....277.......3.7..1.......3.....43.2...71"
    };
}

/// A puzzle that gets stuck after pointing (difficulty 2.6) and needs harder techniques.
macro_rules! hard {
    () => {
        "2.......5.....86.4..7.9.....8..7..5...1.......6.8..2...5..2..93.....1.2.1...49..."
    };
}

/// Solve Sudoku the way a strong human does, and explain every step.
#[derive(Parser, Debug)]
#[command(
    name = "deduku",
    version,
    about,
    long_about = None,
    max_term_width = 100,
    after_help = concat!(
        "Exit codes: 0 success; 1 a puzzle was not solved (no solution, several, invalid givens, stuck) or, \
         for check, is not unique, or generate found no puzzle within --max-clues; 2 bad input or usage.\n\
         Examples:\n  deduku solve \\\n    ", hard!(), "\n  deduku solve --show-grid --explain \\\n    ", easy!(),
        "\n  deduku generate --count 10 --seed 7 | deduku check --count\n  deduku learn x-wing"
    )
)]
pub struct Cli {
    /// More log output on stderr (-v info, -vv debug); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// Nothing on stderr but errors: no progress bar, notes or warnings (a puzzle's verdict
    /// stays on stdout).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// When to colour output (NO_COLOR is honoured under auto).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true, value_name = "WHEN")]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve puzzles step by step, explaining each deduction.
    Solve(Later<SolveArgs>),
    /// The next step from your position (digits placed and pencilmarks), as a hint.
    ///
    /// Three levels: where to look, the pattern's cells, the whole step. With the puzzle's
    /// givens, a wrong digit or a lost pencilmark is named first.
    Hint(Later<HintArgs>),
    /// Drill a technique: type the next step, and have it graded.
    ///
    /// Positions where the technique is the next step; deduku grades the deduction you
    /// type and shows the answer with the pattern drawn.
    Practice(Later<PracticeArgs>),
    /// List every instance of a technique in a position, without applying any.
    ///
    /// "Show me every X-Wing here": each instance with what it places or removes and its
    /// pattern, in the order `hint` prefers them (smallest pattern first).
    Find(Later<FindArgs>),
    /// Check how many solutions puzzles have (unique, multiple or none; invalid if givens clash).
    Check(Later<CheckArgs>),
    /// Rate puzzles: the hardest technique needed, a difficulty score and a level.
    Rate(Later<RateArgs>),
    /// List the techniques and variant rules, or print the teaching guide of one.
    Learn(Later<LearnArgs>),
    /// Make new puzzles with a unique solution, one line each (81 characters on a 9x9 grid),
    /// or one f-puzzles link each under rules of marks (--with).
    Generate(Later<GenerateArgs>),
    /// List the variant rules, one line each, with the flag that turns each on.
    #[command(after_help = concat!("Examples:\n  deduku rules\n  \
deduku solve --anti-knight \\\n    ..9.1............6....8.5...1........8....6..92...............4.5....7........9..\n  \
deduku learn anti-knight"))]
    Rules,
    /// Print a completion script for a shell on standard output.
    ///
    /// Load it in the shell's start-up file or save it where the shell looks for completions
    /// (the README says where for bash, zsh and fish).
    #[command(after_help = "Examples:\n  deduku completions bash > ~/.local/share/bash-completion/completions/deduku\n  \
deduku completions zsh > ~/.zfunc/_deduku\n  deduku completions fish > ~/.config/fish/completions/deduku.fish")]
    Completions(Later<CompletionsArgs>),
    /// Print the manual page (roff) on standard output.
    #[command(after_help = "Examples:\n  deduku man | man -l -\n  deduku man > ~/.local/share/man/man1/deduku.1")]
    Man,
}

/// A subcommand's arguments, defined only when the subcommand is used (or help, completions or
/// the man page need them all). Why: clap otherwise builds every subcommand's arguments on
/// each run, a third of what a batch command's start costs before its first puzzle.
#[derive(Debug)]
pub struct Later<T>(pub T);

impl<T> std::ops::Deref for Later<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Later<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Later)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// Whether [`Later`] defines arguments at once. Why: the man page and the completions read the
/// whole command, and clap, building it, would put the global flags before the deferred
/// arguments; the order is the derive's when nothing is deferred.
static AT_ONCE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The whole command line with every subcommand's arguments defined, for the man page and
/// completions.
pub fn whole_command() -> clap::Command {
    AT_ONCE.store(true, std::sync::atomic::Ordering::Relaxed);
    <Cli as clap::CommandFactory>::command()
}

impl<T: Args> Args for Later<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        if AT_ONCE.load(std::sync::atomic::Ordering::Relaxed) {
            return T::augment_args(cmd);
        }
        cmd.defer(keeping_about::<T, false>)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        if AT_ONCE.load(std::sync::atomic::Ordering::Relaxed) {
            return T::augment_args_for_update(cmd);
        }
        cmd.defer(keeping_about::<T, true>)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `T`'s arguments (for an update when `UPDATE`) added to a subcommand, keeping its own
/// description. Why: the flattened argument structs bring descriptions of their own (their
/// doc comments), which clap's derive puts first and the subcommand's over them; deferred,
/// they come last and would win.
fn keeping_about<T: Args, const UPDATE: bool>(cmd: clap::Command) -> clap::Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let mut cmd = if UPDATE { T::augment_args_for_update(cmd) } else { T::augment_args(cmd) };
    if let Some(about) = about {
        cmd = cmd.about(about);
    }
    if let Some(long_about) = long_about {
        cmd = cmd.long_about(long_about);
    }
    cmd
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// How many threads a batch command uses.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Batch")]
pub struct JobArgs {
    /// Worker threads for many puzzles (default: one per core); output stays in input order.
    #[arg(short, long, value_name = "N", value_parser = positive)]
    pub jobs: Option<usize>,
}

/// What a batch command does with a malformed puzzle.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Batch")]
pub struct KeepGoingArgs {
    /// On a malformed puzzle, print `invalid-input` in its place (in JSON, an object with
    /// that status), its error on stderr, and go on; exit code 2 at the end. Without it, the
    /// first malformed puzzle stops the command.
    #[arg(long)]
    pub keep_going: bool,
}

/// The grid's shape, and variant rules on top of the classic ones.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Grid and variant rules")]
pub struct RuleArgs {
    /// The grid's side for puzzles given as lines or grids: 4 to 16 (digits above 9 are
    /// written A-G). Boxes follow from it (6: 2x3, 8: 2x4, 12: 3x4, 16: 4x4 ...).
    #[arg(long, value_name = "N", value_parser = grid_side)]
    pub size: Option<usize>,
    /// The boxes' shape, ROWSxCOLUMNS, where the size allows more than one (12: 3x4 or 4x3).
    #[arg(long, value_name = "RxC", value_parser = box_shape)]
    pub boxes: Option<(usize, usize)>,
    /// Cells a knight's move apart may not hold the same digit.
    #[arg(long)]
    pub anti_knight: bool,
    /// Cells a king's move apart (diagonally too) may not hold the same digit.
    #[arg(long)]
    pub anti_king: bool,
    /// The diagonals hold every digit once: both (the default), or only the main one (top
    /// left to bottom right) or the anti one (top right to bottom left).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "both", value_name = "WHICH")]
    pub diagonal: Option<DiagonalChoice>,
    /// Four extra windows (one cell in from the edges, boxes' shape) hold every digit once.
    #[arg(long)]
    pub windoku: bool,
    /// The cells at the same place in every box (disjoint groups) hold every digit once.
    #[arg(long)]
    pub disjoint: bool,
    /// Orthogonally touching cells never hold consecutive digits.
    #[arg(long)]
    pub non_consecutive: bool,
    /// Jigsaw: irregular regions replace the boxes. One letter or digit per cell, row after
    /// row, the same one for every cell of a region (spaces and line breaks ignored), or a
    /// file holding that text. The size follows from it (49 characters: 7x7).
    #[arg(long, value_name = "R", conflicts_with = "boxes")]
    pub regions: Option<String>,
    /// Killer cages, from a file of one cage a line: the sum, a colon and the cells
    /// (`15: r1c1 r1c2 r2c1`), or the cells alone (or `-:` before them) for a cage without a
    /// sum. A cage's digits do not repeat and add up to its sum.
    #[arg(long, value_name = "FILE")]
    pub cages: Option<String>,
}

/// Which diagonals `--diagonal` adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiagonalChoice {
    /// Both diagonals.
    Both,
    /// The main diagonal, top left to bottom right.
    Main,
    /// The anti-diagonal, top right to bottom left.
    Anti,
}

#[derive(Args, Debug)]
#[command(after_help = concat!("Examples:\n  deduku solve \\\n    ", easy!(), "\n  \
deduku solve --format line --strategies naked-single,hidden-single \\\n    ", easy!(), "\n  \
deduku solve --max-difficulty 2.6 --no-backtrack \\\n    ", hard!(), "\n  \
deduku generate --count 3 --anti-knight --seed 1 | deduku solve --anti-knight --format html \\\n    > steps.html"))]
pub struct SolveArgs {
    /// Puzzles: an 81-character line (digits, '.' or '0' for blanks), a file of puzzles
    /// (one per line, or 9-line grids), or '-' for standard input (the default).
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// Output format.
    #[arg(help_heading = "Output", long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Print the candidate grid at each step, the pattern and removed candidates in colour.
    #[arg(help_heading = "Output", long)]
    pub show_grid: bool,

    /// Explain each step in plain sentences too, under its line (in JSON: a "plain" field).
    #[arg(help_heading = "Output", long)]
    pub explain: bool,

    /// The strategies to use, in order, as comma-separated ids (see --list-strategies).
    #[arg(help_heading = "Techniques", long, value_delimiter = ',', value_name = "IDS")]
    pub strategies: Option<Vec<String>>,

    /// Print every strategy (id, name, family, difficulty) in default order, and exit.
    #[arg(help_heading = "Techniques", long)]
    pub list_strategies: bool,

    /// Stop when no strategy applies, instead of falling back to backtracking.
    #[arg(help_heading = "Techniques", long)]
    pub no_backtrack: bool,

    /// Leave out the techniques that assume the puzzle has a unique solution.
    #[arg(help_heading = "Techniques", long)]
    pub no_uniqueness: bool,

    /// Use only techniques up to this difficulty (as in --list-strategies: 2.6, 4.2 ...);
    /// when they run out, say which harder technique the next step needs.
    #[arg(help_heading = "Techniques", long, value_name = "D", value_parser = difficulty)]
    pub max_difficulty: Option<u16>,

    #[command(flatten)]
    pub rules: RuleArgs,

    #[command(flatten)]
    pub jobs: JobArgs,

    #[command(flatten)]
    pub input: KeepGoingArgs,
}

#[derive(Args, Debug)]
#[command(after_help = concat!("A position is the puzzle as you have it: the digits placed and the pencilmarks of the \
empty cells, in any of these forms:\n  \
- the candidate grid deduku prints (stuck grids, --show-grid), or any plain pencilmark grid: one row per \
line, one group of candidates per cell, borders of | - + . : ' allowed;\n  \
- one line of a token per cell: a digit (a given), +5 (placed since), [5] (one candidate left), 137 \
(candidates);\n  \
- one line of 729 characters, a block of 9 per cell with each candidate at its digit's place.\n\
A single digit in a grid is a filled cell; '.', '0', '_', 'x' or '*' an empty cell with no pencilmarks \
written (every digit the placed ones allow). Pencilmarks that a placed digit already rules out are cleared, \
and the hint says so.\n\
Examples:\n  deduku hint \\\n    ", hard!(), "
  deduku hint --level 2 \\\n    ", hard!(), "\n  \
deduku hint --level 3 --format json \\\n    ", hard!()))]
pub struct HintArgs {
    /// Positions or puzzles, as for `solve` (a file, a line, or '-' for standard input, the
    /// default); one hint each.
    #[arg(value_name = "POSITION")]
    pub puzzles: Vec<String>,

    /// How much to tell: 1 the technique and where to look (house and digit), 2 also the
    /// cells of the pattern, 3 the whole step as `solve` prints it.
    #[arg(help_heading = "Output", long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,

    /// The puzzle's givens, as one line: then the position is checked against the solution
    /// first, and each wrong digit or lost pencilmark is named before any hint.
    #[arg(help_heading = "Output", long, value_name = "LINE")]
    pub givens: Option<String>,

    /// Use only techniques up to this difficulty; say so when the next step needs a harder one.
    #[arg(help_heading = "Techniques", long, value_name = "D", value_parser = difficulty)]
    pub max_difficulty: Option<u16>,

    /// The techniques to look with, in order, as comma-separated ids (default: all, in
    /// `solve --list-strategies` order).
    #[arg(help_heading = "Techniques", long, value_delimiter = ',', value_name = "IDS")]
    pub strategies: Option<Vec<String>>,

    /// Leave out the techniques that assume the puzzle has a unique solution.
    #[arg(help_heading = "Techniques", long)]
    pub no_uniqueness: bool,

    /// Output format: text, or json (one object per position per line).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = RateFormat::Text)]
    pub format: RateFormat,

    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(Args, Debug)]
#[command(after_help = concat!("Positions are read as for `deduku hint` (candidate grids, pencilmark grids, a token per \
cell, 729 characters, or a plain puzzle line).\n\
Examples:\n  deduku find hidden-single \\\n    ", hard!(), "\n  deduku find --show-grid naked-pair \\\n    ", hard!(), "\n  \
deduku find --format json claiming \\\n    ", hard!()))]
pub struct FindArgs {
    /// The technique, by id (`deduku learn` lists them): x-wing, naked-pair, aic ...
    #[arg(value_name = "TECHNIQUE")]
    pub technique: String,

    /// Positions or puzzles, as for `hint` (a file, a line, or '-' for standard input, the
    /// default).
    #[arg(value_name = "POSITION")]
    pub puzzles: Vec<String>,

    /// Draw the candidate grid under each instance, with its pattern marked.
    #[arg(help_heading = "Output", long)]
    pub show_grid: bool,

    /// Output format: text, or json (one object per position per line).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = RateFormat::Text)]
    pub format: RateFormat,

    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(Args, Debug)]
#[command(after_help = "Type a deduction as its cells and digits: r5c3<>6, r8c3<>6 to remove candidates, r1c4=7 to \
place a digit. Also: 'hint' (where to look; twice for the cells), 'show' (the answer), 'quit'.\n\
Answers come from the terminal, or one per line on standard input, or from --answer (once per drill).\n\
Examples:\n  deduku practice x-wing\n  deduku practice pointing --count 3 --seed 7\n  \
deduku practice hidden-single --seed 1 --answer r3c9=2")]
pub struct PracticeArgs {
    /// The technique to drill, by id (see `deduku learn`); without one, any technique
    /// beyond the singles.
    #[arg(value_name = "TECHNIQUE")]
    pub technique: Option<String>,

    /// How many positions to drill.
    #[arg(help_heading = "Drills", long, default_value_t = 5, value_name = "N", value_parser = positive)]
    pub count: usize,

    /// Seed for the choice of positions (default: from the clock, shown at the start).
    #[arg(help_heading = "Drills", long, value_name = "S")]
    pub seed: Option<u64>,

    /// An answer, for scripts: one per drill, in order (instead of typing them).
    #[arg(help_heading = "Drills", long, value_name = "STEP")]
    pub answer: Vec<String>,

    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(Args, Debug)]
#[command(after_help = concat!("Examples:\n  deduku check \\\n    ", easy!(), "\n  \
deduku check -c --limit 100 \\\n    123456789........................................................................\n  \
deduku generate --count 20 --seed 5 | deduku check --format json"))]
pub struct CheckArgs {
    /// Puzzles, as for `solve`.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// Print the number of solutions instead of unique/multiple/none (`invalid` stays, for
    /// givens that clash).
    #[arg(help_heading = "Output", short, long, conflicts_with = "all")]
    pub count: bool,

    /// Print every solution (up to --limit), each puzzle's after a '# puzzle N' line.
    #[arg(help_heading = "Output", long)]
    pub all: bool,

    /// Stop counting at this many solutions (printed as N+).
    #[arg(help_heading = "Output", long, default_value_t = 10_000, value_name = "N", value_parser = at_least_one)]
    pub limit: usize,

    /// Output format: text (a word, a count or the solutions per puzzle), or json (one
    /// object per puzzle per line: status, count, and the solutions under --all).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = RateFormat::Text)]
    pub format: RateFormat,

    #[command(flatten)]
    pub rules: RuleArgs,

    #[command(flatten)]
    pub jobs: JobArgs,

    #[command(flatten)]
    pub input: KeepGoingArgs,
}

#[derive(Args, Debug)]
#[command(after_help = concat!("Scale: each technique's difficulty (see `deduku learn`). The difficulty is the hardest \
step; the total adds every step. Levels by difficulty: easy <= 2.3 (singles), medium <= 3.8, \
hard <= 5.9, unfair <= 7.5, extreme above 7.5 or when logic is not enough and search is needed.\n\
Examples:\n  deduku rate \\\n    ", easy!(), " \\\n    ", hard!(), "\n  deduku rate --format json \\\n    ", hard!()))]
pub struct RateArgs {
    /// Puzzles, as for `solve`.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// Output format: text (one line per puzzle) or json (one object per puzzle per line).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = RateFormat::Text)]
    pub format: RateFormat,

    /// Leave out the techniques that assume the puzzle has a unique solution.
    #[arg(help_heading = "Techniques", long)]
    pub no_uniqueness: bool,

    #[command(flatten)]
    pub rules: RuleArgs,

    #[command(flatten)]
    pub jobs: JobArgs,

    #[command(flatten)]
    pub input: KeepGoingArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
#[command(after_help = "Each puzzle is minimal for its symmetry: no given (or symmetric group of givens) can be \
taken away without losing uniqueness. On large irregular grids (16x16 jigsaw) a given whose removal cannot be \
checked within a bound of guesses stays, and after a few such in a row the rest stay too: the puzzle is still \
proved unique, but may not be minimal. The same --seed gives the same puzzles whatever --jobs is.\n\
With --with killer the cages are redrawn where a second solution shows, so that they alone fix the solution \
and the puzzle has no givens; when that fails (or its check takes too long, as on 12x12 and larger), givens \
are taken away as usual.\n\
With --jigsaw each puzzle gets its own regions, and each line is `--regions R PUZZLE` (then the solution, with \
--with-solution): the arguments of `deduku solve` for it. --format fpuzzles writes one link per puzzle instead, \
regions and rules included, which `deduku solve` reads from a file.\n\
Examples:\n  deduku generate --count 5 --seed 7 --symmetry rotational\n  deduku generate --min-clues 24 --with-solution\n  \
deduku generate --with kropki-white --size 6 --seed 3\n  deduku generate --with killer --seed 1\n  \
deduku generate --with thermometer,arrow --anti-knight\n  deduku generate --with whispers,renban --seed 4\n  \
deduku generate --jigsaw --anti-king --seed 2")]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(help_heading = "Puzzles made", long, default_value_t = 1, value_name = "N", value_parser = positive)]
    pub count: usize,

    /// Seed for reproducible puzzles (default: from the clock, shown with -v).
    #[arg(help_heading = "Puzzles made", long, value_name = "S")]
    pub seed: Option<u64>,

    /// Symmetry of the givens' positions.
    #[arg(help_heading = "Puzzles made", long, value_enum, default_value_t = SymmetryChoice::None)]
    pub symmetry: SymmetryChoice,

    /// Keep at least this many givens (stop taking givens away there).
    #[arg(help_heading = "Puzzles made", long, value_name = "N")]
    pub min_clues: Option<usize>,

    /// Keep at most this many givens (try up to 200 new grids per puzzle until one is this sparse).
    #[arg(help_heading = "Puzzles made", long, value_name = "N")]
    pub max_clues: Option<usize>,

    /// Print each puzzle's solution after it on the same line (in a link: stored in it).
    #[arg(help_heading = "Output", long)]
    pub with_solution: bool,

    /// Jigsaw: random irregular regions (connected, of --size cells each; 9 by default) for
    /// each puzzle. With --regions R instead, every puzzle uses the regions R.
    #[arg(help_heading = "Marks and regions", long, conflicts_with_all = ["regions", "boxes"])]
    pub jigsaw: bool,

    /// Rules whose marks, cages or lines are read off the solution and put on the puzzle,
    /// comma-separated: kropki-white, kropki-black, xv, odd-even, min-max, quadruple, clone,
    /// killer (cages covering the grid, with sums; few or no givens), thermometer, arrow,
    /// little-killer, sandwich, x-sum, skyscrapers, whispers, renban, entropic, palindrome,
    /// between-line, region-sum, indexer (columns 1, 5 and 9, or rows, at random)
    /// (and non-consecutive, the same as its flag).
    #[arg(help_heading = "Marks and regions", long = "with", value_delimiter = ',', value_name = "RULES")]
    pub with: Vec<String>,

    /// With kropki-white, kropki-black or xv: give every dot (every X and V) and turn the
    /// negative constraint on (pairs without a mark do not have its property).
    #[arg(help_heading = "Marks and regions", long)]
    pub negative: bool,

    /// Output: line (the default), or fpuzzles links (the default with --with: a line of
    /// digits cannot carry dots or marks, so --with refuses line).
    #[arg(help_heading = "Output", long, value_enum, value_name = "FORMAT")]
    pub format: Option<GenerateFormat>,

    #[command(flatten)]
    pub rules: RuleArgs,

    #[command(flatten)]
    pub jobs: JobArgs,
}

/// What `generate` prints for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One line of digits ('.' for blanks); with --jigsaw, `--regions R PUZZLE`.
    Line,
    /// One f-puzzles link, its rules, regions and marks included.
    Fpuzzles,
}

/// Symmetries of the givens' positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryChoice {
    /// Givens anywhere.
    None,
    /// Unchanged by a half turn about the centre (the usual newspaper symmetry).
    Rotational,
    /// Unchanged by a quarter turn about the centre.
    Quarter,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by a mirror in the main diagonal (top left to bottom right).
    Diagonal,
}

#[derive(Args, Debug)]
#[command(after_help = "Ids are matched in any case and spelling, and display names work too.\n\
Examples:\n  deduku learn\n  deduku learn x-wing\n  deduku learn \"Unique Rectangle Type 1\"\n  deduku learn --raw killer")]
pub struct LearnArgs {
    /// A technique or variant rule id (see `deduku learn`); without one, list them all.
    pub id: Option<String>,

    /// Print the guide's Markdown as it is (with its test cases), not rendered for reading.
    #[arg(help_heading = "Output", long)]
    pub raw: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The puzzle, one explained line per step, and the solved grid.
    Text,
    /// One 81-character solution line per puzzle, or a status word.
    Line,
    /// One JSON object per puzzle per line.
    Json,
    /// One f-puzzles link per puzzle (with the solution when found), to open in a browser.
    Fpuzzles,
    /// One self-contained HTML page that walks through every step on a drawn board.
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("the limit must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

/// A grid side deduku handles.
fn grid_side(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (4..=16).contains(&n) => Ok(n),
        Ok(n) => Err(format!("a grid side of {n} is not supported (4 to 16)")),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

/// A box shape written `RxC`.
fn box_shape(text: &str) -> Result<(usize, usize), String> {
    let parse = |part: &str| part.trim().parse::<usize>().ok().filter(|&n| n > 0);
    match text.split_once(['x', 'X']) {
        Some((rows, cols)) => match (parse(rows), parse(cols)) {
            (Some(rows), Some(cols)) => Ok((rows, cols)),
            _ => Err(format!("'{text}' is not ROWSxCOLUMNS with two whole numbers, as in 3x4")),
        },
        None => Err(format!("'{text}' is not ROWSxCOLUMNS, as in 3x4")),
    }
}

fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("it must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

/// A difficulty as written in --list-strategies (`4.2`), in tenths.
fn difficulty(text: &str) -> Result<u16, String> {
    let value: f64 = text.trim().parse().map_err(|_| format!("'{text}' is not a difficulty such as 4.2"))?;
    if !(0.0..=20.0).contains(&value) {
        return Err(format!("{value} is outside the scale 0 to 20 (see `deduku solve --list-strategies`)"));
    }
    Ok((value * 10.0).round() as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What clap prints for `args`: the help text, or the error.
    fn printed(command: clap::Command, args: &[&str]) -> String {
        match command.try_get_matches_from(args) {
            Ok(_) => "parsed".to_string(),
            Err(e) => e.render().to_string(),
        }
    }

    #[test]
    fn deferred_subcommands_print_and_parse_as_defined_at_once() {
        // Why one test: `whole_command` turns deferral off for the rest of the process.
        let subcommands: Vec<String> = <Cli as clap::CommandFactory>::command().get_subcommands().map(|s| s.get_name().to_string()).collect();
        assert!(subcommands.len() >= 10, "{subcommands:?}");
        let cases: Vec<Vec<String>> = subcommands
            .iter()
            .flat_map(|sub| {
                [vec![sub.clone(), "--help".into()], vec![sub.clone(), "-h".into()], vec![sub.clone(), "--no-such-flag".into()], vec!["help".into(), sub.clone()]]
            })
            .chain([vec!["check".into(), "--jbos".into(), "2".into()], vec!["solve".into(), "-j".into(), "0".into()], vec!["--help".into()]])
            .collect();
        let run = |command: fn() -> clap::Command| -> Vec<String> {
            cases
                .iter()
                .map(|case| {
                    let args: Vec<&str> = std::iter::once("deduku").chain(case.iter().map(String::as_str)).collect();
                    printed(command(), &args)
                })
                .collect()
        };
        let deferred = run(<Cli as clap::CommandFactory>::command);
        assert!(deferred.iter().any(|p| p.contains("--keep-going")), "a subcommand's own flags are printed");
        let parsed = Cli::try_parse_from(["deduku", "check", "-j", "2", "--keep-going", "x.txt"]).expect("parses");
        let Command::Check(args) = parsed.command else { panic!("not check") };
        assert_eq!((args.jobs.jobs, args.input.keep_going, args.puzzles.as_slice()), (Some(2), true, &["x.txt".to_string()][..]));
        let at_once = run(whole_command);
        for ((case, d), a) in cases.iter().zip(&deferred).zip(&at_once) {
            assert_eq!(d, a, "deduku {}", case.join(" "));
        }
        whole_command().debug_assert();
    }
}
