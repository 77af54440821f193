//! The container builds the bot: the Dockerfile's build stage copies every workspace
//! crate the bot links (found through `cargo metadata`, so a crate added later is
//! covered), the manifests of the others (Cargo reads the whole workspace), and what the
//! crates embed; the test kit's code stays out of the image. No image registry is
//! reachable where this project is built, so the image itself is not built here.

use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The sources of the build stage's `COPY` instructions (not `COPY --from`), as paths
/// relative to the build context, without a trailing slash.
fn copied(dockerfile: &str) -> Vec<String> {
    let mut stage = 0;
    let mut out = Vec::new();
    for line in dockerfile.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().map(|w| w.to_ascii_uppercase()) {
            Some(w) if w == "FROM" => stage += 1,
            Some(w) if w == "COPY" && stage == 1 => {
                let args: Vec<&str> = words[1..]
                    .iter()
                    .copied()
                    .filter(|a| !a.starts_with("--"))
                    .collect();
                if words[1..].iter().any(|a| a.starts_with("--from")) || args.len() < 2 {
                    continue;
                }
                for src in &args[..args.len() - 1] {
                    out.push(src.trim_end_matches('/').to_string());
                }
            }
            _ => {}
        }
    }
    out
}

/// A workspace crate: its name, its folder relative to the workspace root ("" for the
/// root package) and whether the bot links it.
struct Member {
    name: String,
    dir: String,
    linked: bool,
}

/// The workspace's crates from `cargo metadata`, and which of them the bot links: the
/// root package and every member it reaches through normal and build dependencies.
/// `--no-deps`: the links between members are in their own manifests, and resolving
/// the whole graph would need every platform's crates downloaded (a fresh machine's
/// cache holds only this one's, and the test runs offline).
fn members() -> Vec<Member> {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
            "--manifest-path",
        ])
        .arg(root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let workspace_root = Path::new(meta["workspace_root"].as_str().unwrap());
    let packages: Vec<&Value> = meta["packages"].as_array().unwrap().iter().collect();
    let by_name: HashMap<&str, &str> = packages
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["id"].as_str().unwrap()))
        .collect();
    let deps: HashMap<&str, Vec<&str>> = packages
        .iter()
        .map(|p| {
            let linked = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].is_null() || d["kind"] == "build")
                .filter_map(|d| by_name.get(d["name"].as_str().unwrap()).copied());
            (p["id"].as_str().unwrap(), linked.collect())
        })
        .collect();
    let bot = packages
        .iter()
        .find(|p| p["name"] == "crystal-clans")
        .expect("the bot's package is a workspace member");
    let mut linked = BTreeSet::new();
    let mut todo = vec![bot["id"].as_str().unwrap()];
    while let Some(id) = todo.pop() {
        if linked.insert(id) {
            todo.extend(deps[id].iter().copied());
        }
    }
    packages
        .iter()
        .map(|p| {
            let manifest = Path::new(p["manifest_path"].as_str().unwrap());
            let dir = manifest
                .parent()
                .unwrap()
                .strip_prefix(workspace_root)
                .unwrap();
            Member {
                name: p["name"].as_str().unwrap().to_string(),
                dir: dir.to_str().unwrap().to_string(),
                linked: linked.contains(p["id"].as_str().unwrap()),
            }
        })
        .collect()
}

/// What is wrong with a Dockerfile's build stage for these crates: each problem a line.
fn problems(dockerfile: &str, members: &[Member]) -> Vec<String> {
    let copied = copied(dockerfile);
    let has = |path: &str| copied.iter().any(|c| c == path);
    let join = |dir: &str, rest: &str| {
        if dir.is_empty() {
            rest.to_string()
        } else {
            format!("{dir}/{rest}")
        }
    };
    let mut out = Vec::new();
    for needed in ["Cargo.toml", "Cargo.lock", "migrations"] {
        if !has(needed) {
            out.push(format!("`{needed}` is not copied"));
        }
    }
    for m in members {
        if m.linked {
            // The root package's folder is the build context itself: its code is `src`.
            let code = if m.dir.is_empty() {
                "src".to_string()
            } else {
                m.dir.clone()
            };
            if !has(&code) {
                out.push(format!(
                    "{} (`{code}`), which the bot links, is not copied",
                    m.name
                ));
            }
        } else {
            if !has(&join(&m.dir, "Cargo.toml")) {
                out.push(format!(
                    "{}'s manifest is not copied: Cargo cannot read the workspace",
                    m.name
                ));
            }
            if has(&m.dir) || has(&join(&m.dir, "src")) {
                out.push(format!(
                    "{} is copied, but the bot does not link it",
                    m.name
                ));
            }
        }
    }
    out
}

#[test]
fn the_dockerfile_copies_every_crate_the_bot_links_and_no_other() {
    let dockerfile = std::fs::read_to_string(root().join("Dockerfile")).unwrap();
    let members = members();
    let linked: Vec<&str> = members
        .iter()
        .filter(|m| m.linked)
        .map(|m| m.name.as_str())
        .collect();
    assert!(
        linked.contains(&"crystal-clans-engine") && linked.contains(&"crystal-clans-store"),
        "the bot links the engine and the store: {linked:?}"
    );
    assert!(
        members
            .iter()
            .any(|m| m.name == "crystal-clans-testkit" && !m.linked),
        "the bot does not link the test kit"
    );
    assert_eq!(problems(&dockerfile, &members), Vec::<String>::new());

    // The check sees a crate left out, and the test kit copied in.
    let without_store = dockerfile.replace("COPY crates/store crates/store\n", "");
    assert_eq!(
        problems(&without_store, &members),
        ["crystal-clans-store (`crates/store`), which the bot links, is not copied"]
    );
    let with_kit = dockerfile.replace(
        "COPY crates/testkit/Cargo.toml crates/testkit/Cargo.toml\n",
        "COPY crates/testkit crates/testkit\n",
    );
    let kit = problems(&with_kit, &members);
    assert!(
        kit.iter()
            .any(|p| p == "crystal-clans-testkit is copied, but the bot does not link it"),
        "{kit:?}"
    );
}
