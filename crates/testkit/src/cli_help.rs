//! The check both command lines' tests run (the bot's `src/main.rs`, the tools'
//! `src/main.rs`): every flag, argument and command a user can see says what it is for.

/// What in `cmd` and below shows no help line in `--help`, as `PATH --flag` or
/// `PATH sub (the command)`, where `PATH` starts with `name`.
pub fn undocumented(cmd: &clap::Command, name: &str) -> Vec<String> {
    let mut missing = vec![];
    walk(cmd, name, &mut missing);
    missing
}

fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if arg.is_hide_set() || id == "help" || id == "version" {
            continue;
        }
        if arg.get_help().is_none() {
            missing.push(format!("{path} --{id}"));
        }
    }
    for sub in cmd.get_subcommands() {
        if !sub.is_hide_set() && sub.get_name() != "help" {
            if sub.get_about().is_none() {
                missing.push(format!("{path} {} (the command)", sub.get_name()));
            }
            walk(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::undocumented;

    /// The check finds a flag, an argument and a command without help, and passes
    /// hidden ones.
    #[test]
    fn it_names_what_has_no_help() {
        let cmd = clap::Command::new("x")
            .arg(clap::Arg::new("quiet").long("quiet"))
            .arg(clap::Arg::new("loud").long("loud").help("Shout."))
            .arg(clap::Arg::new("secret").long("secret").hide(true))
            .subcommand(clap::Command::new("go").arg(clap::Arg::new("file")))
            .subcommand(clap::Command::new("stay").about("Stays."));
        assert_eq!(
            undocumented(&cmd, "x"),
            ["x --quiet", "x go (the command)", "x go --file"]
        );
    }
}
