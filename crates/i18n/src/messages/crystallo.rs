//! Messages of `crystallo.ftl`: the words of Crystallo, the solo cavern game (the
//! cavern image, the panels, the posts, `/clans help`'s line). Values that name a rule's thing
//! (`title`, `wealth`, `treasure`, `phase`) are its id in the rules crate, chosen
//! between in the `.ftl` file.

messages! {
    help_crystallo() = "help-crystallo";
    image_title() = "cry-image-title";
    /// `phase`: explore, missing_colour, dragon, over.
    phase(phase) = "cry-phase";
    drawn_card() = "cry-drawn-card";
    /// The card shown beside the cavern in phase 2: the one the spots are for.
    chosen_card() = "cry-chosen-card";
    draw_pile(count) = "cry-draw-pile";
    set_aside(count) = "cry-set-aside";
    face_up(count) = "cry-face-up";
    cavern_deck(count) = "cry-cavern-deck";
    creatures() = "cry-creatures";
    /// The Black Dragon's six orbs, `count` of them marked.
    dragon(count) = "cry-dragon";
    freed() = "cry-freed";
    /// `kind`: riches, magic, battle.
    treasure(kind, count) = "cry-treasure";
    treasures_heading(count) = "cry-treasures-heading";
    magic_ready() = "cry-magic-ready";
    /// `count` numbered places the drawn card can go.
    spots(count) = "cry-spots";
    no_spot() = "cry-no-spot";
    /// `title`: commoner ... champion; `wealth`: impoverished, prosperous, wealthy.
    title(wealth, title) = "cry-title";
    points(score) = "cry-points";
    provisional_deck() = "cry-provisional-deck";

    // The game in Discord (`/crystallo`): its answers, the private panel, the public post.
    /// `colour`: red, orange, yellow, green, blue, purple.
    colour(colour) = "cry-colour";
    daily_needs_server() = "cry-daily-needs-server";
    /// `result`: [`result`].
    daily_done(result, zone) = "cry-daily-done";
    world_done(result) = "cry-world-done";
    daily_unfinished() = "cry-daily-unfinished";
    resume() = "cry-resume";
    /// `date`: YYYY-MM-DD.
    panel_daily(date) = "cry-panel-daily";
    panel_world(date) = "cry-panel-world";
    panel_practice() = "cry-panel-practice";
    pick_set(count) = "cry-pick-set";
    spot(number) = "cry-spot";
    makes(count) = "cry-makes";
    /// `rot`: 0 horizontal, 1 vertical.
    rot(rot) = "cry-rot";
    /// `makes`: [`makes`].
    preview(number, rot, makes) = "cry-preview";
    lights(colours) = "cry-lights";
    frees(names) = "cry-frees";
    collects(count) = "cry-collects";
    confirm() = "cry-confirm";
    back() = "cry-back";
    // "Somewhere else" (`src/app/crystallo/place.rs`): the card it will touch, then a
    // place next to it.
    pick_touch() = "cry-pick-touch";
    pick_part() = "cry-pick-part";
    /// `part`: top, bottom, or other (then `number` names it).
    part(part, number) = "cry-part";
    part_about(count) = "cry-part-about";
    /// `region`: top-left, top, top-right, left, centre, right, bottom-left, bottom,
    /// bottom-right; `orbs`: its orbs in sight ("red, blue"), or none.
    touch(region, orbs) = "cry-touch";
    /// `crystals`: their colours; `count`: the places next to it (as the next screen
    /// numbers them: a place where the card can lie either way counts once), `sets`:
    /// those where it makes a set one way or the other.
    touch_about(crystals, count, sets) = "cry-touch-about";
    pick_near() = "cry-pick-near";
    /// `card`: [`touch`].
    near_heading(card) = "cry-near-heading";
    /// `side`: right, right-up, right-down, left, left-up, left-down, above, above-left,
    /// above-right, below, below-left, below-right, over-right, over-left, over-top,
    /// over-bottom, over-top-left, over-top-right, over-bottom-left, over-bottom-right,
    /// next; `rot`: 0 horizontal, 1 vertical.
    near(number, side, rot) = "cry-near";
    /// The button to the places lying the other way: `rot` 0 horizontal, 1 vertical.
    lies(rot) = "cry-lies";
    discard() = "cry-discard";
    pick_card() = "cry-pick-card";
    card(number) = "cry-card";
    card_about(crystals, orbs) = "cry-card-about";
    missing(colour) = "cry-missing";
    discard_card(number) = "cry-discard-card";
    magic_free(name) = "cry-magic-free";
    magic_mark(colour) = "cry-magic-mark";
    no_place_any() = "cry-no-place-any";
    stale() = "cry-stale";
    not_yours() = "cry-not-yours";
    over(result) = "cry-over";
    share() = "cry-share";
    share_intro() = "cry-share-intro";
    share_line(date, result) = "cry-share-line";
    share_freed() = "cry-share-freed";
    share_trapped() = "cry-share-trapped";
    gone() = "cry-gone";
    /// `title`: [`title`].
    result(title, score, treasures) = "cry-result";
    post_daily(name, result) = "cry-post-daily";
    post_world(name, result) = "cry-post-world";
    post_practice(name, result) = "cry-post-practice";
    post_spoiler() = "cry-post-spoiler";
    scores_heading(date) = "cry-scores-heading";
    scores_world(date) = "cry-scores-world";
    recap_heading(date, players) = "cry-recap-heading";
    recap_titles(cells) = "cry-recap-titles";
    recap_best(name) = "cry-recap-best";
    scores_empty() = "cry-scores-empty";
    scores_log() = "cry-scores-log";
    scores_log_empty() = "cry-scores-log-empty";
    /// `kind`: daily, practice, lesson.
    log_line(date, kind, result) = "cry-log-line";
    best(score) = "cry-best";
    streak(days) = "cry-streak";
    help() = "cry-help";
    /// "10 Crystallo games" in the rate limit's answer.
    limit_games(count) = "cry-limit-games";

    // `/crystallo learn`: the lesson cavern's heading and its lessons (one "📘" line
    // each, `src/app/crystallo/lessons.rs`).
    panel_lesson() = "cry-panel-lesson";
    learn_resumed() = "cry-learn-resumed";
    lesson_contact() = "cry-lesson-contact";
    /// `colour`: the orb lit ([`colour`]); `name`: its creature.
    lesson_set(colour, name) = "cry-lesson-set";
    /// `name`: the creature freed.
    lesson_free(name) = "cry-lesson-free";
    /// `count`: the face-up cards.
    lesson_dragon(count) = "cry-lesson-dragon";
    /// `result`: [`result`].
    lesson_end(result) = "cry-lesson-end";
}
