"""The interpretation points of the club rules' base rules and of the readings that cut across
many modifiers (``rules/shared/modifiers/README.md``), registered in the one registry
(:mod:`rules.engines.readings`, game "dragon"). The points of single modifiers are registered
with their group's modifiers, as data in ``modifiers/points_<group>.py``."""

from __future__ import annotations

from ..readings import Point, declare

__all__ = ["POINTS", "NOT_OFFERED"]


POINTS = declare("dragon", (
    Point("IP-M76-RULE22", "M76, M77, M92, M96-M98, B22", "Does a protection that only stops a kill use one "
          "of the card's three modifier slots (base rule 22)?", "not_counted", ("counted_when_effective",),
          {"not_counted": "it changes no characteristic of the card, and a kill it stops does not count either",
           "counted_when_effective": "it counts on each card whose kill it stopped; with three modifiers "
                                     "already on the card it cannot act and the kill happens"}),
    Point("IP-R13-SCOPE", "B13 (the notes' IP-M13-RULE13, IP-M26-TARGET-STATE)",
          "May a card a rule or modifier already touched get a new status, rank or suit?", "no_unless_stated",
          ("last_applied_wins",),
          {"no_unless_stated": "base rule 13 forbids it unless the modifier's text says so; kills "
                               "and revivals stay allowed",
           "last_applied_wins": "a later status replaces the earlier one"}),
    Point("IP-FREE-HOME", "B8", "A card may not be free and home at once: which stands?",
          "first_applied_stands", ("last_applied_wins",),
          {"first_applied_stands": "the status given first stays", "last_applied_wins": "the later one replaces it"}),
    Point("IP-KILL-REACH", "B3, B4, B13, B24; M57, M58, M63 (the notes' IP-M57-NONNATURAL, IP-M58-NONNATURAL, "
          "IP-M63-NONNATURAL)", "Does a kill reach a wild, free or home card?",
          "any_live_state", ("natural_only",),
          {"any_live_state": "yes; base rule 3 turns a killed free card home, base rule 4 a killed "
                             "wild card natural",
           "natural_only": "only natural cards are killed"}),
    Point("IP-RULE11-STATES", "B11 (the notes' IP-M1-RULE11, IP-M28-DEAD-SOURCE)",
          "Does base rule 11 shield card states set by base rules and tables (2, 16-18, 21) from modifiers "
          "that do not name the rule?", "modifiers_change_rule_states",
          ("rule_wins",),
          {"modifiers_change_rule_states": "no: modifiers strip, kill and revive states the tables made",
           "rule_wins": "yes: a modifier leaves rule-made states alone"}),
    Point("IP-INCDEC-TARGET", "D17, D18; M28-M32, M45, M46, M52, M68, M69 (the notes' IP-M28-TARGETS, "
          "IP-M30-TARGETS, IP-M32-TARGETS, IP-M45-TARGET, IP-M52-TARGET)",
          "Which card does an incrementing / decrementing card change?",
          "owner_picks_one", ("all_own_natural", "any_player"),
          {"owner_picks_one": "its owner names one other card of his own (a claim)",
           "all_own_natural": "every natural card of its owner",
           "any_player": "its owner names one other card of any player's, his own or another's (a claim)"}),
    Point("IP-REVIVE-RULE-KILLS", "B17, B21; M60, M67-M69, M71, M95, M99 (the notes' IP-M60-RULE-KILLS, "
          "IP-M67-RULE-KILLS, IP-M68-RULE-KILLS, IP-M69-RULE-KILLS, IP-M71-RULE-KILLS, IP-M95-REVIVE-SCOPE)",
          "Does 'revives if it was killed' undo kills by base rules "
          "17 and 21?", "yes", ("modifier_kills_only",),
          {"yes": "any kill is undone", "modifier_kills_only": "only kills by conditional modifiers"}),
    Point("IP-PLAYER-NUMBER", "B15; M89, M90, M92, M96 (the notes' IP-M89-PLAYER-NUMBER)",
          "Who are the 'odd' and 'even' players?", "from_north", ("from_dealer", "seat_number"),
          {"from_north": "numbered clockwise from the player at North = 1",
           "from_dealer": "numbered clockwise from the dealer's left-hand neighbour = 1",
           "seat_number": "the seat's own number, occupied or not: N 1, NE 2, E 3 ... NW 8 (odd = a cardinal "
                          "seat)"}),
    Point("IP-R2-WILD-CARD", "B2", "What becomes wild under base rule 2?", "that_card", ("that_rank",),
          {"that_card": "the card of that rank and suit", "that_rank": "every card of that rank"}),
    Point("IP-DEAL-ROTATION", "seed 'Порядок сдачи карт'", "Who deals after the first deal?", "clockwise",
          ("north_always",),
          {"clockwise": "the deal passes clockwise", "north_always": "the player at North deals every deal"}),
    Point("IP-BANK-HOLDER", "B6", "Who holds the bank when the deal does not say?", "first_hand",
          ("highest_bet",),
          {"first_hand": "the first player left of the dealer (nobody raised)",
           "highest_bet": "the player with the largest total bet, the earliest in play order on a tie"}),
    Point("IP-T1-RANGE", "B15, T1", "Table 1 lists seven multiples per weekday: do later multiples count?",
          "every_multiple", ("listed_only",),
          {"every_multiple": "every multiple of the weekday number", "listed_only": "only the listed deal numbers"}),
    Point("IP-B7-CARD", "B7", "Which 'highest card of the previous winning hand' does base rule 7 read?",
          "played_value", ("real_rank",),
          {"played_value": "the highest rank the winning hand played", "real_rank": "the highest real rank among its cards"}),
    Point("IP-B1-WHEN", "B1", "When does base rule 1's suit change act?", "after_modifiers", ("before_rules",),
          {"after_modifiers": "after every modifier: modifiers read the real suit",
           "before_rules": "before the base rules: the changed card counts as modified (base rule 13)"}),
    Point("IP-M1-UNWILD", "M1", "What does a card become when a modifier takes its wild status away?",
          "other_states_kept", ("natural",),
          {"other_states_kept": "a status a rule could not give it while wild (home by Table 3) comes back",
           "natural": "the card becomes fully natural"}),
    Point("IP-M28-REVIVED-STATE", "M28 (cross-cutting)", "In what state does a revived card come back?",
          "undo_kill", ("natural",),
          {"undo_kill": "the state it had before its kill", "natural": "natural"}),
))


# Readings the modifier notes name that the engine does not offer, each as (point, reading, seed
# reference, the reason): they need an input that neither the engine's context nor the site records.
# The coverage table lists them, and a test holds that none of them is registered (an implemented one
# must leave this list). Every reading the notes name is offered at present.
NOT_OFFERED: tuple[tuple[str, str, str, str], ...] = ()
