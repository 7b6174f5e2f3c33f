//! The documents stay true as files move: every relative link in the
//! repository's Markdown (the README, `docs/`, and the notes beside the code)
//! leads to a file of the repository, and a link to a heading (`file.md#part`,
//! or `#part` in the same file) to a heading that file has, spelled as GitHub
//! spells heading anchors. No link may leave the repository (`../shared` is
//! beside the checkout, not in it). Links inside code (fenced blocks and
//! backtick spans) are not links and are not read. Reads files only: no
//! engine, no build of the game.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The repository's root (the workspace folder).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the app crate sits in the workspace").to_path_buf()
}

/// Every `*.md` file under `dir`, skipping build output, installed npm
/// packages and hidden folders.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir").flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    stack.push(path);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of a Markdown text that are prose (outside fenced code
/// blocks), with their line numbers from 1.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A line with its backtick code spans taken out.
fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the inline links and images of a text (`[text](target)`,
/// `![alt](target "title")`), of its link definitions (`[name]: target`) and
/// of its HTML `src` and `href` attributes, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (number, line) in prose_lines(text) {
        let line = without_code_spans(line);
        let trimmed = line.trim_start();
        if trimmed.starts_with('[')
            && let Some((_, rest)) = trimmed.split_once("]: ")
        {
            if let Some(target) = rest.split_whitespace().next() {
                out.push((number, target.to_string()));
            }
            continue;
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end].split_whitespace().next().unwrap_or_default();
            out.push((number, target.trim_matches(['<', '>']).to_string()));
            rest = &after[end..];
        }
        for attribute in ["src=\"", "href=\""] {
            let mut rest = line.as_str();
            while let Some(at) = rest.find(attribute) {
                let after = &rest[at + attribute.len()..];
                let end = after.find('"').unwrap_or(after.len());
                out.push((number, after[..end].to_string()));
                rest = &after[end..];
            }
        }
    }
    out
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and
/// `_` kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings (ATX `#` headings outside
/// code), a repeated heading numbered `-1`, `-2`... as GitHub numbers it.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..].replace('`', ""));
        let mut anchor = base.clone();
        let mut n = 0;
        while out.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        out.insert(anchor);
    }
    out
}

/// `path` with `.` and `..` worked out, or `None` when it climbs above
/// where it starts.
fn normalise(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Every broken relative link of the Markdown files under `root`, one
/// message each (`FILE:LINE: target: why`), and how many relative links
/// were checked.
fn broken_links(root: &Path) -> (Vec<String>, usize) {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files(root) {
        let text = std::fs::read_to_string(&file).expect("read a Markdown file");
        let from = file.strip_prefix(root).expect("under the root").to_path_buf();
        let folder = from.parent().unwrap_or(Path::new(""));
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let mut say = |why: &str| broken.push(format!("{}:{line}: {target}: {why}", from.display()));
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if path.is_empty() {
                Some(from.clone())
            } else if path.starts_with('/') {
                None
            } else {
                normalise(&folder.join(path))
            };
            let Some(resolved) = resolved else {
                say("leads outside the repository");
                continue;
            };
            let on_disk = root.join(&resolved);
            if !on_disk.exists() {
                say("no such file");
                continue;
            }
            if anchor.is_empty() {
                continue;
            }
            if on_disk.extension().is_none_or(|e| e != "md") {
                say("a heading asked of a file that is not Markdown");
                continue;
            }
            let linked = std::fs::read_to_string(&on_disk).expect("read the linked file");
            if !anchors(&linked).contains(anchor) {
                say("no such heading");
            }
        }
    }
    (broken, checked)
}

#[test]
fn every_relative_link_in_the_documents_leads_into_the_repository() {
    let root = root();
    let files = markdown_files(&root);
    for must in ["README.md", "docs/architecture.md", "docs/solver.md", "docs/testing.md"] {
        assert!(files.contains(&root.join(must)), "{must} was not read: {files:?}");
    }
    let (broken, checked) = broken_links(&root);
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 30, "only {checked} relative links were found: is the link reader broken?");
}

#[test]
fn the_readme_names_nothing_outside_the_repository() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for (line, text) in readme.lines().enumerate() {
        assert!(!text.contains("../"), "README.md:{}: points outside the repository: {text}", line + 1);
    }
}

#[test]
fn broken_links_of_every_kind_are_found_and_good_ones_pass() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs_links_check");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs")).expect("make the test folder");
    let doc = "# Notes\n\n## The page's `dump()` call\n\n## Notes\n";
    std::fs::write(dir.join("docs/notes.md"), doc).expect("write notes");
    let readme = "\
# Title

Good: [notes](docs/notes.md), [a part](docs/notes.md#the-pages-dump-call),
[the second Notes](docs/notes.md#notes-1), [here](#title), ![a picture](docs/notes.md \"title\"),
[web](https://example.org/x.md), `[in code](missing.md)`, <img src=\"docs/notes.md\" height=\"9\">.

```
[in a fence](missing.md)
```

Broken: [gone](docs/gone.md), [no part](docs/notes.md#nowhere),
[outside](../shared/DESIGN.md), [absolute](/etc/passwd), [self](#nowhere-here),
<img alt=\"a\" src=\"docs/gone.png\"> <a href=\"docs/gone.html\">x</a>.
";
    std::fs::write(dir.join("README.md"), readme).expect("write README");
    let (broken, checked) = broken_links(&dir);
    assert_eq!(checked, 13, "{broken:#?}");
    let expected = [
        "README.md:11: docs/gone.md: no such file",
        "README.md:11: docs/notes.md#nowhere: no such heading",
        "README.md:12: ../shared/DESIGN.md: leads outside the repository",
        "README.md:12: /etc/passwd: leads outside the repository",
        "README.md:12: #nowhere-here: no such heading",
        "README.md:13: docs/gone.png: no such file",
        "README.md:13: docs/gone.html: no such file",
    ];
    assert_eq!(broken, expected);
}
