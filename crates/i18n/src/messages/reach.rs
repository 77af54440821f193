//! Messages of the places where the bot can only answer interactions (`reach.ftl`): a
//! group DM, a server it came into through a player's own install.

messages! {
    needs_the_bot_here(command) = "needs-the-bot-here";
    needs_a_server(command) = "needs-a-server";
    written_instead_of_posted() = "written-instead-of-posted";
}
