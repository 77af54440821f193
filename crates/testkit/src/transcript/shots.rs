//! Screenshots of transcript pages with headless Chromium (Debian's `chromium`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The Chromium program on the path (`chromium`, or Google's names for it).
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Screenshots the page `html` into `png` with a window `width` x `height`.
pub fn screenshot(
    chromium: &Path,
    html: &Path,
    png: &Path,
    width: u32,
    height: u32,
) -> Result<(), String> {
    let html = html
        .canonicalize()
        .map_err(|e| format!("{}: {e}", html.display()))?;
    // A profile folder of its own: two Chromiums sharing one refuse to start.
    let profile = std::env::temp_dir().join(format!(
        "crystal-clans-chromium-{}-{}",
        std::process::id(),
        png.file_name().and_then(|n| n.to_str()).unwrap_or("shot")
    ));
    let log = profile.with_extension("log");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-extensions",
            "--allow-file-access-from-files",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", html.display()))
        .stdout(std::process::Stdio::null())
        // To a file, not a pipe: nobody reads a pipe while waiting, and a full one
        // would stall Chromium.
        .stderr(log_file(&log)?)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", chromium.display()))?;
    // Chromium can hang on a broken display setup; a screenshot takes seconds.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_dir_all(&profile);
            return Err(format!("chromium took over a minute on {}", html.display()));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = std::fs::remove_dir_all(&profile);
    let err = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    if !status.success() || !png.is_file() {
        return Err(format!(
            "chromium failed on {} ({status}): {}",
            html.display(),
            err.lines().rev().take(5).collect::<Vec<_>>().join(" | ")
        ));
    }
    Ok(())
}

fn log_file(path: &Path) -> Result<std::fs::File, String> {
    std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Desktop and phone window widths for [`shoot_all`].
pub const DESKTOP_WIDTH: u32 = 1280;
pub const PHONE_WIDTH: u32 = 390;

/// Screenshots the screens [`super::write_pages`] wrote for the participants `who`
/// picks, each into a PNG beside its HTML, two Chromiums at a time.
pub fn shoot_all(
    chromium: &Path,
    written: &super::Written,
    who: impl Fn(&super::model::Participant) -> bool,
) -> Result<Vec<PathBuf>, String> {
    let jobs: Vec<_> = written
        .screens
        .iter()
        .filter(|s| who(&s.participant))
        .collect();
    let half = jobs.len().div_ceil(2).max(1);
    let results: Vec<Result<Vec<PathBuf>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(half)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut out = vec![];
                    for s in chunk {
                        let png = s.html.with_extension("png");
                        screenshot(chromium, &s.html, &png, s.width, s.height.min(12_000))?;
                        out.push(png);
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a screenshot thread panicked".into()))
            })
            .collect()
    });
    let mut out = vec![];
    for r in results {
        out.extend(r?);
    }
    out.sort();
    Ok(out)
}
