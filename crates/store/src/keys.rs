//! Keys the bot keeps in its database (`bot_keys`): made once, on first use, and shared
//! by every process on the database, so what one process signs another can check, also
//! after a restart.

use super::error::db;
use super::{Result, Store, StoreError};
use crate::error::Doing;

/// A key's length in bytes.
pub const KEY_LEN: usize = 32;

impl Store {
    /// The key called `name`, made of random bytes the first time it is asked for. Two
    /// processes asking at once get the same key: the first insert wins and both read it.
    pub async fn key(&self, name: &str) -> Result<[u8; KEY_LEN]> {
        let made: [u8; KEY_LEN] = rand::random();
        let hex: String = made.iter().map(|b| format!("{b:02x}")).collect();
        self.still_there(Doing::write("saving the bot's key"))?;
        sqlx::query(
            "INSERT INTO bot_keys (name, hex) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(hex)
        .execute(self.db())
        .await
        .map_err(db(Doing::write("saving the bot's key")))?;
        let stored: String = sqlx::query_scalar("SELECT hex FROM bot_keys WHERE name = $1")
            .bind(name)
            .fetch_one(self.db())
            .await
            .map_err(db(Doing::read("reading the bot's key")))?;
        parse(&stored).ok_or_else(|| StoreError::BadSettings {
            owner: format!("the bot's key {name:?}:"),
            detail: format!("not {KEY_LEN} bytes in hexadecimal"),
        })
    }
}

fn parse(hex: &str) -> Option<[u8; KEY_LEN]> {
    let bytes = hex.as_bytes();
    if bytes.len() != KEY_LEN * 2 {
        return None;
    }
    let mut key = [0u8; KEY_LEN];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).ok()?;
        key[i] = u8::from_str_radix(s, 16).ok()?;
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_hex_keys_parse() {
        let hex = "00ff".repeat(KEY_LEN / 2);
        let key = parse(&hex).unwrap();
        assert_eq!((key[0], key[1]), (0x00, 0xff));
        assert_eq!(parse(&hex[2..]), None, "too short");
        assert_eq!(parse(&format!("zz{}", &hex[2..])), None, "not hex");
    }
}
