"""The planner's reading of a question as a TripFrame: what the `reading` event shows in the inspector."""

from __future__ import annotations

from desktop_app.planner.compare import candidates
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.second_look import looks_up
from desktop_app.travel.frame import Budget, Dates, Stop, Travellers, TripFrame
from desktop_app.travel.world_places import stand_ins


def targets(query: TripQuery) -> tuple[str, ...]:
    """Only places are places: sample cities named, the nearest stand-ins for places without data,
    or for an open question the candidates picked from the data."""
    if query.open is not None and query.origin is not None:
        return tuple(c.id for c in candidates(query.open, query.origin))
    found = list(query.destinations)
    for place in query.no_data:
        found.extend(c for c in stand_ins(place) if c not in found and c != query.origin)
    return tuple(c.id for c in found)


def frame_of(query: TripQuery) -> TripFrame:
    """The query as a frozen frame, read once the plan is decided (origin, route): None where not said."""
    party = query.party
    counted = party.said != "" or party.asked_rooms > 1  # "2 rooms": rooms asked with nobody counted
    travellers = Travellers(party.size - party.children, party.children, party.rooms) if counted else None
    each = query.stop_nights if len(query.stop_nights) == len(query.destinations) else ()
    stops = [Stop(c.id, each[i] if each else None) for i, c in enumerate(query.destinations)]
    stops += [Stop(p.label(query.lang), has_data=False) for p in query.no_data]
    when = query.when
    said = query.budget_as_said  # said per traveller: the amount each, as said (`budget` is the party's)
    budget = None if said is None else Budget(said, per_person=query.budget_each)
    words = {
        "dates": when.said if when is not None else "",
        "travellers": party.said,
        "budget": query.budget_said[0 if query.lang == "zh" else 1],
        "places": "、".join(f"{typed}→{city}" for typed, city in query.read_as),  # homophones and slips, as read
    }
    return TripFrame(
        lang=query.lang,
        asks=tuple(sorted(query.intents)),
        looks_up=looks_up(query) if query.travel_related and not query.beyond_only else (),  # nothing planned
        travellers=travellers,
        origin=query.origin.id if query.origin is not None else None,
        origin_assumed=query.origin_assumed,
        stops=tuple(stops),
        targets=targets(query),
        shape=_shape(query, len(stops)),
        dates=Dates(when.kind, when.start, when.end) if when is not None else None,
        typical_months=query.typical_months,
        nights=0 if query.day_trip else query.nights or query.days,  # only when said (stay_nights fills a default)
        budget=budget,
        stars=query.stars_said,
        hotel_cap=query.night_cap,
        mode=query.mode or None,
        one_way=query.one_way,
        beyond=query.beyond,
        words={slot: said for slot, said in words.items() if said},
        learned=None if query.learned is None else round(query.learned, 2),
    )


def _shape(query: TripQuery, stops: int) -> str:
    """open (to be picked), route (city to city), alternatives (weighed against each other) or trip."""
    weighed = "compare" in query.intents and stops > 1
    return "open" if query.open is not None else "route" if query.route else "alternatives" if weighed else "trip"
