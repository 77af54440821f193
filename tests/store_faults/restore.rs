//! A backup copied over the live SQLite file while the bot runs (issue 48, 3). `cp`
//! keeps the file's inode, so the identity check (device and inode) did not see it: the
//! bot acknowledged one more move into a file that no longer held its match, then every
//! read said "damaged", `verify` reported damage and `status` exited 0. The store now
//! reads the file's header through SQLite at every write and in the health probe: an
//! older epoch than it saw (a backup's is 0) stops the writes and fails the probe (so
//! the health file, and `status` with it, report the bot unhealthy).

use super::*;
use std::process::Command;

fn side(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(format!("{}{suffix}", path.display()))
}

/// Regression: after `cp backup.db clans.db` under the running bot, no move is
/// acknowledged and the health probe fails, saying what happened; the documented
/// restore (stop, move the old files aside, copy) then brings back the backup's match,
/// which plays on with every move acknowledged after it found.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restore_by_cp_over_the_live_file_is_refused_until_restored_properly() {
    let db = TestDb::sqlite();
    let live = db.sqlite_file.clone().unwrap();
    let mut p = Player::new(db.open().await, db.open().await, 4803).await;
    // Every other move is a Crystallo placement (`Player::play`).
    let before = p.play(20).await;
    assert_eq!(before.2, 0, "the match plays before the backup");
    let backup = support::scratch_path("crystal-clans-restore-backup", ".db");
    crystal_clans::store::backup::backup(&db.url, &backup)
        .await
        .expect("the backup is made");
    let in_backup: Vec<Ack> = p.acked.clone();
    assert_eq!(p.play(10).await.2, 0, "the match plays on after the backup");
    assert_eq!(p.matches.len(), 1, "one match played so far");

    // The operator's mistake: a copy over the live file, by another process.
    let cp = Command::new("cp").arg(&backup).arg(&live).status().unwrap();
    assert!(cp.success());
    let acked = p.acked.len();
    let probe = p.store.check_writable().await;
    let err = probe.expect_err("the health probe passes on a copied-over file");
    assert!(err.to_string().contains("overwritten"), "{err}");
    let during = p.play(10).await;
    assert_eq!(
        (during.1, p.acked.len()),
        (0, acked),
        "moves were acknowledged into a file copied over"
    );
    // Every write (not only moves) is refused, with the same cause.
    let err = p
        .store
        .create_match(new_match(4804, [1, 2], None))
        .await
        .expect_err("a match was created in a copied-over file");
    assert!(matches!(err, StoreError::Gone { .. }), "{err:?}");

    // The restore as docs/operating.md says: stop the bot, move the files aside, copy.
    let id = p.id;
    p.store.close().await;
    p.reader.close().await;
    let aside = support::scratch_path("crystal-clans-restore-aside", "");
    std::fs::create_dir_all(&aside).unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let from = side(&live, suffix);
        if from.exists() {
            std::fs::rename(&from, aside.join(format!("clans.db{suffix}"))).unwrap();
        }
    }
    std::fs::copy(&backup, &live).unwrap();
    let store = db.open().await;
    let stored = store.inputs(id).await.unwrap();
    // The backup was taken between moves: it holds exactly the moves acknowledged
    // before it, and the ones after it are gone with the restore, as a restore means.
    assert_eq!(stored.len(), in_backup.len(), "the restored match");
    let kept = in_backup;
    let mut p = Player::resume(store, db.open().await, id, kept, 4805).await;
    let after = p.play(20).await;
    assert_eq!(after.2, 0, "the restored match does not play on");
    p.check(&db.url).await;
    eprintln!(
        "restore by cp: {acked} moves acknowledged before the copy, 0 of 10 after it; \
         the restored match played 20 more"
    );
}
