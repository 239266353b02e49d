"""Interpretation points of the casino variant (player against the house, six cards).

Source: ``seeds/dragon-poker-rules.txt``, first part: "Правила игры" (rules 1-9, cited here as
C1..C9), "Старшинство комбинаций" (the 13 combinations and the equal-combination rule),
"Модификаторы. Ситуативные правила старшинства" (trump and inversion by the reveal minute)
and the dialogue with the book's ascending order of hands.
"""

from __future__ import annotations

from ..readings import InterpretationPoint, register

__all__ = [
    "TRUMP_SCOPE", "TOP_CARD", "TOP_CARD_SCOPE", "SUIT_TIEBREAK", "HIGH_CARD", "NUMBERING",
    "INVERSION", "TIE", "PAYOUT", "DRAW_ORDER", "BOOK_ROYAL", "BOOK_EQUAL", "CASINO_POINTS",
]

TRUMP_SCOPE = register(InterpretationPoint(
    id="IP-CASINO-TRUMP-SCOPE",
    game="casino",
    question="Does a trump count only when it is one of the cards forming the combination, or "
             "anywhere among the six cards of the hand?",
    seed_reference="casino, situational rules: «Любая комбинация, хоть одна карта в которой "
                   "козырная ... Если козыри есть (или отсутствуют) в комбинацях у обоих игроков»",
    default="combination",
    alternatives=("hand",),
    readings_help={
        "combination": "only the cards forming the combination count (a kicker trump does not; "
                       "for a high card the combination is the highest card alone)",
        "hand": "any of the six cards in the hand counts",
    },
))

TOP_CARD = register(InterpretationPoint(
    id="IP-CASINO-TOP-CARD",
    game="casino",
    question="Between equal combinations, is 'the highest card' literally the highest-ranked card "
             "of the combination, or the rank of its main group (the quad of a dragon, the triple "
             "of a full house)?",
    seed_reference="casino, «Старшинство комбинаций ... при их равенстве - по достоинству старшей карты»",
    default="highest_card",
    alternatives=("main_group",),
    readings_help={
        "highest_card": "the highest-ranked card of the combination, whatever group it is in "
                        "(2-2-2-A-A beats K-K-K-Q-Q)",
        "main_group": "the rank of the larger group decides first for a dragon and a full house "
                      "(K-K-K-Q-Q beats 2-2-2-A-A)",
    },
))

TOP_CARD_SCOPE = register(InterpretationPoint(
    id="IP-CASINO-TOP-CARD-SCOPE",
    game="casino",
    question="Is the deciding highest card taken from the combination or from the whole hand "
             "(kickers included)?",
    seed_reference="casino, «при их равенстве - по достоинству старшей карты»; for the high card "
                   "«сравниваются старшие карты на руках»",
    default="combination",
    alternatives=("hand",),
    readings_help={
        "combination": "the highest card among the cards forming the combination",
        "hand": "the highest card among all six cards (a kicker may decide)",
    },
))

SUIT_TIEBREAK = register(InterpretationPoint(
    id="IP-CASINO-SUIT-TIEBREAK",
    game="casino",
    question="When the highest cards are of equal rank, is 'the highest suit' the suit of the "
             "highest card, or the highest suit found anywhere in the combination?",
    seed_reference="casino, «при их равном достоинстве - по старшей масти»; «Масти при равном "
                   "комбо и достоинстве - червы-бубны-крести-пики сверху вниз»",
    default="top_card_suit",
    alternatives=("any_card_suit",),
    readings_help={
        "top_card_suit": "the suit of the highest card (among cards of the top rank, the best suit)",
        "any_card_suit": "the best suit held by any card of the combination",
    },
))

HIGH_CARD = register(InterpretationPoint(
    id="IP-CASINO-HIGH-CARD",
    game="casino",
    question="When both sides hold only a high card, is the single highest card compared, or the "
             "cards in descending order (kickers) before the suit?",
    seed_reference="casino, combination 12: «Если у обоих игроков такой вариант - сравниваются "
                   "старшие карты на руках»",
    default="top_card",
    alternatives=("all_cards",),
    readings_help={
        "top_card": "the highest card: its rank, then its suit",
        "all_cards": "the ranks of all six cards in descending order, then the suit of the highest",
    },
))

NUMBERING = register(InterpretationPoint(
    id="IP-CASINO-NUMBERING",
    game="casino",
    question="The seed numbers both 'three pairs' and 'triple' 9: does the list order stand "
             "(three pairs above triple) or do they share one rank?",
    seed_reference="casino, combinations «9. Три пары» and «9. Тройка»",
    default="list_order",
    alternatives=("shared_rank",),
    readings_help={
        "list_order": "three pairs rank above triple, as listed",
        "shared_rank": "three pairs and triple are one rank; between them the highest card and "
                       "suit decide",
    },
))

INVERSION = register(InterpretationPoint(
    id="IP-CASINO-INVERSION",
    game="casino",
    question="Under the inversion rule, is the whole order reversed (within a combination the lower "
             "card wins too), or only the order of the combinations?",
    seed_reference="casino, situational rules: «после оценки комбинаций на руках выигрывает тот, "
                   "у кого она младше»",
    default="full",
    alternatives=("category_only",),
    readings_help={
        "full": "the lower combination wins, the equal-combination rule reversed as well",
        "category_only": "the lower combination wins; between equal combinations the higher card "
                         "and suit still win",
    },
))

TIE = register(InterpretationPoint(
    id="IP-CASINO-TIE",
    game="casino",
    question="Who takes the bank when the combinations are exactly equal?",
    seed_reference="casino, C8 «Партию выигрывает тот, кто имеет на руках комбинацию старше»; "
                   "the seed says nothing of equal hands",
    default="push",
    alternatives=("house_wins",),
    readings_help={
        "push": "nobody wins: each side takes back what it put in",
        "house_wins": "the house takes the bank",
    },
))

PAYOUT = register(InterpretationPoint(
    id="IP-CASINO-PAYOUT",
    game="casino",
    question="Is the player's win or loss the share of the bank the other side put in (the winner "
             "takes the bank), or the whole size of the bank?",
    seed_reference="casino, C9 «Размер выигрыша и проигрыша определяется величиной банка»",
    default="winner_takes_bank",
    alternatives=("bank_size",),
    readings_help={
        "winner_takes_bank": "the winner takes the bank: the player's net is +/- half the bank",
        "bank_size": "the player's net is +/- the whole bank",
    },
))

DRAW_ORDER = register(InterpretationPoint(
    id="IP-CASINO-DRAW-ORDER",
    game="casino",
    question="Who is dealt replacement cards first from the deck after the discard?",
    seed_reference="casino, C5 «Сторонам сдаются карты взамен снесенных в том же количестве»",
    default="player_first",
    alternatives=("house_first",),
    readings_help={
        "player_first": "the player's replacements come off the deck first, then the house's",
        "house_first": "the house's replacements come off the deck first, then the player's",
    },
))

BOOK_ROYAL = register(InterpretationPoint(
    id="IP-CASINO-BOOK-ROYAL",
    game="casino",
    question="In the book's order, is a royal flush any six cards of one suit in sequence, or only "
             "the ace-high one?",
    seed_reference="glossary «Флешь-рояль - шесть карт одной масти, подобранные строго по порядку»; "
                   "dialogue «Флешь-рояль»",
    default="any_straight_flush",
    alternatives=("ace_high_only",),
    readings_help={
        "any_straight_flush": "any six cards of one suit in sequence (the glossary)",
        "ace_high_only": "only A-K-Q-J-10-9 of one suit; another suited sequence is a straight",
    },
))

BOOK_EQUAL = register(InterpretationPoint(
    id="IP-CASINO-BOOK-EQUAL",
    game="casino",
    question="In the book's order, are equal hands compared by the casino's rule (highest card, "
             "then suit) or do they tie?",
    seed_reference="dialogue (the book's order gives no rule for equal hands); casino "
                   "«при их равенстве - по достоинству старшей карты ...»",
    default="casino_rule",
    alternatives=("category_only",),
    readings_help={
        "casino_rule": "the casino's equal-combination rule, with its readings",
        "category_only": "hands of the same name tie",
    },
))

CASINO_POINTS = (TRUMP_SCOPE, TOP_CARD, TOP_CARD_SCOPE, SUIT_TIEBREAK, HIGH_CARD, NUMBERING,
                 INVERSION, TIE, PAYOUT, DRAW_ORDER, BOOK_ROYAL, BOOK_EQUAL)
