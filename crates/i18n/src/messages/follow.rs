//! Messages of following a match (`follow.ftl`): the Follow and Unfollow buttons, the
//! follower's private answers and the direct message when the match ends.

messages! {
    button_follow() = "button-follow";
    button_unfollow() = "button-unfollow";
    follow_done(id, place) = "follow-done";
    follow_where_thread() = "follow-where-thread";
    follow_where_channel(channel) = "follow-where-channel";
    follow_already(id) = "follow-already";
    follow_player(id) = "follow-player";
    follow_over(id) = "follow-over";
    follow_join_failed(id, channel) = "follow-join-failed";
    unfollow_done(id) = "unfollow-done";
    unfollow_not(id) = "unfollow-not";
    follow_ended(id, result, link) = "follow-ended";
}
