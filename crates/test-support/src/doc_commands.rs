//! Every command line of the docs, run: the shell code blocks of
//! `README.md`, `docs/*.md`, `docs/study/*.md` and `crates/*/README.md`, read as
//! CONTRIBUTING.md ("Commands in the docs") describes, and run by the test
//! of the crate whose binary they call (`lianliankan`, `segments`,
//! `solitaire`: `tests/it/doc_commands.rs` of each).
//!
//! - A ` ```sh ` block is a list of commands: each line not blank and not a
//!   `#` comment is one (a line ending in `\` goes on to the next).
//! - A ` ```console ` block is a transcript (a block without a language
//!   holding `$ ` lines is refused: it is one, or ` ```text `): a line starting with `$ ` is a
//!   command, and the lines after it, up to the next `$ `, are its output,
//!   compared with what it prints (standard output, then standard error).
//!   A `$ cat FILE` whose FILE no earlier command made shows the file: it
//!   is written from the lines shown.
//! - A command exits with status 0, or with N when its comment ends with
//!   `exit status N`.
//! - Square brackets mark optional parts of a synopsis: they are run
//!   included (the brackets dropped).
//! - An HTML comment just above the fence (among other comments there),
//!   `<!-- commands: ... -->`,
//!   says how the block is run, in parts separated by `;`:
//!   `set NAME=VALUE ...` (each NAME, as a whole word, replaced by VALUE:
//!   placeholders of a synopsis, `R`, `FILE`, `K/N`); `with --OPTION VALUE
//!   ...` (the value of each such option a command has, replaced: sizes and
//!   deal counts scaled down); `stdin PATH` (the commands read PATH, from
//!   the repository's root, on standard input; otherwise nothing);
//!   or the whole marker is `skip REASON` (not run: the test lists it
//!   with its reason).
//! - A block that calls none of the binaries a test runs must say `skip`,
//!   and one block calls at most one of them.
//!
//! Each block runs in a fresh folder of its own under `target/tmp/`,
//! holding a link to the repository's `fixtures/`, with the binary's folder
//! first on `PATH`; each command through `sh -c`, stopped after
//! [`TIME_LIMIT`].

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The binaries whose crates' tests run the docs' commands.
pub const BINARIES: [&str; 3] = ["lianliankan", "segments", "solitaire"];

/// The longest a command may run before it fails.
pub const TIME_LIMIT: Duration = Duration::from_secs(300);

/// One command of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocCommand {
    /// Its line in the file (1-based; the first line of a continued one).
    pub line: usize,
    /// The command as the docs write it (continuations joined, comment off).
    pub written: String,
    /// The command as it is run (placeholders set, options scaled).
    pub run: String,
    /// The exit status it must end with.
    pub status: i32,
    /// In a transcript, the output it must print.
    pub output: Option<String>,
}

/// A shell code block of the docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The file, from the repository's root.
    pub file: PathBuf,
    /// The line of its opening fence.
    pub line: usize,
    /// Why it is not run, if its marker says `skip`.
    pub skip: Option<String>,
    /// The file its commands read on standard input.
    pub stdin: Option<PathBuf>,
    /// Its commands.
    pub commands: Vec<DocCommand>,
}

impl Block {
    /// The binaries of [`BINARIES`] its commands call.
    #[must_use]
    pub fn binaries(&self) -> Vec<&'static str> {
        BINARIES
            .into_iter()
            .filter(|b| self.commands.iter().any(|c| calls(&c.run, b)))
            .collect()
    }

    /// `file:line`, for messages.
    #[must_use]
    pub fn place(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }
}

/// Whether `command` runs `binary`: as the first word of the line or of a
/// part after `|`, `;`, `&&` or `||`, or inside a quoted command (GNU
/// parallel's).
fn calls(command: &str, binary: &str) -> bool {
    command
        .split(['|', ';', '&', '"', '\''])
        .any(|part| part.split_whitespace().next() == Some(binary))
}

/// The Markdown files whose commands are run: `README.md`, `docs/*.md`,
/// `docs/study/*.md`, `crates/*/README.md`, sorted.
///
/// # Errors
/// A folder that cannot be read.
pub fn doc_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = vec![PathBuf::from("README.md")];
    let list = |dir: &Path| -> Result<Vec<PathBuf>, String> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(Result::ok)
            .map(|e| dir.join(e.file_name()))
            .collect();
        names.sort();
        Ok(names)
    };
    for docs in ["docs", "docs/study"] {
        files.extend(
            list(Path::new(docs))?
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "md")),
        );
    }
    files.extend(
        list(Path::new("crates"))?
            .into_iter()
            .map(|p| p.join("README.md"))
            .filter(|p| root.join(p).is_file()),
    );
    Ok(files)
}

/// The shell blocks of the Markdown `text` of `file`.
///
/// # Errors
/// A marker that cannot be read, or a fence left open, with its line.
pub fn blocks(file: &Path, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let fence = i;
        let end = (fence + 1..lines.len())
            .find(|&j| lines[j].trim_start().starts_with("```"))
            .ok_or_else(|| format!("{}:{}: a code block left open", file.display(), fence + 1))?;
        let lang = info.split_whitespace().next().unwrap_or("");
        if lang.is_empty() && (fence + 1..end).any(|j| lines[j].starts_with("$ ")) {
            return Err(format!(
                "{}:{}: a block of `$ ` lines without a language: mark it console (or text)",
                file.display(),
                fence + 1
            ));
        }
        if lang == "sh" || lang == "console" {
            // The HTML comments just above the fence (blank lines between
            // allowed): the marker is the one starting `<!-- commands:`.
            let marker = (0..fence)
                .rev()
                .map(|j| lines[j].trim())
                .filter(|l| !l.is_empty())
                .take_while(|l| l.starts_with("<!--"))
                .find_map(|l| l.strip_prefix("<!-- commands:"))
                .and_then(|l| l.strip_suffix("-->"));
            let place = || format!("{}:{}", file.display(), fence + 1);
            let marker =
                Marker::read(marker.unwrap_or("")).map_err(|e| format!("{}: {e}", place()))?;
            let body: Vec<(usize, &str)> = (fence + 1..end).map(|j| (j + 1, lines[j])).collect();
            let commands = if lang == "sh" {
                sh_commands(&body, &marker)
            } else {
                console_commands(&body, &marker)
            };
            found.push(Block {
                file: file.to_owned(),
                line: fence + 1,
                skip: marker.skip,
                stdin: marker.stdin,
                commands,
            });
        }
        i = end + 1;
    }
    Ok(found)
}

/// What a block's marker says.
#[derive(Default)]
struct Marker {
    skip: Option<String>,
    set: Vec<(String, String)>,
    with: Vec<(String, String)>,
    stdin: Option<PathBuf>,
}

impl Marker {
    fn read(text: &str) -> Result<Marker, String> {
        let mut marker = Marker::default();
        if let Some(reason) = text.trim().strip_prefix("skip ") {
            marker.skip = Some(reason.trim().to_owned());
            return Ok(marker);
        }
        for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let (word, rest) = part.split_once(' ').unwrap_or((part, ""));
            let rest = rest.trim();
            match word {
                "set" => {
                    for pair in rest.split_whitespace() {
                        let (name, value) = pair
                            .split_once('=')
                            .ok_or_else(|| format!("`set {pair}`: NAME=VALUE expected"))?;
                        marker.set.push((name.to_owned(), value.to_owned()));
                    }
                    // The longest names first, so that `K/N` goes before `K`.
                    marker
                        .set
                        .sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
                }
                "with" => {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    if words.len() % 2 != 0 || words.iter().step_by(2).any(|w| !w.starts_with("--"))
                    {
                        return Err(format!("`with {rest}`: pairs `--OPTION VALUE` expected"));
                    }
                    marker
                        .with
                        .extend(words.chunks(2).map(|p| (p[0].to_owned(), p[1].to_owned())));
                }
                "stdin" if !rest.is_empty() => marker.stdin = Some(PathBuf::from(rest)),
                _ => {
                    return Err(format!(
                        "`{part}`: a marker part is `set`, `with` or `stdin`, or the marker is `skip REASON`"
                    ));
                }
            }
        }
        Ok(marker)
    }

    /// `written` as it is run.
    fn apply(&self, written: &str) -> String {
        let mut run: String = written.chars().filter(|&c| c != '[' && c != ']').collect();
        for (name, value) in &self.set {
            run = replace_word(&run, name, value);
        }
        for (option, value) in &self.with {
            let mut words: Vec<String> = run.split(' ').map(str::to_owned).collect();
            if let Some(at) = words.iter().position(|w| w == option)
                && let Some(next) = words[at + 1..].iter_mut().find(|w| !w.is_empty())
            {
                next.clone_from(value);
                run = words.join(" ");
            }
        }
        run
    }
}

/// `text` with each whole-word `name` (not next to a letter, digit or `_`)
/// replaced by `value`.
fn replace_word(text: &str, name: &str, value: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(name) {
        let before = rest[..at]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back());
        let after = rest[at + name.len()..].chars().next();
        out.push_str(&rest[..at]);
        if word(before) || word(after) {
            out.push_str(name);
        } else {
            out.push_str(value);
        }
        rest = &rest[at + name.len()..];
    }
    out.push_str(rest);
    out
}

/// A command line split at its comment: a `#` after white space, outside
/// quotes.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => {
                return (line[..at].trim_end(), &line[at + 1..]);
            }
            _ => {}
        }
        previous = c;
    }
    (line.trim_end(), "")
}

/// The status a comment asks for: N when it ends with `exit status N`,
/// else 0.
fn status_of(comment: &str) -> i32 {
    let comment = comment.trim_end();
    let digits = comment.len() - comment.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (head, number) = comment.split_at(comment.len() - digits);
    match number.parse() {
        Ok(status) if head.ends_with("exit status ") => status,
        _ => 0,
    }
}

fn command(line: usize, text: &str, marker: &Marker, output: Option<String>) -> DocCommand {
    let (written, comment) = split_comment(text);
    DocCommand {
        line,
        written: written.to_owned(),
        run: marker.apply(written),
        status: status_of(comment),
        output,
    }
}

fn sh_commands(body: &[(usize, &str)], marker: &Marker) -> Vec<DocCommand> {
    let mut commands = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for &(line, text) in body {
        let (start, mut joined) = pending.take().unwrap_or((line, String::new()));
        if joined.is_empty() && (text.trim().is_empty() || text.trim_start().starts_with('#')) {
            continue;
        }
        if let Some(head) = text.trim_end().strip_suffix('\\') {
            joined.push_str(head.trim());
            joined.push(' ');
            pending = Some((start, joined));
        } else {
            joined.push_str(text.trim());
            commands.push(command(start, &joined, marker, None));
        }
    }
    commands
}

fn console_commands(body: &[(usize, &str)], marker: &Marker) -> Vec<DocCommand> {
    let mut commands: Vec<DocCommand> = Vec::new();
    for &(line, text) in body {
        if let Some(text) = text.strip_prefix("$ ") {
            commands.push(command(line, text, marker, Some(String::new())));
        } else if let Some(output) = commands.last_mut().and_then(|c| c.output.as_mut()) {
            output.push_str(text);
            output.push('\n');
        }
    }
    commands
}

/// What [`run`] did.
#[derive(Debug, Default)]
pub struct Report {
    /// `file:line: command` of each command run.
    pub ran: Vec<String>,
    /// `file:line: reason` of each block skipped (every binary's).
    pub skipped: Vec<String>,
    /// What went wrong, each with its file and line.
    pub failures: Vec<String>,
}

impl Report {
    /// The report as text: what ran, what was skipped and why, failures.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::new();
        for ran in &self.ran {
            let _ = writeln!(text, "ran      {ran}");
        }
        for skipped in &self.skipped {
            let _ = writeln!(text, "SKIPPED  {skipped}");
        }
        for failure in &self.failures {
            let _ = writeln!(text, "FAILED   {failure}");
        }
        text
    }
}

/// Runs the commands of the docs under `root` that call `binary`, the
/// program at `exe`; checks that every block is run by some binary's test
/// or skipped with a reason.
///
/// # Errors
/// A doc that cannot be read or a marker that cannot be understood.
pub fn run(root: &Path, binary: &str, exe: &Path) -> Result<Report, String> {
    let mut report = Report::default();
    let work = root.join("target/tmp/doc-commands").join(binary);
    let _ = std::fs::remove_dir_all(&work);
    let bin_dir = exe.parent().ok_or("the binary has no folder")?;
    let path = std::env::join_paths(std::iter::once(bin_dir.to_owned()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .map_err(|e| e.to_string())?;
    for file in doc_files(root)? {
        let text = std::fs::read_to_string(root.join(&file))
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for block in blocks(&file, &text)? {
            let binaries = block.binaries();
            if block.commands.is_empty() {
                continue;
            }
            if let Some(reason) = &block.skip {
                report.skipped.push(format!("{}: {reason}", block.place()));
                continue;
            }
            match binaries.as_slice() {
                [] => report.failures.push(format!(
                    "{}: runs none of {BINARIES:?}: mark it `<!-- commands: skip REASON -->`",
                    block.place()
                )),
                [one] if *one == binary => {
                    let dir = work.join(format!(
                        "{}-{}",
                        block.file.display().to_string().replace('/', "_"),
                        block.line
                    ));
                    run_block(root, &block, &dir, &path, &mut report)?;
                }
                [_] => {}
                _ => report.failures.push(format!(
                    "{}: calls {binaries:?}: one binary a block",
                    block.place()
                )),
            }
        }
    }
    Ok(report)
}

fn run_block(
    root: &Path,
    block: &Block,
    dir: &Path,
    path: &std::ffi::OsStr,
    report: &mut Report,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    link(&root.join("fixtures"), &dir.join("fixtures"))?;
    for command in &block.commands {
        let place = format!("{}:{}", block.file.display(), command.line);
        report.ran.push(format!("{place}: {}", command.run));
        // A transcript's `cat FILE` of a file not made shows the file.
        if let (Some(output), Some(name)) = (&command.output, command.run.strip_prefix("cat ")) {
            let target = dir.join(name.trim());
            if !name.contains(char::is_whitespace) && !target.exists() {
                std::fs::write(&target, output).map_err(|e| format!("{place}: {e}"))?;
            }
        }
        let stdin = match &block.stdin {
            Some(file) => Stdio::from(
                std::fs::File::open(root.join(file))
                    .map_err(|e| format!("{place}: cannot open {}: {e}", file.display()))?,
            ),
            None => Stdio::null(),
        };
        let mut shell = Command::new("sh");
        // Its own process group, so that a time-out stops the whole
        // pipeline, not only the shell.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = shell
            .args(["-c", &command.run])
            .current_dir(dir)
            .env("PATH", path)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{place}: cannot start sh: {e}"))?;
        let reader = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                String::from_utf8_lossy(&bytes).into_owned()
            })
        };
        let out = reader(Box::new(child.stdout.take().expect("piped")));
        let err = reader(Box::new(child.stderr.take().expect("piped")));
        let start = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if start.elapsed() > TIME_LIMIT => {
                    // The group of the shell (its id): every process of
                    // the command.
                    let _ = Command::new("kill")
                        .args(["-KILL", "--", &format!("-{}", child.id())])
                        .status();
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => return Err(format!("{place}: {e}")),
            }
        };
        let Some(status) = status else {
            report.failures.push(format!(
                "{place}: `{}` still ran after {TIME_LIMIT:?}",
                command.run
            ));
            continue;
        };
        let (stdout, stderr) = (
            out.join().unwrap_or_default(),
            err.join().unwrap_or_default(),
        );
        if status.code() != Some(command.status) {
            report.failures.push(format!(
                "{place}: `{}` exited with {status}, not {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
                command.run, command.status
            ));
        } else if let Some(expected) = &command.output
            && !command.run.starts_with("cat ")
            && format!("{stdout}{stderr}") != *expected
        {
            report.failures.push(format!(
                "{place}: `{}` printed\n{stdout}{stderr}--- where the docs show\n{expected}",
                command.run
            ));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) -> Result<(), String> {
    if at.exists() {
        return Ok(());
    }
    std::os::unix::fs::symlink(target, at).map_err(|e| format!("cannot link {}: {e}", at.display()))
}

#[cfg(not(unix))]
fn link(_target: &Path, _at: &Path) -> Result<(), String> {
    Err("the docs' commands run on Unix only".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_as_documented() {
        let doc = "text\n\
<!-- commands: set FILE=a.in R=6 K/N=1/2; with --deals 3 -->\n\
```sh\n\
# a comment line\n\
tool --draw [--ascii] FILE        # exit status 4\n\
tool replay FILE  # ok, or the first illegal step (exit status 4)\n\
tool study --rows R --deals 1000 \\\n    --shard K/N | other\n\
```\n\
```console\n\
$ cat board.txt    # the board\n\
1 2\n\
$ tool moves board.txt\n\
ok\n\
```\n\
<!-- commands: skip needs a server -->\n\
```sh\n\
play --port 1\n\
```\n\
```rust\n\
not a command\n\
```\n";
        let blocks = blocks(Path::new("x.md"), doc).unwrap();
        assert_eq!(blocks.len(), 3);
        let sh = &blocks[0];
        assert_eq!(sh.line, 3);
        let runs: Vec<&str> = sh.commands.iter().map(|c| c.run.as_str()).collect();
        assert_eq!(
            runs,
            [
                "tool --draw --ascii a.in",
                "tool replay a.in",
                "tool study --rows 6 --deals 3 --shard 1/2 | other"
            ]
        );
        assert_eq!(sh.commands[0].status, 4);
        assert_eq!(sh.commands[1].status, 0);
        assert_eq!(sh.commands[2].status, 0);
        assert_eq!(sh.commands[2].line, 7);
        let console = &blocks[1];
        assert_eq!(console.commands.len(), 2);
        assert_eq!(console.commands[0].output.as_deref(), Some("1 2\n"));
        assert_eq!(console.commands[1].output.as_deref(), Some("ok\n"));
        assert_eq!(blocks[2].skip.as_deref(), Some("needs a server"));
    }

    #[test]
    fn words_are_replaced_whole() {
        assert_eq!(
            replace_word("--rows R --kinds $((R*C/4)) RR", "R", "6"),
            "--rows 6 --kinds $((6*C/4)) RR"
        );
        assert_eq!(replace_word("a K/N b", "K/N", "1/2"), "a 1/2 b");
    }

    #[test]
    fn a_call_is_a_first_word() {
        assert!(calls(
            "echo x > o.txt; lianliankan replay a b",
            "lianliankan"
        ));
        assert!(calls("printf '1' | solitaire --explain", "solitaire"));
        assert!(!calls("cat lianliankan.txt", "lianliankan"));
    }

    #[test]
    fn an_unmarked_transcript_is_refused() {
        assert!(blocks(Path::new("x.md"), "```\n$ tool x\nout\n```\n").is_err());
        assert!(
            blocks(Path::new("x.md"), "```\nplain text\n```\n")
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn a_bad_marker_is_refused() {
        assert!(
            blocks(
                Path::new("x.md"),
                "<!-- commands: sit A=1 -->\n```sh\nx\n```\n"
            )
            .is_err()
        );
        assert!(
            blocks(
                Path::new("x.md"),
                "<!-- commands: with --deals -->\n```sh\nx\n```\n"
            )
            .is_err()
        );
    }
}
