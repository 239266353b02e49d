"""Short titles of the rulebook's entries, in English and in Russian.

A rulebook key (D1, B12, T2, M34, H30, casino-H5, dice-F3, draker-K1, ...) is how the engines and
the trace name a rule; a member reads a title. The Russian titles follow the seeds' own words
(``seeds/dragon-poker-rules.txt`` and the others), the English ones the readings in
``rules/modifiers/`` and the engines' summaries. A Dragon Poker hand's titles are the hand table's
own names (``seed_name`` and ``english``), so they cannot drift from the evaluator.

:func:`title` gives the title in the active language; :func:`titles` gives both.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language

from .engine_face import HANDS

# Definitions (seed: "Определения").
DEFINITIONS: dict[int, tuple[str, str]] = {
    1: ("Wild cards", "Дикие карты"),
    2: ("Home cards", "Домашние карты"),
    3: ("Dead cards", "Убитые карты"),
    4: ("Natural cards", "Естественные карты"),
    5: ("Natural order of cards", "Естественный порядок карт"),
    6: ("Natural order of months", "Естественный порядок месяцев"),
    7: ("Inverted order of months", "Инвертированный порядок месяцев"),
    8: ("Inverted order of cards", "Инвертированный порядок карт"),
    9: ("Raising a rank", "Повышение номинала"),
    10: ("Lowering a rank", "Понижение номинала"),
    11: ("Natural order of suits", "Естественный порядок мастей"),
    12: ("Inverted order of suits", "Инвертированный порядок мастей"),
    13: ("Free cards", "Свободные карты"),
    14: ("Opposite suit", "Противоположная масть"),
    15: ("Modifying card", "Модифицирующая карта"),
    16: ("Modified cards", "Модифицируемые карты"),
    17: ("Incrementing card", "Инкрементирующая карта"),
    18: ("Decrementing card", "Декрементирующая карта"),
    19: ("Alliance: Giant and Unicorn", "Альянс: Великан и Единорог"),
    20: ("Game: one seating of players", "Игра: один состав игроков"),
    21: ("Deal: from dealing to the winner", "Партия: от сдачи до выигрыша"),
    22: ("Circle: one card to each hand", "Круг: по карте на каждую руку"),
    23: ("Real characteristics", "Реальные характеристики"),
    24: ("Modified characteristics", "Модифицированные характеристики"),
    25: ("Honors: the picture cards", "Онеры: картинки"),
    26: ("Foskas: the cards 2 to 10", "Фоски: карты от 2 до 10"),
}

# Base rules (seed: "Правила").
BASE_RULES: dict[int, tuple[str, str]] = {
    1: ("One suit change per Game", "Смена масти раз за игру"),
    2: ("The last winner's top card is wild", "Высшая карта прошлого выигрыша дикая"),
    3: ("A killed free card becomes home", "Убитая свободная карта становится домашней"),
    4: ("A killed wild card becomes natural", "Убитая дикая карта становится естественной"),
    5: ("The more natural hand wins", "Более естественный расклад бьет менее естественный"),
    6: ("Equal hands: who wins", "Равенство раскладов: кто выигрывает"),
    7: ("After a low winner, less natural wins", "Менее естественный бьет более естественный"),
    8: ("Never free and home at once", "Не свободная и домашняя одновременно"),
    9: ("Modifiers read the deal's start", "Модификаторы на момент начала партии"),
    10: ("Modifiers act in number order", "Модификаторы действуют по порядку"),
    11: ("Conflicts: higher number, then the rule", "Противоречия: старший номер, затем правило"),
    12: ("Ambiguities are settled by precedent", "Двусмысленности решаются прецедентами"),
    13: ("Real rank and suit count", "Действуют реальные номинал и масть"),
    14: ("A modified modifying card is frozen", "Модифицированная модифицирующая карта неизменна"),
    15: ("Dark deals by the weekday", "Темные партии по дню недели"),
    16: ("Wild cards by the hour", "Дикие карты по часу"),
    17: ("Last hour's wild card is dead", "Прошлая дикая карта убита на час"),
    18: ("Home cards by the month", "Домашние карты по месяцу"),
    19: ("Deal number inverts the card order", "Номер партии инвертирует порядок карт"),
    20: ("Odd deals invert the suit order", "Нечетные партии меняют порядок мастей"),
    21: ("A winning quad is dead next deal", "Карты выигравшего каре убиты"),
    22: ("At most three modifiers per card", "Не более трех модификаторов на карту"),
    23: ("Real characteristics make a card natural", "Реальные характеристики: карта естественная"),
    24: ("By default: real rank, suit, card", "По умолчанию: реальные номинал, масть, карта"),
    25: ("No duty to point out a modifier", "Никто не обязан подсказывать модификатор"),
}

# Tables 1-3 (seed: "Таблица 1" - "Таблица 3").
TABLES: dict[int, tuple[str, str]] = {
    1: ("Table 1: dark deals by weekday", "Таблица 1: темные партии по дням недели"),
    2: ("Table 2: wild and dead by hour", "Таблица 2: дикие и убитые по часам"),
    3: ("Table 3: home cards by month", "Таблица 3: домашние карты по месяцам"),
}

# The 100 conditional modifiers (seed: "Условные модификаторы").
MODIFIERS: dict[int, tuple[str, str]] = {
    # 1-25: the deal ("Раздача")
    1: ("Date sum names a player without wilds", "Сумма даты: игрок без диких карт"),
    2: ("A cancelled wild card annuls modifier 1", "Отмененная дикая карта аннулирует модификатор 1"),
    3: ("The number of players shifts the month", "Число игроков сдвигает месяц"),
    4: ("A woman deals: no home cards", "Сдает женщина: нет домашних карт"),
    5: ("First open Dragon: one more dark circle", "Первый открытый Дракон: еще одна темная"),
    6: ("Two opposite Threes change the dealing", "Две Тройки противоположных мастей меняют сдачу"),
    7: ("A first-circle Ten kills the Sevens", "Десятка первого круга убивает Семерки"),
    8: ("A second-circle Six kills the Elves", "Шестерка второго круга убивает Эльфов"),
    9: ("The last open Unicorn kills the Fives", "Последний открытый Единорог убивает Пятерки"),
    10: ("Dead black honors facing each other revive", "Убитые черные онеры напротив оживают"),
    11: ("A heart fosk revives cards of 7-10", "Фоска черв оживляет убитые по 7-10"),
    12: ("The Nine of diamonds changes the dealing", "Девятка бубен меняет порядок сдачи"),
    13: ("Ten of spades beside Elf of clubs", "Десятка пик рядом с Эльфом треф"),
    14: ("Three dead open cards: invert two suits", "Три убитые открытые: инверсия двух мастей"),
    15: ("No open wild card: two Dragons wild", "Нет открытых диких: дикие Драконы"),
    16: ("Dragon of hearts: Fives wild opposite", "Дракон черв: дикие Пятерки напротив"),
    17: ("Spade Two, Eight, Dragon: lower red card", "Двойка, Восьмерка, Дракон пик: понизить красную"),
    18: ("Diamond Five, Nine, Giant: raise a card", "Пятерка, Девятка, Великан бубен: повысить карту"),
    19: ("Two black Twos: invert a fosk's rank", "Две черные Двойки: инверсия номинала фоски"),
    20: ("Two opposite Giants in the dark", "Два Короля противоположных мастей в темных"),
    21: ("Unicorn of diamonds and Giant of spades", "Единорог бубен и Великан пик у соседей"),
    22: ("Three, Four, Five open: revive an honor", "Тройка, Четверка, Пятерка: оживить онер"),
    23: ("Two heart Unicorns cancel a modifier", "Два Единорога черв отменяют модификатор"),
    24: ("A red honor makes the Sixes wild", "Красный онер делает Шестерки дикими"),
    25: ("Black Three to Six: a wild Eight", "Черные Тройка-Шестерка: дикая Восьмерка"),
    # 26-33: the deal; 34-46: cards ("Карты"); 47-49: time ("Временные"); 50: space
    26: ("Spade foskas of the second player wild", "Пиковые фоски второго от сдающего дикие"),
    27: ("Nine of clubs turns heart honors", "Девятка треф обращает онеры черв"),
    28: ("The Four of spades is incrementing", "Четверка пик инкрементирующая"),
    29: ("The Seven of diamonds is incrementing", "Семерка бубен инкрементирующая"),
    30: ("A dead Elf of hearts is decrementing", "Убитый Эльф черв декрементирующий"),
    31: ("The Giant of clubs is decrementing", "Великан треф декрементирующий"),
    32: ("Black Sixes increment or decrement", "Черные Шестерки: инкремент или декремент"),
    33: ("Giant, Unicorn, Elf cancel modifier 34", "Великан, Единорог, Эльф отменяют модификатор 34"),
    34: ("A saint's image cancels wild cards", "Изображение святого отменяет дикие карты"),
    35: ("Wild Seven of spades cancels modifier 34", "Дикая Семерка пик отменяет модификатор 34"),
    36: ("Animals: Giants revive dark honors", "Животные: Великаны оживляют онеры"),
    37: ("An even number of animals revives foskas", "Четное число животных оживляет фоски"),
    38: ("Red Unicorn cancels modifiers 36, 37", "Красный Единорог отменяет модификаторы 36 и 37"),
    39: ("A dead Elf cancels modifier 35", "Убитый Эльф отменяет модификатор 35"),
    40: ("Wild Three cancels modifiers 35, 36", "Дикая Тройка отменяет модификаторы 35 и 36"),
    41: ("Three open of one rank: fourth dead", "Три открытые одного номинала: четвертая убита"),
    42: ("Three dead open cards: black honor wild", "Три убитые открытые: черный онер дикий"),
    43: ("Four dead cards: revive one, one wild", "Четыре убитые карты: оживить одну, дикая"),
    44: ("Five dead cards: revive, wild, free", "Пять убитых карт: оживить, дикая, свободная"),
    45: ("An open alliance: increment or decrement", "Открытый альянс: инкремент или декремент"),
    46: ("An alliance of one suit", "Альянс одной масти"),
    47: ("The time of day frees an honor", "Время суток: свободные онеры"),
    48: ("A clock with hands: an hour forward", "Стрелочные часы: на час вперед"),
    49: ("A digital clock: an hour back", "Цифровые часы: на час назад"),
    50: ("A table not of natural materials", "Стол не из натуральных материалов"),
    # 51-52: space ("Пространственные"); 53-75: external ("Внешние")
    51: ("Compass seats change one card", "Север, юг, восток, запад: смена карты"),
    52: ("Other seats: increment or decrement once", "Не по модификатору 51: инкремент или декремент"),
    53: ("Spare decks turn the compass", "Запасная колода меняет стороны света"),
    54: ("The dealer in glasses: free Giants", "Сдающий в очках: свободные Великаны"),
    55: ("Players in glasses lose home cards", "Игроки в очках: отмена домашних карт"),
    56: ("Bearded players: home Dragons", "Бородатые игроки: домашние Драконы"),
    57: ("Headwear kills fourth-circle cards", "Головные уборы: убиты карты четвертого круга"),
    58: ("Glasses without headwear kill Nines, Giants", "Очки без убора: убиты Девятка, Великан"),
    59: ("Headwear and beard: Five of spades revives", "Убор и борода: Пятерка пик оживляет"),
    60: ("A weak last win: Fives revive home", "Слабый прошлый выигрыш: Пятерки домашние"),
    61: ("Headwear third from dealer voids 56", "Головной убор третьего: модификатор 56 недействителен"),
    62: ("Big last win: its top card home", "Крупный прошлый выигрыш: старшая карта домашняя"),
    63: ("A soft drink: Twos die, Threes home", "Безалкогольный напиток: Двойки убиты"),
    64: ("More than three soft drinks", "Больше трех безалкогольных напитков"),
    65: ("A closed room: diamond honors free", "Закрытое помещение: онеры бубен свободные"),
    66: ("The Two of spades cancels modifier 65", "Двойка пик отменяет модификатор 65"),
    67: ("Three adjacent ranks: the middle one home", "Три соседних номинала: средняя домашняя"),
    68: ("Ranks two apart: the last incrementing", "Номиналы через 2: последняя инкрементирующая"),
    69: ("Ranks three apart: the first decrementing", "Номиналы через 3: первая декрементирующая"),
    70: ("Modifiers 67-69 for two players", "Модификаторы 67-69 у двух игроков"),
    71: ("Three modifiers on one card", "Три модификатора на одной карте"),
    72: ("An odd number of exits", "Нечетное количество выходов"),
    73: ("An even number of one sex", "Четное количество игроков одного пола"),
    74: ("Players from one dimension", "Больше двух игроков из одного измерения"),
    75: ("Everyone from a different dimension", "Все игроки из различных измерений"),
    # 76-88: external; 89-100: natural ("Природные")
    76: ("Vowels in the dimensions' names", "Гласные в названиях измерений"),
    77: ("Consonants in the dimensions' names", "Согласные в названиях измерений"),
    78: ("Light clothing: deal 2, red Elves", "Светлая одежда: партия 2, красные Эльфы"),
    79: ("Light clothing: deal 3, red Tens", "Светлая одежда: партия 3, красные Десятки"),
    80: ("Light clothing: deal 4, red honors", "Светлая одежда: партия 4, красные онеры"),
    81: ("Dark clothing: deal 1, black Unicorns", "Темная одежда: партия 1, черные Единороги"),
    82: ("Dark clothing: deal 2, black Dragons", "Темная одежда: партия 2, черные Драконы"),
    83: ("Dark clothing: deal 3, black Nines", "Темная одежда: партия 3, черные Девятки"),
    84: ("Dark clothing: deal 4, black honors", "Темная одежда: партия 4, черные онеры"),
    85: ("No dominant colour: deal 1, 05:00-17:00", "Нет доминирующего цвета: партия 1, 05:00-17:00"),
    86: ("No dominant colour: deal 2, 11:00-23:00", "Нет доминирующего цвета: партия 2, 11:00-23:00"),
    87: ("No dominant colour: deal 2, 16:00-04:00", "Нет доминирующего цвета: партия 2, 16:00-04:00"),
    88: ("No dominant colour: deal 2, 19:00-07:00", "Нет доминирующего цвета: партия 2, 19:00-07:00"),
    89: ("Sunny weather kills black honors", "Солнечная погода убивает черные онеры"),
    90: ("Overcast weather kills red honors", "Пасмурная погода убивает красные онеры"),
    91: ("Alcohol makes second-circle Twos wild", "Алкоголь: Двойки второго круга дикие"),
    92: ("Moon, first quarter (young crescent)", "Луна в первой четверти (молодой месяц)"),
    93: ("Moon, second quarter (young half)", "Луна во второй четверти (молодая половинка)"),
    94: ("Moon, third quarter (before full)", "Луна в третьей четверти (до полнолуния)"),
    95: ("Moon, fourth quarter (full moon)", "Луна в четвертой четверти (полнолуние)"),
    96: ("Moon, fifth quarter (after full)", "Луна в пятой четверти (после полнолуния)"),
    97: ("Moon, sixth quarter (old half)", "Луна в шестой четверти (старая половинка)"),
    98: ("Moon, seventh quarter (old crescent)", "Луна в седьмой четверти (старый месяц)"),
    99: ("Moon, eighth quarter (new moon)", "Луна в восьмой четверти (новолуние)"),
    100: ("Light clothing: deal 1, red Kings", "Светлая одежда: партия 1, красные Короли"),
}

# The seed's groups of 25 modifiers, as the index shows them.
MODIFIER_GROUPS: tuple[tuple[int, int, str, str], ...] = (
    (1, 25, "Modifiers 1-25: the deal", "Модификаторы 1-25: раздача"),
    (26, 50, "Modifiers 26-50: deal, cards and time", "Модификаторы 26-50: раздача, карты, время"),
    (51, 75, "Modifiers 51-75: space and external", "Модификаторы 51-75: пространственные и внешние"),
    (76, 100, "Modifiers 76-100: external and natural", "Модификаторы 76-100: внешние и природные"),
)

# The other games: the rulebook's own row of each game, and their hands, figures and kinds.
OTHER: dict[str, tuple[str, str]] = {
    "casino": ("Dragon Poker, the casino variant", "Драконий покер, вариант казино"),
    "dice": ("Dice poker", "Покер на костях"),
    "tricks": ("The 30-round trick game", "Игра на взятки в 30 конов"),
    "draker": ("Draker combinations", "Комбинации Дракера"),
    "tricks-schedule": ("The 30 rounds: cards and kinds", "30 конов: карты и виды"),
    # The casino order (seed, "Правила игры"), best first.
    "casino-H1": ("Straight flush", "Стрит-флэш"),
    "casino-H2": ("Dragon: quad and pair", "Дракон: каре плюс пара"),
    "casino-H3": ("Two triples", "Две тройки"),
    "casino-H4": ("Flush: six of one suit", "Масть: 6 карт одной масти"),
    "casino-H5": ("Collision: three suited pairs", "Столкновение"),
    "casino-H6": ("Quad", "Каре"),
    "casino-H7": ("Straight", "Стрит"),
    "casino-H8": ("Full house", "Фулл-хауз"),
    "casino-H9": ("Three pairs", "Три пары"),
    "casino-H10": ("Triple", "Тройка"),
    "casino-H11": ("Two pairs", "Две пары"),
    "casino-H12": ("Pair", "Пара"),
    "casino-H13": ("High card", "Старшая карта"),
    # The book's order of twelve hands.
    "casino-book-H1": ("Royal flush, book order", "Флешь-рояль, по книге"),
    "casino-book-H2": ("Full dragon, book order", "Полный дракон, по книге"),
    "casino-book-H3": ("Full belly, book order", "Полное брюхо, по книге"),
    "casino-book-H4": ("Straight, book order", "Стрит, по книге"),
    "casino-book-H5": ("Flush, book order", "Флеш, по книге"),
    "casino-book-H6": ("Four of a kind, book order", "Каре, по книге"),
    "casino-book-H7": ("Full house, book order", "Полный дом, по книге"),
    "casino-book-H8": ("Three pairs, book order", "Три пары, по книге"),
    "casino-book-H9": ("Three of a kind, book order", "Три одного номинала, по книге"),
    "casino-book-H10": ("Two pairs, book order", "Две пары, по книге"),
    "casino-book-H11": ("One pair, book order", "Одна пара, по книге"),
    "casino-book-H12": ("Honor, book order", "Онер, по книге"),
    # Dice poker's figures, low to high (seed: "Расклады (фигуры)").
    "dice-F0": ("No figure", "Нет фигуры"),
    "dice-F1": ("Pair", "Пара"),
    "dice-F2": ("Two pairs", "Две пары"),
    "dice-F3": ("Set: three of a kind", "Сет: три одного достоинства"),
    "dice-F4": ("Small straight: 1 to 5", "Малый стрейт: от 1 до 5"),
    "dice-F5": ("Big straight: 2 to 6", "Большой стрейт: от 2 до 6"),
    "dice-F6": ("Full house: pair and three", "Фулл хаус: пара и тройка"),
    "dice-F7": ("Four of a kind", "Каре"),
    "dice-F8": ("Poker: five of a kind", "Покер: пять одного достоинства"),
    # Draker's two combinations, each by rank or by profession.
    "draker-K1": ("Straight by rank", "Стрит по достоинству"),
    "draker-K2": ("Straight by profession", "Стрит по профессии"),
    "draker-K3": ("Kare by rank", "Каре по достоинству"),
    "draker-K4": ("Kare by profession", "Каре по профессии"),
}

_BY_PREFIX = {"D": DEFINITIONS, "B": BASE_RULES, "T": TABLES, "M": MODIFIERS}


@lru_cache(maxsize=1)
def _hands() -> dict[int, tuple[str, str]]:
    return {hand.number: (hand.english, hand.seed_name) for hand in HANDS}


def titles(code: str) -> tuple[str, str] | None:
    """``code``'s (English, Russian) titles, or None for a code that names no rulebook entry."""
    code = str(code)
    if code in OTHER:
        return OTHER[code]
    prefix, number = code[:1], code[1:]
    if not number.isdigit() or number.startswith("0"):
        return None
    if prefix == "H":
        return _hands().get(int(number))
    table = _BY_PREFIX.get(prefix)
    return table.get(int(number)) if table is not None else None


def is_russian(language: str | None = None) -> bool:
    """Whether ``language`` (the active one when not given) is Russian."""
    language = language if language is not None else get_language()
    return bool(language) and language.lower().startswith("ru")


def title_in(code: str, language: str | None) -> str:
    """``code``'s short title in ``language`` (Russian for 'ru...', else English); an empty
    string for a code that names no rulebook entry."""
    both = titles(code)
    if both is None:
        return ""
    return both[1] if is_russian(language) else both[0]


def title(code: str) -> str:
    """``code``'s short title in the active language ('ru' gives Russian, anything else English);
    an empty string for a code that names no rulebook entry."""
    return title_in(code, get_language())


def modifier_group(number: int) -> int:
    """The index (0-3) of the seed's group of 25 a modifier belongs to."""
    return max(0, min(3, (int(number) - 1) // 25))


def modifier_group_title(index: int) -> str:
    _first, _last, en, ru = MODIFIER_GROUPS[index]
    return ru if is_russian() else en
