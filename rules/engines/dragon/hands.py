"""The 64 hands of the club rules v2.2.1 ("Расклады"), best first, as data.

Each row keeps the seed's Russian name and definition verbatim (the site shows them) beside the
code name, an English name and the shape the evaluator implements under the default readings.
Category 65, ``nothing``, is not a hand of the seed: it is what :func:`evaluate` returns for live
cards that form no hand when IP-HODGEPODGE does not let them count as #53 (hodgepodge).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Hand", "HANDS", "HAND_LIST", "BY_NAME", "NOTHING", "NOTHING_CATEGORY"]


@dataclass(frozen=True, slots=True)
class Hand:
    number: int
    name: str            # code name
    seed_name: str       # the seed's Russian name, verbatim
    seed_text: str       # the seed's definition, verbatim ("" where the seed gives only the name)
    english: str
    shape: str


HAND_LIST: tuple[Hand, ...] = (
    Hand(1, 'long_flush_poker', 'Лонг-флеш-покер', 'Набор из девяти карт одного номинала и масти.',
         'Long flush poker', '9 identical cards (one rank and one suit)'),
    Hand(2, 'middle_flush_poker', 'Миддл-флеш-покер', 'Набор из восьми карт одного номинала и масти.',
         'Middle flush poker', '8 identical cards (one rank and one suit)'),
    Hand(3, 'long_flush_straight', 'Лонг-флэш-стрит', 'Набор из девяти последовательных карт одной масти.',
         'Long flush straight', '9 consecutive ranks, one suit'),
    Hand(4, 'medium_flush_poker', 'Медиум-флеш-покер', 'Набор из семи карт одного номинала и масти.',
         'Medium flush poker', '7 identical cards (one rank and one suit)'),
    Hand(5, 'flush_poker', 'Флеш-покер', 'Набор из шести карт одного номинала и масти.',
         'Flush poker', '6 identical cards (one rank and one suit)'),
    Hand(6, 'color_poker', 'Колер-покер', 'Набор из шести карт одного номинала и цвета.',
         'Colour poker', '6 cards of one rank and one colour'),
    Hand(7, 'middle_flush_straight', 'Миддл-флэш-стрит', 'Набор из восьми последовательных карт одной масти.',
         'Middle flush straight', '8 consecutive ranks, one suit'),
    Hand(8, 'little_flush_poker', 'Литтл-флэш-покер', 'Набор из пяти одинаковых карт.',
         'Little flush poker', '5 identical cards (one rank and one suit)'),
    Hand(9, 'poker', 'Покер', 'Набор из шести карт одного ранга.',
         'Poker', '6 cards of one rank'),
    Hand(10, 'marble_cemetery', 'Мраморное кладбище', 'два каре одной масти.',
         'Marble cemetery', 'two quads, one suit'),
    Hand(11, 'little_color_poker', 'Литтл-колер-покер', 'Набор из пяти карт одного ранга и цвета.',
         'Little colour poker', '5 cards of one rank and one colour'),
    Hand(12, 'opposition_cross_flush', 'Противостояние-крест-флэш', 'противостояние флэш + пара 8 по масти противостояния',
         'Opposition cross flush', 'an opposition of one suit + a pair of Eights of that suit'),
    Hand(13, 'red_dragon', 'Красный дракон', 'Каре и пара одной масти.',
         'Red dragon', 'quad + pair, one suit'),
    Hand(14, 'long_color_straight', 'Лонг-коллер-стрит', 'Набор из девяти последовательных карт одного цвета.',
         'Long colour straight', '9 consecutive ranks, one colour'),
    Hand(15, 'little_poker', 'Литтл-покер', 'Набор из пяти карт одного ранга.',
         'Little poker', '5 cards of one rank'),
    Hand(16, 'opposition_cross_color', 'Противостояние-крест-колер', 'противостояние-колер + пара 8 по цвету противостояния.',
         'Opposition cross colour', 'an opposition of one colour + a pair of Eights of that colour'),
    Hand(17, 'medium_flush_straight', 'Медиум-флэш-стрит', 'Набор из семи последовательных карт одной масти.',
         'Medium flush straight', '7 consecutive ranks, one suit'),
    Hand(18, 'big_giant', 'Большой великан', 'три набора по три одинаковых карты.',
         'Big giant', 'three triples, one suit (IP-BIG-GIANT)'),
    Hand(19, 'flush_straight', 'Флеш-стрит', 'Шесть последовательных карт одной масти.',
         'Flush straight', '6 consecutive ranks, one suit'),
    Hand(20, 'granite_cemetery', 'Гранитное кладбище', 'два каре одного цвета.',
         'Granite cemetery', 'two quads, one colour'),
    Hand(21, 'black_dragon', 'Черный дракон', 'Каре и пара одного цвета.',
         'Black dragon', 'quad + pair, one colour'),
    Hand(22, 'middle_color_straight', 'Миддл-коллер-стрит', 'Набор из восьми последовательных карт одного цвета.',
         'Middle colour straight', '8 consecutive ranks, one colour'),
    Hand(23, 'opposition_cross', 'Противостояние-крест', 'противостояние + пара 8.',
         'Opposition cross', 'an opposition + a pair of Eights'),
    Hand(24, 'little_flush_straight', 'Литтл-флеш-стрит', 'Набор из пяти последовательных карт одной масти.',
         'Little flush straight', '5 consecutive ranks, one suit'),
    Hand(25, 'golden_horseshoe', 'Золотая подкова', 'Белый единорог и двойка той же масти.',
         'Golden horseshoe', 'white unicorn (two triples, one suit) + a pair of the same suit (IP-HORSESHOE)'),
    Hand(26, 'giant', 'Великан', 'Набор из трех троек одного цвета.',
         'Giant', 'three triples, one colour'),
    Hand(27, 'long_straight', 'Лонг-стрит', 'Набор из девяти последовательных карт.',
         'Long straight', '9 consecutive ranks'),
    Hand(28, 'white_unicorn', 'Белый единорог', 'Два набора по три карты одного ранга и масти.',
         'White unicorn', 'two triples, one suit'),
    Hand(29, 'cemetery', 'Кладбище', 'Набор из двух каре.',
         'Cemetery', 'two quads'),
    Hand(30, 'dragon', 'Дракон', 'Каре и две одинаковых карты.',
         'Dragon', 'quad + pair (IP-DRAGON-PAIR)'),
    Hand(31, 'bronze_horseshoe', 'Бронзовая подкова', 'Черный единорог и двойка того же цвета.',
         'Bronze horseshoe', 'black unicorn (two triples, one colour) + a pair of the same colour (IP-HORSESHOE)'),
    Hand(32, 'light_elf', 'Светлый эльф', 'Четыре пары одной масти.',
         'Light elf', 'four pairs, one suit'),
    Hand(33, 'two_two_three_suit', '2+2+3 масть', '',
         '2+2+3 suit', 'two pairs + a triple, one suit'),
    Hand(34, 'middle_straight', 'Миддл-стрит', 'Набор из восьми последовательных карт.',
         'Middle straight', '8 consecutive ranks'),
    Hand(35, 'black_unicorn', 'Черный единорог', 'Два набора по три карты одного номинала и цвета.',
         'Black unicorn', 'two triples, one colour'),
    Hand(36, 'little_giant', 'Маленький великан', 'Набор их трех троек.',
         'Little giant', 'three triples'),
    Hand(37, 'medium_color_straight', 'Медиум-коллер-стрит', 'Набор из семи последовательных карт одного цвета.',
         'Medium colour straight', '7 consecutive ranks, one colour'),
    Hand(38, 'horseshoe', 'Подкова', 'Единорог и двойка.',
         'Horseshoe', 'unicorn (two triples) + a pair (IP-HORSESHOE)'),
    Hand(39, 'cross', 'Крест', 'Каре и две любых карты одной масти.',
         'Cross', 'quad + two other cards of one suit'),
    Hand(40, 'dark_elf', 'Темный эльф', 'четыре пары одного цвета.',
         'Dark elf', 'four pairs, one colour'),
    Hand(41, 'unicorn', 'Единорог', 'Два набора по три карты одного номинала.',
         'Unicorn', 'two triples'),
    Hand(42, 'two_two_three_color', '2+2+3 цвет', '',
         '2+2+3 colour', 'two pairs + a triple, one colour'),
    Hand(43, 'full_belly', 'Полное брюхо', 'Три пары одной масти.',
         'Full belly', 'three pairs, one suit'),
    Hand(44, 'medium_straight', 'Медиум-стрит', 'Набор из семи последовательных карт.',
         'Medium straight', '7 consecutive ranks'),
    Hand(45, 'color_opposition', 'Колер-противостояние', 'противостояние по парам и мастям',
         'Colour opposition', 'an opposition whose two pairs hold the same suits (IP-COLOR-OPPOSITION)'),
    Hand(46, 'sated_belly', 'Сытое Брюхо', 'Три пары одного цвета.',
         'Sated belly', 'three pairs, one colour'),
    Hand(47, 'elf', 'Эльф', 'четыре пары.',
         'Elf', 'four pairs'),
    Hand(48, 'two_two_three', '2+2+3', '',
         '2+2+3', 'two pairs + a triple'),
    Hand(49, 'quad', 'Каре', 'Четыре карты одного ранга.',
         'Quad', '4 cards of one rank'),
    Hand(50, 'color_straight', 'Коллер-стрит', 'Шесть последовательных карт одного цвета.',
         'Colour straight', '6 consecutive ranks, one colour'),
    Hand(51, 'opposition', 'Противостояние', 'Набор из двух противостоящих пар (Двойка- Дракон, Тройка- Великан и т.п.) Расклада для 8 – нет.',
         'Opposition', 'a pair against the pair of its opposite rank; none for Eights (IP-OPPOSITION)'),
    Hand(52, 'little_color_straight', 'Литтл-коллер-стрит', 'Набор из пяти последовательных карт.',
         'Little colour straight', '5 consecutive ranks, one colour (IP-LITTLE-COLOR-STRAIGHT)'),
    Hand(53, 'hodgepodge', 'Разнобой', 'Девять карт с которыми невозможно собрать ни один расклад.',
         'Hodgepodge', 'the live cards can form no other hand of this list (IP-HODGEPODGE)'),
    Hand(54, 'belly', 'Брюхо', 'Три пары любой масти.',
         'Belly', 'three pairs'),
    Hand(55, 'straight', 'Стрит', 'Набор из шести последовательных карт.',
         'Straight', '6 consecutive ranks'),
    Hand(56, 'little_straight', 'Литтл-стрит', 'Набор из пяти последовательных карт.',
         'Little straight', '5 consecutive ranks'),
    Hand(57, 'flush', 'Флеш', 'Шесть карт одной масти.',
         'Flush', '6 cards of one suit'),
    Hand(58, 'little_flush', 'Литтл-флешь', 'Набор из пяти карт одной масти.',
         'Little flush', '5 cards of one suit'),
    Hand(59, 'full', 'Фулл', 'Тройка и пара (3+2).',
         'Full', 'triple + pair'),
    Hand(60, 'triple', 'Тройка', 'Три карты одного ранга (3).',
         'Triple', '3 cards of one rank'),
    Hand(61, 'two_pairs', 'Пара', 'Две двойки (2+2).',
         'Two pairs', 'two pairs (the seed\'s "Пара")'),
    Hand(62, 'color', 'Коллер', 'Шесть карт одного цвета.',
         'Colour', '6 cards of one colour'),
    Hand(63, 'pair', 'Одна Двойка', 'Две карты одного ранга.',
         'One pair', '2 cards of one rank (the seed\'s "Двойка")'),
    Hand(64, 'honor', 'Онер', 'Любая картинка.',
         'Honor', 'any honor (Elf, Unicorn, Giant or Dragon)'),
)

NOTHING_CATEGORY = 65
NOTHING = Hand(NOTHING_CATEGORY, "nothing", "", "",
               "Nothing", "no hand of the list (below #64; only when #53 does not apply)")


class _HandTable:
    """``HANDS[n]`` is hand number ``n`` (1..64, the seed's numbering); ``HANDS[65]`` is
    :data:`NOTHING`. Iterating gives the 64 hands, best first."""

    __slots__ = ()

    def __getitem__(self, number: int) -> Hand:
        if isinstance(number, int) and not isinstance(number, bool):
            if 1 <= number <= len(HAND_LIST):
                return HAND_LIST[number - 1]
            if number == NOTHING_CATEGORY:
                return NOTHING
        raise KeyError(f"no hand number {number!r} (1..64, 65 for nothing)")

    def __iter__(self):
        return iter(HAND_LIST)

    def __len__(self) -> int:
        return len(HAND_LIST)


HANDS = _HandTable()
BY_NAME: dict[str, Hand] = {hand.name: hand for hand in (*HAND_LIST, NOTHING)}
