//! Screenshots of transcript pages with headless Chromium (Debian's `chromium`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
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
    let label = png.file_name().and_then(|n| n.to_str()).unwrap_or("shot");
    let args = [
        format!("--screenshot={}", png.display()),
        format!("--window-size={width},{height}"),
    ];
    // Now and then, with several Chromiums at work, one exits without a picture: the
    // page is the same, so it is asked again.
    let mut said = String::new();
    for _ in 0..3 {
        said = run(chromium, &args, &html, None, label)?;
        if png.is_file() {
            return Ok(());
        }
    }
    Err(format!("chromium wrote no {}: {said}", png.display()))
}

/// What the measuring page `page` (see [`super::html::measuring_page`]) measures of
/// itself laid out `width` pixels wide: Chromium loads it in a frame that wide (a
/// headless window is never narrower than 500 pixels, a frame is) and a script writes
/// the heights of its parts, which Chromium's serialised page gives back.
pub fn measure(chromium: &Path, page: &Path, width: u32) -> Result<String, String> {
    let page = page
        .canonicalize()
        .map_err(|e| format!("{}: {e}", page.display()))?;
    let name = page.file_name().and_then(|n| n.to_str()).unwrap_or("page");
    let outer = page.with_file_name(format!("{name}.frame.html"));
    let dom = page.with_file_name(format!("{name}.dom.html"));
    let script = r#"function measure(f){var d=f.contentDocument,w=d.defaultView,o=[];
function px(v){return parseFloat(v)||0}
function h(e){return e.getBoundingClientRect().height}
o.push('who '+h(d.querySelector('.who')));
d.querySelectorAll('[data-head]').forEach(function(e){o.push('head '+e.dataset.head+' '+h(e)+' '+px(w.getComputedStyle(e).marginBottom))});
d.querySelectorAll('[data-unit]').forEach(function(e){o.push('unit '+e.dataset.unit+' '+px(w.getComputedStyle(e).marginTop)+' '+h(e))});
d.querySelectorAll('[data-open]').forEach(function(e){o.push('open '+e.dataset.open+' '+h(e))});
document.getElementById('out').textContent=o.join('\n')}"#;
    let frame = format!(
        "<!doctype html><html><head><meta charset=utf-8><script>{script}</script></head>\
         <body style=margin:0><iframe onload=measure(this) src=\"{src}\" width={width} \
         height=2000 style=border:0></iframe><pre id=out></pre></body></html>",
        src = name
    );
    std::fs::write(&outer, frame).map_err(|e| format!("{}: {e}", outer.display()))?;
    // As with a screenshot, a Chromium among several may now and then give back nothing.
    let mut said = String::new();
    let mut measured = None;
    for _ in 0..3 {
        let out = std::fs::File::create(&dom).map_err(|e| format!("{}: {e}", dom.display()))?;
        let args = ["--dump-dom".into(), "--window-size=1280,800".into()];
        let ran = run(chromium, &args, &outer, Some(out), name);
        let text = std::fs::read_to_string(&dom).unwrap_or_default();
        said = match ran {
            Ok(said) => said,
            Err(e) => {
                let _ = std::fs::remove_file(&outer);
                let _ = std::fs::remove_file(&dom);
                return Err(e);
            }
        };
        measured = text
            .split("<pre id=\"out\">")
            .nth(1)
            .and_then(|t| t.split("</pre>").next())
            .filter(|t| !t.trim().is_empty())
            .map(str::to_string);
        if measured.is_some() {
            break;
        }
    }
    let _ = std::fs::remove_file(&outer);
    let _ = std::fs::remove_file(&dom);
    measured.ok_or_else(|| format!("chromium measured nothing in {}: {said}", page.display()))
}

/// Runs headless Chromium on the file `html` with `args`, its standard output to
/// `stdout` (else nowhere), within a minute. Returns the last lines it logged.
fn run(
    chromium: &Path,
    args: &[String],
    html: &Path,
    stdout: Option<std::fs::File>,
    label: &str,
) -> Result<String, String> {
    // A profile folder of its own: two Chromiums sharing one refuse to start (or hand
    // the page to the other and exit), and two tests may shoot files of one name.
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let profile = std::env::temp_dir().join(format!(
        "crystal-clans-chromium-{}-{}-{label}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
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
        .args(args)
        .arg(format!("file://{}", html.display()))
        .stdout(stdout.map_or(std::process::Stdio::null(), Into::into))
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
    let said = err.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
    if !status.success() {
        return Err(format!(
            "chromium failed on {} ({status}): {said}",
            html.display()
        ));
    }
    Ok(said)
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
