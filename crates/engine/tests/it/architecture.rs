//! The engine is pure: nothing under crates/engine/src/game may do IO, read the clock or use OS
//! randomness. This test reads the sources and fails on any such import.

#[test]
fn the_game_layer_uses_no_io_clock_or_os_randomness() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sqlx",
        "image::",
        "std::fs",
        "std::net",
        "std::time",
        "std::env",
        "std::process",
        "std::thread",
        "thread_rng",
        "rand::rng",
        "OsRng",
        "getrandom",
        "SystemTime",
        "Instant",
        "println!",
        "eprintln!",
        "StdRng",
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut checked = 0;
    for path in rust_files(&dir) {
        let text = std::fs::read_to_string(&path).unwrap();
        for word in forbidden {
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                assert!(
                    !code.contains(word),
                    "{}:{}: the engine must stay pure, but uses `{word}`",
                    path.display(),
                    n + 1
                );
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 8,
        "expected the engine's modules under crates/engine/src/game, found {checked}"
    );
}

/// Every `.rs` file under `dir`, subfolders included (`actions/`, `battle/`).
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}
