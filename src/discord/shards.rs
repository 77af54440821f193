//! Which gateway shards this process runs. Discord delivers a server's events, its
//! interactions included, to exactly one shard (`(guild_id >> 22) % shard_count`), so
//! processes that split the shards between them each handle a click exactly once; the
//! scheduler's timers are claimed in the shared store. One process runs every shard.

use std::ops::RangeInclusive;

/// From `SHARD_COUNT` and `SHARD_IDS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shards {
    /// Discord's recommended count (`GET /gateway/bot`), all in this process.
    Auto,
    /// `ids` of `count` shards in this process (other processes run the rest).
    Range {
        ids: RangeInclusive<u32>,
        count: u32,
    },
}

impl Shards {
    /// Reads `SHARD_COUNT` and `SHARD_IDS` (unset or empty: [`Shards::Auto`]).
    pub fn from_env() -> Result<Shards, String> {
        let var = |name| {
            std::env::var(name)
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        Shards::parse(var("SHARD_COUNT").as_deref(), var("SHARD_IDS").as_deref())
    }

    /// `count`: the total number of shards of the bot across its processes; `ids`: this
    /// process's, `A-B` (both included) or one id, default all of them.
    pub fn parse(count: Option<&str>, ids: Option<&str>) -> Result<Shards, String> {
        let Some(count) = count else {
            return match ids {
                None => Ok(Shards::Auto),
                Some(_) => Err("SHARD_IDS needs SHARD_COUNT, the total number of shards \
                                across every process (e.g. SHARD_COUNT=4 and SHARD_IDS=0-1 \
                                here, SHARD_IDS=2-3 in the other process)"
                    .into()),
            };
        };
        let count: u32 = match count.parse() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(format!(
                    "SHARD_COUNT must be a whole number of shards, 1 or more (got `{count}`)"
                ));
            }
        };
        let ids = match ids {
            None => 0..=count - 1,
            Some(text) => {
                let bad = || {
                    format!(
                        "SHARD_IDS must be a shard id or a range of them such as `0-3`, \
                         each below SHARD_COUNT ({count}) (got `{text}`)"
                    )
                };
                let (a, b) = text.split_once('-').unwrap_or((text, text));
                let a: u32 = a.trim().parse().map_err(|_| bad())?;
                let b: u32 = b.trim().parse().map_err(|_| bad())?;
                if a > b || b >= count {
                    return Err(bad());
                }
                a..=b
            }
        };
        Ok(Shards::Range { ids, count })
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shards::Auto => f.write_str("Discord's recommended number of shards"),
            Shards::Range { ids, count } if ids.start() == ids.end() => {
                write!(f, "shard {} of {count}", ids.start())
            }
            Shards::Range { ids, count } => {
                write!(f, "shards {}-{} of {count}", ids.start(), ids.end())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shards;

    #[test]
    fn shard_settings_parse_or_say_what_is_wrong() {
        assert_eq!(Shards::parse(None, None), Ok(Shards::Auto));
        assert_eq!(
            Shards::parse(Some("4"), Some("0-1")),
            Ok(Shards::Range {
                ids: 0..=1,
                count: 4
            })
        );
        assert_eq!(
            Shards::parse(Some("4"), Some(" 3 ")),
            Ok(Shards::Range {
                ids: 3..=3,
                count: 4
            })
        );
        assert_eq!(
            Shards::parse(Some("2"), None),
            Ok(Shards::Range {
                ids: 0..=1,
                count: 2
            })
        );
        for (count, ids, says) in [
            (None, Some("0-1"), "needs SHARD_COUNT"),
            (Some("0"), None, "1 or more"),
            (Some("many"), None, "got `many`"),
            (Some("4"), Some("2-4"), "below SHARD_COUNT (4)"),
            (Some("4"), Some("3-1"), "got `3-1`"),
            (Some("4"), Some("a-b"), "got `a-b`"),
        ] {
            let e = Shards::parse(count, ids).unwrap_err();
            assert!(e.contains(says), "{count:?} {ids:?}: {e}");
        }
        assert_eq!(
            Shards::parse(Some("8"), Some("4-7")).unwrap().to_string(),
            "shards 4-7 of 8"
        );
    }
}
