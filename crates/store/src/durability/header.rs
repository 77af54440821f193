//! The SQLite file's header as it is on disk, read through a connection of SQLite's own:
//! the store's pages go through SQLite's page cache and its WAL, which keep showing the
//! old content after a file was copied over the live one (same inode, so the identity
//! check misses it). Never by opening the file ourselves: POSIX advisory locks belong to
//! the process, and closing any descriptor of the file would drop every lock SQLite
//! holds on it (`file_writable`'s comment). SQLite's unix VFS knows every descriptor it
//! opened on the file and keeps one whose close would drop a lock until the lock is
//! released, so a connection of its own is safe to open and close.
//!
//! What the header tells: the magic string (a file being copied over reads short or
//! zero), and the *epoch* in its `user_version` field, which every writable store raises
//! when it opens (`raise_epoch`) and `backup` sets to 0 in its copy. Checkpoints only
//! move the file's epoch forward, so an epoch below one seen before means an older file
//! was put in place: a backup, or any copy taken before this bot started.

use libsqlite3_sys as ffi;
use std::ffi::{CString, c_void};
use std::path::Path;
use std::sync::Mutex;

/// The first 16 bytes of every SQLite database file.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// Where the header keeps `PRAGMA user_version` (a big-endian u32).
const USER_VERSION_AT: usize = 60;

/// What the file's first 100 bytes hold now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Header {
    /// A database file with this epoch.
    Epoch(u32),
    /// No database header: an empty file, or one being copied over.
    Missing,
}

/// A read-only SQLite connection to the file, used for nothing but reading its header.
pub(crate) struct HeaderReader {
    db: Mutex<Handle>,
}

struct Handle(*mut ffi::sqlite3);

// The handle is only used under the mutex, and SQLite is built thread-safe (sqlx's
// bundled build): a connection may move between threads when not used by two at once.
unsafe impl Send for Handle {}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from `sqlite3_open_v2` and is closed once, here.
        unsafe {
            ffi::sqlite3_close(self.0);
        }
    }
}

impl HeaderReader {
    pub(crate) fn open(path: &Path) -> std::io::Result<HeaderReader> {
        let c_path = CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|_| std::io::Error::other("the database path holds a NUL byte"))?;
        let mut db: *mut ffi::sqlite3 = std::ptr::null_mut();
        // SAFETY: a valid C string and out pointer; the handle is owned by `Handle`
        // even when the open failed (SQLite then still hands one out to be closed).
        let rc = unsafe {
            ffi::sqlite3_open_v2(
                c_path.as_ptr(),
                &mut db,
                ffi::SQLITE_OPEN_READONLY | ffi::SQLITE_OPEN_NOMUTEX,
                std::ptr::null(),
            )
        };
        let handle = Handle(db);
        if rc != ffi::SQLITE_OK {
            return Err(std::io::Error::other(format!(
                "SQLite could not open the file to read its header (code {rc})"
            )));
        }
        Ok(HeaderReader {
            db: Mutex::new(handle),
        })
    }

    /// The header as on disk now (one `pread` by SQLite).
    pub(crate) fn read(&self) -> std::io::Result<Header> {
        let handle = self.db.lock().unwrap_or_else(|e| e.into_inner());
        let mut file: *mut ffi::sqlite3_file = std::ptr::null_mut();
        let mut buf = [0u8; 100];
        // SAFETY: the connection is open and used by this thread alone (the mutex);
        // FILE_POINTER writes the main database's `sqlite3_file*`, valid while the
        // connection is open; `xRead` reads into a buffer of the length given, and zero-fills
        // what lies past the end of the file (SQLITE_IOERR_SHORT_READ).
        let rc = unsafe {
            let rc = ffi::sqlite3_file_control(
                handle.0,
                c"main".as_ptr(),
                ffi::SQLITE_FCNTL_FILE_POINTER,
                (&mut file as *mut *mut ffi::sqlite3_file).cast::<c_void>(),
            );
            if rc != ffi::SQLITE_OK || file.is_null() || (*file).pMethods.is_null() {
                return Err(std::io::Error::other(
                    "SQLite gave no handle of the database file",
                ));
            }
            match (*(*file).pMethods).xRead {
                Some(read) => read(file, buf.as_mut_ptr().cast(), buf.len() as i32, 0),
                None => return Err(std::io::Error::other("SQLite's file has no read")),
            }
        };
        match rc {
            ffi::SQLITE_OK | ffi::SQLITE_IOERR_SHORT_READ => Ok(parse(&buf)),
            rc => Err(std::io::Error::other(format!(
                "SQLite could not read the database file's header (code {rc})"
            ))),
        }
    }
}

fn parse(buf: &[u8; 100]) -> Header {
    if &buf[..16] != MAGIC {
        return Header::Missing;
    }
    let at = USER_VERSION_AT;
    Header::Epoch(u32::from_be_bytes([
        buf[at],
        buf[at + 1],
        buf[at + 2],
        buf[at + 3],
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_without_the_magic_string_is_missing() {
        assert_eq!(parse(&[0; 100]), Header::Missing);
        let mut buf = [0u8; 100];
        buf[..16].copy_from_slice(MAGIC);
        buf[60..64].copy_from_slice(&7u32.to_be_bytes());
        assert_eq!(parse(&buf), Header::Epoch(7));
    }
}
