"""The interpretation points of modifiers 50-52, the seed's group "Пространственные" (space): records that ``space.py`` declares."""

from ...readings import Point

POINTS: tuple[Point, ...] = (
    # M50
    Point("IP-M50-R19", "M50", "When base rule 19 has already inverted the card order, does 50 invert it back?",
        "set_inverted", ("toggle",),
        {"set_inverted": "the natural order becomes inverted; an inverted order stays inverted",
         "toggle": "two inversions cancel: the order is natural again"}),
    Point("IP-M50-WHERE", "M50", "How far does 'везде' (everywhere) reach?", "every_order_use", ("hand_ranking_only",),
        {"every_order_use": "the inverted order holds for the whole deal, from before modifier 1: comparing "
                            "hands and every 'highest' / 'lowest' reading of the rules and modifiers (10, 15, "
                            "80-88 in the current order), and base rule 7, which inverts with the card order",
         "hand_ranking_only": "only the comparison of hands reads it: the order is inverted after every "
                              "modifier, and base rule 7 and the modifiers read the order without it"}),
    Point("IP-M50-SURFACE", "M50", "What decides modifier 50 when a table of natural material is covered (a "
        "synthetic cloth)?", "table_material", ("contact_surface",),
        {"table_material": "the table's material; the surface under the cards matters only when there is no "
                           "table (the room's natural_table)",
         "contact_surface": "the surface the cards lie on (the room's natural_surface, when recorded; else "
                            "the table's material)"}),

    # seats after modifier 53
    Point("IP-M53-SCOPE", "M53, M51, M52, base rule 15", "Which reads use the seats modifier 53 changed?",
        "modifier_seat_reads", ("number_order", "everything"),
        {"modifier_seat_reads": "every modifier that names a seat, whatever its number (51 and 52 too); the "
                                "first dealer and base rule 15's count from North keep the physical seats",
         "number_order": "base rule 10: only modifiers numbered after 53 read the changed seats, so 51 and 52 "
                         "read the seats as taken",
         "everything": "as modifier_seat_reads, and base rule 15's count from North too (Monday's dealer "
                       "number, and the odd / even players counted as rule 15 counts, IP-PLAYER-NUMBER "
                       "from_north); the first dealer stays the player physically at North, since the seed's "
                       "dealing order says 'никакие модификаторы не влияют на этот порядок'"}),

    # M51 (claim)
    Point("IP-M51-VALUE", "M51", "What does changing 'the real rank or suit' produce, and when?", "as_dealt",
        ("in_order_real", "modified_value"),
        {"as_dealt": "the card is judged as if dealt so: natural, every rule and modifier reads the new rank "
                     "or suit",
         "in_order_real": "the change happens at modifier 51's turn; modifiers after it read the new value, "
                          "the card stays natural; only a card still natural then may be chosen",
         "modified_value": "the new value is a modified characteristic: the card is no longer natural"}),
    Point("IP-M51-ONE-ATTRIBUTE", "M51", "May the one use change both rank and suit?", "rank_or_suit",
        ("rank_and_suit",),
        {"rank_or_suit": "one attribute per use ('или')", "rank_and_suit": "rank and suit in one use"}),

    # M52 (claim)
    Point("IP-M52-ELIGIBLE", "M52", "Who is 'not covered by modifier 51'?", "off_cardinal_seat", ("no_m51_right_now",),
        {"off_cardinal_seat": "the players seated NE, SE, SW, NW",
         "no_m51_right_now": "also the players at N, E, S, W who have already spent modifier 51"}),
)
