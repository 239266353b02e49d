"""The interpretation points of modifiers 34-46, the seed's group "Карты" (cards): records that ``cards.py`` declares."""

from ...readings import Point

POINTS: tuple[Point, ...] = (
    # M34
    Point("IP-M34-SOURCE", "M34", "Which wild cards does modifier 34 cancel?", "any_source", ("modifier_made_only",),
        {"any_source": "wild by base rule 2, Table 2 or a modifier before 34",
         "modifier_made_only": "only cards a conditional modifier made wild (base rule 11: 34 names no rule)"}),
    Point("IP-M34-ZERO", "M34", "Is a remainder of 0 'a multiple of 3' (and of 2)?", "zero_is_multiple",
        ("zero_not_multiple",),
        {"zero_is_multiple": "0 is a multiple of every number: Twos to Sevens are cancelled",
         "zero_not_multiple": "a remainder of 0 cancels Eights, Nines and Tens"}),
    Point("IP-M34-REPLACE", "M34", "Does 'However' replace the Eights-Tens or add to them?", "replace", ("add",),
        {"replace": "a remainder that is a multiple of 3 or 2 names other ranks instead",
         "add": "Eights, Nines and Tens are always cancelled, the other ranks besides"}),
    Point("IP-M34-CARRY", "M34", "Does a set keep acting in the next two deals when the condition no longer "
        "holds (image removed, even count)?", "persist", ("while_condition_holds",),
        {"persist": "a firing lasts three deals whatever happens to the images",
         "while_condition_holds": "earlier sets act only in deals where an odd number of images is present"}),
    Point("IP-M34-GAME", "M34", "Do the sets of modifier 34 carry across a change of Game?", "within_game", ("carries",),
        {"within_game": "deal numbers restart with each Game: a Game's first deals read no earlier sets",
         "carries": "the sets kept in the last two deals of the previous Game at the table (the sitting "
                    "document's previous_game) act in the first two deals of the next"}),
    Point("IP-M34-LATER", "M34", "Are wild foskas made by modifiers after 34 (43, 44, 56, 59, 66, 74, 88, 91) also "
        "cancelled?", "in_order", ("standing_ban",),
        {"in_order": "base rules 10-11: they come later and the higher number stands, so they stay wild",
         "standing_ban": "no card of a cancelled rank can be wild during the deal"}),

    # M35 (claim)
    Point("IP-M35-ORDER", "M35", "Is the Seven of spades' wildness judged after modifier 34?", "in_order", ("before_34",),
        {"in_order": "a Seven of spades that 34 made plain gives no right",
         "before_34": "a Seven of spades wild by any source lifts 34, even one 34 cancelled"}),
    Point("IP-M35-SCOPE", "M35", "Whom does the lifting of modifier 34 reach?", "all_players", ("claimant_only",),
        {"all_players": "34 does not act in this deal at all", "claimant_only": "34 spares only the claimant's cards"}),
    Point("IP-M35-CARRY", "M35", "Does this deal's firing of 34 still act in the next two deals?", "firing_still_counts",
        ("void_firing",),
        {"firing_still_counts": "34 is lifted for the current deal only; its set still carries",
         "void_firing": "this deal's firing of 34 never happened"}),

    # M36 - M40
    Point("IP-M36-LATER-KILLS", "M36", "Does the revival also override kills made by modifiers processed after 36 "
        "(e.g. 89 kills black honors from dark circles on sunny days)?", "later_kills_stand", ("revival_final",),
        {"later_kills_stand": "base rules 10-11: order, and the higher number stands",
         "revival_final": "revived cards cannot be killed again in this deal"}),
    Point("IP-M37-WHICH", "M37", "Which are 'the 2nd and the last cards dealt on the open circles'?", "per_player",
        ("table_sequence",),
        {"per_player": "each player's card of the second open circle and of the last open circle",
         "table_sequence": "the second face-up card of the deal and the very last face-up card"}),
    Point("IP-M37-ZERO", "M37", "Does zero animals count as an even number?", "needs_animals", ("zero_is_even",),
        {"needs_animals": "no animals, no modifier 37", "zero_is_even": "zero animals is even: 37 acts"}),
    Point("IP-M37-REF", "M37", "What does 'Modifier 35 is also valid' refer to?", "as_written", ("off_by_one",),
        {"as_written": "a reminder that 35 still applies beside 37; it changes no card",
         "off_by_one": "meant 36 (as IP-M39-REF reads 39 and 40): 36 keeps acting beside 37, which it does in "
                       "number order anyway; no card changes either"}),
    Point("IP-M38-SCOPE", "M38", "Are 36 and 37 cancelled for everybody or only for the Unicorn's recipient?", "table",
        ("that_player",),
        {"table": "36 and 37 do not act in this deal", "that_player": "they spare only the recipient's cards"}),
    Point("IP-M39-REF", "M39", "Which modifier does 39 cancel for Elves and Giants ('35' as written)?", "off_by_one",
        ("as_written",),
        {"off_by_one": "modifier 36: it revives no dead Elf or Giant",
         "as_written": "modifier 35, which never touches an honor: no card changes"}),
    Point("IP-M39-FOR", "M39", "Under off_by_one, does 'for Elves and Giants' name the revived cards or every "
        "card 36 involves (its Giants too)?", "revived_ranks", ("involved_cards",),
        {"revived_ranks": "dead Elves and Giants are not revived; Unicorns and Dragons still are",
         "involved_cards": "the Giants lose their reviving power: 36 is cancelled entirely"}),
    Point("IP-M40-REF", "M40", "Which modifiers does 40 cancel ('35 for Unicorns and Dragons and 36 for Tens' "
        "as written)?", "off_by_one", ("as_written",),
        {"off_by_one": "36 for Unicorns and Dragons, 37 for Tens",
         "as_written": "35 and 36, neither of which touches those cards: no card changes"}),
    Point("IP-M39-WHEN", "M39 (as IP-M28-WHEN)", "When must the Elf of the third open circle be dead?", "in_order",
        ("final_state",),
        {"in_order": "dead when 39 is processed: by the base rules or modifiers 1-38 (an Elf a later modifier "
                     "kills, e.g. 90 on an overcast day, does not count)",
         "final_state": "dead in the deal as every modifier leaves it (a later kill counts, an Elf a later "
                        "modifier revives does not); 36 is then cancelled after the fact and the deal settled "
                        "again (base rule 11)"}),
    Point("IP-M40-WHEN", "M40", "When must the Three of the fourth open circle be wild?", "in_order", ("final_state",),
        {"in_order": "wild when 40 is processed: after the base rules and modifiers 1-39, so after 34's "
                     "cancellations",
         "final_state": "wild in the deal as every modifier leaves it (a later modifier's wild Three counts, "
                        "one a later modifier kills or strips does not); 36 and 37 are then cancelled after "
                        "the fact and the deal settled again (base rule 11)"}),

    # M41
    Point("IP-M41-COUNTED", "M41", "Which face-up cards count towards the three of one real rank?", "any_state",
        ("live_only", "natural_only"),
        {"any_state": "every face-up card by its real rank, dead or wild ones too",
         "live_only": "dead face-up cards do not count", "natural_only": "only natural face-up cards count"}),
    Point("IP-M41-REAL-CHANGED", "M41", "After modifiers 17-19 give a card a new real rank, which dark cards die?",
        "all_dark_of_rank", ("printed_fourth",),
        {"all_dark_of_rank": "every dark card of that real rank", "printed_fourth": "dark cards of that printed rank"}),

    # M42 - M44 (claims)
    Point("IP-M42-COUNT", "M42, M43, M44", "'3 (4, 5) dead cards': exactly or at least?", "exactly", ("at_least",),
        {"exactly": "42, 43 and 44 are separate tiers", "at_least": "more dead cards also give the right"}),
    Point("IP-M43-PARTS", "M43, M44", "Must the parts of the right be taken together?", "each_optional", ("both_or_none",),
        {"each_optional": "each part is a permission of its own", "both_or_none": "all parts or none"}),
    Point("IP-M43-SAME", "M43", "May the red card declared wild be the card just revived?", "allowed", ("distinct",),
        {"allowed": "a revived red card is live and natural again", "distinct": "it must be another card"}),
    Point("IP-M44-FREE", "M44", "May modifier 44's free card be a foska?", "honor_only", ("any_card",),
        {"honor_only": "definition 13: free cards are honors that exchange rank among the honors; a foska "
                       "named free is refused",
         "any_card": "the text's 'объявить свободной одну из своих неубитых карт' names any live card: a foska "
                     "declared free plays as itself or as any honor rank of its own suit (its suit kept, "
                     "definition 13)"}),

    # M45, M46 (alliances)
    Point("IP-M45-ADJACENT", "M45, M46", "What are 'adjacent circles' for an alliance?", "consecutive_circles",
        ("consecutive_open",),
        {"consecutive_circles": "circles n and n+1", "consecutive_open": "neighbours among the open circles"}),
    Point("IP-M45-MULTI", "M45", "Two alliances of one player (K, Q, K on three circles): one declaration per "
        "alliance or per player?", "one_per_alliance", ("one_per_player",),
        {"one_per_alliance": "each alliance gives one declaration", "one_per_player": "one declaration in all"}),
    Point("IP-M46-WITH-45", "M46", "An alliance of one suit on open circles: may its holder claim both 45 and 46?",
        "both_allowed", ("46_only",),
        {"both_allowed": "separate modifiers, applied in number order",
         "46_only": "an alliance of one suit gives only modifier 46's right"}),
    Point("IP-M46-MODIFIED", "M46", "May the increment / decrement reach cards that 28, 29 or 31 froze, or that "
        "base rule 14 froze?", "any_own_card", ("not_frozen",),
        {"any_own_card": "46 says so expressly and has the higher number; only base rule 22 still limits it",
         "not_frozen": "only modified cards that no text has frozen"}),
)
