//! `cargo xtask links`, and the test that runs it: every relative link in
//! the repository's Markdown files points at a file or folder that exists,
//! and every `#anchor` into a Markdown file names one of its headings.
//!
//! What counts as a link: inline links and images (`[x](path)`,
//! `[x](path#anchor)`, `![x](path "title")`), reference definitions
//! (`[x]: path`) and `<img src="path">`. Links inside fenced code blocks and
//! code spans are not links; `http:`, `https:` and `mailto:` links are not
//! checked (this machine reaches no web). Anchors follow GitHub's rule for
//! heading ids ([`slug`]), with `-1`, `-2`, ... for repeated headings.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::run::workspace_root;

/// Folders never searched for Markdown files: build output, git's own,
/// and installed JavaScript packages.
const SKIPPED_DIRS: [&str; 3] = ["target", ".git", "node_modules"];

/// A relative link as written in a Markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Link {
    /// 1-based line of the file where the link's target is written.
    line: usize,
    /// The target as written (path, optional `#anchor`).
    target: String,
}

/// Checks every Markdown file of the workspace (or of the folder given,
/// such as another checkout) and prints each broken link as
/// `file:line: link: why`.
pub fn run(args: &[String]) -> Result<(), String> {
    let root = match args {
        [] => workspace_root(),
        [dir] => PathBuf::from(dir),
        _ => return Err("usage: cargo xtask links [FOLDER]".to_owned()),
    };
    let broken = broken_links(&root)?;
    if broken.is_empty() {
        println!("==> every relative link in the Markdown files resolves");
        return Ok(());
    }
    for line in &broken {
        println!("{line}");
    }
    Err(format!("{} broken links", broken.len()))
}

/// Every broken relative link under `root`, as `file:line: link: why`
/// (the file relative to `root`), in file order.
fn broken_links(root: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    markdown_files(root, &mut files)?;
    files.sort();
    let mut broken = Vec::new();
    for file in &files {
        let text = read(file)?;
        let shown = file.strip_prefix(root).unwrap_or(file).display();
        for link in links(&text) {
            if let Err(why) = check(root, file, &text, &link.target) {
                broken.push(format!("{shown}:{}: {}: {why}", link.line, link.target));
            }
        }
    }
    Ok(broken)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Collects the `.md` files under `dir`, skipping [`SKIPPED_DIRS`].
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let name = entry.file_name();
        if kind.is_dir() {
            if !SKIPPED_DIRS.iter().any(|s| name == *s) {
                markdown_files(&path, out)?;
            }
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    Ok(())
}

/// Checks one link of `file` (whose text is `text`): `Ok` when it is not
/// relative or when it resolves.
fn check(root: &Path, file: &Path, text: &str, target: &str) -> Result<(), String> {
    if is_external(target) {
        return Ok(());
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let path = percent_decoded(path);
    let resolved = if path.is_empty() {
        file.to_path_buf()
    } else if let Some(from_root) = path.strip_prefix('/') {
        root.join(from_root)
    } else {
        file.parent().unwrap_or(root).join(&path)
    };
    if !resolved.exists() {
        return Err("no such file or folder".to_owned());
    }
    let Some(anchor) = anchor else {
        return Ok(());
    };
    if resolved.extension().is_none_or(|e| e != "md") {
        // GitHub's anchors into other files (`#L10` into code) are not ours
        // to check.
        return Ok(());
    }
    let target_text = if path.is_empty() {
        text.to_owned()
    } else {
        read(&resolved)?
    };
    if anchors(&target_text).contains(&percent_decoded(anchor).to_lowercase()) {
        Ok(())
    } else {
        Err(format!("no heading with the anchor #{anchor}"))
    }
}

/// Whether a link leaves the repository (a URL scheme, or `//host`).
fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    lower.starts_with("http:")
        || lower.starts_with("https:")
        || lower.starts_with("mailto:")
        || lower.starts_with("//")
        || lower.contains("://")
}

/// `%20` and the like decoded (GitHub links to files with spaces so).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The lines of `text` with fenced code blocks blanked and code spans
/// blanked, so that what is left is the text a link can stand in. The
/// line numbers stay the same.
fn prose_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // The fence that opened the code block we are in: its character and
    // length (a block ends at a fence of the same character, at least as
    // long).
    let mut fence: Option<(char, usize)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let run = |c: char| trimmed.chars().take_while(|&x| x == c).count();
        let opening = ['`', '~']
            .into_iter()
            .map(|c| (c, run(c)))
            .find(|&(_, n)| n >= 3);
        match (fence, opening) {
            (Some((c, n)), Some((d, m))) if c == d && m >= n && trimmed[m..].trim().is_empty() => {
                fence = None;
                out.push(String::new());
            }
            (Some(_), _) => out.push(String::new()),
            (None, Some(open)) if indent < 4 => {
                fence = Some(open);
                out.push(String::new());
            }
            (None, _) => out.push(without_code_spans(line)),
        }
    }
    out
}

/// `line` with the insides of its code spans (`` `x` ``, ``` ``x`` ```)
/// replaced by spaces; an unmatched backtick run is kept as text.
fn without_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = chars[i..].iter().take_while(|&&c| c == '`').count();
        // The closing run: exactly n backticks.
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let m = chars[j..].iter().take_while(|&&c| c == '`').count();
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                out.extend(std::iter::repeat_n(' ', j + n - i));
                i = j + n;
            }
            None => {
                out.extend(std::iter::repeat_n('`', n));
                i += n;
            }
        }
    }
    out
}

/// Every relative link of a Markdown text, in order.
fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (i, line) in prose_lines(text).iter().enumerate() {
        let mut push = |target: &str| {
            if !target.is_empty() && !is_external(target) {
                out.push(Link {
                    line: i + 1,
                    target: target.to_owned(),
                });
            }
        };
        // A reference definition: `[label]: target` at the line's start.
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() < 4
            && trimmed.starts_with('[')
            && !trimmed.starts_with("[^")
            && let Some(end) = trimmed.find("]:")
        {
            let target = trimmed[end + 2..].trim_start();
            let target = match target.strip_prefix('<') {
                Some(inner) => inner.split('>').next().unwrap_or(""),
                None => target.split_whitespace().next().unwrap_or(""),
            };
            push(target);
            continue;
        }
        // Inline links and images: `](target)` or `](target "title")`.
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let (target, used) = inline_target(after);
            if let Some(target) = target {
                push(target);
            }
            rest = &after[used..];
        }
        // HTML images: `<img ... src="target" ...>`.
        let mut rest = line.as_str();
        while let Some(at) = rest.find("<img") {
            let tag = &rest[at..];
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            if let Some(target) = attribute(tag, "src") {
                push(target);
            }
            rest = &rest[at + 4..];
        }
    }
    out
}

/// The target at the start of `after` (the text after `](`), and how many
/// bytes of `after` the link takes. `None` when it is no link (no closing
/// parenthesis on the line).
fn inline_target(after: &str) -> (Option<&str>, usize) {
    if let Some(inner) = after.strip_prefix('<') {
        return match inner.find('>') {
            Some(end) => (Some(&inner[..end]), end + 2),
            None => (None, 0),
        };
    }
    // The destination ends at white space (a title follows) or at the
    // parenthesis that closes the link, allowing balanced ones inside.
    let mut depth = 0usize;
    for (i, c) in after.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return (Some(&after[..i]), i + 1),
            ')' => depth -= 1,
            c if c.is_whitespace() => {
                let close = after[i..].find(')').map_or(after.len(), |j| i + j + 1);
                return (Some(&after[..i]), close);
            }
            _ => {}
        }
    }
    (None, 0)
}

/// The value of `name="..."` (or `'...'`) in an HTML tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = tag;
    while let Some(at) = rest.find(name) {
        let before_ok = rest[..at]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let after = rest[at + name.len()..].trim_start();
        if before_ok && let Some(value) = after.strip_prefix('=') {
            let value = value.trim_start();
            let quote = value.chars().next()?;
            if quote == '"' || quote == '\'' {
                let value = &value[1..];
                return value.find(quote).map(|end| &value[..end]);
            }
            return value.split(|c: char| c.is_whitespace() || c == '>').next();
        }
        rest = &rest[at + name.len()..];
    }
    None
}

/// GitHub's id for a heading: its text lowercased, every character that is
/// not a letter, a digit, a space, `-` or `_` dropped, and each space made
/// a `-`. Link syntax counts as its text (`[x](y)` as `x`).
fn slug(heading: &str) -> String {
    let text = link_texts(heading);
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// `text` with each `[x](y)` replaced by `x`.
fn link_texts(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let (target, used) = inline_target(&rest[at + 2..]);
        match (target, rest[..at].rfind('[')) {
            (Some(_), Some(open)) => {
                out.push_str(&rest[..open]);
                out.push_str(&rest[open + 1..at]);
                rest = &rest[at + 2 + used..];
            }
            _ => {
                out.push_str(&rest[..at + 2]);
                rest = &rest[at + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The anchors a Markdown text offers: its headings' slugs (ATX `#` and
/// setext underlined ones; repeats get `-1`, `-2`, ...) and the `id` or
/// `name` of HTML tags.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut add = |slug: String, out: &mut BTreeSet<String>| {
        let count = seen.entry(slug.clone()).or_insert(0);
        let id = if *count == 0 {
            slug.clone()
        } else {
            format!("{slug}-{count}")
        };
        *count += 1;
        out.insert(id);
    };
    // Headings are read from the raw lines (code spans are heading text),
    // outside fenced code blocks.
    let prose = prose_lines(text);
    let raw: Vec<&str> = text.lines().collect();
    for (i, line) in raw.iter().enumerate() {
        let in_code = prose[i].is_empty() && !line.trim().is_empty();
        if in_code {
            continue;
        }
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if line.len() - trimmed.len() < 4
            && (1..=6).contains(&hashes)
            && trimmed[hashes..].chars().next().is_none_or(|c| c == ' ')
        {
            let title = trimmed[hashes..].trim();
            let title = title.trim_end_matches('#').trim_end();
            add(slug(title), &mut out);
        } else if i > 0
            && !line.trim().is_empty()
            && (line.trim().chars().all(|c| c == '=') || line.trim().chars().all(|c| c == '-'))
            && !raw[i - 1].trim().is_empty()
            && !prose[i - 1].trim().is_empty()
            && !raw[i - 1]
                .trim_start()
                .starts_with(['#', '|', '-', '*', '>'])
        {
            add(slug(raw[i - 1]), &mut out);
        }
        let mut rest = *line;
        while let Some(at) = rest.find('<') {
            let tag = &rest[at..];
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            for name in ["id", "name"] {
                if let Some(value) = attribute(tag, name) {
                    out.insert(value.to_lowercase());
                }
            }
            rest = &rest[at + 1..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<(usize, String)> {
        links(text)
            .into_iter()
            .map(|l| (l.line, l.target))
            .collect()
    }

    #[test]
    fn every_relative_link_in_the_repository_resolves() {
        let broken = broken_links(&workspace_root()).unwrap();
        assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    }

    #[test]
    fn the_extractor_finds_each_kind_of_link_with_its_line() {
        let text = "\
# Title

See [the guide](docs/guide.md), ![a chart](docs/chart.svg \"Chart\") and
[a part](docs/guide.md#some-part) or [here](#title).
<img src=\"docs/play.png\" alt=\"x\"> and <img alt='y' src='a b.png'>
[ref]: CONTRIBUTING.md
   [other]: <docs/with space.md> \"title\"
[web](https://example.invalid/x) [mail](mailto:a@b.invalid) [abs](http://x)
";
        assert_eq!(
            targets(text),
            [
                (3, "docs/guide.md"),
                (3, "docs/chart.svg"),
                (4, "docs/guide.md#some-part"),
                (4, "#title"),
                (5, "docs/play.png"),
                (5, "a b.png"),
                (6, "CONTRIBUTING.md"),
                (7, "docs/with space.md"),
            ]
            .map(|(l, t)| (l, t.to_owned()))
        );
    }

    #[test]
    fn links_in_code_are_not_links() {
        let text = "\
Text `[not](a.md)` and ``[nor](b.md)`` but [yes](c.md) and `unclosed [yes2](d.md)
```sh
[no](e.md)
~~~
[still no](f.md)
```
~~~~
[no either](g.md)
````
~~~~
[after](h.md)
";
        assert_eq!(
            targets(text),
            [(1, "c.md"), (1, "d.md"), (11, "h.md")].map(|(l, t)| (l, t.to_owned()))
        );
    }

    #[test]
    fn balanced_parentheses_stay_in_the_target_and_text_brackets_are_no_link() {
        assert_eq!(
            targets("[x](a_(b).md) [y] (not.md) [z](c.md)"),
            [(1, "a_(b).md"), (1, "c.md")].map(|(l, t)| (l, t.to_owned()))
        );
    }

    #[test]
    fn slugs_follow_githubs_rule() {
        assert_eq!(slug("Two commands"), "two-commands");
        assert_eq!(
            slug("`play`: the game in the browser"),
            "play-the-game-in-the-browser"
        );
        assert_eq!(
            slug("How many random deals can be cleared: `study`"),
            "how-many-random-deals-can-be-cleared-study"
        );
        assert_eq!(
            slug("snake_case and kebab-case"),
            "snake_case-and-kebab-case"
        );
        assert_eq!(slug("Limits (worth) knowing!"), "limits-worth-knowing");
        assert_eq!(slug("14×6 boards, 0.5 ms"), "146-boards-05-ms");
        assert_eq!(slug("See [the API](x.md#api)"), "see-the-api");
        assert_eq!(slug("Ünïcode Wörds"), "ünïcode-wörds");
    }

    #[test]
    fn anchors_number_repeated_headings_and_skip_code() {
        let text = "\
# Tests
## Tests
Setext heading
--------------
```
# Not a heading
```
<a id=\"Custom-Id\"></a>
#hashtag is no heading
";
        let found = anchors(text);
        let expected: BTreeSet<String> = ["tests", "tests-1", "setext-heading", "custom-id"]
            .map(str::to_owned)
            .into();
        assert_eq!(found, expected);
    }

    /// A small repository on disk: links that resolve pass, and each broken
    /// one is reported with its file, line and target.
    #[test]
    fn broken_links_are_named_by_file_line_and_target() {
        let root = std::env::temp_dir().join(format!("xtask-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::create_dir_all(root.join("target")).unwrap();
        std::fs::write(
            root.join("README.md"),
            "# Read me\n\n[ok](docs/a.md#part-one) [dir](docs/) [self](#read-me)\n\
             [gone](docs/missing.md)\n[bad anchor](docs/a.md#part-two)\n\
             [web](https://example.invalid/missing.md)\n",
        )
        .unwrap();
        std::fs::write(
            root.join("docs/a.md"),
            "## Part one\n[up](../README.md) [root](/README.md#read-me) [no](#nowhere)\n",
        )
        .unwrap();
        // Not searched: build output.
        std::fs::write(root.join("target/x.md"), "[gone](nothing.md)\n").unwrap();
        let broken = broken_links(&root).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(
            broken,
            [
                "README.md:4: docs/missing.md: no such file or folder",
                "README.md:5: docs/a.md#part-two: no heading with the anchor #part-two",
                "docs/a.md:2: #nowhere: no heading with the anchor #nowhere",
            ]
        );
    }

    #[test]
    fn percent_escapes_are_decoded() {
        assert_eq!(percent_decoded("a%20b.md"), "a b.md");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(percent_decoded("%zz"), "%zz");
    }
}
