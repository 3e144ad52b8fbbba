"""How far an edit reaches and what it must not change (engine.checks.scope, .meaning, .moved),
on sentences written for these tests, one class at a time: each sentence either gets the edit
in every clause it concerns, or an honest ``not_applicable`` that names the cause. Every case
here was an ``ok`` with a wrong sentence (or a false "unchanged") before these checks."""

from __future__ import annotations

import pytest
from expect import declined, ok_text


# -- verb phrases coordinated with the main verb -----------------------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # negation of a verb phrase joined by *but* is not the sentence's
        ("The kettle boils water quickly but switches itself off.", "negate", "coordinated"),
        # a passive would make the object the subject of the second verb phrase too
        ("Grandpa repaired the fence and painted the shed.", "passive", "coordinated"),
        ("Grandpa repaired the fence and painted the shed.", "swap", "coordinated"),
        # a second verb phrase of another form: a copula, its own auxiliary, another tense
        ("Our printer works well and is cheap to run.", "question", "copula"),
        ("The pipes are old and may leak in winter.", "negate", "coordinated"),
        ("The pipes are old and may leak in winter.", "tense(fut)", "'may' has no future"),
        ("The pipes are old and may leak in winter.", "question", "own auxiliary 'may'"),
        ("The bridge was built in 1930 and carried trains for decades.", "prog(+)", "form"),
        # a stative second verb phrase has no progressive
        ("The tent sleeps four people but weighs only two kilos.", "prog(+)", "stative"),
    ],
)
def test_a_coordinated_verb_phrase_is_edited_alike_or_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "Our gardener trims the hedges and mows the lawn.",
            "tense(past)",
            "Our gardener trimmed the hedges and mowed the lawn.",
        ),
        (
            "Our gardener trims the hedges and mows the lawn.",
            "question",
            "Does our gardener trim the hedges and mow the lawn?",
        ),
        (
            "Our gardener trims the hedges and mows the lawn.",
            "tense(fut)",
            "Our gardener will trim the hedges and mow the lawn.",
        ),
        (
            "Our gardener trims the hedges and mows the lawn.",
            "cleft(SUBJ)",
            "It is our gardener who trims the hedges and mows the lawn.",
        ),
    ],
)
def test_a_coordinated_verb_phrase_of_the_same_form_is_edited_alike(
    realize, source, expr, expected
):
    assert ok_text(realize(source, expr)) in (expected, expected.replace(" who ", " that "))


# -- verb phrases with a verb group of their own (engine.checks.scope.own_group_conjuncts) -----
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a finite copula, an auxiliary of its own: each takes the tense with the shared subject
        (
            "The shop sells fresh bread and is open on Sundays.",
            "tense(past)",
            "The shop sold fresh bread and was open on Sundays.",
        ),
        (
            "Our printer works well and is cheap to run.",
            "tense(fut)",
            "Our printer will work well and will be cheap to run.",
        ),
        # *will* of what comes next stays after the main verb's time: *would*
        (
            "Our nurse is checking the results and will call you back.",
            "tense(past)",
            "Our nurse was checking the results and would call you back.",
        ),
        # a participle the tagger read as a past shares the perfect's *have*
        (
            "The council has fixed the road and painted new lines.",
            "question",
            "Has the council fixed the road and painted new lines?",
        ),
        # a copula under the main verb's modal shares it
        (
            "Drivers must carry a licence and be ready to show it.",
            "tense(past)",
            "Drivers had to carry a licence and be ready to show it.",
        ),
    ],
)
def test_a_verb_phrase_with_its_own_verb_group_takes_the_tense(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # negation, a question, an aspect alone: not carried into a verb group of its own
        ("The shop sells fresh bread and is open on Sundays.", "negate", "copula"),
        ("Our nurse is checking the results and will call you back.", "question", "'will'"),
        ("The shop sells fresh bread and is open on Sundays.", "perf(+)", "copula"),
        # a passive under the main verb's modal shares the modal: not a verb group of its own
        ("Visitors must sign in at reception and be accompanied.", "tense(past)", "'be'"),
        # its own verb group passes the clause checks with the shared subject
        ("The pipes are old and may leak in winter.", "tense(past)", "verb phrase 'may leak"),
        # the parse reads a word after the object as the verb of a clause
        ("This printer copies documents fast and is cheap to run.", "question", "unsettled"),
        ("This printer copies quickly and is cheap to run.", "question", "plural noun"),
    ],
)
def test_a_verb_phrase_with_its_own_verb_group_is_refused_otherwise(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- "unchanged" only when every conjunct and dependent clause shows the edit ------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        (
            "The storm knocked out the power, and the town still has no light.",
            "tense(past)",
            "coordinated",
        ),
        (
            "The storm knocked out the power, and the crews have worked all night.",
            "tense(past)",
            "coordinated",
        ),
        ("The cake was baked by my aunt and decorated the table.", "passive", "coordinated"),
        (
            "The referee stopped the match even though the rain is light.",
            "tense(past)",
            "depends on it is in the present",
        ),
    ],
)
def test_unchanged_is_never_claimed_while_a_clause_lacks_the_edit(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- dependent clauses follow the main clause into the past ------------------------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "Visitors must wear helmets while they are touring the mine.",
            "tense(past)",
            "Visitors had to wear helmets while they were touring the mine.",
        ),
        (
            "The firm promises a bonus that every worker will receive.",
            "tense(past)",
            "The firm promised a bonus that every worker would receive.",
        ),
        (
            "The coach cancels practice because the field is flooded.",
            "tense(past)",
            "The coach canceled practice because the field was flooded.",
        ),
    ],
)
def test_dependent_clauses_follow_into_the_past(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) in (expected, expected.replace("canceled", "cancelled"))


# -- the modal keeps its reading (rules/lexicon/modals.toml) -----------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("Guests may not smoke in the rooms.", "tense(past)", "a permission or a ban"),
        ("The bank may not share your data with advertisers.", "tense(past)", "ban"),
        ("The old boiler may fail in cold weather.", "tense(past)", "present possibility"),
        ("The old boiler may fail in cold weather.", "question", "asking permission"),
        ("This cleaner can irritate the skin.", "tense(fut)", "states a possibility"),
        ("Drivers must stop at the red line.", "perf(+)", "becomes a deduction"),
        ("Drivers must stop at the red line.", "prog(+)", "becomes a deduction"),
        ("Staff can use the side entrance.", "perf(+)", "has no perfect"),
        ("She must know the answer already.", "tense(past)", "deduction"),
    ],
)
def test_an_edit_that_changes_what_the_modal_means_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "Drivers must stop at the red line.",
            "tense(past)",
            "Drivers had to stop at the red line.",
        ),
        (
            "The inspectors can close the factory.",
            "tense(fut)",
            "The inspectors will be able to close the factory.",
        ),
        (
            "The old boiler may fail in cold weather.",
            "perf(+)",
            "The old boiler may have failed in cold weather.",
        ),
    ],
)
def test_an_edit_that_keeps_the_modal_reading_is_made(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- formulae, performatives and neg-raising ---------------------------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("We regret to announce the closure of our Leeds branch.", "tense(past)", "performative"),
        ("We regret to announce the closure of our Leeds branch.", "negate", "performative"),
        ("I promise to return the ladder by Friday.", "perf(+)", "performative"),
        ("I don't believe the shop opens on Sundays.", "modal(might)", "raises the negation"),
        ("We don't think the bus is coming.", "tense(past)", "raises the negation"),
        ("If you multiply both sides by 2, you get y = 8.", "cleft(SUBJ)", "formula"),
    ],
)
def test_formulae_keep_their_force(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- aspect: habits, -ing complements, stative passives, be being ------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("The medicine usually causes mild headaches.", "prog(+)", "usually"),
        ("My neighbours keep parking in front of our garage.", "prog(+)", "-ing form"),
        ("The small lake is called Black Water.", "prog(+)", "passive of 'call'"),
        ("Snow is expected in the hills tonight.", "prog(+)", "passive of 'expect'"),
        ("The letters have been sorted by the clerk.", "prog(+)", "been being"),
        ("This box contains old photographs.", "passive", "relation, not an action"),
        ("The pump may overheat if it runs dry.", "perf(+)", "if it runs dry"),
    ],
)
def test_an_aspect_nobody_writes_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- what a moved object carries ---------------------------------------------------------------
@pytest.mark.parametrize(
    "source,expr,phrase",
    [
        ("Employees may not disclose customer records to outside firms.", "passive", "to outside"),
        ("The clerk sent the forms to the tax office.", "passive", "to the tax office"),
        ("Bacteria can develop resistance over time.", "passive", "over time"),
        ("The pharmacy bought the supplies from a wholesaler.", "passive", "from a wholesaler"),
        ("Our club lends boats to local schools.", "swap", "to local schools"),
    ],
)
def test_a_phrase_of_the_verb_never_moves_with_the_object(realize, source, expr, phrase):
    """Whichever way the parser attaches the phrase, it stays after the verb or the edit is
    refused: it never comes along into the subject."""
    result = realize(source, expr)
    if result.status == "ok":
        words = result.best.split()
        verb_at = next(
            k
            for k, w in enumerate(words)
            if w in ("be", "been", "was", "were", "is", "are", "lend", "lends")
        )
        assert result.best.index(phrase) > len(" ".join(words[:verb_at])), result.best
    else:
        declined(result, "the parse does not settle")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("The fund lost 12% in March.", "passive", ""),
        ("You can renew your pass online without paying extra.", "passive", "generic"),
        ("The queen crowned herself empress in Moscow.", "passive", ""),
        ("The mayor named himself chairman of the board.", "swap", ""),
    ],
)
def test_an_object_that_cannot_move_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_phrase_the_object_owns_moves_with_it(realize):
    assert (
        ok_text(realize("The committee rejected the proposal about parking.", "passive"))
        == "The proposal about parking was rejected by the committee."
    )


# -- time expressions as a small grammar -------------------------------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("The club opened its new stadium last August.", "tense(fut)", "last August"),
        ("The family moved to Perth three years ago.", "tense(fut)", "ago"),
        ("Once upon a time a miller lived by the river.", "tense(fut)", "once upon a time"),
        ("The council will vote on the budget next Monday.", "tense(past)", "next Monday"),
    ],
)
def test_a_time_expression_of_the_grammar_dates_the_clause(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_already_becomes_yet_under_negation(realize):
    assert (
        ok_text(realize("The guests have already arrived at the hall.", "negate"))
        == "The guests have not yet arrived at the hall."
    )


def test_an_imperative_is_not_clefted(realize):
    declined(realize("Close the gate behind you.", "cleft(SUBJ)"), "imperative")


# -- every conjunct of a longer list, and negation of coordinated verb phrases ---------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The scanner reads the label, checks the price, and prints a receipt.",
            "tense(past)",
            "The scanner read the label, checked the price, and printed a receipt.",
        ),
        (
            "The scanner reads the label, checks the price, and prints a receipt.",
            "question",
            "Does the scanner read the label, check the price, and print a receipt?",
        ),
        (
            "Our gardener trims the hedges and mows the lawn.",
            "negate",
            "Our gardener does not trim the hedges or mow the lawn.",
        ),
        (
            "The keeper caught the ball and threw it upfield.",
            "tense(fut)",
            "The keeper will catch the ball and throw it upfield.",
        ),
        (
            "The team lost the toss and set off at dawn.",
            "tense(past)",
            "The team lost the toss and set off at dawn.",
        ),
        (
            "You must sign the form and return it by Friday.",
            "modal(might)",
            "You might have to sign the form and return it by Friday.",
        ),
    ],
)
def test_every_conjunct_is_edited_alike(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # negation joins with *or*; *but* and *some* in a later conjunct do not read the same
        ("The lamp looks cheap but lasts for years.", "negate", "coordinated"),
        ("The baker sells bread and bakes some cakes.", "negate", "coordinated"),
        # first-person attitude formulae
        ("I hope you had a safe trip home.", "tense(past)", "polite formula"),
        ("I'm afraid the shop is closed today.", "negate", "polite formula"),
        ("We trust the parcel arrived safely.", "question", "polite formula"),
        # aspect by verb class and by what the clause counts
        ("The old captain died at sea in 1901.", "prog(+)", "over as it happens"),
        ("The keeper saved three penalties in the final.", "prog(+)", "a number"),
        ("The valve closes when the tank is full.", "prog(+)", "when or if"),
        ("The kit comprises two boards and a cable.", "perf(+)", "lasting relation"),
        ("She is survived by two sons.", "perf(+)", "survived"),
        ("The road stays closed until Monday.", "perf(+)", "until"),
        ("The wedding will be held in the garden.", "prog(+)", "be being"),
        # a past perfect needs a past main clause; a date in a temporal clause dates it all
        ("The mayor, who had resigned in May, opened the fair.", "tense(fut)", "past perfect"),
        ("After she left the army in 1990, Ruth opened a bakery.", "tense(fut)", "1990"),
    ],
)
def test_the_probe_classes_are_refused_with_their_cause(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- classes of the last probe (ceremonies, rulebooks, interviews, guides) ---------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("The tour probably ends at the old mill.", "question", "how sure"),
        ("The tour probably ends at the old mill.", "negate", "how sure"),
        ("The ferry still leaves from the north pier.", "negate", "no longer"),
        ("The ferry still leaves from the north pier.", "perf(+)", "'still'"),
        ("The miller stayed in the village until the war ended.", "negate", "until"),
        ("I think the second half was much better.", "tense(fut)", "opinion"),
        ("I think the second half was much better.", "perf(+)", "opinion"),
        ("The host asked the guest about her latest novel.", "passive", "about"),
        ("Most of these coins come from a shipwreck off Malta.", "prog(+)", "origin"),
        ("Officials may enter the field at any time.", "question", "asks for one"),
        ("The minister said that the road would open in June.", "tense(fut)", "in the past"),
        ('The coach stood up and shouted, "Run!"', "question", "quotation"),
    ],
)
def test_an_adverb_a_formula_or_a_report_keeps_its_sense(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_can_of_a_dependent_clause_follows_into_the_past(realize):
    assert (
        ok_text(realize("A guest who cannot attend must tell the host.", "tense(past)"))
        == "A guest who could not attend had to tell the host."
    )


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "You know, the senator voted against the bill.",
            "tense(fut)",
            "You know, the senator will vote against the bill.",
        ),
        (
            "You see, the bridge was closed for repairs.",
            "negate",
            "You see, the bridge was not closed for repairs.",
        ),
    ],
)
def test_a_marker_of_speech_is_no_second_clause(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- where an adverb stands when an edit adds or fronts auxiliaries -----------------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a manner or degree adverb stays right before the verb
        (
            "The samples were carefully packed by the technician.",
            "modal(might)",
            "The samples might have been carefully packed by the technician.",
        ),
        (
            "The samples were carefully packed by the technician.",
            "perf(+)",
            "The samples had been carefully packed by the technician.",
        ),
        (
            "The volunteers quietly repainted the fence.",
            "modal(might)",
            "The volunteers might have quietly repainted the fence.",
        ),
        (
            "The committee has largely ignored the complaints for months.",
            "prog(+)",
            "The committee has been largely ignoring the complaints for months.",
        ),
        # a clause adverb stays after the first auxiliary
        (
            "The invoices have already been sent to the clients.",
            "tense(fut)",
            "The invoices will already have been sent to the clients.",
        ),
        (
            "The roof has finally been repaired by the landlord.",
            "modal(might)",
            "The roof might finally have been repaired by the landlord.",
        ),
        # a question fronts the operator; the rest of the chain follows the clause adverb
        (
            "The roof has also been carefully inspected by the surveyor.",
            "question",
            "Has the roof also been carefully inspected by the surveyor?",
        ),
    ],
)
def test_an_adverb_keeps_its_place_among_new_auxiliaries(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The parcels were labelled by hand.",
            "tense(fut)",
            "The parcels will be labelled by hand.",
        ),
        (
            "Our neighbours travelled to Porto and labelled the boxes.",
            "prog(+)",
            "Our neighbours were travelling to Porto and labelling the boxes.",
        ),
        ("My cousin learnt Welsh at school.", "perf(+)", "My cousin had learnt Welsh at school."),
    ],
)
def test_the_source_spelling_of_the_verb_is_kept(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- the closed world: what the parse does not settle, or that has no slot, is not edited ------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a second root: the parse reads the sentence as two
        ("It snowed all night, so Ana and I stayed home and baked bread.", "tense(fut)", "two"),
        # a phrase attached by the catch-all relation, under an edit that moves the object
        ("The council closed the library, the pool and the park.", "passive", "does not settle"),
        # an imperative joined to a statement
        ("The market looks calm, so ask your broker about bonds.", "tense(past)", "imperative"),
        ("The market looks calm, so ask your broker about bonds.", "question", "imperative"),
        # a comment clause on the whole sentence under negation, a question or a modal
        ("The shop opens at seven, which suits the early shift.", "negate", "comma"),
        ("The shop opens at seven, which suits the early shift.", "question", "comma"),
        ("The shop opens at seven, which suits the early shift.", "modal(might)", "comma"),
        # a comma clause inside the argument that moves
        ("The mayor thanked my aunt, who runs the library, for her work.", "passive", "comma"),
        ("High winds damaged the pier, which had stood for a century.", "cleft(ARG1)", "comma"),
        # a phrase after a relative clause that may end it, under a move
        ("A neighbour who had been away recently fed our cat.", "passive", "relative clause"),
        # two phrases the parse merges into one (*a family plenty of space*)
        ("The attic gives a child plenty of room.", "passive", "determiner"),
    ],
)
def test_what_the_parse_leaves_unsettled_is_not_edited(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a comment clause follows the main clause into its new tense
        (
            "The course lasts six weeks, which is enough for beginners.",
            "tense(past)",
            "The course lasted six weeks, which was enough for beginners.",
        ),
        (
            "The course lasts six weeks, which is enough for beginners.",
            "tense(fut)",
            "The course will last six weeks, which will be enough for beginners.",
        ),
        # the bare form after *and* with a shared subject is no imperative
        (
            "Our cousins grow apples and sell cider at the market.",
            "tense(past)",
            "Our cousins grew apples and sold cider at the market.",
        ),
        # a subject of three coordinated phrases is plural whichever carries the *and*
        (
            "The city closed the museum, the zoo and the aquarium.",
            "passive",
            "The museum, the zoo and the aquarium were closed by the city.",
        ),
        # a capitalized common plural that the tagger takes for a name is lower-cased
        (
            "Receipts are emailed within an hour.",
            "question",
            "Are receipts emailed within an hour?",
        ),
    ],
)
def test_a_clause_the_layout_accounts_for_is_edited(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a state of a thing: where it is, what it affords
        ("The cottage sits at the end of a narrow lane.", "prog(+)", "thing as subject"),
        ("The cottage sits at the end of a narrow lane.", "perf(+)", "thing as subject"),
        ("The loft gives a family plenty of space.", "prog(+)", "thing as subject"),
        # the perfect of a state needs a span
        ("I do not trust the new manager.", "perf(+)", "span"),
        # the present perfect takes no point in time
        ("The library closes early on Friday.", "perf(+)", "point in time"),
        ("The ferry leaves at 6 p.m.", "perf(+)", "point in time"),
        # a copula or a feeling in a coordinated clause has no progressive
        ("The board does not allow smoking, but pets are welcome.", "prog(+)", "stative"),
        ("We move house tomorrow, and I am worried about the piano.", "prog(+)", "stative"),
        # a verb of trusting or owing is a state
        ("I trust the new manager.", "prog(+)", "stative"),
        # an adverb that cannot stand under the negation
        ("We finally painted the kitchen.", "negate", "finally"),
        ("The bakery also sells coffee.", "negate", "also"),
        # a coordinated clause that cannot take the future
        ("The flat is bright and the rent cannot be beaten.", "tense(fut)", "cannot take"),
        # the object's relative clause tells what followed the main event
        ("The band played a song that made everyone cry.", "tense(fut)", "in the past"),
        # could: a possibility, or an ability whose past cannot be told
        ("A stranger could change your plans this week.", "tense(past)", "could"),
        ("My grandmother could knit very fast.", "perf(+)", "ability"),
        ("My grandmother could knit very fast.", "prog(+)", "ability"),
    ],
)
def test_a_state_a_point_in_time_or_a_modal_sense_blocks_the_edit(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an imperative after a fronted clause or phrase is still an imperative
        (
            "If the alarm sounds, leave the building by the nearest exit.",
            "cleft(SUBJ)",
            "imperative",
        ),
        (
            "If the alarm sounds, leave the building by the nearest exit.",
            "tense(past)",
            "imperative",
        ),
        # a clause the parse gives no subject is not claimed as already clefted
        (
            "Your subscription renews on the same date each month unless you cancel it beforehand.",
            "cleft(SUBJ)",
            "subject",
        ),
    ],
)
def test_a_clause_without_a_subject_is_never_edited_or_claimed_unchanged(
    realize, source, expr, why
):
    declined(realize(source, expr), why)


def test_a_comment_clause_holding_a_clause_of_its_own_is_not_retensed(realize):
    declined(
        realize("The bridge closes at noon, which means buses may run late.", "tense(past)"),
        "the clause inside it",
    )


# -- the present progressive of a thing that does not act ---------------------------------------
@pytest.mark.parametrize(
    "source",
    [
        "The report covers the first quarter of the year.",
        "This lamp uses very little power.",
        "The chapter explains how vaccines train the immune system.",
        "Our warranty protects you against defects for two years.",
    ],
)
def test_the_present_progressive_of_a_thing_that_does_not_act_is_refused(realize, source):
    declined(realize(source, "prog(+)"), "is not known to act")


@pytest.mark.parametrize(
    "source,expected",
    [
        # a change a thing undergoes (process_verbs.txt)
        ("Prices rise across the region.", "Prices are rising across the region."),
        # someone who acts: an animal, a group, a person noun, a force (force_nouns.txt)
        (
            "The dog chases the ball across the yard.",
            "The dog is chasing the ball across the yard.",
        ),
        (
            "The committee reviews every application.",
            "The committee is reviewing every application.",
        ),
        ("The mayor visits the flooded streets.", "The mayor is visiting the flooded streets."),
        ("The wind bends the young trees.", "The wind is bending the young trees."),
        # a past scene can show a thing at work
        ("The storm destroyed the barn.", "The storm was destroying the barn."),
    ],
)
def test_the_progressive_of_a_change_or_of_someone_who_acts_is_made(realize, source, expected):
    assert ok_text(realize(source, "prog(+)")) == expected


def test_the_perfect_of_a_thing_is_not_held_to_the_progressive_rule(realize):
    assert (
        ok_text(realize("The chapter explains how vaccines work.", "perf(+)"))
        == "The chapter has explained how vaccines work."
    )


def test_a_count_is_named_with_its_noun_and_a_clock_time_is_no_count(realize):
    declined(
        realize("The committee approved three new members.", "prog(+)"),
        "number ('three new members')",
    )
    text = ok_text(realize("Support agents answer calls from 8 a.m. to 6 p.m.", "prog(+)"))
    assert text == "Support agents are answering calls from 8 a.m. to 6 p.m."


# -- what the parse does not settle: a verb in a noun's place, a noun with a subject -----------
@pytest.mark.parametrize(
    "source,expr",
    [
        ("The wind whispers secrets to the wheat, and the wheat bends low.", "tense(past)"),
        ("The wind whispers secrets to the wheat, and the wheat bends low.", "question"),
        ("The indicator light turns green when the battery is fully charged.", "tense(past)"),
        ("My heart keeps a little room for you that nobody else can enter.", "passive"),
    ],
)
def test_a_parse_with_a_verb_or_subject_out_of_place_is_not_edited(realize, source, expr):
    declined(realize(source, expr), "the parse")


# -- a relative clause of anyone of a kind follows the main clause into the past ---------------
@pytest.mark.parametrize(
    "source",
    [
        "Customers who upgrade before March 15 will receive a free month of support.",
        "Anyone who parks here pays a fine.",
        "Our chef personally tastes every sauce that leaves the kitchen.",
        "Tokens that are captured by the opponent are removed from the board.",
    ],
)
def test_a_present_relative_clause_of_anyone_of_a_kind_blocks_the_past(realize, source):
    declined(realize(source, "tense(past)"), "relative clause")


@pytest.mark.parametrize(
    "source,expected",
    [
        (
            "Buyers who love to entertain will appreciate the open kitchen.",
            "Buyers who love to entertain appreciated the open kitchen.",
        ),
        (
            "The teacher who runs the club organizes a trip every spring.",
            "The teacher who runs the club organized a trip every spring.",
        ),
    ],
)
def test_a_relative_clause_of_a_state_or_of_a_given_one_keeps_its_present(
    realize, source, expected
):
    assert ok_text(realize(source, "tense(past)")) == expected


# -- the passive: what the by-phrase would run into, what would point forward -----------------
@pytest.mark.parametrize(
    "source,why",
    [
        ("The printer stores up to 50 pages in its internal memory.", "could come before"),
        ("The museum holds rare maps of its region in a locked room.", "could come before"),
        (
            "Customers who upgrade early will receive three months of support at no cost.",
            "run into 'at no cost'",
        ),
        ("You sing the songs my mother used to hum on winter nights.", "may date the main verb"),
        (
            "The new neighbors threw a party that kept the whole building awake until 3 a.m.",
            "may date the main verb",
        ),
    ],
)
def test_a_passive_that_would_change_what_a_phrase_belongs_to_is_refused(realize, source, why):
    declined(realize(source, "passive"), why)


@pytest.mark.parametrize(
    "source,expected",
    [
        (
            "Honestly the new update ruined the app for me.",
            "Honestly the app was ruined for me by the new update.",
        ),
        (
            "The new manager changed the schedule for us.",
            "The schedule was changed for us by the new manager.",
        ),
        ("The landlord repaired the roof in May.", "The roof was repaired by the landlord in May."),
    ],
)
def test_the_by_phrase_follows_a_phrase_for_someone(realize, source, expected):
    assert ok_text(realize(source, "passive")) == expected


# -- adverbs a question or a negation cannot keep ------------------------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        ("Honestly the new update ruined the app for me.", "question", "comments"),
        ("Luckily the bus arrived on time.", "question", "comments"),
        ("My landlord still hasn't fixed the heater.", "question", "before the negated verb"),
        ("Anyone who says that is simply wrong.", "negate", "'simply'"),
        ("She just finished the report.", "negate", "'just'"),
    ],
)
def test_an_adverb_the_edit_cannot_keep_refuses_it(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_negated_imperative_keeps_one_instruction(realize):
    result = realize("Press and hold the power button for five seconds.", "negate")
    assert result.status != "ok" or "or hold" not in result.best


# -- which-clauses: a comment on the main clause, or a fact about a noun ----------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The company reported revenue for the third quarter, which ended on September 30.",
            "tense(fut)",
            "The company will report revenue for the third quarter, which ended on September 30.",
        ),
        (
            "The company reported revenue for the third quarter, which ended on September 30.",
            "negate",
            "The company did not report revenue for the third quarter, which ended on "
            "September 30.",
        ),
        (
            "I called my sister, who lives in Paris.",
            "tense(fut)",
            "I will call my sister, who lives in Paris.",
        ),
    ],
)
def test_a_dated_which_clause_or_a_who_clause_is_no_comment(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


def test_a_comment_clause_with_a_modal_may_is_still_a_comment(realize):
    declined(
        realize(
            "Mercury turns retrograde on Friday, which means plans may fall through.", "negate"
        ),
        "comments on the main clause",
    )


# -- a past clause told from a present one does not go into the future -------------------------
@pytest.mark.parametrize(
    "source",
    [
        "My cat knocked my phone off the table again, so that's how my morning went.",
        "That is how the war began.",
    ],
)
def test_a_past_clause_under_a_present_one_blocks_the_future(realize, source):
    declined(realize(source, "tense(fut)"), "in the past, told from the present")


# -- aspect: a negated perfect with an object, an attitude towards what comes -----------------
def test_the_progressive_of_a_negated_perfect_with_an_object_is_refused(realize):
    declined(realize("The city has not repaired the bridge.", "prog(+)"), "negated perfect")
    assert ok_text(realize("I haven't slept well.", "prog(+)")) == "I haven't been sleeping well."


def test_the_perfect_of_an_attitude_towards_what_comes_needs_a_span(realize):
    declined(realize("Brightleaf Foods expects to complete the deal by June.", "perf(+)"), "span")


def test_a_tree_is_not_a_person(realize):
    declined(
        realize("The old oak tree shelters every bird that nests in its branches.", "prog(+)"),
        "is not known to act",
    )


# -- probe H classes -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "source,expr",
    [
        # a bare clause the parse makes a subject; a main clause it marks as subordinate
        (
            "I'm frying the garlic gently because that toasted aroma really lifts the whole dish.",
            "question",
        ),
        ("That he left early annoyed the host.", "question"),
        # a verb the parse joins to a noun
        (
            "Dad always cooked stew with old potatoes and whatever herbs he had at home.",
            "tense(fut)",
        ),
    ],
)
def test_a_clause_the_parse_puts_in_another_clause_s_place_is_not_edited(realize, source, expr):
    declined(realize(source, expr), "the parse")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        (
            "The umpire waved play on even though the runner slipped at second.",
            "tense(fut)",
            "past",
        ),
        ("We stayed inside because it rained all day.", "tense(fut)", "past"),
        ("Interviews will be held in the week that follows.", "tense(past)", "relative clause"),
        (
            "A warm front will cross the valley, bringing light rain to the hills.",
            "negate",
            "comma",
        ),
        ("All members receive a printed copy of the newsletter.", "negate", "read two ways"),
        ("The Tigers have not conceded a single goal this season.", "passive", "negation before"),
        ("They should have taken the early train.", "prog(+)", "'should have'"),
        (
            "That's the second time this week the printer has jammed.",
            "cleft(SUBJ)",
            "demonstrative",
        ),
    ],
)
def test_what_probe_h_showed_is_refused_with_its_cause(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_sentence_initial_common_noun_loses_its_capital_when_it_moves(realize):
    assert (
        ok_text(realize("Rain is falling on the hills.", "question"))
        == "Is rain falling on the hills?"
    )
    assert (
        ok_text(realize("Apple announced a new phone.", "question"))
        == "Did Apple announce a new phone?"
    )


@pytest.mark.parametrize(
    "source,expected",
    [
        (
            "The warehouse team handles over 4,000 orders a day.",
            "The warehouse team is handling over 4,000 orders a day.",
        ),
        (
            "The new manager will lead a team of six engineers.",
            "The new manager will be leading a team of six engineers.",
        ),
    ],
)
def test_a_rate_or_a_number_inside_a_phrase_is_no_count(realize, source, expected):
    assert ok_text(realize(source, "prog(+)")) == expected


def test_a_comparison_refusal_quotes_the_sentence(realize):
    result = realize("Fog has reduced visibility to less than 200 metres.", "passive")
    declined(result, "less than")
    assert "better" not in result.reason


def test_clauses_joined_by_so_are_said_to_be(realize):
    declined(
        realize("The sauce tastes a little flat, so I'm going to add some lime juice.", "negate"),
        "joined by ', so'",
    )


def test_a_future_under_a_condition_has_no_plain_past(realize):
    declined(
        realize("If the striker can stay fit, the club will win the league.", "tense(past)"),
        "depends on the condition",
    )


def test_a_relative_clause_in_a_coordinated_clause_follows_too(realize):
    declined(
        realize(
            "The deadline is 1 May, and the results will be posted in the week that follows.",
            "tense(past)",
        ),
        "relative clause",
    )


def test_a_number_of_the_clause_is_named_a_date_is_not(realize):
    declined(
        realize("Our founder opened the first clinic in 1921 with only nine beds.", "prog(+)"),
        "number ('nine beds')",
    )


def test_a_present_perfect_beside_a_past_clause_has_no_future(realize):
    declined(
        realize("We moved the meeting online, and it has saved everyone an hour.", "tense(fut)"),
        "a time it will be done by",
    )


def test_a_main_clause_present_perfect_takes_the_future_perfect(realize):
    assert (
        ok_text(realize("The crew has repaired the bridge.", "tense(fut)"))
        == "The crew will have repaired the bridge."
    )


# -- what a parse leaves open, what a dependent clause's tense needs, who a pronoun is ---------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a plural noun after a name that is also the verb: the name may be the subject
        ("Judge Maria Lopez fines repeat offenders heavily.", "tense(past)", "after the name"),
        # a past tense tagged as a participle, in a clause the edit reaches
        ("The children waved, and they cheered when the clowns left.", "tense(fut)", "the past"),
        # a past modal dates a temporal clause like a past tense
        ("The guard locked the door before anyone could leave.", "tense(fut)", "in the past"),
        # a time word that modifies another noun names no time of its own
        ("She planted roses along a fence that caught the morning sun.", "tense(fut)", "past"),
        # a when-clause of a time adverbial shares the main event's time
        ("Tom repaints the boat in April, when the weather is dry.", "tense(past)", "time of"),
        ("We sailed in June, when the winds were calm.", "tense(fut)", "in the past"),
        # a habit dated by a month, a season or a plural weekday has no present perfect
        ("We harvest the apples in October.", "perf(+)", "'in October' names a point"),
        ("The club meets on Tuesdays.", "perf(+)", "'on Tuesdays' names a point"),
        ("Mercury turns retrograde on Friday.", "perf(+)", "'on Friday' names a point"),
        # a place phrase after the object may be the event's: not carried with the object
        ("The guards searched a woman outside the embassy.", "passive", "(a place)"),
        ("Dad grew beans against the garage wall.", "passive", "(a place)"),
        # a place noun read as the object's head
        ("The school sends progress reports home every term.", "passive", "'home'"),
        ("Jonah's teacher sends a short newsletter home every week.", "passive", "'home'"),
        # a generic 'you' (advice, a rule) is no agent and no focus
        ("You should store the seeds somewhere cool.", "passive", "speaks of anyone"),
        ("You can see the lake from the tower.", "cleft(SUBJ)", "speaks of anyone"),
        # 'by me' of a state of mind
        ("I recall the name of that street.", "passive", "by me"),
        # a quantified subject is no focus of a cleft
        ("Most roses need six hours of sun.", "cleft(SUBJ)", "quantified ('most')"),
        ("Many tourists visit the old fort.", "cleft(SUBJ)", "quantified ('many')"),
        # two verb phrases in sequence are not denied one by one (*or then*)
        ("The dog fetches the ball and then drops it at my feet.", "negate", "coordinated"),
    ],
)
def test_an_edit_the_sentence_does_not_settle_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # the edit still goes where nothing is open
        ("Tom repaints the boat in April, when the weather is dry.", "tense(fut)",
         "Tom will repaint the boat in April, when the weather is dry."),
        ("She remembers the day when the river flooded.", "tense(fut)",
         "She will remember the day when the river flooded."),
        ("The man who called in the afternoon repaired the sink.", "tense(fut)",
         "The man who called in the afternoon will repair the sink."),
        ("Google engineers write the code.", "tense(past)", "Google engineers wrote the code."),
        ("You broke the vase.", "passive", "The vase was broken by you."),
        ("You broke the vase.", "cleft(SUBJ)", "It was you who broke the vase."),
        ("The chef placed the bowl on the table.", "passive",
         "The bowl was placed on the table by the chef."),
        # the by-phrase follows where the object went (*home*, *abroad*)
        ("The nurse sends the patients home.", "passive",
         "The patients are sent home by the nurse."),
        # a family word used as a name keeps its capital when it moves
        ("Grandma bakes bread for the neighbours.", "question",
         "Does Grandma bake bread for the neighbours?"),
        ("Mom drives us to school.", "cleft(SUBJ)", "It is Mom who drives us to school."),
        ("Mother birds feed their chicks.", "question", "Do mother birds feed their chicks?"),
    ],
)  # fmt: skip
def test_where_nothing_is_open_the_edit_is_made(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- the sequence of tenses: what depends on a clause put into the past follows it ------------
@pytest.mark.parametrize(
    "source,expected",
    [
        ("The guide says that the castle dates from 1200.",
         "The guide said that the castle dated from 1200."),
        ("The critic claims that the novel has lost its charm.",
         "The critic claimed that the novel had lost its charm."),
        ("The owl hunts mice in the barn, where it nests.",
         "The owl hunted mice in the barn, where it nested."),
        ("The shop will open in May, although the roof still leaks.",
         "The shop opened in May, although the roof still leaked."),
        # left as they are: quoted words, a clause with its own time, a subjunctive, a bare
        # infinitive, a relative clause of the subject
        ('She says, "I am ready."', 'She said, "I am ready."'),
        ("The report says that the road opens next week.",
         "The report said that the road opens next week."),
        ("The board asks that members pay early.", "The board asked that members pay early."),
        ("The coach lets them rest.", "The coach let them rest."),
        ("Buyers who love gardens choose this house.", "Buyers who love gardens chose this house."),
    ],
)  # fmt: skip
def test_a_clause_that_depends_on_one_put_into_the_past_follows_it(realize, source, expected):
    assert ok_text(realize(source, "tense(past)")) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a relativizer the parse gives a subject: the relative clause has no verb of its own
        ("Plants turn sunlight into energy that the root stores as starch.", "tense(past)",
         "gives 'that'"),
        # a noun in a clause's place: the verb of that clause read as a noun
        ("The liver turns sugar into fat that the body stores as reserves.", "tense(past)",
         "the noun 'stores'"),
        # negation against a concession, a reason after the clause, an indefinite's comment
        ("The shop will open in May, although the roof still leaks.", "negate", "concedes"),
        ("The team lost the match, even though it played well.", "negate", "concedes"),
        ("The fox digs a den, where it raises its cubs.", "negate", "would say is not"),
        # an opinion frame is no part of a question
        ("In my view, the film is too long.", "question", "'In my view'"),
        # a finding, a sequence, a deadline: no progressive
        ("The trial proved that the vaccine works.", "prog(+)", "reports what"),
        ("The chef tastes the soup and then adds salt.", "prog(+)", "in sequence"),
        ("The team submits the form by Friday.", "prog(+)", "deadline"),
        # the future perfect takes 'by', not a point; a day of a trip is a point
        ("The ferry will leave in June.", "perf(+)", "future perfect"),
        ("On the first day, the group visits the museum.", "perf(+)", "'On the first day'"),
        # a modal perfect beside a present clause
        ("The bridge may close early, since the river is rising.", "perf(+)", "of the present"),
        # a passive: the subject's possessive after a pronoun or with 'own', a purpose
        # infinitive, a clause inside the object
        ("He repaired his own bike.", "passive", "'his' may refer"),
        ("She washed her car.", "passive", "'her' may refer"),
        ("The firm hired a lawyer to review the contract.", "passive", "is for"),
        ("The war changed the way people worked because factories needed hands.", "passive",
         "inside the object"),
        ("The owl hunts mice in the barn, where it nests.", "passive", "set off by a comma"),
    ],
)  # fmt: skip
def test_what_a_clause_leans_on_blocks_the_edit(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_noun_of_a_person_or_a_thing_is_clefted_with_that(realize):
    assert (
        ok_text(realize("Our coach leaves Florence at 8:30.", "cleft(SUBJ)"))
        == "It is our coach that leaves Florence at 8:30."
    )


def test_a_which_clause_in_the_past_perfect_describes_its_noun(realize):
    source = "Dr. Chen rejected the first batch of antibodies, which had arrived warm."
    assert ok_text(realize(source, "negate")) == (
        "Dr. Chen did not reject the first batch of antibodies, which had arrived warm."
    )


@pytest.mark.parametrize(
    "source,phrase",
    [
        ("A boy, holding a kite, crosses the field.", "holding a kite"),
        ("A boy , holding a kite , crosses the field .", "holding a kite"),  # as SNLI writes it
        ("A nurse , smiling , is carrying a tray .", "smiling"),
    ],
)
@pytest.mark.parametrize("expr", ["passive", "swap"])
def test_a_subject_never_leaves_its_comma_phrase_behind(realize, source, phrase, expr):
    """Moved, the subject takes its phrase set off by commas along, or the edit is refused;
    never *A scooter , wearing a helmet , is ridden by a woman*."""
    result = realize(source, expr)
    if result.status == "ok":
        subject = "a boy" if "boy" in source else "a nurse"
        assert result.best.lower().index(phrase) > result.best.lower().index(subject)
    else:
        declined(result, "set off by commas")


@pytest.mark.parametrize("expr", ["passive", "active"])
@pytest.mark.parametrize("source", ["The old cat is laid back.", "By Friday the crew was fed up."])
def test_a_participle_of_state_is_no_passive(realize, source, expr):
    """*is laid back* is an adjective: never "unchanged: already passive", never an agent
    looked for."""
    declined(realize(source, expr), "describes a state here")


def test_a_caption_the_parse_reads_as_an_imperative_is_said_to_be_read_so(realize):
    declined(realize("Man out for a jog .", "cleft(SUBJ)"), "reads as an imperative ('Man'")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a modal whose sense the edit would change: an obligation made a ban, advice a reproach
        ("The pilot must land the plane before the storm.", "negate", "'must not' would make"),
        ("Mac users should update the app after the patch.", "perf(+)", "a reproach"),
        ("Mac users should update the app after the patch.", "prog(+)", "a guess"),
        # a state of knowing or of a thing's course (a film's plot)
        ("The inspector suspects that the butler lied.", "prog(+)", "stative verb 'suspect'"),
        ("The novel follows a family through three wars.", "perf(+)", "'follow'"),
        # the perfect miscounting time: 'ago' under the past perfect, a 'for' of each time
        ("The signal left the probe nine hours ago.", "perf(+)", "'ago' counts back"),
        ("Backups are kept for thirty days.", "perf(+)", "how long it lasts each time"),
        # an auxiliary the realizer would put after 'no longer'
        ("My printer no longer works with this cable.", "tense(fut)", "'no longer'"),
        # a first word that may be a name or a common noun, moved from the start
        ("Windows users love the new update.", "question", "opens with 'Windows'"),
        # a present perfect with a deadline
        ("The team submits the form by Friday.", "perf(+)", "is a deadline"),
        ("Widgets that use the old theme may look odd.", "cleft(SUBJ)", "opens with 'Widgets'"),
    ],
)  # fmt: skip
def test_an_edit_that_would_change_a_modal_a_state_or_a_time_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_never_clause_is_not_backshifted_into_a_not_clause(realize):
    """*who has never lost* would need *had never lost*: refused, never *who had not lost*."""
    result = realize("The coach trains a sprinter who has never lost a race.", "tense(past)")
    declined(result, "with its 'never'")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an imperative joined by 'so' to a clause with its own auxiliary
        ("You have finished the warm-up, so start the first round.", "negate", "imperative"),
        # a year in a phrase without a verb of its own dates the clause
        ("Kepler watched a comet crossing the sky in 1607.", "tense(fut)", "'in 1607'"),
        # verb phrases in two tenses under one cleft
        ("The probe was launched in 1977 and has left the solar system.", "cleft(SUBJ)",
         "another tense"),
        # a measure as object, what a thing is made of
        ("The team ran twenty laps in the rain.", "passive", "is a measure"),
        ("The statue is made of bronze.", "prog(+)", "'made of'"),
    ],
)  # fmt: skip
def test_a_clause_the_edit_cannot_account_for_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


# -- a coordination whose second verb the parse hides or cannot take alike ---------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a verb phrase coordinated with the main verb takes the form the operator asks for,
        # not the past of its own (*did it melt and became*)
        (
            "When you boil the syrup, it thickens and turns golden.",
            "tense(past)+question",
            "When you boiled the syrup, did it thicken and turn golden?",
        ),
        (
            "Our mixer chops nuts and grinds coffee.",
            "tense(past)+negate+question",
            "Didn't our mixer chop nuts and grind coffee?",
        ),
        (
            "The old pump draws water and fills the tank.",
            "tense(past)+negate",
            "The old pump did not draw water or fill the tank.",
        ),
        # under the copula the lexical verb takes the tense alike
        (
            "The stream is shallow here and flows past the old mill.",
            "tense(past)",
            "The stream was shallow here and flowed past the old mill.",
        ),
    ],
)
def test_a_coordinated_verb_phrase_takes_the_operators_form(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a lexical verb beside a copula needs *do* of its own when negated or asked
        ("The stream is shallow here and flows past the old mill.", "negate", "copula"),
        ("The steering is light in town and weighs up on the motorway.", "question", "copula"),
        ("The soup is thick and tastes of smoke.", "negate", "coordinates the noun"),
        # two clauses joined by *, and* read as one subject: the first clause's verb hidden
        (
            "The abbey gardens open at 8 a.m. daily, and guided tours leave from the chapel.",
            "tense(past)",
            "comma before 'and'",
        ),
        (
            "The botanical gardens open at 9 a.m. daily, and guided tours leave twice a day.",
            "negate",
            "comma before 'and'",
        ),
        # a compound subject's second noun read as the verb (*The harbour gated open*)
        (
            "The harbour gates open at 6 a.m. daily, and small ferries leave from the pier.",
            "tense(past)",
            "may be one noun",
        ),
        # a noun made the main verb's conjunct: the second clause's verb misread
        (
            "The generals ignored the warning, and hundreds of sailors paid for it.",
            "tense(fut)",
            "coordinates the noun",
        ),
        # a verb's form read as a noun joined to the object
        (
            "If you warm the wax, it takes a shine and sticks to the cloth.",
            "tense(fut)",
            "also a verb",
        ),
        (
            "The trail is steep in places and crosses two streams.",
            "tense(past)",
            "also a verb",
        ),
    ],
)
def test_a_hidden_or_unlike_second_verb_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a linking verb with its adjective is no compound subject misread
        (
            "The experiment goes wrong when the lid comes off.",
            "tense(past)",
            "The experiment went wrong when the lid came off.",
        ),
        # a list that ends in a bare plural is no hidden verb phrase
        (
            "The shop sells a sofa and chairs.",
            "tense(fut)",
            "The shop will sell a sofa and chairs.",
        ),
    ],
)
def test_what_only_looks_like_a_hidden_verb_is_edited(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what a moved subject leaves without its doer, what a colon joins, whole stretches --------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an opening participle describes the subject; before another subject it describes that
        ("Having checked the wiring, the electrician replaced the fuse.", "passive", "opening"),
        ("Having lost the map, the hikers followed the river.", "swap", "opening"),
        # a phrase whose doer is the subject (*without*, *after*, *before* + -ing)
        ("The crew repaired the mast without stopping the boat.", "passive", "as its doer"),
        ("The cook rinsed the rice before boiling it.", "passive", "as its doer"),
        # a pronoun after the object that fits both, two of a kind
        (
            "The wolves chased the goats into the valley because they were hungry.",
            "passive",
            "may refer to the subject",
        ),
        # a clause across a colon goes on from the one the edit takes
        (
            "Follow these steps: loosen the nuts, lift the car and remove the wheel.",
            "negate",
            "other side of the ':'",
        ),
        ("One thing is certain: the bridge will close in May.", "question", "other side"),
        # a preference cannot stand under a prohibition
        ("Keep the seedlings warm, ideally near a sunny window.", "negate", "'ideally'"),
        ("Serve the soup hot, preferably with fresh bread.", "negate", "'preferably'"),
        # a stretch the event filled, over: no past progressive
        ("The band toured Europe for six months.", "prog(+)", "for six months"),
        ("The sisters ran the bakery for about thirty years.", "prog(+)", "for about thirty"),
        # at no time is not at no moment
        ("My grandfather never fully recovered from the fall.", "prog(+)", "'never'"),
    ],
)
def test_an_edit_that_would_strand_a_phrase_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a reason (*for*) or a means (*by*) stays true of the passive
        (
            "Anna thanked the porter for carrying the bags.",
            "passive",
            "The porter was thanked by Anna for carrying the bags.",
        ),
        # a pronoun that fits only one of the two (people and things)
        (
            "The nurses moved the beds because they blocked the exit.",
            "passive",
            "The beds were moved by the nurses because they blocked the exit.",
        ),
        # a colon before a list, not a clause
        (
            "She packed three things: a torch, a map and a knife.",
            "negate",
            "She did not pack three things: a torch, a map and a knife.",
        ),
        # the perfect keeps its span under the progressive
        (
            "The band has toured Europe for six months.",
            "prog(+)",
            "The band has been touring Europe for six months.",
        ),
        # a quantifier takes the number of its of-phrase, or is plural itself
        (
            "Many of the old trees fell in the storm.",
            "prog(+)",
            "Many of the old trees were falling in the storm.",
        ),
        (
            "Several of the guests left early.",
            "prog(+)",
            "Several of the guests were leaving early.",
        ),
    ],
)
def test_what_stays_true_is_edited(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- clauses joined by a semicolon or *, so*: a tense edit reaches both ------------------------
@pytest.mark.parametrize(
    "source,expr,expected",
    [
        (
            "The lake is frozen, so the children skate near the jetty.",
            "tense(past)",
            "The lake was frozen, so the children skated near the jetty.",
        ),
        (
            "Our bakers start at four, so the bread cools before we open.",
            "tense(fut)",
            "Our bakers will start at four, so the bread will cool before we open.",
        ),
        (
            "The owl does not build a nest; it uses the hollow of a tree.",
            "tense(past)",
            "The owl did not build a nest; it used the hollow of a tree.",
        ),
        # already past in both: unchanged
        (
            "The gate was locked, so we climbed over the wall.",
            "tense(past)",
            "The gate was locked, so we climbed over the wall.",
        ),
    ],
)
def test_a_tense_edit_reaches_a_clause_joined_by_so_or_a_semicolon(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # any other edit of one of the two would leave the other as it is
        ("The lake is frozen, so the children skate near the jetty.", "negate", ", so"),
        ("The owl does not build a nest; it uses the hollow of a tree.", "question", "';'"),
        # a purpose with a past modal follows the past; the realizer does not move it
        ("Dad left work early so that he could watch the match.", "tense(fut)", "purpose"),
        ("The council widened the road so buses could pass.", "tense(pres)", "purpose"),
    ],
)
def test_what_a_tense_edit_cannot_carry_across_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a year that bounds a stretch dates the clause wherever the parse hangs it
        ("Rents rose by 9 percent between 2016 and 2019.", "tense(fut)", "2016"),
        # an amount of change reached is a count: no progressive
        ("The river rose by three metres overnight.", "prog(+)", "three metres"),
        ("Rents rose by 9 percent between 2016 and 2019.", "prog(+)", "9 percent"),
        # a verb of naming whose name the parse folds into the object
        ("The villagers named the goat Pepper.", "passive", "a name or a description"),
        ("The members elected her secretary.", "swap", "a name or a description"),
        ('Reviewers called the novel "a slow triumph".', "passive", "a name or a description"),
    ],
)
def test_a_dated_span_an_amount_or_a_name_blocks_the_edit(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_naming_verb_with_a_plain_object_takes_the_passive(realize):
    assert (
        ok_text(realize("The committee elected a new chair.", "passive"))
        == "A new chair was elected by the committee."
    )


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a plural *which*-clause tells of its noun, not of the whole clause
        (
            "The flat comes with two balconies, which face the river.",
            "question",
            "Does the flat come with two balconies, which face the river?",
        ),
        (
            "The old walls were painted with mineral paints, which resist damp.",
            "negate",
            "The old walls were not painted with mineral paints, which resist damp.",
        ),
    ],
)
def test_a_plural_which_clause_is_no_comment_on_the_sentence(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


def test_a_singular_which_clause_after_the_clause_still_comments_on_it(realize):
    declined(
        realize("Our shop opens on Sundays, which helps families with jobs.", "negate"),
        "comments on the main clause",
    )


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a *when*-clause sets the main event at its time; the past perfect would put it before
        ("When the bridge collapsed, a barge was passing underneath.", "perf(+)", "at its time"),
        ("The crowd cheered when the runners entered the stadium.", "perf(+)", "at its time"),
        # a comma phrase that says more of the event still asserts it when asked, and has the
        # subject as its doer
        ("The Rovers won the cup final, scoring twice in extra time.", "negate", "still assert"),
        ("The Rovers won the trophy, scoring twice in extra time.", "passive", "as its doer"),
        # a conjunct with its own *never* takes no *or* under a negation, and no progressive
        ("The old ferry sailed at dawn and never returned.", "negate", "coordinated"),
        ("The old ferry sailed at dawn and never returned.", "prog(+)", "'never'"),
        # a standing guarantee has no progressive passive
        ("All repairs are guaranteed for twelve months.", "prog(+)", "'guarantee'"),
    ],
)
def test_what_probe_u_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_negated_state_before_a_when_clause_takes_the_past_perfect(realize):
    assert (
        ok_text(realize("When the guests arrived, we didn't finish the cake.", "perf(+)"))
        == "When the guests arrived, we hadn't finished the cake."
    )


@pytest.mark.parametrize(
    "source",
    [
        # a present progressive of a plan dated at a point: its perfect is no English
        "Our head teacher is leaving at the end of the month.",
        "We are moving house in the spring.",
        # a habit dated at a part of each term
        "The committee meets at the start of every term.",
    ],
)
def test_a_part_of_a_time_is_a_point_the_perfect_cannot_take(realize, source):
    declined(realize(source, "perf(+)"), "names a point in time")


def test_the_end_of_a_stretch_without_at_dates_nothing(realize):
    assert (
        ok_text(realize("The end of the month brings a new rota.", "perf(+)"))
        == "The end of the month has brought a new rota."
    )


@pytest.mark.parametrize(
    "source",
    [
        "You should book early, because the tours sell out quickly.",
        "The road is closed, because a tree fell across it in the night.",
    ],
)
def test_a_question_keeps_no_comma_reason_it_would_still_assert(realize, source):
    declined(realize(source, "question"), "still assert a reason")


def test_a_reason_without_a_comma_is_part_of_the_question(realize):
    assert (
        ok_text(realize("We cancelled the picnic because it was raining.", "question"))
        == "Did we cancel the picnic because it was raining?"
    )


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a subject that is a clause with its own verb
        ("What the committee decides is final.", "tense(past)", "in its tense"),
        ("Whatever looks old in this room is in fact a modern copy.", "perf(+)", "in its tense"),
        ("How the engine works is a mystery to most drivers.", "question", "a whole clause"),
        ("What she said was true.", "cleft(SUBJ)", "a whole clause"),
    ],
)
def test_what_probe_v_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a clause that what begins as its subject is no exclamative: its negation is plain
        ("What she said was true.", "negate", "What she said was not true."),
        ("How the engine works is a mystery.", "negate", "How the engine works is not a mystery."),
        # clause adverbs after a copula stand after the first new auxiliary
        (
            "She is in fact a qualified nurse.",
            "modal(might)",
            "She might in fact be a qualified nurse.",
        ),
        ("The house is clearly empty.", "perf(+)", "The house has clearly been empty."),
        ("The shop is often busy.", "tense(fut)", "The shop will often be busy."),
        (
            "The tickets are now available online.",
            "modal(might)",
            "The tickets might now be available online.",
        ),
        # a place adverb after the copula is the predicate, not a clause adverb
        ("The manager is here today.", "modal(might)", "The manager might be here today."),
    ],
)
def test_a_copula_keeps_its_clause_adverb_after_the_first_auxiliary(
    realize, source, expr, expected
):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize("source", ["What a day it was!", "How kind you are."])
def test_an_exclamative_is_still_refused(realize, source):
    declined(realize(source, "negate"), "exclamative")


def test_of_course_stays_outside_a_question(realize):
    declined(realize("The results are of course preliminary.", "question"), "how sure")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a present condition with a modal makes a present a standing statement too
        (
            "If you can spare an hour, the museum shows a film about the flood.",
            "perf(+)",
            "states what happens",
        ),
        # a present clause before a past one sets the time the sentence speaks from
        (
            "While the ending feels rushed, the early chapters held my attention.",
            "perf(+)",
            "states what happens",
        ),
        (
            "Although the plot drags in places, the actors kept me watching.",
            "perf(+)",
            "in the present",
        ),
        # how long the whole event took
        (
            "The crew repaired the sail in under an hour.",
            "prog(+)",
            "how long the whole event took",
        ),
        (
            "Most readers will finish the book in about two days.",
            "prog(+)",
            "how long the whole event took",
        ),
        # an amount on the verb, and a stretch of the past right on the verb
        ("The river rose two metres overnight.", "prog(+)", "holds a number"),
        ("We waited two hours at the border.", "prog(+)", "a stretch the event filled"),
        # a verb phrase joined to the main verb that has no progressive
        (
            "The pump failed at noon and had to be replaced.",
            "prog(+)",
            "has no progressive of its own",
        ),
    ],
)
def test_what_probe_v_showed_of_aspect_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a condition of a future sets the time its perfect counts to
        (
            "If the river can be crossed, the army will reach the city by noon.",
            "perf(+)",
            "If the river can be crossed, the army will have reached the city by noon.",
        ),
        # a reason that still holds, after the clause, stays beside a past perfect
        (
            "Our team won the quiz, mostly because Ada knows every capital.",
            "perf(+)",
            "Our team had won the quiz, mostly because Ada knows every capital.",
        ),
        # a place after *in* is no stretch of time
        ("The children play in the garden.", "prog(+)", "The children are playing in the garden."),
    ],
)
def test_aspect_reaches_what_probe_v_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source",
    [
        "Will the mayor tell the council how much the bridge cost?",
        "Can you send me the minutes of the meeting?",
    ],
)
def test_a_will_or_can_question_takes_no_perfect_without_a_time(realize, source):
    declined(realize(source, "perf(+)"), "asks for an act or a forecast")


def test_a_will_question_with_a_deadline_takes_the_perfect(realize):
    assert (
        ok_text(realize("Will the builders finish the roof by Friday?", "perf(+)"))
        == "Will the builders have finished the roof by Friday?"
    )


@pytest.mark.parametrize(
    "source",
    ["The regiment captured the bridge at dawn.", "The sensors detected a small leak."],
)
def test_capturing_and_detecting_are_over_as_they_happen(realize, source):
    declined(realize(source, "prog(+)"), "over as it happens")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an imperative whose verb the parse makes the subject of a participle
        ("Serve slightly chilled with grilled fish.", "modal(might)", "a noun's place"),
        # *please* makes a question a request
        ("Could the driver of the blue van please move it?", "modal(might)", "a request"),
        ("Would all passengers please remain seated?", "declarative", "a request"),
        ("Could the last visitor please switch off the lights?", "tense(past)", "a request"),
        # a by-phrase that measures names no doer
        ("All trains have been delayed by at least forty minutes.", "active", "measures how much"),
        ("The price was raised by 12 percent.", "active", "measures how much"),
        # *will now* dates an announcement at the moment of speaking
        ("The captain will now switch off the seatbelt sign.", "tense(past)", "moment of speaking"),
        ("The band will now play a short encore.", "perf(+)", "moment of speaking"),
    ],
)
def test_what_probe_w_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a passive made with *get* keeps *get* when it moves into the past
        (
            "When the puppies get tired, they sleep under the stairs.",
            "tense(past)",
            "When the puppies got tired, they slept under the stairs.",
        ),
        (
            "When the otters get bored, they juggle small stones.",
            "tense(past)",
            "When the otters got bored, they juggled small stones.",
        ),
        (
            "The thief got caught by a neighbour.",
            "tense(fut)",
            "The thief will get caught by a neighbour.",
        ),
        # a doer after *by* still becomes the subject
        ("The window was broken by two boys.", "active", "Two boys broke the window."),
        # a question without *please* keeps its edits
        ("Did you close the door?", "declarative", "You closed the door."),
        # a present *now* is left alone
        (
            "The team is now testing a new vaccine.",
            "perf(+)",
            "The team has now been testing a new vaccine.",
        ),
    ],
)
def test_what_probe_w_leaves_alone_or_mends(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a negation before a clause of purpose is read two ways
        ("The pool will close early so that the staff can clean the filters.", "negate", "purpose"),
        (
            "The library opens late on Mondays so the staff can restock the shelves.",
            "negate",
            "purpose",
        ),
        # an as-phrase right after the object may be the object's owner's
        ("The new rules do not change your rights as a tenant.", "passive", "its owner"),
    ],
)
def test_what_probe_u_left_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expected",
    [
        (
            "The club described the match as a disaster.",
            "The match was described by the club as a disaster.",
        ),
        (
            "The committee appointed Dr Rees as chair.",
            "Dr Rees was appointed by the committee as chair.",
        ),
        # a role of the event, not of a person, is the verb's
        (
            "The army freed three prisoners as a sign of good faith.",
            "Three prisoners were freed by the army as a sign of good faith.",
        ),
    ],
)
def test_an_as_phrase_of_a_verb_of_regarding_stays_with_the_verb(realize, source, expected):
    assert ok_text(realize(source, "passive")) == expected


def test_a_measure_as_the_object_of_a_change_is_an_amount(realize):
    declined(realize("The barometer has fallen six millibars since noon.", "prog(+)"), "a number")


@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a wh-question is no yes/no question, and a question with its wh-word in the subject
        # is one the parse reads as a statement
        ("Where did the otters hide the stones?", "question", "a wh-question"),
        ("Which keeper feeds the penguins?", "negate", "does not read"),
        ("How many visitors came on Sunday?", "tense(fut)", "does not read"),
    ],
)
def test_what_probe_x_showed_of_questions_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


def test_a_wh_question_still_takes_a_negation(realize):
    assert (
        ok_text(realize("Where did you leave the keys?", "negate"))
        == "Where didn't you leave the keys?"
    )


# -- what fashion copy, ward notes, menus and stage reviews showed ------------------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an imperative after ', so' beside a statement with a modal (*will be* is no imperative)
        ("Prices will rise again in March, so book your flights early.", "tense(past)", "joined"),
        ("The roads will be icy tonight, so drive slowly.", "question", "joined"),
        ("Boots will be in fashion this winter, so buy a pair.", "perf(+)", "joined"),
        # a verb in *-ed* after a passive: a participle sharing *be*, or a past of its own
        ("The jars were washed in hot water and dried in a low oven.", "tense(fut)", "'be'"),
        ("The soldier was wounded and died two days later.", "tense(fut)", "'be'"),
        ("The goat is slow-roasted for six hours and served with rice.", "tense(fut)", "'be'"),
        # *would* of a polite wish is no future seen from the past
        ("Would you like to add a side of fries to your burger?", "tense(fut)", "wish"),
        ("I would love to join you for dinner on Friday.", "tense(past)", "wish"),
        ("We'd prefer a table by the window.", "perf(+)", "wish"),
        # "unchanged" needs every clause future: *can* has none
        (
            "The menu will change each month, and each dish can be ordered as a half portion.",
            "tense(fut)",
            "coordinated",
        ),
        # a result of *so* / *such* stays in the past the realizer does not move
        ("The wind blew so hard that the tent collapsed.", "tense(fut)", "'that the tent"),
        ("She spoke so quietly that nobody heard her.", "tense(fut)", "in the past"),
        # a second question with its own auxiliary before its subject
        ("Does the choir need a new piano, or is the old one good enough?", "tense(fut)", "second"),
        ("Did the critics love the show, or did they just love the cast?", "negate", "second"),
        ("Is the soup hot, and does it come with bread?", "tense(past)", "second question"),
        # issuing a statement is over as it happens
        ("The council issued a formal apology on Monday.", "prog(+)", "over as it happens"),
        # a bare noun of means after *by* names no doer
        ("Every invitation was written by hand on thick cream card.", "active", "'by hand'"),
        ("All of our pasta is made by hand every morning.", "swap", "'by hand'"),
        ("The contract was sent by post last week.", "active", "'by post'"),
    ],
)
def test_what_fashion_ward_menu_and_stage_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a conjunct with a tense of its own keeps it when the main verb group moves
        (
            "The patient has been resting in bed and managed to eat some toast.",
            "tense(past)",
            "The patient had been resting in bed and managed to eat some toast.",
        ),
        (
            "She is working late and finished the report.",
            "tense(past)",
            "She was working late and finished the report.",
        ),
        # a participle tagged as one shares the passive's *be*
        (
            "The minutes were read aloud and approved by the members.",
            "tense(fut)",
            "The minutes will be read aloud and approved by the members.",
        ),
        # a second question of *be* changes where it stands
        (
            "Does the band need a new drummer, or is the old one good enough?",
            "tense(past)",
            "Did the band need a new drummer, or was the old one good enough?",
        ),
        # a bare noun not of means is a doer; so is a name
        (
            "The suspect was arrested by police on Friday.",
            "active",
            "Police arrested the suspect on Friday.",
        ),
        ("The letter was written by Maria.", "active", "Maria wrote the letter."),
        # another modal keeps the bare form of an imperative after a modal's statement
        (
            "We will be away until Monday, so please contact the front desk instead.",
            "modal(might)",
            "We might be away until Monday, so please contact the front desk instead.",
        ),
        # *so* joining a verb phrase after *and* shares the modal
        (
            "He will study every night and so pass the exam.",
            "tense(past)",
            "He studied every night and so passed the exam.",
        ),
    ],
)
def test_what_fashion_ward_menu_and_stage_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what tax guidance, craft patterns, climbing memoirs and rail notices showed ----------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # an event at the same time as the main one: no past perfect
        ("Nobody spoke as the ice bridge collapsed behind us.", "perf(+)", "sets the main event"),
        ("The crowd cheered while the band played the anthem.", "perf(+)", "sets the main event"),
        # a phrase after the object that may be the verb's: shorten keeps the object whole
        (
            "Employers are deducting pension contributions from your wages this month.",
            "shorten(ARG1)",
            "may belong to the verb",
        ),
        ("Press the narrow seams open with a hot iron.", "shorten(ARG1)", "makes of it"),
        # the event of *be able to* is the infinitive's: the copula's subject is no ARG1 to cut
        (
            "You may be able to claim a refund on tools that your employer does not pay for.",
            "shorten(ARG1)",
            "event is 'claim'",
        ),
        # the object of *tell* before an *about*-phrase is the one told, not what is told
        ("We told the council about the noise.", "shorten(ARG1)", "one told"),
        # with something to cut, a question or a negation still refuses it (no entailment)
        ("Did you buy the big red apples?", "shorten(ARG1)", "a question"),
        # a noun said of something keeps its of-phrase: *ignored the role* says of nothing
        (
            "The report largely overlooks the role of local charities in the recovery.",
            "shorten(ARG1)",
            "said of something",
        ),
        ("The new owners changed the name of the old pub.", "shorten(ARG1)", "said of"),
        # an adjective the parse hangs on a compound: the whole's or the compound's
        ("Fill the clean glass jars with hot jam.", "shorten(ARG1)", "on the compound 'glass'"),
    ],
)
def test_what_tax_craft_climbing_and_rail_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a state that holds around the event, a contrast after a comma: the perfect is made
        (
            "Somebody took my coat while I was in the kitchen.",
            "perf(+)",
            "Somebody had taken my coat while I was in the kitchen.",
        ),
        # an argument with nothing to cut is "unchanged" in a question or a negation too
        (
            "Did you reach the summit before noon?",
            "shorten(ARG1)",
            "Did you reach the summit before noon?",
        ),
        (
            "The children did not eat the apples.",
            "shorten(ARG1)",
            "The children did not eat the apples.",
        ),
        # an imperative is active already
        (
            "Press the narrow seams open with a hot iron.",
            "active",
            "Press the narrow seams open with a hot iron.",
        ),
        # a phrase the parse hangs on the verb stays, the object's own modifiers go
        (
            "The council repaired the old bridge over the river.",
            "shorten(ARG1)",
            "The council repaired the bridge.",
        ),
        (
            "Staff removed the broken old chairs from the hall.",
            "shorten(ARG1)",
            "Staff removed the chairs from the hall.",
        ),
    ],
)
def test_what_tax_craft_climbing_and_rail_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what hotel reviews, picture books, grant proposals and field notes showed -----------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a modal the parse hangs inside the subject of a question: no clause to trust
        ("Could the rusty staining near the old gate explain the noise?", "negate", "'Could'"),
        ("Could the rusty staining near the old gate explain the noise?", "swap", "'Could'"),
        # a passive graded by *well*, *half*: a state, no progressive
        ("The old mill was half demolished by the storm.", "prog(+)", "describes a state"),
        ("The east wing is well lit in the mornings.", "prog(+)", "describes a state"),
        # *would* of a condition: no past of *will*; with a condition of its own verb, no future
        ("If successful, the scheme would cut waiting times.", "tense(past)", "condition"),
        ("If the pump failed, the tank would overflow.", "tense(fut)", "condition"),
        ("Unless it rained, the fair would go ahead.", "perf(+)", "condition"),
        # a verbless opening describes the subject: no cleft, passive or swap under it
        ("If successful, the scheme would cut waiting times.", "cleft(SUBJ)", "If successful"),
        ("Once dried, the potter fires the bowls.", "passive", "Once dried"),
        ("When finished, the students hand in their papers.", "cleft(SUBJ)", "When finished"),
        ("Tired and hungry, the walkers reached the hut.", "cleft(SUBJ)", "Tired and hungry"),
        # a subject of *few* or *little* is nearly negative already
        ("Little is known about how the eels find the sea.", "negate", "nearly negative"),
        ("Few visitors notice the carved owl above the door.", "question", "nearly negative"),
        # a bare quantity word is no focus
        ("Much has changed in the village since the war.", "cleft(SUBJ)", "quantifier"),
        # a request with *please* is no request once clefted
        ("Could the council please repair the swings?", "cleft(SUBJ)", "request"),
        # an emphatic *indeed* cannot stand under the negation
        ("The porridge was very hot indeed.", "negate", "'indeed'"),
        # a comment clause with a plural time noun is still a comment on the clause
        (
            "Dinner was served at eight, which suited the children after their long days out.",
            "question",
            "comments on the main clause",
        ),
        # *would* is no past of *will* in a main clause: its past is not "unchanged"
        ("The new bridge would halve the journey.", "tense(past)", "no past of 'will'"),
        ("We rented a cabin and would gladly return.", "tense(past)", "'would'"),
        # nor is *will* its future: a wish or a condition's outcome would become a plan
        ("We rented a cabin and would gladly return.", "tense(fut)", "a plan or a forecast"),
        ("The new bridge would halve the journey.", "tense(fut)", "a forecast"),
        # a phrase after the last noun of a list in the object: the list's or the verb's
        ("We measured strike and dip at twelve stations.", "passive", "the list before it"),
        # a noun the parse joins to the verb, not to the object: the object cannot move alone
        ("The students tested pH and salinity at each station.", "passive", "joins the noun"),
        # a routine framed by an opening *Every morning,*: no progressive
        ("Every morning, the baker lights the ovens at four.", "prog(+)", "Every morning"),
        ("Each evening, the keeper feeds the otters.", "prog(+)", "Each evening"),
    ],
)
def test_what_hotel_picture_book_grant_and_field_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a degree adverb without *-ly* stays before the participle
        (
            "The trail is well marked in the lower valley.",
            "tense(fut)",
            "The trail will be well marked in the lower valley.",
        ),
        (
            "The old mill was half demolished by the storm.",
            "perf(+)",
            "The old mill had been half demolished by the storm.",
        ),
        # a first word the parse puts inside a name keeps its capital
        (
            "Little Mole could not see the stars.",
            "question",
            "Could Little Mole not see the stars?",
        ),
        (
            "Little Bear could not reach the honey.",
            "swap",
            "The honey could not reach Little Bear.",
        ),
        # a condition with no verb of its own keeps a future
        (
            "If successful, the scheme would cut waiting times.",
            "tense(fut)",
            "If successful, the scheme will cut waiting times.",
        ),
        # an opening whose words say nothing of the subject stays before a cleft
        (
            "If necessary, the team will work late.",
            "cleft(SUBJ)",
            "If necessary, it is the team that will work late.",
        ),
        # *little* of size is no quantity
        (
            "Little children love the park.",
            "negate",
            "Little children do not love the park.",
        ),
        # *measure* or *weigh* done by someone to a thing is an act, with a progressive
        (
            "The nurse weighed the newborn twins.",
            "prog(+)",
            "The nurse was weighing the newborn twins.",
        ),
        (
            "The nurse weighed the newborn twins.",
            "passive",
            "The newborn twins were weighed by the nurse.",
        ),
        # a word with a capital inside keeps its small first letter at the start (*pH*)
        (
            "The students tested pH at each station.",
            "passive",
            "pH was tested by the students at each station.",
        ),
        # *every morning* at the end still takes a progressive
        (
            "The baker lights the ovens at four every morning.",
            "prog(+)",
            "The baker is lighting the ovens at four every morning.",
        ),
    ],
)
def test_what_hotel_picture_book_grant_and_field_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what planning reports, help-desk replies, quest guides and ecology surveys showed ---------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a passive of a frame of mind has no progressive
        ("The committee was not persuaded that the road was safe.", "prog(+)", "frame of mind"),
        ("Residents are convinced that the bypass will help.", "prog(+)", "frame of mind"),
        # a phrase inside the object on a word the parse reads as a gerund may be the verb's
        (
            "Volunteers counted nine pairs of lapwing across the marsh in May 2023.",
            "cleft(ARG1)",
            "across the marsh",
        ),
        # a time phrase inside the object may date the verb's event: shorten keeps it
        (
            "The team recorded forty pairs of lapwing across the wet meadows in April 2022.",
            "shorten(ARG1)",
            "in April 2022",
        ),
        # a common noun the tagger calls a one-word name before a common noun: either case
        # could be wrong once it leaves the start
        ("Bat activity was recorded near the old barn.", "question", "may be a name"),
    ],
)
def test_what_planning_helpdesk_quest_and_survey_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # a common noun the tagger took for a name before another noun is lower-cased
        (
            "Moth numbers fell sharply in 2020.",
            "question",
            "Did moth numbers fall sharply in 2020?",
        ),
        (
            "Otter sightings have risen along the river.",
            "question",
            "Have otter sightings risen along the river?",
        ),
        # a quantity noun keeps its of-phrase in the plural too, and after a misread gerund
        (
            "She bought two pairs of red shoes.",
            "shorten(ARG1)",
            "She bought two pairs of shoes.",
        ),
        (
            "Volunteers counted nine pairs of lapwing across the marsh in May 2023.",
            "shorten(ARG1)",
            "Volunteers counted nine pairs of lapwing in May 2023.",
        ),
        # a time noun in a name is no time phrase: shorten cuts it
        (
            "The council approved the revised plan for the Harbour Quarter on 2 May 2022.",
            "shorten(ARG1)",
            "The council approved the plan on 2 May 2022.",
        ),
        # a first word tagged a common plural stays a common noun whatever the entity tagger says
        (
            "Sutures will be removed at the next visit.",
            "question",
            "Will sutures be removed at the next visit?",
        ),
        # a date in a participle set off by commas is the noun's, not the clause's
        (
            "We propose a four-year study, beginning in October 2025, that combines interviews "
            "with site visits.",
            "tense(fut)",
            "We will propose a four-year study, beginning in October 2025, that combines "
            "interviews with site visits.",
        ),
        # the perfect of a frame of mind is English
        (
            "The board is convinced that the plan will work.",
            "perf(+)",
            "The board has been convinced that the plan will work.",
        ),
    ],
)
def test_what_planning_helpdesk_quest_and_survey_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what podcast notes, beekeeping guides, site safety talks and family histories showed -----
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a copula whose complement the parse folds into its subject: where the subject ends is
        # not settled, so nothing can be written after it
        ("Was Thomas the eldest son of the miller or a nephew?", "perf(+)", "nothing after"),
        ("Is the new site manager a qualified engineer?", "modal(might)", "nothing after"),
        # a polar question whose operator the parse gives no subject
        ("Are the new hives in the orchard?", "perf(+)", "no subject"),
        ("Are the new hives in the orchard?", "tense(past)", "no subject"),
        # a word that places the event after another takes no present perfect
        ("Later in the episode, Dana answers questions from listeners.", "perf(+)", "Later"),
        ("Afterwards, the foreman checks every harness.", "perf(+)", "Afterwards"),
        ("Then the beekeeper lifts the frame out of the hive.", "perf(+)", "Then"),
        ("Soon the colony builds new comb.", "perf(+)", "Soon"),
        # a noun of a record or a picture of something keeps its of-phrase
        ("My aunt found a photograph of the family farm in an old trunk.", "shorten(ARG1)", "of"),
        ("The archivist sent us a scan of the 1851 census page.", "shorten(ARG1)", "of"),
        ("Volunteers drew a map of the apiary for new members.", "shorten(ARG1)", "of"),
    ],
)
def test_what_podcast_beekeeping_site_and_family_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # an edit of the operator alone keeps the folded subject where it is
        (
            "Was Thomas the eldest son of the miller or a nephew?",
            "tense(past)+negate+question",
            "Wasn't Thomas the eldest son of the miller or a nephew?",
        ),
        # a copula with its complement after the subject is edited as before
        ("Are the twins in the garden?", "perf(+)", "Have the twins been in the garden?"),
        ("Are the new hives in the orchard?", "active", "Are the new hives in the orchard?"),
        # *later* inside an object, and *next* that does not open the clause, date nothing
        (
            "The foreman explains the next step of the lift plan.",
            "perf(+)",
            "The foreman has explained the next step of the lift plan.",
        ),
        # *afterwards* that does not open the clause places nothing after another event
        (
            "The foreman checks every harness afterwards.",
            "perf(+)",
            "The foreman has checked every harness afterwards.",
        ),
        # a noun of quantity still keeps only the head of its of-phrase
        (
            "We bought a large bag of sugar from the mill.",
            "shorten(ARG1)",
            "We bought a bag of sugar from the mill.",
        ),
    ],
)
def test_what_podcast_beekeeping_site_and_family_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected


# -- what audio guides, recipe headnotes, fundraising letters and pilot notes showed ----------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # a year in the of-phrase of a time noun dates the clause
        ("Monet painted the bridge during the cold spring of 1899.", "tense(fut)", "1899"),
        ("The mill burned down in the dry summer of 1921.", "tense(fut)", "1921"),
        # a year the parse hangs on a noun of the clause still dates its event
        ("The sword was found by a farmer in 1952.", "tense(fut)", "1952"),
        ("The club will open a new pavilion for members in 2031.", "tense(past)", "2031"),
        # a coordinated clause with a present modal is not already past
        ("We moved house in June, and I still cannot find the kettle.", "tense(past)", "cannot"),
        (
            "The hall was flooded in May, and the piano can no longer be played.",
            "tense(past)",
            "can",
        ),
        # a clause of *whether ... or not* left in the past under the future
        ("We baked bread every Friday, whether anyone ate it or not.", "tense(fut)", "whether"),
        # a wh-question whose verb the parse reads as a noun: the reason says so, not that the
        # wh-word is in the subject
        (
            "Why would a queen commission a portrait that flattered her rivals?",
            "negate",
            "reads 'commission' as a noun",
        ),
        # a questioned object opens the question: a swap would build the question around it
        ("What would the pilot do after an engine failure?", "swap", "questioned phrase"),
        ("Which frequency does the tower use at night?", "swap", "questioned phrase"),
    ],
)
def test_what_audio_guide_headnote_fundraising_and_pilot_text_showed_is_refused(
    realize, source, expr, why
):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # the of-phrase of a noun that is no time names a thing, not a time
        (
            "The council repealed the Act of 1994.",
            "tense(fut)",
            "The council will repeal the Act of 1994.",
        ),
        # a coordinated clause whose modal is already past
        (
            "The storm closed the road, and the bus had to turn back.",
            "tense(past)",
            "The storm closed the road, and the bus had to turn back.",
        ),
        # a clause of *whether ... or not* follows a main clause put into the past
        (
            "The club meets every Tuesday, whether it rains or not.",
            "tense(past)",
            "The club met every Tuesday, whether it rained or not.",
        ),
        # a relative pronoun inside the object is no questioned phrase
        (
            "The instructor who joined last week trained Ms. Okafor.",
            "swap",
            "Ms. Okafor trained the instructor who joined last week.",
        ),
        # a swap of a question whose wh-word is no argument
        (
            "Why did the pilot reject the takeoff?",
            "swap",
            "Why did the takeoff reject the pilot?",
        ),
    ],
)
def test_what_audio_guide_headnote_fundraising_and_pilot_text_leaves_alone(
    realize, source, expr, expected
):
    assert ok_text(realize(source, expr)) == expected


# -- what rental terms, language lessons, dig reports and camp letters showed ------------------
@pytest.mark.parametrize(
    "source,expr,why",
    [
        # the question's operator belongs to a verb the parse does not make the main one
        (
            "Can you send me more socks and some of those lemon cookies Nana makes?",
            "modal(might)",
            "belongs to 'send'",
        ),
        (
            "Can you send me more socks and some of those lemon cookies Nana makes?",
            "declarative",
            "belongs to 'send'",
        ),
        # a first word tagged a common noun that the entity tagger calls an organisation
        ("Charcoal samples from the trench were sent to the lab.", "cleft(ARG1)", "Charcoal"),
        # events over as they happen take no progressive
        ("The judges chose our cabin for the final round.", "prog(+)", "choose"),
        ("We have not yet determined the age of the wall.", "prog(+)", "determine"),
        # *be going to* is a future, not a progressive of *go*
        ("The campers are going to build a raft tomorrow.", "prog(+)", "going to"),
        # a wh-question's cleft would open with the questioned phrase
        ("What did the team find under the hearth?", "cleft(ARG1)", "wh-question"),
    ],
)
def test_what_rental_lesson_dig_and_camp_text_showed_is_refused(realize, source, expr, why):
    declined(realize(source, expr), why)


@pytest.mark.parametrize(
    "source,expr,expected",
    [
        # *going to* a place is a progressive of *go*
        (
            "The campers are going to the lake.",
            "prog(+)",
            "The campers are going to the lake.",
        ),
        # already active, whichever verb the parse makes the main one
        (
            "Can you send me more socks and some of those lemon cookies Nana makes?",
            "active",
            "Can you send me more socks and some of those lemon cookies Nana makes?",
        ),
        # an operator that belongs to the main verb
        ("Can you send me more socks?", "declarative", "You can send me more socks."),
        # a first word tagged a name before a common noun keeps its capital (probe AB's rule)
        (
            "Moth numbers fell sharply in 2020.",
            "question",
            "Did moth numbers fall sharply in 2020?",
        ),
    ],
)
def test_what_rental_lesson_dig_and_camp_text_leaves_alone(realize, source, expr, expected):
    assert ok_text(realize(source, expr)) == expected
