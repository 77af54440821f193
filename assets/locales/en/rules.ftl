# Card and rule texts: ability, signature, crystal and battle-effect explanations, `/clans rules` and `/clans card`, and names of cards, clans, crystals and zones that have German ones.
