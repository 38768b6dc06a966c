//! The WebAssembly package as a TypeScript user meets it, a step of
//! `cargo xtask wasm-check`: in the npm project where the package is
//! installed, TypeScript (pinned, [`TYPESCRIPT`], from the package
//! registry) type-checks with `--strict`
//! - `crates/lianliankan-wasm/tests/types.ts`: the declarations used as
//!   strict code uses them, and what they must refuse (`@ts-expect-error`
//!   lines, which fail the check when they type-check);
//! - every example of the package's README.md and docs/wasm.md: each
//!   ```` ```js ```` block (Node, CommonJS) and the module script of each
//!   ```` ```html ```` block (a page);
//!
//! then runs the Node examples, which must exit cleanly.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::run::{step, workspace_root};

/// The TypeScript that checks the declarations (npm's name and version).
const TYPESCRIPT: &str = "typescript@5.9.3";

/// The Markdown files whose examples are checked.
const DOCS: [&str; 2] = ["crates/lianliankan-wasm/README.md", "docs/wasm.md"];

/// The compiler's options: strict, JavaScript checked too, Node's module
/// rules (the package's `exports` and each folder's module kind), the
/// declarations' `Symbol.dispose` from `esnext.disposable`.
const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "allowJs": true,
    "checkJs": true,
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "target": "es2022",
    "lib": ["es2022", "esnext.disposable", "dom"],
    "types": []
  },
  "include": ["types.ts", "example_*"]
}
"#;

/// Type-checks the declarations and the docs' examples in `project` (an
/// npm project with the package installed), then runs the Node examples.
pub fn check(project: &Path) -> Result<(), String> {
    println!("==> the TypeScript declarations and the docs' examples, with {TYPESCRIPT} --strict");
    let mut npm = Command::new("npm");
    npm.current_dir(project)
        .args(["install", "--no-audit", "--no-fund", "--ignore-scripts"])
        .arg(TYPESCRIPT);
    step(npm).map_err(|e| format!("{e}: cannot install {TYPESCRIPT} from the package registry"))?;
    // At the project's root, where a page's import of
    // `./node_modules/lianliankan-wasm/...` finds the package.
    for entry in fs::read_dir(project).map_err(|e| format!("{}: {e}", project.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("example_"))
        {
            fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let mut node_examples = Vec::new();
    for doc in DOCS {
        let text =
            fs::read_to_string(workspace_root().join(doc)).map_err(|e| format!("{doc}: {e}"))?;
        let stem = doc.replace(['/', '.'], "_");
        let found = examples_of(&text);
        if found.is_empty() {
            return Err(format!("{doc} has no js or html example"));
        }
        for (i, example) in found.into_iter().enumerate() {
            let (name, code) = match example {
                Example::Node(code) => (format!("example_{stem}_{i}.cjs"), code),
                Example::Page(code) => (format!("example_{stem}_{i}.mjs"), code),
            };
            let file = project.join(&name);
            fs::write(&file, code).map_err(|e| format!("{}: {e}", file.display()))?;
            if name.ends_with(".cjs") {
                node_examples.push(file);
            }
        }
    }
    let config = project.join("tsconfig.json");
    fs::write(&config, TSCONFIG).map_err(|e| format!("{}: {e}", config.display()))?;
    let usage = workspace_root().join("crates/lianliankan-wasm/tests/types.ts");
    fs::copy(&usage, project.join("types.ts")).map_err(|e| format!("{}: {e}", usage.display()))?;
    let mut tsc = Command::new("node");
    tsc.current_dir(project)
        .arg(project.join("node_modules/typescript/bin/tsc"))
        .args(["-p", "."]);
    step(tsc).map_err(|e| format!("{e}: the declarations or an example do not type-check"))?;
    for file in node_examples {
        let mut node = Command::new("node");
        node.current_dir(project).arg(&file);
        step(node).map_err(|e| format!("{e}: the example {} fails in Node", file.display()))?;
    }
    Ok(())
}

/// An example of the docs.
#[derive(Debug, PartialEq)]
enum Example {
    /// A ```` ```js ```` block: Node code (CommonJS).
    Node(String),
    /// The `<script type="module">` of a ```` ```html ```` block: a page's
    /// module, whose imports are relative to a project's root.
    Page(String),
}

/// The examples of the Markdown `text`, in order.
fn examples_of(text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let fence = line.trim_end();
        if fence != "```js" && fence != "```html" {
            continue;
        }
        let block: Vec<&str> = lines
            .by_ref()
            .take_while(|l| l.trim_end() != "```")
            .collect();
        let block = block.join("\n") + "\n";
        if fence == "```js" {
            found.push(Example::Node(block));
        } else if let Some(script) = module_script(&block) {
            found.push(Example::Page(script));
        }
    }
    found
}

/// The body of the first `<script type="module">` of `html`.
fn module_script(html: &str) -> Option<String> {
    let open = "<script type=\"module\">";
    let start = html.find(open)? + open.len();
    let end = start + html[start..].find("</script>")?;
    Some(html[start..end].trim_start_matches('\n').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_the_js_blocks_and_the_module_scripts() {
        let text = "# t\n```sh\nls\n```\n```js\nconst a = 1;\n```\n\
                    ```html\n<p>x</p>\n<script type=\"module\">\n  import x from \"y\";\n</script>\n```\n\
                    ```html\n<p>no script</p>\n```\n";
        assert_eq!(
            examples_of(text),
            vec![
                Example::Node("const a = 1;\n".into()),
                Example::Page("  import x from \"y\";\n".into()),
            ]
        );
    }
}
