"""The English words of the interpretation points whose engine text names other points or
readings by their codes (``IP-M1-LAYER persistent``, ``closed_room``): a member reads the meaning,
never the code. The engines keep their texts as they are (their API); the site shows these.

point id -> {"question": the question, or a reading -> what it means}; what is not here is the
engine's own text.
"""

from __future__ import annotations

POINTS: dict[str, dict[str, str]] = {
    "IP-M2-SOURCE": {
        "any_source": "also a card that would be wild for him at the end of the deal without modifier 1: wild "
                      "from any later modifier, or a wild status refused by modifier 1's ban (when the "
                      "club reads it as a state for the whole deal); modifier 1 is then annulled and the deal settled again",
    },
    "IP-M20-CHOICE": {
        "holder": "the holder declares it (a claim); without one, the club's reading of a choice nobody "
                  "declared decides",
    },
    "IP-M22-NOFOSK": {
        "no_fosk_at_all": "any spade fosk of his pays, modified or not (alive as the club reads 'applies only to "
                          "non-dead cards')",
    },
    "IP-M23-DEADLINE": {
        "before_first_bet": "he shows the Unicorns before the first bet (the claim says they were shown before "
                            "the betting)",
    },
    "IP-M24-PENULT": {
        "final_pattern": "the circles as dealt (as the club reads the pattern modifier 5 leaves): circle 7 by default, "
                         "circle 6 after M5 ...",
    },
    "IP-M33-GAME-END": {
        "carries": "a firing in the last deal of the previous Game at the table (as the sitting records that "
                   "Game) cancels modifier 34 in the first deal of the next",
    },
    "IP-M34-GAME": {
        "carries": "the sets kept in the last two deals of the previous Game at the table (as the sitting "
                   "records that Game) act in the first two deals of the next",
    },
    "IP-M37-REF": {
        "off_by_one": "meant 36 (as modifier 39's '35' is read as 36): 36 keeps acting "
                      "beside 37, which it does in number order anyway; no card changes either",
    },
    "IP-M39-FOR": {
        "question": "When modifier 39's '35' is read as 36, does 'for Elves and Giants' name the revived "
                    "cards or every card 36 involves (its Giants too)?",
    },
    "IP-M50-SURFACE": {
        "table_material": "the table's material; the surface under the cards matters only when there is no "
                          "table (the room's record of its natural table)",
        "contact_surface": "the surface the cards lie on (as the room records it, when it does; else the "
                           "table's material)",
    },
    "IP-M53-SCOPE": {
        "everything": "every modifier that names a seat, and base rule 15's "
                      "count from North too (Monday's dealer number, and the odd / even players counted as rule "
                      "15 counts, the players numbered clockwise from North); the first dealer stays the player "
                      "physically at North, since the seed's dealing order says 'никакие модификаторы не "
                      "влияют на этот порядок'",
    },
    "IP-M56-EVEN": {
        "everyone_present": "the bearded players and the bearded people present who do not play (the croupier "
                            "and the onlookers the room records as bearded) count, a nonzero even total",
    },
    "IP-M62-PREVIOUS": {
        "last_at_table": "the last deal played at the table, in a Game's first deal the previous Game's last (as "
                         "the sitting records that Game)",
    },
    "IP-M65-CLOSED": {
        "all_exits_closed_at_deal": "every exit (doors, windows, chimneys, as modifier 72 counts them) closed at "
                                    "the first dealt card, as the room records it",
        "doors_closed": "every door closed, windows and chimneys aside, as the room records its doors (else "
                        "every exit closed)",
        "whole_sitting": "closed throughout the Game: every exit closed, unless the room records that one was "
                         "opened during the Game",
    },
    "IP-M75-RULE15": {
        "m75_wins": "modifier 75 acts on rule 15's all-dark pattern: circle 1 is open anyway (its printed "
                    "pattern, when the club reads modifier 75 as fixing the whole pattern); no other modifier changes "
                    "the pattern and the weakest hand still wins",
    },
    "IP-M76-PHONETIC": {
        "sounds": "the sounds of the Cyrillic phonetic name by the Russian letter-to-sound rules (е ё ю я "
                  "word-initially or after a vowel, ь or ъ, and и after ь, add the consonant [й]; ь ъ are "
                  "silent; a doubled consonant is one long sound); Latin letters count as the letters' own reading "
                  "says (a e i o u y vowels)",
    },
    "IP-M80-ORDER": {
        "previous_deal_order": "the card order in force in the previous deal, whose open cards are read (base "
                               "rule 19 or modifier 50 may have inverted it); each deal keeps its inverted order "
                               "for the next",
    },
    "IP-M85-CLOCK": {
        "game_time": "the time as modifiers 48-49 shifted it (what Table 2 reads under the club's default "
                     "reading of which readings use the shifted time)",
    },
}
