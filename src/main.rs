use clap::{Parser, Subcommand};

mod ops;

#[derive(Parser)]
#[command(
    name = "crystal-clans",
    about = "Crystal Clans: the Discord bot and its store's operations (the developers' tools are crystal-clans-tools)",
    version
)]
struct Cli {
    /// What to do (default: `serve`, the Discord bot).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN; reads `.env`; matches go to DATABASE_URL,
    /// default sqlite://crystal-clans.db). The default when no command is given.
    Serve {
        /// Send Discord's REST API here instead (a fake Discord for tests), e.g.
        /// http://127.0.0.1:3000.
        #[arg(long, hide = true)]
        api_base: Option<String>,
    },
    /// Replay stored matches from setup and inputs and report any snapshot that disagrees
    /// (one JSON line per problem, then a summary; exit code 1 if any, or if the schema is
    /// missing or not this build's, or the matches once stored are gone). Reads only and
    /// never migrates (--rearm writes, on a current schema only).
    Verify {
        /// Check only this match (default: every match).
        #[arg(long = "match", conflicts_with = "all")]
        match_id: Option<i64>,
        /// Check every match (the default).
        #[arg(long)]
        all: bool,
        /// The database (default: DATABASE_URL, else sqlite://crystal-clans.db).
        #[arg(long)]
        database: Option<String>,
        /// Put matches the scheduler set aside back on the schedule (a fresh turn each)
        /// if they now verify (after a repair, or an engine that replays them again).
        #[arg(long)]
        rearm: bool,
    },
    /// Whether the match database answers, its schema is current and it takes writes,
    /// how many matches are active and deadlines due, and what the bot running here says
    /// of itself (its health file, CLANS_HEALTH_FILE, default crystal-clans.health: its
    /// gateway, commands and saves); exit code 1 when any of it fails (for a container
    /// HEALTHCHECK or a monitor). Creates and migrates nothing; its write probe is
    /// rolled back.
    Status {
        /// The database (default: DATABASE_URL, else sqlite://crystal-clans.db).
        #[arg(long)]
        database: Option<String>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Copy a SQLite store to a new file, consistent while the bot runs (SQLite's VACUUM
    /// INTO; the copy is readable by its owner only); exit code 1 if the copy failed.
    /// PostgreSQL: prints the pg_dump command to use instead and exits 2.
    Backup {
        /// The new file to write (refused if it exists).
        dest: std::path::PathBuf,
        /// The database (default: DATABASE_URL, else sqlite://crystal-clans.db).
        #[arg(long)]
        database: Option<String>,
    },
}

fn main() {
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve { api_base: None });
    let code = match command {
        Command::Serve { api_base } => serve(api_base),
        Command::Verify {
            match_id,
            all: _,
            database,
            rearm,
        } => ops::verify::cli(database, match_id, rearm),
        Command::Status { database, json } => {
            use crystal_clans::discord::health;
            let bot = health::check(&health::path_from_env(), crystal_clans::store::now_ms())
                .map(|r| r.map(|r| r.summary()));
            ops::status::cli(database, json, bot)
        }
        Command::Backup { dest, database } => ops::backup::cli(&dest, database),
    };
    std::process::exit(code);
}

/// Writes a line to standard error. A closed standard error (a log reader gone) must not
/// turn a clean exit code into a panic's 101, as `eprintln!` would.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Runs the Discord bot until it stops; a missing or refused token prints the how-to.
fn serve(api_base: Option<String>) -> i32 {
    let token = match crystal_clans::discord::token_from_env() {
        Ok(token) => token,
        Err(message) => {
            say(&message);
            return 1;
        }
    };
    // Out of the environment once read: nothing the process starts or reports later (a
    // child process, a crash reporter, a debug dump of the environment) carries it.
    // SAFETY: no other thread exists yet; the runtime that starts them is built below
    // (`serve_blocking`), and nothing before this line spawns one.
    unsafe {
        std::env::remove_var("DISCORD_TOKEN");
        std::env::remove_var("DISCORD_TOKEN_FILE");
    }
    match crystal_clans::discord::serve_blocking(token, api_base) {
        Ok(()) => 0,
        Err(message) => {
            say(&message);
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every flag and argument a user can see says what it is for in `--help`.
    #[test]
    fn every_cli_flag_has_a_help_line() {
        let missing =
            crystal_clans_testkit::cli_help::undocumented(&Cli::command(), "crystal-clans");
        assert!(missing.is_empty(), "no help line: {missing:#?}");
    }
}
