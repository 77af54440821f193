//! Messages of `crystallo.ftl`: the words of Crystallo, the solo cavern game (the
//! cavern image now; its panels and posts next). Values that name a rule's thing
//! (`title`, `wealth`, `treasure`, `phase`) are its id in the rules crate, chosen
//! between in the `.ftl` file.

messages! {
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
}
