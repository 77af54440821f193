# /clans learn: a guided first match against the beginner AI, lesson by lesson
# (src/app/learn). Each lesson is posted the first time the match reaches what it is
# about, in the learner's language; it says which part of the panel to click.

learn-started = 📘 Lesson match #{ $id }: you play the { $clan } against the beginner AI, which is still learning too. The lessons come here as the match reaches them; the match is not rated.
learn-waiting = Your lesson match #{ $id } is still going: continue it from its latest board (**Take your turn**).
learn-restart-how = `/clans learn restart:True` closes it and starts a new one.
learn-again = Lessons you have already seen are not shown again: `/clans learn again:True` shows them all from the start.

lesson-goal = 📘 **The goal** · Take 4 crystals to win. The board has a home for each player (yours is H1), three hatched crystal zones and fields between them. Whoever controls 2 of the crystal zones may take a crystal from the market at the foot of the board.
lesson-initiative = 📘 **Initiative** · Every action costs initiative: paying moves the token on the track under the board toward your opponent. You keep acting while the token stays on your side or in the middle; once it crosses, your opponent plays. When it is your move, click **Take your turn** under the board.
lesson-summon = 📘 **Summon** · Bring units from your hand into your home: pick up to 3 in **Summon up to 3 units…** in your panel, then **Confirm**. Each costs its summon cost in initiative; the confirmation says what follows.
lesson-activate = 📘 **Activate** · A squad on the board acts when you activate it and pay its activation cost: you may reorder it, move all or part of it into a zone that touches its own, then battle an enemy squad there. Choose **Activate the squad in …** in your panel.
lesson-battle = 📘 **Battle** · Both players now pick a secret battle card from their hand (**Pick battle card**). The styles decide the effects: bold beats guarded, guarded beats tricky, tricky beats bold; the winning card's left effect triggers, every other card's right one. Then each squad deals damage: its attack against the other's defense.
lesson-score = 📘 **Crystals** · You control 2 crystal zones: you may take a face-up crystal by paying its cost (**Take …** in your panel). Whoever holds 4 crystals wins.
lesson-signature = 📘 **Your clan** · Every clan has a signature. The { $clan }'s is **{ $signature }**: { $explanation }
lesson-crystal-effect = 📘 **A crystal's effect** · Some crystals have an effect you may use by flipping the crystal face down; it still counts as one of your 4. Your panel offers it when it applies.
lesson-reshuffle = 📘 **Reshuffle** · A draw pile ran out, so its owner shuffled the discard pile into a new one. After the current action, the other player may take a crystal for free: no crystal zones needed, no initiative paid.
lesson-end = 📘 **The end** · That was a whole match: you have seen every part of the game. Ready for a real one? The button below starts one against the beginner AI with a new deal; `/clans play-ai` offers stronger levels, or challenge a friend with `/clans challenge`.
learn-real-match = Play a real match against the beginner AI

# A move other than the one the lesson just asked for: allowed, and explained. $did: the
# move as the panel words it.
lesson-detour-summon = 📘 **That works too** · You chose: { $did }. The lesson suggested summoning, because units in your hand cannot hold a zone or battle: only squads on the board can. Summon on any later action with **Summon up to 3 units…** in your panel.
lesson-detour-activate = 📘 **That works too** · You chose: { $did }. The lesson suggested activating a squad: squads move and battle only when activated, and a crystal zone is won by moving into it. Choose **Activate the squad in …** on a later action.
lesson-detour-score = 📘 **That works too** · You chose: { $did }. The lesson suggested taking a crystal: once the AI moves into one of your two crystal zones, the chance is gone. **Take …** stays in your panel while you control two.
