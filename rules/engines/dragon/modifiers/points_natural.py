"""The interpretation points of modifiers 89-100, the seed's group "Природные" (natural factors): records that ``natural.py`` declares."""

from ...readings import Point

POINTS: tuple[Point, ...] = (
    # M89, M90 (weather)
    Point("IP-M89-SUNNY-NIGHT", "M89", "Can the weather be 'sunny' while the sun is down?", "sun_up", ("day_weather",),
        {"sun_up": "sunny means the sun shines at the first dealt card: never after sunset",
         "day_weather": "the day's recorded weather holds into the evening"}),

    # M91 (drink)
    Point("IP-M91-WHO", "M91", "Is one player drinking alcohol enough?", "any_player", ("all_players", "majority"),
        {"any_player": "at least one player drinks alcohol", "all_players": "every player drinks alcohol",
         "majority": "more than half of the players drink alcohol"}),
    Point("IP-M91-VS-63-64", "M63, M64, M91 (the notes' IP-M63-VS-91, IP-M64-VS-91 and IP-M91-VS-63-64)",
        "Modifiers 63 and 64 say what happens to the Twos of the second open circle that 91 makes wild (63: "
        "they die, 64: they are home): do they prevail over 91 despite their lower numbers?", "exceptions_win",
        ("higher_number_wins",),
        {"exceptions_win": "63 and 64 state the outcome for these Twos expressly, the 'unless stated otherwise' "
                           "of base rule 11: a Two 63 killed stays dead, a Two 64 made home stays home",
         "higher_number_wins": "base rule 11 read strictly: 91 stands, and a Two that 63 killed or 64 made home "
                               "is wild"}),

    # the moon
    Point("IP-M92-MOON-PHASE", "M92-M99", "How do the seed's eight 'quarters' map to the moon's phases?",
        "named_eighths", ("starting_eighths", "principal_days"),
        {"named_eighths": "each part is the eighth of the cycle centred on its named phase (new, young "
                          "crescent, young half, ...)",
         "starting_eighths": "each part starts at its own point: new 0-45 degrees, young crescent 45-90, ...",
         "principal_days": "new moon, young half, full moon and old half hold only on the venue's calendar day of "
                           "the exact phase, and the four parts between them fill the other days"}),
    Point("IP-M92-MOON-MOMENT", "M92-M99", "When is the moon read ('at the time the Game is held')?", "deal_start",
        ("game_start",),
        {"deal_start": "at the first dealt card of each deal (base rule 9)",
         "game_start": "once for the sitting, at the first deal of the Game"}),
    Point("IP-M92-NATURAL-KILLS", "M92, M96-M98", "Which kills are 'modifiers connected with natural factors'?",
        "table2_and_weather", ("modifiers_only",),
        {"table2_and_weather": "Table 2's hourly dead rank (base rule 17) and the weather's kills (89, 90)",
         "modifiers_only": "only conditional modifiers 89 and 90 (base rule 11: no rule is named)"}),
    Point("IP-M92-CANCEL-SCOPE", "M92, M96-M98", "Is only the kill of the listed cards cancelled, or the killing "
        "rule as a whole for those players?", "listed_cards", ("whole_modifier",),
        {"listed_cards": "the named cards of the named players are not killed",
         "whole_modifier": "a natural-factor kill that hits a listed card is void for those players: it kills "
                           "none of their cards"}),
    Point("IP-M95-REVIVED-STATE", "M95, M99", "In what state does a card revived by the moon come back?", "undead_only",
        ("natural",),
        {"undead_only": "only the death is taken away: the state before the kill, and a home rank of Table 3 "
                        "that could not reach the dead card",
         "natural": "the revived card is natural"}),

    # M100
    Point("IP-M100-KINGS", "M100", "What are the 'Kings' in a deck of Elves, Unicorns, Giants and Dragons?", "giants",
        ("void",),
        {"giants": "the seed's list of names maps Kings to Giants (modifier 20 says Kings too)",
         "void": "the deck has no Kings: modifier 100 names no card"}),
)
