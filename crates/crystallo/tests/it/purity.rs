//! Crystallo's rules are pure, like the engine's: nothing under crates/crystallo/src may
//! do IO, read the clock or use OS randomness, so a game is a function of its deck, seed
//! and inputs. This test reads the sources and fails on any such import.

#[test]
fn the_rules_use_no_io_clock_or_os_randomness() {
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
        "HashMap",
    ];
    let mut checked = 0;
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for word in forbidden {
                    assert!(
                        !code.contains(word),
                        "{}:{}: Crystallo's rules must stay pure, but use `{word}`",
                        path.display(),
                        n + 1
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 15, "found only {checked} source files");
}
