//! One run of the program under test: a new process, the input on its
//! stdin, its stdout and stderr captured, killed when it runs over its time.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// Inputs up to this size are written before waiting, without a thread: a
/// pipe holds at least this much (POSIX `PIPE_BUF`), so the write cannot
/// block on a program that never reads.
const INLINE_INPUT: usize = 4096;

/// How long to wait, once the program has ended, for its output pipes to
/// close. They close at once unless a process it started keeps them open.
const PIPE_GRACE: Duration = Duration::from_millis(500);

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// By itself, with this status.
    Exited(ExitStatus),
    /// Killed after running over its time.
    TimedOut,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub ended: Ended,
    /// Standard output, at most the `keep` bytes asked for.
    pub stdout: Vec<u8>,
    /// Whether standard output went on past `keep` bytes (the rest was read
    /// and dropped).
    pub stdout_cut: bool,
    /// Standard error, at most [`STDERR_KEEP`] bytes.
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

/// How much of standard error is kept: enough for a panic message or a
/// stack trace's first lines.
const STDERR_KEEP: usize = 64 * 1024;

/// The program under test and how long one run may take.
#[derive(Clone, Debug)]
pub(crate) struct Runner {
    pub program: OsString,
    pub args: Vec<OsString>,
    pub timeout: Duration,
}

impl Runner {
    /// Runs the program once on `input`, keeping at most `keep` bytes of
    /// its standard output.
    ///
    /// # Errors
    /// Only when the program cannot be started (not found, not executable,
    /// no more processes); everything the program itself does is a `Run`.
    pub fn run(&self, input: &[u8], keep: usize) -> io::Result<Run> {
        let started = Instant::now();
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        feed(&mut child, input);
        let stdout = capture(child.stdout.take(), keep);
        let stderr = capture(child.stderr.take(), STDERR_KEEP);
        let ended = match child.wait_timeout(self.timeout) {
            Ok(Some(status)) => Ended::Exited(status),
            // Over its time, or waiting failed: stop it either way.
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                Ended::TimedOut
            }
        };
        let elapsed = started.elapsed();
        let (stdout, stdout_cut) = collect(&stdout);
        let (stderr, _) = collect(&stderr);
        Ok(Run {
            ended,
            stdout,
            stdout_cut,
            stderr,
            elapsed,
        })
    }
}

/// Writes `input` to the child's stdin and closes it: at once when it fits
/// a pipe, otherwise from a thread (the program may read slowly, or never).
/// A program that stops reading early only loses its input (the write error
/// is ignored: what it printed is what counts).
fn feed(child: &mut Child, input: &[u8]) {
    let Some(mut stdin) = child.stdin.take() else {
        return;
    };
    if input.len() <= INLINE_INPUT {
        let _ = stdin.write_all(input);
    } else {
        let input = input.to_vec();
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
}

type Captured = mpsc::Receiver<(Vec<u8>, bool)>;

/// Reads `pipe` to its end on a thread, keeping the first `keep` bytes (and
/// whether there was more).
fn capture<R: Read + Send + 'static>(pipe: Option<R>, keep: usize) -> Captured {
    let (send, receive) = mpsc::channel();
    if let Some(mut pipe) = pipe {
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut cut = false;
            let mut buffer = [0u8; 16 * 1024];
            loop {
                match pipe.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        let room = keep.saturating_sub(kept.len());
                        kept.extend_from_slice(&buffer[..n.min(room)]);
                        cut |= n > room;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = send.send((kept, cut));
        });
    }
    receive
}

/// What a capture thread read; nothing if the pipe is still open after
/// [`PIPE_GRACE`] (a process the program started holds it).
fn collect(captured: &Captured) -> (Vec<u8>, bool) {
    captured.recv_timeout(PIPE_GRACE).unwrap_or_default()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str, timeout_ms: u64) -> Runner {
        Runner {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            timeout: Duration::from_millis(timeout_ms),
        }
    }

    #[test]
    fn feeds_and_captures() {
        let run = sh("cat; echo oops >&2", 5000)
            .run(b"hello\n", 1 << 20)
            .unwrap();
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.stderr, b"oops\n");
        assert!(matches!(run.ended, Ended::Exited(s) if s.success()));
        assert!(!run.stdout_cut);
    }

    #[test]
    fn large_input_to_a_program_that_never_reads() {
        let input = vec![b'x'; 1 << 20];
        let run = sh("echo done", 5000).run(&input, 1 << 20).unwrap();
        assert_eq!(run.stdout, b"done\n");
        let run = sh("wc -c", 5000).run(&input, 1 << 20).unwrap();
        assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "1048576");
    }

    #[test]
    fn keeps_only_what_was_asked() {
        let run = sh("yes | head -c 100000", 5000).run(b"", 10).unwrap();
        assert_eq!(run.stdout, b"y\ny\ny\ny\ny\n");
        assert!(run.stdout_cut);
    }

    #[test]
    fn kills_a_program_over_its_time() {
        let run = sh("echo partial; exec sleep 10", 200)
            .run(b"", 1024)
            .unwrap();
        assert_eq!(run.ended, Ended::TimedOut);
        assert_eq!(run.stdout, b"partial\n");
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
    }

    #[test]
    fn exit_status_and_missing_program() {
        let run = sh("exit 3", 5000).run(b"", 1024).unwrap();
        assert!(matches!(run.ended, Ended::Exited(s) if s.code() == Some(3)));
        let missing = Runner {
            program: "/nonexistent/program".into(),
            args: Vec::new(),
            timeout: Duration::from_secs(1),
        };
        assert!(missing.run(b"", 1024).is_err());
    }
}
