"""The shared refusals in the order they are asked, each with a stable code (:data:`REFUSALS`),
and :func:`refusal`, which asks them.

A code (``R`` and three digits) names one entry for good: it is written into the record of
every refusal the entry gives (``"code": "R403"``), so records can be counted and filtered
without matching reasons. The first digit names the module of the check (1 :mod:`.refusals`,
2 :mod:`.closed`, 3 :mod:`.meaning`, 4 :mod:`.scope`, 5 :mod:`.aspect`, 6 :mod:`.sequence`,
7 :mod:`.states`, 8 :mod:`.moved`, 9 :mod:`.sentences`: the verbs the tagger misread, which
the surface realizer asks first, :data:`MISPARSES`); a new entry takes the next free number of
its module, wherever it stands in the order, and a removed entry's code is never given again.
Each entry names a sentence we wrote that it refuses under its edit (the tests run every one,
and the Statuses page lists them).

One module, over 400 lines: two tables, an entry for each of about a hundred refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..ir import Analysis, Frame
from ..transforms import EditPlan
from . import aspect, closed, meaning, moved, scope, sentences, sequence, states
from . import refusals as clause
from .refusals import Clause
from .sentences import not_english


class Refusal(NamedTuple):
    """One entry of :data:`REFUSALS`: its code, the check (the reason a clause may not be
    edited, or None), and an edit with a sentence of ours that the check refuses under it."""

    code: str
    check: Callable[[Any], str | None]  # of a Clause (REFUSALS) or an Analysis (MISPARSES)
    edit: str
    example: str

    @property
    def name(self) -> str:
        """The check's name, with its module: ``closed.comma_splice``."""
        module = self.check.__module__.rsplit(".", 1)[-1]
        return f"{module}.{self.check.__name__}"


class Refused(NamedTuple):
    """Why a plan does not apply: the code of the entry that refused, and its reason."""

    code: str
    reason: str


# The code of a sentence that is not English (asked before any clause is read).
NOT_ENGLISH = "R100"


def _of_the_clause(check: Callable[[Analysis, Frame, EditPlan], str | None]):
    """A refusal of another module (a function of the analysis, the clause's frame and the
    plan) as the check of an entry."""

    def run(c: Clause) -> str | None:
        return check(c.analysis, c.frame, c.plan)

    run.__name__ = run.__qualname__ = check.__name__
    run.__module__, run.__doc__ = check.__module__, check.__doc__
    return run


# The refusals in the order they are asked: the first that applies gives the reason.
REFUSALS = (
    Refusal(
        "R101",
        clause.cleft_of_an_expletive,
        "cleft(ARG1)",
        "Hikers should carry at least three liters of water, because there are no reliable "
        "springs on the upper section.",
    ),
    Refusal(
        "R102",
        clause.indefinite_focus_under_negation,
        "cleft(ARG1)",
        "When I moved to Berlin in 2009, I didn't speak a word of German.",
    ),
    Refusal(
        "R103",
        clause.cleft_focus_without_referent,
        "cleft(SUBJ)",
        "It rained all afternoon, so Leo and I stayed in and played chess.",
    ),
    Refusal(
        "R104",
        clause.clause_edit_of_a_reporting_clause,
        "negate",
        '"He never forgot a name," his daughter said at the funeral.',
    ),
    Refusal(
        "R140",
        clause.cleft_of_a_wh_question,
        "cleft(ARG1)",
        "What did the archaeologists find under the floor?",
    ),
    Refusal(
        "R141",
        clause.going_to_future,
        "prog(+)",
        "Next week the campers are going to paint the boathouse.",
    ),
    Refusal(
        "R139",
        clause.questioned_object_swap,
        "swap",
        "What would the treasurer do with the extra money?",
    ),
    Refusal(
        "R138",
        clause.tag_question,
        "tense(past)",
        "The new footbridge opens to cyclists on Monday, doesn't it?",
    ),
    Refusal(
        "R105",
        clause.sentence_shape,
        "tense(past)",
        '"Who has been sleeping in my bed?" asked the smallest bear.',
    ),
    Refusal(
        "R106",
        clause.no_subject,
        "tense(past)",
        "Thank you so much for the lovely scarf you sent me for my birthday.",
    ),
    Refusal(
        "R107",
        clause.nearly_negative,
        "negate",
        "Hartmann rarely titled her works, and the names used here were assigned by the gallery "
        "after her death.",
    ),
    Refusal(
        "R108",
        clause.negative_word,
        "negate",
        "Dark mode no longer resets when you switch accounts.",
    ),
    Refusal(
        "R137",
        clause.few_or_little_subject,
        "question",
        "Little is known about how the birds find their way home.",
    ),
    Refusal(
        "R109",
        clause.imperative,
        "tense(past)",
        "Please clear your browser cache and try again.",
    ),
    Refusal(
        "R110",
        clause.adjectival_participle,
        "passive",
        "The new manager is laid back about deadlines.",
    ),
    Refusal("R111", clause.exclamative, "negate", "What a lovely garden you have!"),
    Refusal(
        "R112",
        clause.declarative_of_a_wh_question,
        "declarative",
        "Why would I give up a job that I love just because a few critics didn't like the show?",
    ),
    Refusal(
        "R113",
        clause.polar_question_of_a_wh_question,
        "tense(past)+negate+question",
        "Why would I give up a job that I love just because a few critics didn't like the show?",
    ),
    Refusal(
        "R114",
        clause.uncleft_of_an_expletive,
        "uncleft",
        "It is obvious that the roof needs new tiles.",
    ),
    Refusal(
        "R115",
        clause.perfect_dated_by_since,
        "perf(-)",
        "She has worked at the bakery since March.",
    ),
    Refusal(
        "R116",
        clause.progressive_of_a_state,
        "prog(+)",
        "Did anyone see where Jake put the keys?",
    ),
    Refusal(
        "R117",
        clause.had_better,
        "tense(past)",
        "You had better leave before the storm arrives.",
    ),
    Refusal("R118", clause.used_to, "tense(fut)", "We used to spend every summer at the lake."),
    Refusal("R119", clause.going_to, "tense(fut)", "The bakery is going to close next month."),
    Refusal(
        "R120",
        clause.adverb_before_able,
        "tense(fut)",
        "You can't just walk in here and take my job.",
    ),
    Refusal(
        "R121",
        clause.comparison,
        "passive",
        "Free accounts may not upload files larger than 2 GB.",
    ),
    Refusal(
        "R122",
        clause.negative_polarity_object,
        "passive",
        "Warm up for ten minutes before you start any heavy lifting.",
    ),
    Refusal(
        "R123",
        clause.positive_polarity_subject,
        "negate",
        "Somebody stole my bike while I was at the pharmacy.",
    ),
    Refusal(
        "R124",
        clause.rhetorical_question,
        "modal(might)",
        "Why would I give up a job that I love just because a few critics didn't like the show?",
    ),
    Refusal(
        "R125",
        clause.request,
        "tense(past)",
        "Could you send me a photo of the damaged item?",
    ),
    Refusal(
        "R126",
        clause.please_request,
        "prog(+)",
        "Could passenger Maria Lopez please make her way to the information desk on level 2?",
    ),
    Refusal(
        "R127",
        clause.measure_after_by,
        "active",
        "Due to severe weather in Chicago, all afternoon departures have been delayed by at "
        "least two hours.",
    ),
    Refusal(
        "R136",
        clause.means_after_by,
        "active",
        "Every invitation was written by hand on thick cream card.",
    ),
    Refusal(
        "R128",
        clause.perfect_of_a_will_question,
        "perf(+)",
        "Could you send me a photo of the damaged item?",
    ),
    Refusal(
        "R129",
        clause.first_person_will_question,
        "question",
        "I'll call you when I get to the station.",
    ),
    Refusal(
        "R130",
        clause.pronoun_after_particle,
        "swap",
        "I left my keys at your place last night, so can you drop them off tomorrow?",
    ),
    Refusal(
        "R131",
        clause.apology_frame,
        "question",
        "Sorry, I can't make dinner tonight because my boss wants the report by nine.",
    ),
    Refusal(
        "R132",
        clause.story_opening,
        "negate",
        "Once upon a time, a poor woodcutter lived with his two children at the edge of a great "
        "forest.",
    ),
    Refusal("R133", clause.unlicensed_ever_or_yet, "declarative", "Have you ever tried snails?"),
    Refusal(
        "R134",
        clause.object_that_cannot_move,
        "passive",
        "Every child in this country should have a fair shot at success.",
    ),
    Refusal(
        "R135",
        clause.time_adverbial,
        "tense(fut)",
        "Galileo observed four moons orbiting Jupiter in 1610.",
    ),
    Refusal(
        "R201",
        _of_the_clause(closed.unsettled_parse),
        "tense(past)",
        "My heart keeps a little room for you that nobody else can enter.",
    ),
    Refusal(
        "R202",
        _of_the_clause(closed.clause_read_as_noun),
        "tense(fut)",
        "The pound strengthened against the dollar on Friday as traders priced in a rate rise.",
    ),
    Refusal(
        "R203",
        _of_the_clause(closed.bare_clause_after_verb),
        "tense(fut)",
        "The clerk copies documents fast.",
    ),
    Refusal(
        "R204",
        _of_the_clause(closed.verb_read_as_noun),
        "negate",
        "If you forget your password, click the Reset link on the sign-in page and follow the "
        "instructions.",
    ),
    Refusal(
        "R205",
        _of_the_clause(closed.misread_order),
        "tense(past)",
        "The new Corolla feels planted on the motorway, but its 1.8-litre engine grows noisy "
        "above 4,000 rpm.",
    ),
    Refusal(
        "R206",
        _of_the_clause(closed.conjunct_of_another_verb),
        "negate",
        "Customers who bought the affected batteries should stop using them immediately and "
        "contact us for a free replacement.",
    ),
    Refusal(
        "R207",
        _of_the_clause(closed.first_word_case),
        "question",
        "Windows users should restart the application after installing this patch.",
    ),
    Refusal(
        "R208",
        _of_the_clause(closed.imperative_conjunct),
        "tense(past)",
        "Mom's waiting in the car, so hurry up.",
    ),
    Refusal(
        "R220",
        _of_the_clause(closed.second_question),
        "tense(fut)",
        "Does the choir need a new piano, or is the old one good enough?",
    ),
    Refusal(
        "R224",
        _of_the_clause(closed.operator_of_another_verb),
        "declarative",
        "Can you send me more socks and some of those lemon cookies Nana makes?",
    ),
    Refusal(
        "R223",
        _of_the_clause(closed.question_without_subject),
        "tense(past)",
        "Are the new hives in the orchard?",
    ),
    Refusal(
        "R222",
        _of_the_clause(closed.copula_without_complement),
        "perf(+)",
        "Was Thomas the eldest son of the miller or a nephew?",
    ),
    Refusal(
        "R221",
        _of_the_clause(closed.two_objects),
        "swap",
        '"Less is more," the stylist told us backstage, while the lights were being set up.',
    ),
    Refusal(
        "R209",
        _of_the_clause(closed.comma_splice),
        "tense(past)",
        "Get in the truck, we're leaving now.",
    ),
    Refusal(
        "R210",
        _of_the_clause(closed.clause_read_as_subject),
        "tense(past)",
        "The castle gardens open at 9 a.m. daily, and guided tours leave from the main gate "
        "every hour.",
    ),
    Refusal(
        "R211",
        _of_the_clause(closed.verb_read_as_conjunct),
        "tense(past)",
        "If you rub a balloon on your hair, it picks up a charge and sticks to the wall.",
    ),
    Refusal(
        "R212",
        _of_the_clause(closed.noun_read_as_verb),
        "tense(past)",
        "The zoo gates open at nine every morning.",
    ),
    Refusal(
        "R213",
        _of_the_clause(closed.clause_after_a_colon),
        "negate",
        "Try this at home: fill a glass with water, cover it with a card and turn it upside down.",
    ),
    Refusal(
        "R214",
        _of_the_clause(closed.clause_joined_in_a_complement),
        "tense(fut)",
        "Councillor Patel moved that the report be received and noted, and the motion was "
        "seconded by Councillor Morris.",
    ),
    Refusal(
        "R215",
        _of_the_clause(closed.clause_read_as_frame),
        "tense(past)",
        "Crafting is never explained properly, so I wasted my first evening picking up junk I "
        "didn't need.",
    ),
    Refusal(
        "R216",
        _of_the_clause(closed.clause_as_subject),
        "perf(+)",
        "What makes this Riesling stand out is the tension between its honeyed richness and its "
        "bright acidity.",
    ),
    Refusal(
        "R217",
        _of_the_clause(closed.subject_ends_in_a_conjunction),
        "tense(past)",
        "Our clinic neuters male dogs on Tuesday mornings and sends them home the same day.",
    ),
    Refusal(
        "R218",
        _of_the_clause(closed.comment_clause),
        "negate",
        "Saturn's rings are made mostly of ice, which reflects sunlight brilliantly.",
    ),
    Refusal(
        "R219",
        _of_the_clause(closed.attachment_after_relative),
        "passive",
        "You sing the songs my mother used to hum on winter nights.",
    ),
    Refusal(
        "R301",
        _of_the_clause(meaning.modal_refusal),
        "tense(past)",
        "You may now kiss the bride.",
    ),
    Refusal(
        "R401",
        _of_the_clause(scope.coordination_refusal),
        "passive",
        "You can't just walk in here and take my job.",
    ),
    Refusal(
        "R409",
        _of_the_clause(scope.shared_passive_refusal),
        "tense(fut)",
        "The jars were washed in hot water and dried in a low oven.",
    ),
    Refusal(
        "R402",
        _of_the_clause(scope.unsatisfied_conjunct),
        "tense(past)",
        "She broke my heart, and I still love her.",
    ),
    Refusal(
        "R403",
        _of_the_clause(scope.passive_elsewhere),
        "active",
        "Did you know that the garden club was founded in 1952 by a group of local teachers?",
    ),
    Refusal(
        "R501",
        _of_the_clause(aspect.conditional_refusal),
        "perf(+)",
        "Dark mode no longer resets when you switch accounts.",
    ),
    Refusal(
        "R502",
        _of_the_clause(aspect.present_beside_past_perfect),
        "perf(+)",
        "Although the story stumbles in its final act, the characters you meet along the way "
        "kept me playing until 3 a.m.",
    ),
    Refusal(
        "R404",
        _of_the_clause(scope.past_perfect_refusal),
        "tense(fut)",
        "Grandpa read the kids a bedtime story that he had written himself.",
    ),
    Refusal(
        "R405",
        _of_the_clause(scope.dependent_past_refusal),
        "tense(fut)",
        "He said he'd call, but he never did.",
    ),
    Refusal(
        "R406",
        _of_the_clause(scope.when_clause_refusal),
        "perf(+)",
        "My father taught me to fish when I was six, and I've loved the sea ever since.",
    ),
    Refusal(
        "R407",
        _of_the_clause(scope.purpose_refusal),
        "tense(fut)",
        "She saved money so that she could travel to Peru.",
    ),
    Refusal(
        "R408",
        _of_the_clause(scope.negated_purpose_refusal),
        "negate",
        "This medicine can cause drowsiness, so adults should not drive after taking it.",
    ),
    Refusal(
        "R601",
        _of_the_clause(sequence.relative_event_refusal),
        "tense(past)",
        "The people of this state deserve leaders who tell them the truth.",
    ),
    Refusal(
        "R602",
        _of_the_clause(sequence.conditional_future_refusal),
        "tense(past)",
        "If you cancel before the trial ends, you will not be charged.",
    ),
    Refusal(
        "R603",
        _of_the_clause(sequence.future_perfect_refusal),
        "tense(fut)",
        "Lucy has just booked the cottage for the second weekend in August.",
    ),
    Refusal(
        "R604",
        _of_the_clause(sequence.negated_future_perfect_refusal),
        "perf(+)",
        "The insurer will not pay for damage caused by wear and tear or gradual deterioration.",
    ),
    Refusal(
        "R605",
        _of_the_clause(sequence.suggestion_refusal),
        "tense(past)",
        "Together we can bring good jobs back to the towns that Washington forgot.",
    ),
    Refusal(
        "R606",
        _of_the_clause(sequence.time_relative_refusal),
        "tense(past)",
        "You must come and visit us in the spring when the garden is in bloom.",
    ),
    Refusal(
        "R607",
        _of_the_clause(sequence.where_clause_refusal),
        "tense(fut)",
        "Roadworks on Castle Street have pushed traffic back onto the ring road, where it is "
        "crawling along at walking pace.",
    ),
    Refusal(
        "R608",
        _of_the_clause(sequence.cleft_tense_refusal),
        "cleft(SUBJ)",
        "Our team is looking into the issue and will update you by email.",
    ),
    Refusal(
        "R609",
        _of_the_clause(sequence.elliptic_comparison_refusal),
        "perf(+)",
        "I ran four miles before breakfast and felt better than I have in weeks.",
    ),
    Refusal(
        "R610",
        _of_the_clause(sequence.never_clause_refusal),
        "tense(past)",
        "A retired boxer trains a stubborn teenager who has never won a fight.",
    ),
    Refusal(
        "R302",
        _of_the_clause(meaning.adverb_refusal),
        "negate",
        "She broke my heart, and I still love her.",
    ),
    Refusal(
        "R303",
        _of_the_clause(meaning.question_reason_refusal),
        "question",
        "We don't accept used mattresses, because we cannot clean them safely.",
    ),
    Refusal(
        "R304",
        _of_the_clause(meaning.suggestion_refusal),
        "negate",
        "If you are travelling to the match at Anfield this afternoon, you could leave the car "
        "at home and take the train.",
    ),
    Refusal(
        "R503",
        _of_the_clause(aspect.habitual_refusal),
        "prog(+)",
        "Owners often mistake the early signs of arthritis for ordinary laziness.",
    ),
    Refusal(
        "R611",
        _of_the_clause(sequence.sequence_refusal),
        "prog(+)",
        "We will build 300,000 affordable homes by the end of the next parliament.",
    ),
    Refusal(
        "R612",
        _of_the_clause(sequence.modal_perfect_refusal),
        "perf(+)",
        "An older cat that drinks more water than usual may have kidney disease.",
    ),
    Refusal(
        "R504",
        _of_the_clause(aspect.form_refusal),
        "prog(+)",
        "He said he'd call, but he never did.",
    ),
    Refusal(
        "R701",
        _of_the_clause(states.occasion_refusal),
        "prog(+)",
        "When I moved to Berlin in 2009, I didn't speak a word of German.",
    ),
    Refusal(
        "R505",
        _of_the_clause(aspect.state_refusal),
        "perf(+)",
        "Did anyone see where Jake put the keys?",
    ),
    Refusal(
        "R801",
        _of_the_clause(moved.carried_phrase),
        "passive",
        "We found the body near the river around midnight.",
    ),
    Refusal(
        "R802",
        _of_the_clause(moved.moved_phrase_refusal),
        "passive",
        "You may now kiss the bride.",
    ),
    Refusal(
        "R803",
        _of_the_clause(moved.subject_adverb_refusal),
        "passive",
        "Chef Marco Bellini personally tastes every sauce that leaves our kitchen.",
    ),
    Refusal(
        "R804",
        _of_the_clause(moved.passive_order),
        "passive",
        "The printer stores up to 50 pages in its internal memory.",
    ),
    Refusal(
        "R506",
        _of_the_clause(aspect.coordinated_clause_refusal),
        "tense(past)",
        "He said he'd call, but he never did.",
    ),
    Refusal(
        "R305",
        _of_the_clause(meaning.formula_refusal),
        "cleft(SUBJ)",
        "If you divide both sides of the equation by 4, you get x = 3.",
    ),
)


def refusal(analysis: Analysis, plan: EditPlan) -> Refused | None:
    """Why a plan does not apply to this sentence on any backend (its code and reason), or None.

    One definition of the linguistic refusals (:data:`REFUSALS`, asked in order): imperatives
    (no subject, no tense or mood to change; ``negate`` still applies, and ``active`` finds them
    active already), wh-questions under
    ``declarative``, stative verbs under ``prog(+)``, measure and possession verbs, reflexive
    objects and copular *be* under passive or swap, a time adverb that contradicts the new
    tense (*yesterday* under the future), text that is not English, clefts of expletive
    *there*/*it*, and clause-level edits of a reporting clause that follows what it reports
    (*..., Bork said softly.*).
    """
    if why := not_english(analysis):
        return Refused(NOT_ENGLISH, why)
    frame = analysis.main_frame
    if frame is None:
        return None
    c = Clause(analysis, plan, frame)
    for entry in REFUSALS:
        if why := entry.check(c):
            return Refused(entry.code, why)
    return None


# The verbs the tagger misread (:mod:`.sentences`), asked by the surface realizer before it
# reads a clause: a parse it cannot trust, whatever the plan.
MISPARSES = (
    Refusal(
        "R901",
        sentences.caption_participle,
        "tense(past)",
        "Onion softened in butter before the stock goes in.",
    ),
    Refusal(
        "R902",
        sentences.hyphen_split,
        "tense(past)",
        "The tomatoes are sun-dried and packed in olive oil.",
    ),
    Refusal(
        "R903",
        sentences.comma_in_verb_group,
        "tense(past)",
        "The committee has, after a long debate, approved the plan.",
    ),
    Refusal(
        "R904",
        sentences.two_subjects,
        "tense(past)",
        "Damage caused by limescale, power surges or incorrect installation is not covered under "
        "these terms.",
    ),
    Refusal(
        "R908",
        sentences.stray_modal,
        "negate",
        "Could the rusty staining near the old gate explain the noise?",
    ),
    Refusal(
        "R905",
        sentences.verb_tagged_a_noun,
        "tense(past)",
        "Our vet neuters cats on Monday mornings.",
    ),
    Refusal("R906", sentences.noun_as_coordinated_verb, "tense(past)", "Kim rode and buggy."),
    Refusal(
        "R907",
        sentences.verb_as_coordinated_noun,
        "tense(past)",
        "She sings and dances every night.",
    ),
)


def misparsed_verb(analysis: Analysis) -> Refused | None:
    """Why the surface realizer cannot trust the parse whatever the plan (:data:`MISPARSES`,
    asked in order: its code and reason), or None."""
    for entry in MISPARSES:
        if why := entry.check(analysis):
            return Refused(entry.code, why)
    return None
