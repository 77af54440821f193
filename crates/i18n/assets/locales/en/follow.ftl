# Following a match (its board's Follow button): the follower's private answers and the
# direct message when the match ends.

button-follow = Follow
button-unfollow = Unfollow
follow-done = You follow match #{ $id }. { $place } When it ends, I tell you by direct message. Nobody else is told that you follow it.
follow-where-thread = You were added to its thread.
follow-where-channel = Its posts are in <#{ $channel }>.
follow-already = You already follow match #{ $id }.
follow-player = You play in match #{ $id }: its posts mention you already.
follow-over = Match #{ $id } is over: there is nothing left to follow.
follow-join-failed = I could not add you to the thread of match #{ $id } (it may be archived or locked): open it from <#{ $channel }>.
unfollow-done = You no longer follow match #{ $id }, and get no message when it ends. To leave its thread too, use **Leave Thread** in the thread's menu.
unfollow-not = You do not follow match #{ $id }.
follow-ended = 🔔 Match #{ $id }, which you follow, has ended. { $result }
    { $link }
