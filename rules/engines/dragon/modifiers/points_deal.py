"""The interpretation points of modifiers 1-33, the seed's group "Раздача" (the deal): records that ``deal_common.py`` declares."""

from ...readings import Point

POINTS: tuple[Point, ...] = (
    Point("IP-M26-CARD-STATE", "M26, M27, M28, M29, M32", "In what state must a card be that a condition names or "
        "that acts as the modifying card (M26's Giant of hearts / Unicorn of diamonds and spade fosk, M27's Nine "
        "of clubs, M28's Four of spades, M29's Seven of diamonds, M32's black Sixes)?", "live_any_state",
        ("natural_only", "any_incl_dead"),
        {"live_any_state": "any card that is not dead, by its real rank and suit (base rules 13-14; definition 3)",
         "natural_only": "only a natural card no rule or modifier touched (base rule 24: 'card' = natural card)",
         "any_incl_dead": "any card of that rank and suit, a dead one too"}),

    # shared readings
    # Points the modifier notes (rules/modifiers/01-25-deal.md, 26-50-deal-cards-time.md) name under a
    # block id that are one registered point (the notes' README merges them; a ruling fixes the merged id):
    #   IP-M1-RULE11, IP-M28-DEAD-SOURCE   -> IP-RULE11-STATES (a modifier changes states the base rules
    #                                         and tables made); IP-M28-DEAD-SOURCE's ``modifier_kills_only``
    #                                         is also IP-REVIVE-RULE-KILLS ``modifier_kills_only``
    #   IP-M13-RULE13, IP-M26-TARGET-STATE -> IP-R13-SCOPE (``no_unless_stated``; their ``last_applied_wins``
    #                                         and ``override`` are IP-R13-SCOPE ``last_applied_wins``)
    #   IP-M28-TARGETS, IP-M30-TARGETS,    -> IP-INCDEC-TARGET (``one_own_chosen`` / ``one_own_natural_per_six``
    #   IP-M32-TARGETS                        is ``owner_picks_one``; ``all_own_eligible`` / ``all_own_natural``
    #                                         is ``all_own_natural``; IP-M28-TARGETS' ``any_player`` is
    #                                         ``any_player``, read by ``incdec_target``)
    #   IP-MOD1-COUNT                      -> IP-M1-COUNT
    #   IP-M11-SECOND                      -> IP-M4-SECOND (the same count "second from the dealer")
    Point("IP-MANDATORY-CLAIM", "M17, M18, M20", "A modifier obliges a player to choose (M17, M18, M20) "
        "and he declared no choice: what happens?", "first_eligible", ("refuse",),
        {"first_eligible": "the croupier applies it to the first eligible card in dealing order "
                           "(raising before lowering, definitions 9-10)",
         "refuse": "the deal cannot be judged: a RulesError names the missing choice"}),

    # M1, M2
    Point("IP-M1-COUNT", "M1 (the notes' IP-MOD1-COUNT)", "Modifier 1's number exceeds the number of players.",
        "wrap", ("no_effect", "digital_root"),
        {"wrap": "reduce by digit sums while above the players, then count on round the table",
         "no_effect": "nobody is affected when the number still exceeds the players",
         "digital_root": "always reduce to one digit, then count on round the table (the same player as wrap "
                         "at a table of up to 8 players, the most a Game has)"}),
    Point("IP-M1-LAYER", "M1, M4", "Is 'has no wild cards' a state for the whole deal, or one operation in modifier "
        "order?", "in_order", ("persistent",),
        {"in_order": "base rules 10-11: M1 strips the wild status that exists when it is applied; a higher "
                     "modifier that later makes one of his cards wild prevails",
         "persistent": "none of his cards is wild at the end of the deal, whatever the source"}),
    Point("IP-M3-SCOPE", "M3, M1", "Which readings of 'the month' does modifier 3 shift?", "table3_only",
        ("every_month_read",),
        {"table3_only": "only the month Table 3 reads (base rule 18); modifier 1's sum uses the calendar month",
         "every_month_read": "modifier 1's sum uses the month modifier 3 shifted as well"}),
    Point("IP-M2-SOURCE", "M2", "Which wild statuses count as 'a wild card cancelled by modifier 1' for modifier 2's "
        "trigger?", "base_rules_2_16", ("any_source",),
        {"base_rules_2_16": "the status modifier 1 took away when it was applied: by then only base rules 2 and 16 "
                            "have made cards wild",
         "any_source": "also a card that would be wild for him at the end of the deal without modifier 1: wild "
                       "from any later modifier, or a wild status modifier 1's standing ban (IP-M1-LAYER "
                       "persistent) refused; modifier 1 is then annulled and the deal settled again"}),

    # M3
    Point("IP-M3-BOTH", "M3", "Six players are a multiple of 3 and of 2: which shifts apply?",
        "apply_all_in_text_order", ("first_match_only", "last_match_only"),
        {"apply_all_in_text_order": "+1 then -2: one month back", "first_match_only": "+1 only",
         "last_match_only": "-2 only: the last clause that matches replaces the earlier ones"}),
    Point("IP-M3-INVERT", "M3", "What is an 'inverted' month (five players)?", "mirror", ("opposite",),
        {"mirror": "13 - m (January <-> December), definitions 6-7", "opposite": "m + 6"}),

    # M4
    Point("IP-M4-SECOND", "M4, M11 (the notes' IP-M11-SECOND)", "Who is 'second from the dealer' (M4), 'the second "
        "hand from the dealer' (M11)?", "second_occupied_clockwise", ("second_seat_clockwise", "counterclockwise"),
        {"second_occupied_clockwise": "the second occupied seat clockwise, counting from the dealer's left",
         "second_seat_clockwise": "the compass seat two places clockwise from the dealer's (N -> E): when nobody "
                                  "sits there, there is no second from the dealer (no case B of M4, no trigger "
                                  "of M11)",
         "counterclockwise": "the second occupied seat counterclockwise"}),
    Point("IP-M4-CASEB-OTHERS", "M4", "In case B, do home Elves and Dragons lose home status?", "yes", ("no",),
        {"yes": "the modifier is lifted only for foskas and Unicorns", "no": "case B changes nothing but the Giants"}),
    Point("IP-M4-DURATION", "M4", "'в игре': this deal, or the whole Game (sitting)?", "this_deal", ("rest_of_game",),
        {"this_deal": "the trigger (who deals) changes every deal; 'в игре' means 'in play'",
         "rest_of_game": "from the first deal a woman deals onwards: no home cards (case A) in every later deal"}),
    Point("IP-M4-LAYER", "M4", "Which home cards are removed?", "in_order", ("persistent",),
        {"in_order": "the home status that exists when modifier 4 is applied; later grants of home stand",
         "persistent": "no card becomes home later in the deal either, except case B's foskas and Unicorns "
                       "(a free card a later kill turns home by base rule 3 is not a grant and stays home)"}),

    # pattern modifiers
    Point("IP-M5-SCOPE", "M5: \"расклад играется с одной дополнительно темной, причем темной будет последняя "
        "карта, которая должна быть открытой\"", "One more dark card in every hand, or one in the whole deal?",
        "last_open_circle", ("single_last_card", "extra_dark_card"),
        {"last_open_circle": "every hand's last would-be-open card is dealt dark: the whole last open circle "
                             "(nine cards each, one open card fewer)",
         "single_last_card": "only the last would-be-open card of the deal, the dealer's card of the last open "
                             "circle, is dealt dark",
         "extra_dark_card": "a tenth card: a dark circle is dealt where the last open circle was due, and that "
                            "open circle after it (ten cards each, one dark card more)"}),
    Point("IP-M5-IDENTITY", "M5 (\"Если первой, сданной в открытую, картой является Дракон\"), base rule 24 "
        "(\"карта – естественная карта\"); the trigger and target cards of modifiers 6-25 that name no state",
        "Does a Dragon that is wild, home or dead count as 'a Dragon', and a card with a state as the trigger or "
        "target card modifiers 5-25 name (unless the modifier names the state itself)?", "real_identity_any_state",
        ("natural_state_only",),
        {"real_identity_any_state": "any card of that rank and suit, whatever state it has",
         "natural_state_only": "only a natural card: while dealing (5, 6, 12) one Tables 2-3 leave natural, in "
                               "modifiers 7-25 one not wild, home, free or dead and playing as its real rank and suit"}),
    Point("IP-M5-AFTERMATH", "M5, M6, M12 (the circles as dealt) and every modifier that reads 'the n-th / "
        "last / penultimate open circle'", "After modifier 5 has dealt a would-be-open circle dark, which "
        "pattern do the other modifiers count open circles in?", "final_pattern", ("pattern_before_m5",),
        {"final_pattern": "the circles as dealt: the circle 5 made dark is a dark circle",
         "pattern_before_m5": "the circles as they were before modifier 5 acted: the circle it made dark still "
                              "counts as an open circle (its cards stay face down: they were not shown)"}),
    Point("IP-M6-LENGTH", "M6: \"порядок сдачи карт изменяется следующим образом: т,т,т,о,о,т,о,о\" (eight "
        "entries); 'Порядок сдачи карт': \"Всего девять карт\"", "Modifier 6's printed order has eight entries: "
        "how many circles are dealt?", "nine_circles_final_dark", ("eight_circles",),
        {"nine_circles_final_dark": "nine circles, the ninth dark as in the default order (d,d,d,o,o,d,o,o,d)",
         "eight_circles": "eight circles, as printed: every hand has eight cards"}),
    Point("IP-M6-PAIR", "M6", "What if three or four Threes show in the first open circle?",
        "at_least_one_opposite_pair", ("exactly_two_threes",),
        {"at_least_one_opposite_pair": "any opposite pair among them fires it",
         "exactly_two_threes": "it fires only with exactly two Threes, of opposite suits"}),
    Point("IP-M6-CIRCLE", "M6", "Circle 1 is dark by default: which circle is 'the first circle'?", "first_open_circle",
        ("circle_1_literal",), {"first_open_circle": "the first open circle",
                                "circle_1_literal": "circle 1, so M6 fires only when circle 1 is open"}),
    Point("IP-M12-WINDOW", "M12", "When must the Unicorn of clubs show to void modifier 12?",
        "from_deal_start_to_next_open_circle", ("after_9d_only",),
        {"from_deal_start_to_next_open_circle": "any face-up Qc up to the end of the second open circle",
         "after_9d_only": "only a Qc dealt face up after the 9d"}),

    # M7 - M11
    Point("IP-M11-RULE22", "M7-M11, B22", "How do kills and revivals count towards base rule 22's limit of three "
        "conditional modifiers acting on one card: does a kill annulled inside its own modifier (M7's second Ten, "
        "M8's next Six, M9's dark Unicorn) use one of the card's three slots?", "count_effective_applications",
        ("count_every_touch",),
        {"count_effective_applications": "only applications that change the card count: an M7-M10 kill and "
                                         "M11's revival are two; an annulled kill counts as none; a revival that "
                                         "would be a fourth application is skipped and the card stays dead",
         "count_every_touch": "an annulled kill counts too: each card the annulled Ten, Six or Unicorn would have "
                              "killed uses one of its three slots, though it lives"}),
    Point("IP-M7-SECOND", "M7", "What does a second face-up Ten do?", "pair_cancels", ("toggle",),
        {"pair_cancels": "the second face-up Ten voids the first and kills nothing",
         "toggle": "each later face-up Ten annuls the one before; the last one acts if it is in the first open circle"}),
    Point("IP-M7-SCOPE", "M7", "Which Sevens does the Ten kill?", "all_players_except_later_open",
        ("already_dealt_only", "ten_holder_only"),
        {"all_players_except_later_open": "every Seven except those dealt face up after the Ten",
         "already_dealt_only": "only Sevens dealt before the Ten",
         "ten_holder_only": "only the Ten holder's Sevens (except those dealt face up after it)"}),
    Point("IP-M8-ANNUL", "M8", "Does the annulling Six kill on its own?", "pair_cancels", ("annuller_acts",),
        {"pair_cancels": "two Sixes in a row cancel each other", "annuller_acts": "the second Six kills the Elves dealt before it"}),
    Point("IP-M8-SCOPE", "M8", "Whose Elves does the Six kill?", "all_players", ("six_holder_only",),
        {"all_players": "every player's", "six_holder_only": "only the Six holder's"}),
    Point("IP-M9-LAST", "M9", "Does 'appeared last in the face-up dealing' mean the single last face-up card?",
        "last_face_up_card", ("any_in_last_open_circle",),
        {"last_face_up_card": "the last card dealt face up",
         "any_in_last_open_circle": "any Unicorn of the last open circle kills the face-up Fives dealt before it"}),
    Point("IP-M9-DARKQ", "M9", "What does a dark Unicorn annul?", "exempts_its_recipient",
        ("cancels_all_if_same_player", "only_dark_after"),
        {"exempts_its_recipient": "its recipient's Fives are spared, whichever dark circle it came in",
         "cancels_all_if_same_player": "a dark Unicorn dealt to the player who got the killing Unicorn cancels "
                                       "the kill for everybody; other dark Unicorns spare nobody",
         "only_dark_after": "only the dark Unicorns dealt after the face-up one spare their recipients"}),
    Point("IP-M10-REVIVED", "M10, M11, M22", "What state does a revived card have when the text names none?",
        "natural", ("state_without_the_kill",),
        {"natural": "its real rank and suit, no status", "state_without_the_kill": "the state it had before the kill"}),
    Point("IP-M10-RED", "M10", "Which red cards of the lower rank die?", "all_of_that_rank_any_circle", ("face_up_only",),
        {"all_of_that_rank_any_circle": "every red card of that rank of the next player",
         "face_up_only": "only his face-up ones"}),
    Point("IP-M10-NEXT", "M10", "Who are 'the players seated next around the circle'?", "next_clockwise_of_each_owner",
        ("both_ranks_both_players", "next_counterclockwise"),
        {"next_clockwise_of_each_owner": "each revived card's owner's clockwise neighbour",
         "both_ranks_both_players": "the clockwise neighbours of both owners of the pair, each losing the red "
                                    "cards two below either revived card",
         "next_counterclockwise": "each owner's counterclockwise neighbour"}),
    Point("IP-M10-MULTI", "M10", "What if there are more than two qualifying cards, or more than one pair?",
        "every_opposite_pair", ("exactly_two",),
        {"every_opposite_pair": "'there are two' means at least two: every opposite pair of holders qualifies",
         "exactly_two": "the modifier fires only when the deal has exactly two dead black face-up honors"}),
    Point("IP-M10-LOWER", "M10", "What does '2 lower' mean when the card order is inverted (base rule 19)?",
        "real_rank_minus_2", ("lower_in_current_order",),
        {"real_rank_minus_2": "definition 10 lowers along the rank sequence: A -> Q, J -> 9",
         "lower_in_current_order": "towards the weaker end of the order in force: towards the Dragon when inverted"}),
    Point("IP-M11-NEXT", "M11", "Who is 'the next player' whose face-up Dragon of spades keeps diamonds and clubs "
        "dead?", "next_card_if_face_up", ("next_players_next_face_up_card",),
        {"next_card_if_face_up": "the very next card in dealing order, if it is dealt face up (with two players, the "
                                 "first card of the next circle)",
         "next_players_next_face_up_card": "the next player's next face-up card, whenever it comes"}),
    Point("IP-M11-WHICH", "M11", "Which kills of modifiers 7-10 does modifier 11 undo?", "all_final",
        ("dealt_before_trigger",),
        {"all_final": "every face-up card M7-M10 killed, as finally evaluated (an M9 kill decided at the last "
                      "face-up card too)",
         "dealt_before_trigger": "only the kills known when the heart fosk is dealt: the killing card (the Ten, "
                                 "the Six, the Unicorn, the later of M10's two honors) came before it"}),

    # M13
    Point("IP-M13-NEXTTO", "M13", "What does 'next to it' cover?", "adjacent_in_same_circle", ("anywhere_in_same_circle",),
        {"adjacent_in_same_circle": "the card dealt just before or just after the 10s",
         "anywhere_in_same_circle": "any card of the same circle"}),
    Point("IP-M13-DARKSCOPE", "M13", "Does 'in the dark cards' also restrict the black Unicorns and Giants?",
        "dark_only", ("all_black_QK",),
        {"dark_only": "only dark ones become free", "all_black_QK": "every black Q and K, face up or dark"}),
    Point("IP-M13-NOCOND", "M13", "What do modified black Unicorns and Giants become without a red Nine or black Eight?",
        "unchanged", ("free",), {"unchanged": "they stay as they are (base rule 13)", "free": "they become free"}),
    Point("IP-M13-DEADGRANT", "M13, M15, M16, M24, M25", "Does a dead card that 'becomes free / wild' revive?",
        "no_revival", ("revive_with_status",),
        {"no_revival": "granting a status does not revive a card", "revive_with_status": "it revives with the status"}),
    Point("IP-M13-HADMOD", "M13", "What counts as a black Unicorn or Giant that 'already had some modifier'?",
        "any_modification", ("conditional_modifiers_only",),
        {"any_modification": "any rule or modifier touched it (base rule 13's modified card): a Giant home by "
                             "Table 3 qualifies",
         "conditional_modifiers_only": "only changes by modifiers 1-12; a Giant home by Table 3 falls under the "
                                       "free clause, which base rule 13 refuses, so it stays home"}),
    Point("IP-M13-NINE", "M13", "What does 'taking all possible modifiers into account' mean for the red Nine or "
        "black Eight?", "state_at_m13_with_choices", ("final_state",),
        {"state_at_m13_with_choices": "the holder's live cards as the base rules and modifiers 1-12 left them: a "
                                      "wild card, or a home Nine / Eight, can be the red Nine / black Eight",
         "final_state": "his cards as every modifier leaves them (a card a later modifier makes wild counts); the "
                        "Unicorns and Giants become wild then, after the last modifier"}),

    # M14 (claim)
    Point("IP-M14-COUNT", "M14", "Three dead face-up cards: at least three or exactly three?", "at_least_three",
        ("exactly_three",), {"at_least_three": "three or more", "exactly_three": "exactly three"}),
    Point("IP-M14-TARGET", "M14", "Which cards are 'any two of his cards'?", "unmodified_only", ("any_card",),
        {"unmodified_only": "live cards no rule or modifier touched (base rule 13)",
         "any_card": "any of his cards, dead, wild and home ones included"}),
    Point("IP-M14-RANKWORD", "M14", "The text says 'by their changed rank', but only the suit changed: what do later "
        "modifiers read?", "new_suit", ("real_suit",),
        {"new_suit": "'changed characteristics': suit-tied modifiers read the new suit (rules 13 and 24 yield)",
         "real_suit": "modifiers keep reading the dealt suit; the change matters only for the hand"}),
    Point("IP-M14-NATURALNESS", "M14; B5-B7; definitions 4, 23, 24", "How natural is a suit-inverted card for base "
        "rules 5-7?", "as_home", ("natural",),
        {"as_home": "it plays only as its inverted suit but counts at home's level (natural > home > wild): it no "
                    "longer keeps its suit (definition 4: a natural card keeps its suit and rank), and unlike "
                    "modifiers 17-19 the text does not call the new suit real",
         "natural": "it counts as a natural card"}),

    # M15, M16
    Point("IP-M15-LOWEST", "M15", "Lowest in which card order?", "natural_order", ("current_order",),
        {"natural_order": "Two lowest (definition 5)", "current_order": "the card order in force (a Dragon when inverted)"}),
    Point("IP-M15-TIE", "M15", "Several face-up cards share the lowest rank: which suit counts?", "lower_suit_in_force",
        ("first_dealt", "all_tied_suits"),
        {"lower_suit_in_force": "the one of the lower suit in the deal's suit order", "first_dealt": "the first dealt",
         "all_tied_suits": "every suit of a lowest card counts: the Dragons of each and of its opposite suit"}),
    Point("IP-M15-RULEWILD", "M15", "Does a rule-wild card that has lost its wild status still block modifier 15?",
        "actual_state", ("identity",),
        {"actual_state": "only a face-up card that is wild by a base rule when 15 is processed blocks it",
         "identity": "a face-up card a base rule made wild blocks it even after M1 stripped it or a kill made it "
                     "natural (base rule 4)"}),
    Point("IP-M16-HIS", "M16", "Whose last open card must be dead?", "opposite_player", ("ah_recipient",),
        {"opposite_player": "the opposite player's", "ah_recipient": "the Dragon of hearts holder's"}),
    Point("IP-M16-REVIVE-COND", "M16", "Does the revival of the dead Fives also need the dead last face-up card?", "yes",
        ("no",), {"yes": "the second sentence is about 'these Fives' of the first",
                  "no": "the opposite player's dead Fives revive home whenever the Ah shows"}),
    Point("IP-M16-OPPOSITE", "M16", "Who is 'the player seated opposite'?", "geometric_opposite_seat",
        ("halfway_round_the_players",),
        {"geometric_opposite_seat": "N-S, NE-SW and so on, as modifier 10 spells out",
         "halfway_round_the_players": "the player half the number of players (rounded down) clockwise on"}),

    # M17 - M19 (new real ranks)
    Point("IP-M17-SUIT", "M17", "Does 'of spades' qualify the Two, the Eight and the Dragon?", "all_three_spades",
        ("any_two_any_eight_plus_as",),
        {"all_three_spades": "2s, 8s and As", "any_two_any_eight_plus_as": "any Two, any Eight and the As"}),
    Point("IP-M18-SUIT", "M18", "Does 'of diamonds' qualify the Five, the Nine and the Giant?", "all_three_diamonds",
        ("any_five_any_nine_plus_kd",),
        {"all_three_diamonds": "5d, 9d and Kd", "any_five_any_nine_plus_kd": "any Five, any Nine and the Kd"}),
    Point("IP-M17-TARGET", "M17", "Which red cards may modifier 17 lower?", "unmodified_only", ("any_red_card",),
        {"unmodified_only": "live cards no rule or modifier touched (base rule 13): the result is 'an ordinary "
                            "natural card'",
         "any_red_card": "any red card of his, home, free, wild or dead ones included"}),
    Point("IP-M18-TARGET", "M18", "Which heart or club cards may modifier 18 raise?", "unmodified_only",
        ("any_heart_or_club_card",),
        {"unmodified_only": "live cards no rule or modifier touched (base rule 13)",
         "any_heart_or_club_card": "any heart or club card of his, home, free, wild or dead ones included"}),
    Point("IP-M17-REAPPLY", "M17", "Do 'all other modifiers and rules' include the modifiers before 17?",
        "all_as_target", ("later_only",),
        {"all_as_target": "the card is judged again by every rule and modifier, as if dealt with the new rank "
                          "(deal patterns are not dealt again)",
         "later_only": "the base rules and modifiers 18-100 only: modifiers 1-16 do not act on the card"}),
    Point("IP-M18-REAPPLY", "M18", "Do 'all other modifiers and rules' include the modifiers before 18?",
        "all_as_target", ("later_only",),
        {"all_as_target": "the card is judged again by every rule and modifier, as if dealt with the new rank "
                          "(deal patterns are not dealt again)",
         "later_only": "the base rules and modifiers 19-100 only: modifiers 1-17 do not act on the card"}),
    Point("IP-M19-ROW", "M19", "What counts as 'two in a row in the open circles'?", "successive_open_circles",
        ("adjacent_circle_numbers",),
        {"successive_open_circles": "his face-up cards of two consecutive open circles (a dark circle between does not break it)",
         "adjacent_circle_numbers": "circle numbers that differ by one"}),
    Point("IP-M19-SCOPE", "M19", "Does the new rank count for modifiers too?", "rules_only", ("rules_and_modifiers",),
        {"rules_only": "the text names the Rules; M17-M18 name 'modifiers and rules' when they mean both",
         "rules_and_modifiers": "'the rank becomes real': modifiers read it too"}),
    Point("IP-M19-TARGET", "M19", "Which foskas may modifier 19 invert?", "natural_or_dead_fosk", ("any_fosk",),
        {"natural_or_dead_fosk": "base rule 13 plus the text's own extension to dead cards",
         "any_fosk": "wild, home and free foskas too"}),
    Point("IP-M19-DEAD", "M19", "What happens when a dead fosk is inverted ('Модификатор применяется и к мертвым "
        "картам')?", "rejudged_by_rules", ("stays_dead", "always_revived"),
        {"rejudged_by_rules": "the card is judged again as if dealt with the new rank: dead by a rank-tied base "
                              "rule (Table 2) it lives if the new rank is not the dead rank; killed by a modifier it "
                              "stays dead",
         "stays_dead": "the dead card takes the new rank and stays dead",
         "always_revived": "the inverted card lives when modifier 19 has acted, whatever killed it"}),

    # M20 - M22
    Point("IP-M20-FOUR", "M20", "What if all four Giants are dark?", "each_opposite_pair", ("once",),
        {"each_opposite_pair": "two applications, one per pair of opposite suits", "once": "one application"}),
    Point("IP-M20-REAL", "M20", "Is the shifted rank real?", "not_real", ("real",),
        {"not_real": "base rule 13: no rule or modifier reads the new rank", "real": "later modifiers read the new rank"}),
    Point("IP-M20-MODIFIED", "M20", "May modifier 20 make free or shift a Giant that is already modified (home by "
        "Table 3, wild by Table 2)?", "rule13_applies", ("m20_overrides",),
        {"rule13_applies": "base rule 13: a modified Giant is neither made free nor shifted; the modifier acts "
                           "only on the unmodified Giants of the pair",
         "m20_overrides": "'only non-dead cards, by real rank and suit' is its whole eligibility: a home or wild "
                          "Giant becomes free or is shifted too"}),
    Point("IP-M20-CHOICE", "M20", "Who chooses which Giant is free and which way the other moves?", "holder",
        ("croupier",),
        {"holder": "the holder declares it (a claim); without one IP-MANDATORY-CLAIM decides",
         "croupier": "the croupier decides: a holder's claim is refused, and the croupier's call is the first "
                     "Giant free and the other moved up (the sitting records no other call of his for M20)"}),
    Point("IP-M21-NEIGHBOURS", "M21", "Who are 'two players seated next to each other'?", "consecutive_in_play_order",
        ("adjacent_compass_seats",),
        {"consecutive_in_play_order": "next to each other among the occupied seats",
         "adjacent_compass_seats": "both seats occupied and 45 degrees apart"}),
    Point("IP-M21-CIRCLES", "M21", "What are 'adjacent circles'?", "circle_numbers_differ_by_1", ("consecutive_open_circles",),
        {"circle_numbers_differ_by_1": "circles whose numbers differ by one",
         "consecutive_open_circles": "two open circles with only dark circles between them"}),
    Point("IP-M21-PREVIOUS", "M21", "What does 'taking previous modifiers into account' cover?",
        "modified_identity_and_modified_cards", ("target_only",),
        {"modified_identity_and_modified_cards": "the Unicorn of diamonds, the Giant of spades and the Dragon of "
                                                 "hearts are read by the rank and suit modifiers 1-20 made real "
                                                 "(M14, M17, M18), and a modified dead fosk may be the target",
         "target_only": "only the target may be a modified card: the other three are read as dealt"}),
    Point("IP-M21-DEAD", "M21", "Does the raised or re-suited dead fosk come back to life?", "stays_dead",
        ("escapes_rank_or_suit_tied_kill",),
        {"stays_dead": "it stays dead: unlike modifiers 28 and 31 the text does not take it out of the kill",
         "escapes_rank_or_suit_tied_kill": "a kill tied to its old rank or suit (Table 2's dead rank, base rule 21's "
                                           "quads, the Sevens of M7, the Fives of M9, the red ranks of M10, the red "
                                           "foskas of M13, the spade Five and Seven of M26) no longer holds, and it "
                                           "lives"}),
    Point("IP-M22-WHO", "M22", "Who are 'the players to whom these cards did not come'?", "received_none_of_the_three",
        ("did_not_receive_all_three",),
        {"received_none_of_the_three": "players who got none of the 3c, 4h, 5s",
         "did_not_receive_all_three": "every player who did not get all three"}),
    Point("IP-M22-NONDEAD", "M22", "What does 'applies only to non-dead cards' mean?", "spade_fosk_must_be_live",
        ("trigger_cards_must_be_live",),
        {"spade_fosk_must_be_live": "the spade fosk paid with must be alive",
         "trigger_cards_must_be_live": "the face-up 3c, 4h and 5s must be alive"}),
    Point("IP-M22-NOFOSK", "M22", "What does 'if there are no foskas' mean?", "no_eligible_spade_fosk",
        ("no_fosk_at_all", "no_live_spade_fosk"),
        {"no_eligible_spade_fosk": "the payment is a live, unmodified spade fosk (base rule 13)",
         "no_fosk_at_all": "any spade fosk of his pays, modified or not (alive as IP-M22-NONDEAD reads)",
         "no_live_spade_fosk": "a live spade fosk pays, a modified one too"}),

    # M23
    Point("IP-M23-FACTOR", "M23", "Which sources count as 'modifiers whose modifying element is a natural factor'?",
        "rules_and_modifiers_with_natural_trigger", ("conditional_modifiers_only",),
        {"rules_and_modifiers_with_natural_trigger": "Table 2 (time of day) and modifiers 47-49, 78-100",
         "conditional_modifiers_only": "modifiers 47-49, 78-100 only"}),
    Point("IP-M23-SCOPE", "M23", "Does the cancellation apply to everyone or only to the claimant?",
        "whole_deal_all_players", ("own_cards_only",),
        {"whole_deal_all_players": "the modifier does not act in the deal", "own_cards_only": "only on his cards"}),
    Point("IP-M23-OBTAINED", "M23", "What is a Unicorn of hearts 'obtained' through a natural factor?",
        "any_card_playable_as_qh", ("rank_or_suit_changed_into_qh",),
        {"any_card_playable_as_qh": "a wild card, a free heart honor or a home Unicorn owing that status to a "
                                    "natural factor",
         "rank_or_suit_changed_into_qh": "only a card whose rank or suit a natural factor changed into the "
                                         "Unicorn of hearts"}),
    Point("IP-M23-DEADLINE", "M23", "What is 'before betting begins'?", "before_first_bet",
        ("before_betting_may_start",),
        {"before_first_bet": "he shows the Unicorns before the first bet (the claim's shown_before_betting)",
         "before_betting_may_start": "also both Unicorns must have come by the end of the second open circle, "
                                     "when betting may start"}),

    # M24 - M27
    Point("IP-M24-EVEN", "M24", "What is 'an even circle'?", "even_circle_number_any_kind",
        ("even_open_circle", "even_number_face_up_only"),
        {"even_circle_number_any_kind": "circles 2, 4, 6, 8, dark or open",
         "even_open_circle": "the second or fourth open circle",
         "even_number_face_up_only": "circles 2, 4, 6, 8 when dealt face up: a Six 'appeared' only if it showed"}),
    Point("IP-M24-PENULT", "M24", "Which circle is the penultimate open circle?", "final_pattern",
        ("default_pattern_circle_7",),
        {"final_pattern": "the circles as dealt (IP-M5-AFTERMATH): circle 7 by default, circle 6 after M5 ...",
         "default_pattern_circle_7": "circle 7, the default pattern's penultimate open circle, whatever was dealt"}),
    Point("IP-M25-EIGHT", "M25", "Which Eight becomes wild?", "eight_of_last_open_circle", ("all_his_eights",),
        {"eight_of_last_open_circle": "only that card", "all_his_eights": "every Eight of that player"}),
    Point("IP-M25-ANY", "M25", "Must all four black foskas 3-6 show in the first open circle?", "any_one",
        ("all_four_must_show",), {"any_one": "any of them, for its own recipient",
                                  "all_four_must_show": "all four must show, each for its recipient"}),
    Point("IP-M26-NEXT-WHO", "M26", "Must the Giant of hearts or Unicorn of diamonds come to the same player?",
        "any_player", ("same_player",),
        {"any_player": "to anyone on the next circle", "same_player": "to the player who got the spade fosk"}),
    Point("IP-M26-PENALTY", "M26", "Do the player's Five and Seven of spades die when his card was no spade fosk?",
        "needs_trigger", ("whenever_next_open_lacks",),
        {"needs_trigger": "only after a spade fosk in the second open circle",
         "whenever_next_open_lacks": "whenever the circle after the second open one is open and shows neither card"}),
    Point("IP-M26-OPEN-INDEX", "M26", "Is 'the 2nd open circle' the second face-up circle, or circle 2 when it is "
        "open?", "nth_open", ("circle_index",),
        {"nth_open": "open circles are numbered among themselves (definition 22's example)",
         "circle_index": "circle number 2, only when it is dealt open (never, in the patterns the rules make)"}),
    Point("IP-M26-SEAT", "M26", "Who is 'the player sitting through one from the dealer'?", "second_clockwise",
        ("both_sides", "second_counterclockwise"),
        {"second_clockwise": "position 2 clockwise from the dealer (one player between them in the dealing "
                             "direction); at least three players",
         "both_sides": "positions 2 and n-2: one player between him and the dealer on either side",
         "second_counterclockwise": "position n-2: one player between them counterclockwise"}),
    Point("IP-M27-FIRST-CIRCLE", "M27", "Is 'the first circle' circle 1 or the first open circle?", "circle_1",
        ("first_open",), {"circle_1": "circle 1, dark or open", "first_open": "the first open circle"}),
    Point("IP-M27-NEW-RANK", "M27", "Is the new rank a real rank?", "modified", ("real",),
        {"modified": "it plays as the foska; rank-tied modifiers read its real (honor) rank (base rule 13)",
         "real": "the foska rank becomes real: the card is judged as if dealt so, by Tables 2-3 and every "
                 "modifier"}),

    # M28 - M32 (incrementing / decrementing)
    Point("IP-M28-WHEN", "M28, M30, M31, M32", "On which state is the condition of modifiers 28, 30, 31 and 32 (a dead "
        "heart, a dead Elf of hearts, a Giant of clubs not natural, two dead red Unicorns) judged?", "in_order",
        ("final_state",),
        {"in_order": "base rule 10: on the deal after the base rules and the modifiers before it; a card a later "
                     "modifier kills (57, 58, 63, 89, 90 ...) does not count",
         "final_state": "on the deal as every modifier left it; the modifier then acts, after the last one"}),
    Point("IP-M29-WHEN", "M29 (as IP-M28-WHEN)", "On which state is modifier 29's free club honor judged?", "in_order",
        ("final_state",),
        {"in_order": "when 29 is processed: only the free honors of modifiers 4, 13 and 20 can count",
         "final_state": "on the deal as every modifier left it (modifier 47's free honors count too); the "
                        "modifier then acts, after the last one"}),
    Point("IP-M29-COUNT", "M29", "One free club honor or several?", "at_least_one", ("at_least_two",),
        {"at_least_one": "one is enough (the singular adjective)", "at_least_two": "two or more (the plural noun)"}),
    Point("IP-M29-SAME", "M29", "What does 'the order of action is the same as in the previous item' carry over from "
        "modifier 28?", "all_of_28", ("freeze_only",),
        {"all_of_28": "one own target, natural or dead, a dead one revived, the target frozen",
         "freeze_only": "only the freezing sentence: the target is a natural card, and frozen"}),
    Point("IP-M30-REREAD", "M30, M32", "Which later effects read the new rank of a card a decrementing Elf of hearts "
        "(M30) or a black Six (M32) changed?", "later_modifiers", ("modifiers_and_rules", "rerun_all_modifiers"),
        {"later_modifiers": "the modifiers after it in number order (base rule 10); Tables 2-3 are not applied "
                            "again: the text says 'modifiers', where modifiers 17-19 say 'modifiers and rules'",
         "modifiers_and_rules": "the new rank is real everywhere: Tables 2-3 judge it again, and the modifiers "
                                "after it read it",
         "rerun_all_modifiers": "every modifier, 1-29 (1-31) too, judges the card again by its new rank; the "
                                "tables do not"}),
    Point("IP-M31-NOT-NATURAL", "M31", "Does a dead Giant of clubs count as 'not natural'?", "live_non_natural",
        ("incl_dead",), {"live_non_natural": "only a live wild, home, free or changed Kc",
                         "incl_dead": "a dead Kc acts too"}),
    Point("IP-M32-EACH", "M32", "With both black Sixes, does each get its own choice of incrementing or decrementing?",
        "per_six", ("one_choice_for_both",),
        {"per_six": "each Six is a card of its own: one may raise, the other lower",
         "one_choice_for_both": "the player makes one choice for both Sixes"}),

    # M33
    Point("IP-M33-SCOPE", "M33", "The Giant, Unicorn and Elf among all open cards, or in one player's?", "table",
        ("one_player",), {"table": "any players'", "one_player": "all three in one player's face-up cards"}),
    Point("IP-M33-RULE11", "M33", "33 cancels the higher-numbered 34: does base rule 11 let 34 stand?",
        "explicit_cancel_applies", ("higher_number_wins",),
        {"explicit_cancel_applies": "33 names 34: that is the 'stated otherwise'",
         "higher_number_wins": "34 stands and 33 is void"}),
    Point("IP-M33-GAME-END", "M33", "Does modifier 33's two-deal window cross into a new Game?", "ends_with_game",
        ("carries",),
        {"ends_with_game": "deals are numbered within a Game: a Game's first deal has no earlier deal, and "
                           "modifier 34 acts in it whatever the last deal of the Game before did",
         "carries": "a firing in the last deal of the previous Game at the table (the sitting document's "
                    "previous_game) cancels modifier 34 in the first deal of the next"}),
    Point("IP-M33-CARRY", "M33 (\"отменяет действие модификатора 34 на две партии начиная с текущей\"), M34 "
        "(\"действует в течении текущей партии и двух последующих; действие модификатора – аккумулятивное\")",
        "Does modifier 33's cancellation also cover the wild cards modifier 34 cancels through sets carried over "
        "from earlier deals?", "suppress_all", ("suppress_new_only", "pause_windows"),
        {"suppress_all": "34 cancels nothing in these deals; its three-deal windows run on by deal number",
         "suppress_new_only": "34 makes no new set in these deals, but the sets of the two deals before still act",
         "pause_windows": "34 cancels nothing in these deals, and its windows stand still meanwhile: a set acts "
                          "in its deal and the two following deals 33 did not cover"}),
)
