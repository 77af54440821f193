//! The messages of `/clans learn` (`learn.ftl`): the lesson match and each lesson.

messages! {
    learn_started(id, clan) = "learn-started";
    learn_waiting(id) = "learn-waiting";
    learn_restart_how() = "learn-restart-how";
    learn_again() = "learn-again";
    lesson_goal() = "lesson-goal";
    lesson_initiative() = "lesson-initiative";
    lesson_summon() = "lesson-summon";
    lesson_activate() = "lesson-activate";
    lesson_battle() = "lesson-battle";
    lesson_score() = "lesson-score";
    /// `explanation`: the signature's rule (`explain::signature`).
    lesson_signature(clan, signature, explanation) = "lesson-signature";
    lesson_crystal_effect() = "lesson-crystal-effect";
    lesson_reshuffle() = "lesson-reshuffle";
    lesson_end() = "lesson-end";
    /// The end lesson's button: a rematch, which is a real match.
    learn_real_match() = "learn-real-match";
    /// `did`: the move made instead, as the panel words it.
    lesson_detour_summon(did) = "lesson-detour-summon";
    lesson_detour_activate(did) = "lesson-detour-activate";
    lesson_detour_score(did) = "lesson-detour-score";
}
