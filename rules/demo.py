"""The demo archive: the rulebook from the engines, the founding precedents, three later
precedents and a followed search. Loading twice changes nothing. The demo's disputes are of deals
the games app recorded, so its demo raises them (``games.demo``)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from club.models import Member

from . import services
from .models import Precedent
from .rulebook import rulebook_sync


def _member(name: str) -> Member | None:
    return Member.objects.filter(display_name=name).first()


def _founding(point_id: str) -> Precedent:
    return Precedent.objects.get(founding=True, fixes__point__point_id=point_id)


# The demo's rulings told in Russian too (a croupier's ruling is kept in both languages where he
# wrote both).
DEMO_RU = {
    "Base rule 2 makes the whole rank wild": {
        "title_ru": "Базовое правило 2 делает диким весь номинал",
        "situation_ru": "Партия 2 вечера в трактире «Жёлтый полумесяц»: высшей естественной картой прошлого "
                        "выигрыша был Дракон черв; у Скива был Дракон пик, и он заявил его тоже диким.",
        "question_ru": "Делает ли базовое правило 2 диким только Дракона черв или каждого Дракона?",
        "ruling_ru": "Дикими становятся все карты этого номинала.",
    },
    "Back to the card itself under base rule 2": {
        "title_ru": "Назад к самой карте по базовому правилу 2",
        "situation_ru": "Игра, в которой у трёх игроков были Драконы после выигрыша с Драконом; прочтение «весь "
                        "номинал» сделало каждую партию вечера полной диких карт.",
        "question_ru": "Остаётся ли в силе прочтение базового правила 2 «весь номинал»?",
        "ruling_ru": "Дикой становится только сама карта (этого номинала и этой масти); решение 2015 года "
                     "отменено.",
    },
    "A hat indoors is headwear": {
        "title_ru": "Шляпа в помещении — головной убор",
        "situation_ru": "Чамли не снял шляпу за столом; модификаторы о головных уборах были оспорены.",
        "question_ru": "Считается ли шляпа, надетая в помещении, головным убором для модификаторов?",
        "ruling_ru": "Да: любая шляпа, надетая за столом, — головной убор. Рекомендательно, пока она не "
                     "понадобится модификатору.",
    },
}


@transaction.atomic
def load() -> dict[str, int]:
    rulebook_sync()
    founding = services.founding_precedents_load()
    croupier = _member("Tananda") or Member.objects.filter(role__in=["croupier", "admin"]).first()
    if croupier is None:
        return {"founding": len(founding), "later": 0}
    later = 0
    if not Precedent.objects.filter(title="Base rule 2 makes the whole rank wild").exists():
        services.precedent_file(
            actor=croupier, title="Base rule 2 makes the whole rank wild",
            situation="Deal 2 of an evening at the Yellow Crescent Inn: the previous winning hand's highest "
                      "natural card was the Ace of hearts; Skeeve held the Ace of spades and claimed it wild too.",
            question="Does base rule 2 make only the Ace of hearts wild, or every Ace?",
            ruling="Дикими становятся все карты этого номинала: every card of that rank becomes wild.",
            ruled_on=dt.date(2015, 3, 14), status=Precedent.Status.BINDING, cites_rules=["B2"],
            cites_points=["IP-R2-WILD-CARD"], fixes={"IP-R2-WILD-CARD": "that_rank"},
            cites_precedents={_founding("IP-R2-WILD-CARD").permanent_id: "overrules"})
        later += 1
    if not Precedent.objects.filter(title="Back to the card itself under base rule 2").exists():
        first = Precedent.objects.get(title="Base rule 2 makes the whole rank wild")
        services.precedent_file(
            actor=croupier, title="Back to the card itself under base rule 2",
            situation="A Game in which three players held Aces after an Ace-high win; the whole-rank reading "
                      "made every deal of the evening wild-heavy.",
            question="Should the whole-rank reading of base rule 2 stand?",
            ruling="Only the card itself (that rank and suit) becomes wild; the 2015 ruling is overruled.",
            ruled_on=dt.date(2021, 9, 4), status=Precedent.Status.BINDING, cites_rules=["B2"],
            cites_points=["IP-R2-WILD-CARD"], fixes={"IP-R2-WILD-CARD": "that_card"},
            cites_precedents={first.permanent_id: "overrules"})
        later += 1
    if not Precedent.objects.filter(title="A hat indoors is headwear").exists():
        services.precedent_file(
            actor=croupier, title="A hat indoors is headwear",
            situation="Chumley kept his hat on at the table; the modifiers on headwear were disputed.",
            question="Does a hat worn indoors count as headwear for the modifiers?",
            ruling="Yes: any hat worn at the table is headwear. Advisory until a modifier needs it.",
            ruled_on=dt.date(2024, 11, 2), status=Precedent.Status.ADVISORY, cites_rules=["B24"])
        later += 1
    for title, russian in DEMO_RU.items():
        Precedent.objects.filter(title=title, title_ru="").update(**russian)
    raiser = _member("Skeeve") or croupier
    # A member follows the rulings on base rule 2: its feed and daily mail.
    if raiser is not None and raiser != croupier and not raiser.saved_searches.exists():
        services.saved_search_create(actor=raiser, params={"rule": "B2"})
    return {"founding": len(founding), "later": later}
