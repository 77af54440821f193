# The private panels and answers to a player's own clicks (actions, hand, battle cards, refusals).
