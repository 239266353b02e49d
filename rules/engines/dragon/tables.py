"""Tables 1-3 of the seed ("Приложения"), as data, with their Russian rows verbatim.

* Table 1 (base rule 15): the deal numbers, by weekday, dealt all dark with the weakest hand
  winning; Monday adds the dealer's player number to the weekday number.
* Table 2 (base rules 16-17): the hour gives the wild rank and the dead rank.
* Table 3 (base rule 18): the month gives the home ranks.
"""

from __future__ import annotations

from ..errors import RulesError

__all__ = ["TABLE1_RU", "TABLE2", "TABLE2_RU", "TABLE3", "TABLE3_RU", "WEEKDAYS_RU", "all_dark",
           "table2_row", "table3_row", "wild_rank", "dead_rank", "home_ranks", "weekday_divisor"]

WEEKDAYS_RU = {1: "Понедельник", 2: "Вторник", 3: "Среда", 4: "Четверг", 5: "Пятница", 6: "Суббота",
               7: "воскресенье"}

TABLE1_RU: dict[int, str] = {
    1: "Понедельник см. дополнения к усл. мод.",
    2: "Вторник 2, 4 , 6, 8, 10, 12, 14",
    3: "Среда 3, 6, 9, 12, 15, 18, 21",
    4: "Четверг 4, 8, 12, 16, 20, 24, 28",
    5: "Пятница 5, 10, 15, 20, 25, 30, 35",
    6: "Суббота 6, 12, 18, 24, 30, 36, 42",
    7: "воскресенье 7, 14, 21, 28, 35, 42, 49",
}

# hour -> (wild rank, dead rank)
TABLE2: dict[int, tuple[int, int]] = {
    0: (2, 12), 1: (3, 2), 2: (4, 3), 3: (5, 4), 4: (6, 5), 5: (7, 6), 6: (8, 7), 7: (9, 8),
    8: (10, 9), 9: (11, 10), 10: (12, 11), 11: (13, 12), 12: (14, 13), 13: (2, 14), 14: (3, 2),
    15: (4, 3), 16: (5, 4), 17: (6, 5), 18: (7, 6), 19: (8, 7), 20: (9, 8), 21: (10, 9),
    22: (11, 10), 23: (12, 11),
}
TABLE2_RU: dict[int, str] = {
    0: "00:00 - 01:00 Двойка Единорог", 1: "01:00 - 02:00 Тройка Двойка",
    2: "02:00 - 03:00 Четверка Тройка", 3: "03:00 - 04:00 Пятерка Четверка",
    4: "04:00 – 05:00 Шестерка Пятерка", 5: "05:00 - 06:00 Семерка Шестерка",
    6: "06:00 – 07:00 Восьмерка Семерка", 7: "07:00 - 08:00 Девятка Восьмерка",
    8: "08:00 - 09:00 Десятка Девятка", 9: "09:00 - 10:00 Эльф Десятка",
    10: "10:00 - 11:00 Единорог Эльф", 11: "11:00 - 12:00 Великан Единорог",
    12: "12:00 - 13:00 Дракон Великан", 13: "13:00 - 14:00 Двойка Дракон",
    14: "14:00 - 15:00 Тройка Двойка", 15: "15:00 - 16:00 Четверка Тройка",
    16: "16:00 - 17:00 Пятерка Четверка", 17: "17:00 - 18:00 Шестерка Пятерка",
    18: "18:00 - 19:00 Семерка Шестерка", 19: "19:00 - 20:00 Восьмерка Семерка",
    20: "20:00 - 21:00 Девятка Восьмерка", 21: "21:00 - 22:00 Десятка Девятка",
    22: "22:00 - 23:00 Эльф Десятка", 23: "23:00 - 00:00 Единорог Эльф",
}

# month -> home ranks (J 11, Q 12, K 13, A 14; the seed's В Д К Т)
TABLE3: dict[int, tuple[int, ...]] = {
    1: (8, 13, 14), 2: (3, 5, 7, 12), 3: (6, 8, 11), 4: (2, 10, 13), 5: (4, 7, 14),
    6: (4, 9, 11, 14), 7: (5, 9, 12), 8: (2, 6, 10), 9: (3, 5, 11), 10: (4, 6, 10, 14),
    11: (3, 8, 13), 12: (2, 7, 12, 13),
}
TABLE3_RU: dict[int, str] = {
    1: "январь 8,К, Т", 2: "февраль 3,5,7,Д", 3: "март 6,8,В", 4: "апрель 2,10,К", 5: "май 4,7,Т",
    6: "июнь 4,9,В, Т", 7: "июль 5,9,Д", 8: "август 2,6,10", 9: "сентябрь 3,5,В",
    10: "октябрь 4,6,10,Т", 11: "ноябрь 3,8,К", 12: "декабрь 2,7,Д,К",
}


def _hour(hour: int) -> int:
    if isinstance(hour, bool) or not isinstance(hour, int) or not 0 <= hour <= 23:
        raise RulesError(f"hour {hour!r} is not 0..23", value=hour)
    return hour


def table2_row(hour: int) -> tuple[int, int]:
    return TABLE2[_hour(hour)]


def wild_rank(hour: int) -> int:
    """Base rule 16: the rank that is wild in this hour."""
    return TABLE2[_hour(hour)][0]


def dead_rank(hour: int) -> int:
    """Base rule 17: the rank that was wild the hour before, dead for this hour."""
    return TABLE2[_hour(hour)][1]


def table3_row(month: int) -> tuple[int, ...]:
    if isinstance(month, bool) or not isinstance(month, int) or not 1 <= month <= 12:
        raise RulesError(f"month {month!r} is not 1..12", value=month)
    return TABLE3[month]


def home_ranks(month: int) -> tuple[int, ...]:
    """Base rule 18: the ranks that are home in this month."""
    return table3_row(month)


def weekday_divisor(weekday: int, dealer_number: int) -> int:
    """Base rule 15: the weekday's number (Mon = 1 .. Sun = 7); on Monday the number of the
    player dealing (clockwise from North, North = 1) is added."""
    if not 1 <= weekday <= 7:
        raise RulesError(f"weekday {weekday!r} is not 1..7", value=weekday)
    return weekday + dealer_number if weekday == 1 else weekday


def all_dark(deal_number: int, weekday: int, dealer_number: int, *, listed_only: bool = False) -> bool:
    """Table 1: whether deal ``deal_number`` is a multiple of the weekday's number (the table
    lists the first seven multiples; IP-T1-RANGE says whether later multiples count too)."""
    divisor = weekday_divisor(weekday, dealer_number)
    if deal_number % divisor:
        return False
    return not listed_only or deal_number // divisor <= 7
