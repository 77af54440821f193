# Where the bot can only answer interactions: a group DM or a server it came into
# through a player's own install of the app (src/discord/reach.rs). Every message here
# has a function of the same name in crates/i18n/src/messages/reach.rs.

# A command that needs a server with the bot (its settings, leagues) or the bot's own
# posts (an AI's moves), used where the bot can only answer.
needs-the-bot-here = { $command } needs a server with the bot in it: here the bot came through your own install of the app and can only answer you. Here you can challenge someone (`/clans challenge`), play your matches, look up cards and rules, and play Crystallo (`/crystallo practice`). To play the AI, send `/clans play-ai` in a DM with the bot.
# A server's command used in a DM.
needs-a-server = { $command } belongs to a server: use it in a channel of a server the bot is in.
# Above a post the bot would have made in a group DM match but cannot (a reminder, a
# timeout's result), sent by DM instead.
written-instead-of-posted = The bot cannot post in the group DM where this match is played, so it writes to you here. Open that group DM and use `/clans board` there to see the board and play on.
