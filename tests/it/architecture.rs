//! The layering of the workspace, checked from the manifests and the sources: which nadare
//! crates each crate may depend on, where the heavy external crates (Discord, databases, the
//! command line, the message catalogs) may appear, that every crate takes the workspace lints,
//! and that no crate's top-level modules depend on each other in a cycle.
//!
//! Members come from the root `Cargo.toml`'s `workspace.members`, so a new crate is checked as
//! soon as it joins, and one missing from [`LAYERS`] fails until its place is decided. Each test
//! collects every violation before failing, so one run lists them all.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use toml::{Table, Value};

/// Which nadare crates a crate may name among its normal dependencies.
enum May {
    /// Only these.
    Only(&'static [&'static str]),
    /// Any but these.
    AnyBut(&'static [&'static str]),
}

/// The layers, by package name: rules at the bottom, the drawing, the engine and the domain on
/// it, the engine's lab (matches, training) on the engine, the service (with the engine),
/// storage and presentation (with the drawing) on the domain, the fronts (Discord, the console,
/// the web board) on the service, and
/// the binary over everything. The test kit is dev-only and may use any library. No library of
/// the bot lists the lab, so only the binary and the tests reach it ([`LAB_USERS`]).
const LAYERS: &[(&str, May)] = &[
    ("nadare-rules", May::Only(&[])),
    ("nadare-tournament", May::Only(&[])),
    ("nadare-render", May::Only(&["nadare-rules"])),
    ("nadare-engine", May::Only(&["nadare-rules"])),
    ("nadare-lab", May::Only(&["nadare-rules", "nadare-engine"])),
    ("nadare-domain", May::Only(&["nadare-rules"])),
    (
        "nadare-service",
        May::Only(&[
            "nadare-domain",
            "nadare-rules",
            "nadare-engine",
            "nadare-tournament",
        ]),
    ),
    (
        "nadare-storage",
        May::Only(&["nadare-domain", "nadare-rules"]),
    ),
    (
        "nadare-present",
        May::Only(&["nadare-domain", "nadare-rules", "nadare-render"]),
    ),
    (
        "nadare-discord",
        May::Only(&[
            "nadare-domain",
            "nadare-service",
            "nadare-present",
            "nadare-rules",
            "nadare-render",
            "nadare-engine",
        ]),
    ),
    (
        "nadare-console",
        May::Only(&[
            "nadare-domain",
            "nadare-service",
            "nadare-present",
            "nadare-rules",
            "nadare-render",
            "nadare-engine",
        ]),
    ),
    (
        "nadare-web",
        May::Only(&[
            "nadare-domain",
            "nadare-service",
            "nadare-present",
            "nadare-rules",
            "nadare-render",
        ]),
    ),
    ("nadare", May::AnyBut(&[])),
    ("nadare-tests", May::AnyBut(&["nadare"])),
];

/// The crates that may depend on the engine's lab, in any kind of dependency: the binary, whose
/// tools (`nadare match`, `nadare tune`) use it, and the tests. The bot's libraries never build
/// it.
const LAB_USERS: &[&str] = &["nadare", "nadare-tests"];

/// External crates kept to the layer that is about them, with the crates that may name them
/// among their normal dependencies.
const CONFINED: &[(&str, &[&str])] = &[
    ("serenity", &["nadare-discord", "nadare-tests"]),
    ("rusqlite", &["nadare-storage", "nadare-tests"]),
    ("tokio-postgres", &["nadare-storage", "nadare-tests"]),
    ("deadpool-postgres", &["nadare-storage", "nadare-tests"]),
    ("clap", &["nadare"]),
    ("fluent-bundle", &["nadare-present"]),
    ("fluent-syntax", &["nadare-present"]),
    ("unic-langid", &["nadare-present"]),
    ("image", &["nadare-render"]),
    // The web board's ciphers and signatures, and its server, stay in its front (the server
    // is the fake Discord's too, in the tests).
    ("aes", &["nadare-web"]),
    ("ring", &["nadare-web"]),
    ("axum", &["nadare-web", "nadare-tests"]),
];

/// Crates that build no images and search no positions, with what neither they nor any
/// workspace crate under them may name as a dependency: the image crates and the engine.
const LIGHT: &[(&str, &[&str])] = &[(
    "nadare-storage",
    &[
        "nadare-render",
        "nadare-engine",
        "resvg",
        "tiny-skia",
        "image",
        "png",
        "gif",
    ],
)];

/// One workspace member as its manifest describes it.
struct Member {
    /// Its folder, relative to the workspace root (as listed in `workspace.members`).
    dir: String,
    /// Its package name.
    name: String,
    /// Its whole manifest.
    manifest: Table,
}

/// The workspace root: the folder above this test crate.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Reads and parses the TOML file at `path`.
fn read_toml(path: &Path) -> Table {
    let text = fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    text.parse()
        .unwrap_or_else(|error| panic!("cannot parse {}: {error}", path.display()))
}

/// The root manifest.
fn workspace() -> Table {
    read_toml(&root().join("Cargo.toml"))
}

/// Every workspace member, in the order the root manifest lists them.
fn members() -> Vec<Member> {
    let workspace = workspace();
    let listed = workspace
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(Value::as_array)
        .expect("the root Cargo.toml lists `workspace.members`");
    listed
        .iter()
        .map(|dir| {
            let dir = dir.as_str().expect("workspace members are strings");
            assert!(
                !dir.contains(['*', '?', '[']),
                "workspace member `{dir}` is a glob: list members one by one for this test"
            );
            let manifest = read_toml(&root().join(dir).join("Cargo.toml"));
            let name = manifest
                .get("package")
                .and_then(|p| p.get("name"))
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("{dir}/Cargo.toml has no `package.name`"))
                .to_owned();
            Member {
                dir: dir.to_owned(),
                name,
                manifest,
            }
        })
        .collect()
}

/// The dependency tables of `manifest` called `kind` (`dependencies`, `dev-dependencies`…):
/// the plain one and those under `[target.'cfg(…)']`.
fn dependency_tables<'a>(manifest: &'a Table, kind: &str) -> Vec<&'a Table> {
    let targets = manifest
        .get("target")
        .and_then(Value::as_table)
        .into_iter()
        .flat_map(|targets| targets.values());
    std::iter::once(manifest.get(kind))
        .chain(targets.map(|target| target.get(kind)))
        .flatten()
        .filter_map(Value::as_table)
        .collect()
}

/// The package names of the dependencies of `manifest` called `kind`: a key, or the `package`
/// it renames (given in the entry or, for `workspace = true`, in `workspace.dependencies`).
fn dependencies(manifest: &Table, kind: &str, workspace: &Table) -> BTreeSet<String> {
    let inherited = workspace
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(Value::as_table);
    let package_of = |key: &str, entry: &Value| {
        let renamed = |entry: Option<&Value>| {
            entry
                .and_then(|e| e.get("package"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let from_workspace = entry.get("workspace").and_then(Value::as_bool) == Some(true);
        let inherited_entry = inherited.and_then(|deps| deps.get(key));
        renamed(Some(entry))
            .or_else(|| from_workspace.then(|| renamed(inherited_entry)).flatten())
            .unwrap_or_else(|| key.to_owned())
    };
    dependency_tables(manifest, kind)
        .into_iter()
        .flat_map(|table| table.iter())
        .map(|(key, entry)| package_of(key, entry))
        .collect()
}

/// Fails with every violation listed, one a line, when there are any.
fn assert_none(what: &str, violations: &[String]) {
    assert!(
        violations.is_empty(),
        "{what}:\n  {}",
        violations.join("\n  ")
    );
}

#[test]
fn crates_depend_only_on_the_layers_below() {
    let workspace = workspace();
    let members = members();
    let ours: BTreeSet<&str> = members.iter().map(|m| m.name.as_str()).collect();
    let mut violations = Vec::new();
    for member in &members {
        let Some((_, may)) = LAYERS.iter().find(|(name, _)| *name == member.name) else {
            violations.push(format!(
                "{} ({}) is not in the architecture test's LAYERS table: decide what it may \
                 depend on",
                member.name, member.dir
            ));
            continue;
        };
        for dependency in dependencies(&member.manifest, "dependencies", &workspace) {
            let allowed = match may {
                May::Only(these) => these.contains(&dependency.as_str()),
                May::AnyBut(these) => !these.contains(&dependency.as_str()),
            };
            if ours.contains(dependency.as_str()) && !allowed {
                violations.push(format!("{} depends on {dependency}", member.name));
            }
        }
    }
    assert_none("dependencies against the layering", &violations);
}

#[test]
fn only_the_binary_and_the_tests_use_the_lab() {
    let workspace = workspace();
    let mut violations = Vec::new();
    for member in members()
        .iter()
        .filter(|m| !LAB_USERS.contains(&m.name.as_str()))
    {
        for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if dependencies(&member.manifest, kind, &workspace).contains("nadare-lab") {
                violations.push(format!("{} has nadare-lab in its {kind}", member.name));
            }
        }
    }
    assert_none("the lab outside the binary and the tests", &violations);
}

#[test]
fn external_crates_stay_in_their_layer() {
    let workspace = workspace();
    let mut violations = Vec::new();
    for member in members() {
        for dependency in dependencies(&member.manifest, "dependencies", &workspace) {
            let confined = CONFINED.iter().find(|(name, _)| *name == dependency);
            if let Some((_, users)) = confined
                && !users.contains(&member.name.as_str())
            {
                violations.push(format!(
                    "{} depends on {dependency}, which only {} may use",
                    member.name,
                    users.join(", ")
                ));
            }
        }
    }
    assert_none("external crates outside their layer", &violations);
}

#[test]
fn storage_compiles_no_image_or_engine_crate() {
    let workspace = workspace();
    let members = members();
    let manifest_of = |name: &str| members.iter().find(|m| m.name == name).map(|m| &m.manifest);
    let mut violations = Vec::new();
    for (light, never) in LIGHT {
        // Every workspace member it reaches through normal dependencies, and what they name.
        let mut reached = BTreeSet::from([(*light).to_owned()]);
        let mut todo = vec![(*light).to_owned()];
        while let Some(name) = todo.pop() {
            let Some(manifest) = manifest_of(&name) else {
                continue;
            };
            for dependency in dependencies(manifest, "dependencies", &workspace) {
                if never.contains(&dependency.as_str()) {
                    violations.push(format!("{light} reaches {dependency} through {name}"));
                }
                if reached.insert(dependency.clone()) {
                    todo.push(dependency);
                }
            }
        }
    }
    assert_none("light crates that compile heavy ones", &violations);
}

#[test]
fn every_member_takes_the_workspace_lints() {
    let violations: Vec<String> = members()
        .into_iter()
        .filter(|member| {
            let lints = member.manifest.get("lints");
            lints
                .and_then(|l| l.get("workspace"))
                .and_then(Value::as_bool)
                != Some(true)
        })
        .map(|member| {
            format!(
                "{} ({}) lacks `[lints] workspace = true`",
                member.name, member.dir
            )
        })
        .collect();
    assert_none("members without the workspace lints", &violations);
}

#[test]
fn the_rules_suites_need_no_bot_crate() {
    let workspace = workspace();
    let members = members();
    let bot: BTreeSet<&str> = members
        .iter()
        .filter(|m| m.dir.starts_with("bot/"))
        .map(|m| m.name.as_str())
        .collect();
    let rules = members
        .iter()
        .find(|m| m.name == "nadare-rules")
        .expect("nadare-rules is a workspace member");
    let mut violations = Vec::new();
    for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
        for dependency in dependencies(&rules.manifest, kind, &workspace) {
            if bot.contains(dependency.as_str()) {
                violations.push(format!("nadare-rules has {dependency} in its {kind}"));
            }
        }
    }
    assert_none("the rules crate reaching into the bot", &violations);
}

// The module graph. A crate's source folders are `src/` and the folders of any `lib.rs` or
// `main.rs` its manifest names (the test crate's `kit/` and `it/`). In each, a top-level module
// is `x.rs` or `x/**`; the crate root (`lib.rs`, `main.rs`) is left out, since every module
// hangs from it. Module `a` depends on module `b` when a file of `a` mentions the path
// `crate::b`, or when `a`'s own file (`a.rs` or `a/mod.rs`, where `super` is the crate root)
// mentions `super::b`; a brace group counts each of its items (`use crate::{b::X, c}` names `b`
// and `c`). Comments (`//` to the end of the line) are dropped first. It is a lint, not a
// compiler: a `super::` inside an inline `mod` of a top-level file is read as the crate root's,
// and names that are not modules of the crate are ignored.

/// The folders holding a crate root of `member`.
fn source_dirs(member: &Member) -> BTreeSet<PathBuf> {
    let dir = root().join(&member.dir);
    let declared =
        ["lib", "bin", "test"]
            .into_iter()
            .flat_map(|kind| match member.manifest.get(kind) {
                Some(Value::Table(target)) => vec![target.clone()],
                Some(Value::Array(targets)) => targets
                    .iter()
                    .filter_map(Value::as_table)
                    .cloned()
                    .collect(),
                _ => Vec::new(),
            });
    let roots = declared
        .filter_map(|target| {
            target
                .get("path")
                .and_then(Value::as_str)
                .map(PathBuf::from)
        })
        .filter(|path| path.ends_with("lib.rs") || path.ends_with("main.rs"))
        .filter_map(|path| path.parent().map(|parent| dir.join(parent)));
    std::iter::once(dir.join("src"))
        .chain(roots)
        .filter(|dir| dir.is_dir())
        .collect()
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()));
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// Whether `c` may be part of an identifier.
fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `text` without its `//` comments (doc comments included).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segments of the paths that follow `keyword::` in `text` (`crate` or `super`): the
/// identifier right after it, or the first identifier of each item of a brace group.
fn heads_after(text: &str, keyword: &str) -> Vec<String> {
    let needle = format!("{keyword}::");
    let mut heads = Vec::new();
    for (at, _) in text.match_indices(&needle) {
        if text[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = text[at + needle.len()..].trim_start();
        match rest.strip_prefix('{') {
            Some(group) => heads.extend(group_items(group).iter().map(|item| leading_ident(item))),
            None => heads.push(leading_ident(rest)),
        }
    }
    heads.retain(|head| !head.is_empty());
    heads
}

/// The items of a brace group whose `{` was just read: split at its top-level commas, up to
/// its closing `}`.
fn group_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (at, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..at]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// The identifier `text` starts with, after white space; empty when there is none.
fn leading_ident(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|&c| is_ident(c))
        .collect()
}

/// The top-level module graph of one source folder: each module's dependencies, each with a
/// file that shows it.
fn module_graph(dir: &Path) -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let mut files: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in rust_files(dir) {
        let relative = file.strip_prefix(dir).expect("a file under its folder");
        let first = relative
            .iter()
            .next()
            .expect("a relative path")
            .to_string_lossy();
        let module = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
        if relative.components().count() == 1 && (module == "lib" || module == "main") {
            continue;
        }
        files.entry(module).or_default().push(file);
    }
    let mut graph: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for (module, paths) in &files {
        let edges = graph.entry(module.clone()).or_default();
        for path in paths {
            let text = fs::read_to_string(path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
            let text = strip_comments(&text);
            let relative = path.strip_prefix(dir).expect("a file under its folder");
            let depth = relative.components().count();
            let own_file = depth == 1 || (depth == 2 && relative.ends_with("mod.rs"));
            let mut heads = heads_after(&text, "crate");
            if own_file {
                heads.extend(heads_after(&text, "super"));
            }
            for head in heads {
                if head != *module && files.contains_key(&head) {
                    edges.entry(head).or_insert_with(|| path.clone());
                }
            }
        }
    }
    graph
}

/// The strongly connected components of `graph` with more than one module (Tarjan's
/// algorithm), each sorted.
fn cycles(graph: &BTreeMap<String, BTreeMap<String, PathBuf>>) -> Vec<Vec<String>> {
    /// Tarjan's bookkeeping.
    #[derive(Default)]
    struct Search<'a> {
        next: usize,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(
        graph: &'a BTreeMap<String, BTreeMap<String, PathBuf>>,
        search: &mut Search<'a>,
        module: &'a str,
    ) {
        search.index.insert(module, search.next);
        search.low.insert(module, search.next);
        search.next += 1;
        search.stack.push(module);
        for next in graph[module].keys() {
            let next = next.as_str();
            if !search.index.contains_key(next) {
                visit(graph, search, next);
                let low = search.low[module].min(search.low[next]);
                search.low.insert(module, low);
            } else if search.stack.contains(&next) {
                let low = search.low[module].min(search.index[next]);
                search.low.insert(module, low);
            }
        }
        if search.low[module] == search.index[module] {
            let at = search
                .stack
                .iter()
                .rposition(|&m| m == module)
                .expect("a module on the stack");
            let mut component: Vec<String> = search.stack.drain(at..).map(str::to_owned).collect();
            if component.len() > 1 {
                component.sort();
                search.found.push(component);
            }
        }
    }
    let mut search = Search::default();
    for module in graph.keys() {
        if !search.index.contains_key(module.as_str()) {
            visit(graph, &mut search, module);
        }
    }
    search.found
}

#[test]
fn no_crate_has_a_module_cycle() {
    let mut violations = Vec::new();
    for member in members() {
        for dir in source_dirs(&member) {
            let graph = module_graph(&dir);
            for cycle in cycles(&graph) {
                let mut edges = Vec::new();
                for from in &cycle {
                    for (to, file) in graph[from].iter().filter(|(to, _)| cycle.contains(to)) {
                        let file = file.strip_prefix(&dir).unwrap_or(file);
                        edges.push(format!("{from} -> {to} ({})", file.display()));
                    }
                }
                let folder = dir.strip_prefix(root()).unwrap_or(&dir);
                violations.push(format!(
                    "{} ({}): cycle among {}: {}",
                    member.name,
                    folder.display(),
                    cycle.join(", "),
                    edges.join("; ")
                ));
            }
        }
    }
    assert_none("module cycles", &violations);
}

#[test]
fn the_module_reader_follows_paths_and_groups() {
    let text = strip_comments(
        "use crate::a::X; // crate::commented\n\
         use crate::{b::Y, c, d::{e, f}};\n\
         use super::{g::Z, h};\n\
         mycrate::no; $crate::i::j!();",
    );
    assert_eq!(heads_after(&text, "crate"), ["a", "b", "c", "d", "i"]);
    assert_eq!(heads_after(&text, "super"), ["g", "h"]);
}

#[test]
fn tarjan_finds_only_real_cycles() {
    let graph: BTreeMap<String, BTreeMap<String, PathBuf>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a", "d"]),
        ("d", vec![]),
        ("e", vec!["d"]),
    ]
    .into_iter()
    .map(|(from, to)| {
        let edges = to.into_iter().map(|to| (to.to_owned(), PathBuf::new()));
        (from.to_owned(), edges.collect())
    })
    .collect();
    assert_eq!(cycles(&graph), [vec!["a", "b", "c"]]);
}
