"""shorten(ARG0|ARG1) and caption restoration in the surface backend.

``shorten`` cuts a core argument down to its head noun phrase so that the result is entailed
by the source; where dropping modifiers would not be an entailment it declines with a reason.
SNLI-style captions (a noun phrase with an -ing participle) are read as present progressive
clauses, so that transformations apply to them.
"""

from __future__ import annotations

import pytest

from engine.backends import SurfaceBackend


def _ok(result) -> str:
    assert result.status == "ok", result.reason
    return result.best


def _declined(result, why: str) -> None:
    assert result.status == "not_applicable"
    assert result.candidates == ()
    assert why in result.reason, result.reason


# --- shorten: what is cut, what is kept ---------------------------------------------------------
SHORTENED = [
    # adjectives, prepositional phrases, relative clauses, participles and appositions go
    (
        "An elderly woman in a green coat is feeding the pigeons.",
        "shorten(AGENT)",
        "A woman is feeding the pigeons.",
    ),
    (
        "The boy caught a small red frisbee that his sister threw.",
        "shorten(PATIENT)",
        "The boy caught a frisbee.",
    ),
    (
        "A cyclist wearing a yellow helmet crossed the bridge.",
        "shorten(ARG0)",
        "A cyclist crossed the bridge.",
    ),
    (
        "My neighbour, a retired teacher, grows tomatoes.",
        "shorten(AGENT)",
        "My neighbour grows tomatoes.",
    ),
    # determiners, numerals, possessors and compound nouns stay
    (
        "Three tired hikers from Denver reached the summit.",
        "shorten(AGENT)",
        "Three hikers reached the summit.",
    ),
    (
        "The girl's new puppy is chewing a shoe.",
        "shorten(AGENT)",
        "The girl's puppy is chewing a shoe.",
    ),
    (
        "The kids are eating strawberry ice cream in paper cups.",
        "shorten(PATIENT)",
        "The kids are eating strawberry ice cream.",
    ),
    (
        "A man is repairing an old tennis racket.",
        "shorten(ARG1)",
        "A man is repairing a tennis racket.",
    ),
    # quantity nouns and partitives keep their of-phrase and shorten inside it
    (
        "A group of noisy teenagers is waiting for the bus.",
        "shorten(AGENT)",
        "A group of teenagers is waiting for the bus.",
    ),
    (
        "Some of the youngest runners finished the race.",
        "shorten(AGENT)",
        "Some of the runners finished the race.",
    ),
    ("A few stray dogs in the alley are barking.", "shorten(AGENT)", "A few dogs are barking."),
]


@pytest.mark.parametrize("source,expr,expected", SHORTENED)
def test_shorten_cuts_the_argument_to_its_head_noun_phrase(realize, source, expr, expected):
    assert _ok(realize(source, expr)) == expected


def test_the_article_follows_the_new_next_word(realize):
    assert (
        _ok(realize("A hungry owl caught an enormous mouse.", "shorten(PATIENT)"))
        == "A hungry owl caught a mouse."
    )
    assert (
        _ok(realize("A small elephant is drinking water.", "shorten(AGENT)"))
        == "An elephant is drinking water."
    )


def test_a_sentence_initial_subject_keeps_its_capital(realize):
    assert _ok(realize("Young musicians in the square are playing jazz.", "shorten(AGENT)")) == (
        "Musicians are playing jazz."
    )
    assert (
        _ok(realize("the quiet student in the back is reading", "shorten(AGENT)"))
        == "the student is reading"
    )


# --- shorten: composition -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "A tall man with a beard is chopping wood.",
            "tense(past)+shorten(AGENT)",
            "A man was chopping wood.",
        ),
        (
            "A tall man with a beard is chopping wood.",
            "tense(fut)+shorten(AGENT)",
            "A man will be chopping wood.",
        ),
        (
            "The chef sliced a ripe red tomato.",
            "passive+shorten(PATIENT)",
            "A tomato was sliced by the chef.",
        ),
        (
            "The chef is slicing a ripe red tomato.",
            "shorten(PATIENT)+passive",
            "A tomato is being sliced by the chef.",
        ),
        (
            "A curious toddler opened the door.",
            "passive+shorten(AGENT)",
            "The door was opened by a toddler.",
        ),
        (
            "The letter was written by a famous poet from Chile.",
            "shorten(AGENT)",
            "The letter was written by a poet.",
        ),
        (
            "Two excited children are building a sandcastle.",
            "tense(past)+shorten(AGENT)",
            "Two children were building a sandcastle.",
        ),
        (
            "The busy waiter carried a heavy tray.",
            "cleft(PATIENT)+shorten(PATIENT)",
            "It was a tray that the busy waiter carried.",
        ),
    ],
)
def test_shorten_composes_with_other_transformations(realize, source, expr, expected):
    assert _ok(realize(source, expr)) == expected


def test_agreement_is_unchanged_because_the_head_noun_is(realize):
    assert _ok(
        realize("The nervous students in the hall were waiting.", "tense(pres)+shorten(AGENT)")
    ) == ("The students are waiting.")
    assert _ok(
        realize("A pack of hungry wolves chased the deer.", "tense(pres)+shorten(AGENT)")
    ) == ("A pack of wolves chases the deer.")


# --- shorten: where it is not an entailment -------------------------------------------------------
DECLINED = [
    # negation and questions, in the source or asked for
    ("The waiter did not drop the expensive glass.", "shorten(PATIENT)", "negated"),
    ("A young woman in a hat is riding a horse.", "negate+shorten(AGENT)", "negated"),
    ("Is the old man in the corner sleeping?", "shorten(AGENT)", "question"),
    ("A young woman in a hat is riding a horse.", "question+shorten(AGENT)", "question"),
    # determiners that are not upward monotone
    (
        "Every passenger on the train showed a ticket.",
        "shorten(AGENT)",
        "'every' is not upward monotone",
    ),
    ("No student in the library is talking.", "shorten(AGENT)", "'no' is not upward monotone"),
    (
        "Few tourists from abroad visited the museum.",
        "shorten(AGENT)",
        "'few' is not upward monotone",
    ),
    (
        "All the players on the bench are cheering.",
        "shorten(AGENT)",
        "'all' is not upward monotone",
    ),
    ("Each child in the class received a book.", "shorten(AGENT)", "'each' is not upward monotone"),
    (
        "Neither candidate from the north won the vote.",
        "shorten(AGENT)",
        "'neither' is not upward monotone",
    ),
    # downward operators elsewhere in the clause
    ("Nobody ate the cold soup.", "shorten(PATIENT)", "'nobody' in 'Nobody'"),
    ("The garden lacks a tall tree.", "shorten(PATIENT)", "'lack' is downward entailing"),
    ("The old farmer seldom drinks strong coffee.", "shorten(PATIENT)", "'seldom'"),
    # privative and non-intersective adjectives
    (
        "The boy is waving a fake sword.",
        "shorten(PATIENT)",
        "'fake' is not an intersective adjective",
    ),
    ("A former mayor opened the festival.", "shorten(AGENT)", "'former'"),
    ("Police questioned an alleged smuggler.", "shorten(PATIENT)", "'alleged'"),
    ("The toddler is hugging a stuffed rabbit.", "shorten(PATIENT)", "'stuffed'"),
    # coordinated arguments
    ("A man and a woman in raincoats are walking a dog.", "shorten(AGENT)", "coordinated"),
    ("She bought bread and fresh cheese.", "shorten(PATIENT)", "coordinated"),
    # no such argument
    ("An old dog is sleeping.", "shorten(PATIENT)", "the predicate has no PATIENT"),
    # a bare plural in the simple present may be generic
    ("Wild horses run across the plains.", "shorten(AGENT)", "may be generic"),
]


@pytest.mark.parametrize("source,expr,why", DECLINED)
def test_shorten_declines_where_the_result_would_not_be_entailed(realize, source, expr, why):
    _declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr",
    [
        ("The girl kicked a ball.", "shorten(PATIENT)"),
        ("The baker is selling ice cream.", "shorten(PATIENT)"),
        ("A boy is holding a toy car.", "shorten(PATIENT)"),
        ("They were painting the fence.", "shorten(AGENT)"),
    ],
)
def test_a_head_noun_phrase_is_already_shortened(realize, source, expr):
    result = realize(source, expr)
    assert (result.status, result.best) == ("ok", source)
    assert result.reason.startswith("unchanged: ") and "already a head noun phrase" in result.reason


def test_shorten_with_nothing_to_cut_still_makes_the_rest_of_the_plan(realize):
    assert (
        _ok(realize("The girl kicked a ball.", "shorten(PATIENT)+tense(fut)"))
        == "The girl will kick a ball."
    )


def test_a_bare_plural_in_an_episodic_clause_is_shortened(realize):
    assert (
        _ok(realize("Small dogs are barking at the gate.", "shorten(AGENT)"))
        == "Dogs are barking at the gate."
    )


def test_the_lexicons_are_data_files():
    from engine import english

    assert {"fake", "former", "alleged", "would-be"} <= english.privative_adjectives()
    assert {"every", "no", "few", "at most"} <= english.non_upward_determiners()
    assert not {"a", "the", "some", "two", "several"} & english.non_upward_determiners()
    assert "shorten" in SurfaceBackend.supports


# --- captions -------------------------------------------------------------------------------------
CAPTION = "A girl in a yellow raincoat walking her dog ."

CAPTIONS = [
    (CAPTION, "p", "A girl in a yellow raincoat was walking her dog ."),
    (CAPTION, "f", "A girl in a yellow raincoat will be walking her dog ."),
    (CAPTION, "n", "A girl in a yellow raincoat is not walking her dog ."),
    (CAPTION, "q", "Is a girl in a yellow raincoat walking her dog ?"),
    (CAPTION, "i", "It is a girl in a yellow raincoat who is walking her dog ."),
    (
        "A girl in a yellow raincoat walking a dog .",
        "pa",
        "A dog is being walked by a girl in a yellow raincoat .",
    ),
    ("A boy feeding ducks at the pond .", "pa", "Ducks are being fed by a boy at the pond ."),
    (
        "Two dogs chasing a frisbee in the park .",
        "p",
        "Two dogs were chasing a frisbee in the park .",
    ),
    (
        "Three kids and their father building a snowman .",
        "p",
        "Three kids and their father were building a snowman .",
    ),
    (
        "An old man quietly reading a newspaper on a bench .",
        "p",
        "An old man was quietly reading a newspaper on a bench .",
    ),
    (
        "An old man selling balloons in the park",
        "m",
        "An old man may be selling balloons in the park",
    ),
    # a participle of what someone wears or holds describes; the last one tells what they do
    (
        "A small girl wearing a red hat jumping over a puddle .",
        "p",
        "A small girl wearing a red hat was jumping over a puddle .",
    ),
    (
        "A man holding a cup talking on the phone .",
        "m",
        "A man holding a cup may be talking on the phone .",
    ),
    # the caption's *not* stays after the new *is*
    ("People not standing in line .", "p", "People were not standing in line ."),
]


@pytest.mark.parametrize("source,expr,expected", CAPTIONS)
def test_a_caption_is_read_as_a_present_progressive_clause(realize, source, expr, expected):
    result = realize(source, expr)
    assert _ok(result) == expected
    assert result.reason.startswith("read the caption as a clause: '")


def test_the_reason_shows_the_reading(realize):
    assert (
        realize(CAPTION, "p").reason == "read the caption as a clause: 'A girl ... is walking ...'"
    )
    assert (
        realize("Two dogs chasing a frisbee .", "p").reason
        == "read the caption as a clause: 'Two dogs are chasing ...'"
    )


def test_ptb_spacing_is_kept(realize):
    # SNLI is PTB-tokenized: spaces before punctuation and clitics stay as they are.
    assert _ok(realize("Two men , both in dark suits , shaking hands .", "p")) == (
        "Two men , both in dark suits , were shaking hands ."
    )
    assert (
        _ok(realize("Two kids ( twins ) playing in the sand .", "p"))
        == "Two kids ( twins ) were playing in the sand ."
    )
    assert _ok(realize("The man 's old truck is blocking the road .", "shorten(AGENT)")) == (
        "The man 's truck is blocking the road ."
    )
    assert _ok(
        realize(
            "A young man in a red shirt , who is smiling , is playing guitar .", "shorten(AGENT)"
        )
    ) == ("A man is playing guitar .")
    assert [c.text for c in realize(CAPTION, "n").candidates] == [
        "A girl in a yellow raincoat is not walking her dog .",
        "A girl in a yellow raincoat is n't walking her dog .",
    ]


def test_identity_returns_the_caption_itself(realize):
    result = realize(CAPTION, "o")
    assert (result.status, result.best) == ("ok", CAPTION)


def test_a_caption_already_in_the_present_comes_back_as_given(realize):
    result = realize(CAPTION, "tense(pres)")
    assert _ok(result) == CAPTION
    assert result.reason == "unchanged: the sentence is already present tense"


def test_caption_and_shorten_compose(realize):
    assert _ok(realize(CAPTION, "shorten(AGENT)")) == "A girl walking her dog ."
    assert _ok(
        realize("A teenager riding a shiny new bicycle .", "tense(past)+shorten(PATIENT)")
    ) == ("A teenager was riding a bicycle .")


@pytest.mark.parametrize(
    "source",
    [
        # the participle belongs to a noun inside a PP
        "A view of the back of a woman having a beverage .",
        "A dog covered in mud .",  # a past participle: no progressive reading
        "A red car parked near a fountain .",
        "A man in a grey coat , crossing the street .",  # one comma would separate subject and verb
        "A quiet street at night .",  # no participle at all
    ],
)
def test_other_verbless_texts_stay_not_applicable(realize, source):
    _declined(realize(source, "p"), "the parse finds no verb")
    assert realize(source, "o").best == source


def test_a_sentence_that_only_looks_like_a_caption_is_left_alone(realize):
    # "talks" is the verb the tagger took for a noun: inserting "is" would break the sentence.
    _declined(
        realize("A woman holding an umbrella talks to her friend .", "p"), "the parse finds no verb"
    )


def test_caption_restoration_can_be_turned_off():
    from engine.transforms import parse

    backend = SurfaceBackend(captions=False)
    analysis = backend.analyze([CAPTION])[0]
    assert analysis.main_frame is None
    result = backend.realize([analysis], [parse("tense(past)").plan()])[0]
    _declined(result, "the parse finds no verb")


def test_restoration_is_one_extra_batch_and_keeps_the_caption(surface):
    from engine.backends.surface import RestoredCaption

    texts = [CAPTION, "A man is riding a bike.", "Two dogs chasing a frisbee ."]
    analyses = surface.analyze(texts)
    assert [a.text for a in analyses] == [
        "A girl in a yellow raincoat is walking her dog .",
        "A man is riding a bike.",
        "Two dogs are chasing a frisbee .",
    ]
    assert (
        isinstance(analyses[0].native, RestoredCaption) and analyses[0].native.original == CAPTION
    )
    assert not isinstance(analyses[1].native, RestoredCaption)
    assert analyses[2].main_frame.predicate.progressive


def test_the_pipeline_records_keep_the_caption_as_source():
    from engine.pipeline import Transformer

    records = Transformer("surface").run_texts([CAPTION], ["o", "p"])
    assert [r["source"] for r in records] == [CAPTION, CAPTION]
    assert [r["best"] for r in records] == [
        CAPTION,
        "A girl in a yellow raincoat was walking her dog .",
    ]


def test_a_participle_phrase_keeps_its_clause_in_step(realize):
    # a temporal clause of a participle phrase of the main clause follows it into the past
    assert _ok(
        realize("The old man walks home , carrying his bags while the rain falls .", "p")
    ) == ("The old man walked home , carrying his bags while the rain fell .")


def test_a_caption_of_two_actions_or_a_comma_aside_before_a_cleft_is_refused(realize):
    # two participles, neither of them one of wearing or holding: which is the clause's?
    assert realize("A boy riding a bike waving at his mother .", "p").status == "not_applicable"
    # a phrase set off by commas after the subject: the cleft's *who* would have to follow it
    result = realize("A young man , without a helmet , is on a bicycle .", "i")
    assert result.status == "not_applicable" and "set off by commas" in result.reason


def test_an_appositive_inside_the_subject_moves_with_it_in_a_cleft(realize):
    assert _ok(realize("Our founder, Sister Agnes, picked the team.", "i")) == (
        "It was our founder, Sister Agnes, who picked the team."
    )


def test_a_noun_with_a_verbs_particle_is_a_misread_verb(realize):
    result = realize(
        "A boy sits on a bench , holding a kite as a look of joy lights up on his face .", "p"
    )
    assert result.status == "not_applicable" and "particle" in result.reason
