"""The surface backend, phenomenon by phenomenon, on real sentences.

Each table is (source, transformation, expected best realization). Sentences are SNLI-like
captions and newswire-like sentences: irregular verbs, plural subjects, pronouns, existing
auxiliaries, modals and negation.
"""

from __future__ import annotations

import pytest

TENSE = [
    ("A man is riding a bike.", "tense(past)", "A man was riding a bike."),
    (
        "Two women are embracing while holding packages.",
        "tense(past)",
        "Two women were embracing while holding packages.",
    ),
    ("The dog runs through the snow.", "tense(past)", "The dog ran through the snow."),
    ("Children swim in the lake.", "tense(past)", "Children swam in the lake."),
    ("She has eaten the cake.", "tense(past)", "She had eaten the cake."),
    ("I am tired.", "tense(past)", "I was tired."),
    (
        "Stock prices fell sharply in active trading.",
        "tense(pres)",
        "Stock prices fall sharply in active trading.",
    ),
    ("He went home.", "tense(pres)", "He goes home."),
    ("They were singing loudly.", "tense(pres)", "They are singing loudly."),
    ("The board will meet tomorrow.", "tense(pres)", "The board meets tomorrow."),
    ("The dollar rose against the yen.", "tense(fut)", "The dollar will rise against the yen."),
    ("A girl is throwing a ball.", "tense(fut)", "A girl will be throwing a ball."),
    ("The firm has bought two plants.", "tense(fut)", "The firm will have bought two plants."),
    ("She doesn't like him.", "tense(fut)", "She will not like him."),
    ("The price wasn't disclosed.", "tense(pres)", "The price isn't disclosed."),
    ("He could see the bird.", "tense(pres)", "He can see the bird."),
    ("He can swim.", "tense(past)", "He could swim."),
    ("Mr. Green never paid the money.", "tense(fut)", "Mr. Green will never pay the money."),
]

ASPECT = [
    ("A man rides a bike.", "prog(+)", "A man is riding a bike."),
    ("The children played soccer.", "prog(+)", "The children were playing soccer."),
    ("A woman is cutting onions.", "prog(-)", "A woman cuts onions."),
    ("They were running.", "prog(-)", "They ran."),
    ("The team won the game.", "perf(+)", "The team had won the game."),
    ("She writes a letter.", "perf(+)", "She has written a letter."),
    ("We have seen the movie.", "perf(-)", "We see the movie."),
    ("He had broken the window.", "perf(-)", "He broke the window."),
    ("The boys swim.", "perf(+)+prog(+)", "The boys have been swimming."),
    ("A dog is chasing a cat.", "perf(+)", "A dog has been chasing a cat."),
    ("I will finish the report.", "perf(+)", "I will have finished the report."),
    ("The baby sleeps.", "prog(+)", "The baby is sleeping."),
]

PASSIVE = [
    ("A man is riding a bike.", "A bike is being ridden by a man."),
    ("The dogs chased a cat.", "A cat was chased by the dogs."),
    ("She doesn't like him.", "He isn't liked by her."),
    ("I saw them yesterday.", "They were seen by me yesterday."),
    ("The kids will have finished the cake.", "The cake will have been finished by the kids."),
    (
        "In the kitchen, a woman is cutting an onion.",
        "In the kitchen, an onion is being cut by a woman.",
    ),
    ("The company sold the stake.", "The stake was sold by the company."),
    ("Two boys throw a ball.", "A ball is thrown by two boys."),
    ("He wrote the letters.", "The letters were written by him."),
    ("We can fix the car.", "The car can be fixed by us."),
    ("She picked up the book.", "The book was picked up by her."),
    ("The chef has cooked a meal.", "A meal has been cooked by the chef."),
]

ACTIVE = [
    ("A bike is being ridden by a man.", "A man is riding a bike."),
    ("The cake was eaten by the children.", "The children ate the cake."),
    ("The book was given to me by John.", "John gave the book to me."),
    ("He was seen by her.", "She saw him."),
    ("The letters were written by the students.", "The students wrote the letters."),
    ("A ball is thrown by two boys.", "Two boys throw a ball."),
    ("The window has been broken by the storm.", "The storm has broken the window."),
    ("The song will be sung by a choir.", "A choir will sing the song."),
    ("The house was not built by the owners.", "The owners did not build the house."),
    ("The plan was approved by the board.", "The board approved the plan."),
    ("They were chased by a dog.", "A dog chased them."),
    ("The game is being watched by fans.", "Fans are watching the game."),
]

CLEFT = [
    ("A man is riding a bike.", "cleft(ARG0)", "It is a man who is riding a bike."),
    ("A man is riding a bike.", "cleft(ARG1)", "It is a bike that a man is riding."),
    ("The dogs chased a cat.", "cleft(ARG0)", "It was the dogs that chased a cat."),
    ("The dogs chased a cat.", "cleft(PATIENT)", "It was a cat that the dogs chased."),
    ("She doesn't like him.", "cleft(ARG1)", "It is him that she doesn't like."),
    ("He rode the bike.", "cleft(AGENT)", "It was he who rode the bike."),
    (
        "The girls are playing soccer in the park.",
        "cleft(ARG0)",
        "It is the girls who are playing soccer in the park.",
    ),
    (
        "The book was given to me by John.",
        "cleft(ARG2)",
        "It was to me that the book was given by John.",
    ),
    (
        "The cake was eaten by the children.",
        "cleft(ARG0)",
        "It was by the children that the cake was eaten.",
    ),
    ("The man is a doctor.", "cleft(ARG1)", "It is the man who is a doctor."),
    ("The company sold its stake.", "cleft(ARG1)", "It was its stake that the company sold."),
    ("A woman will sing a song.", "cleft(ARG0)", "It is a woman who will sing a song."),
    ("I saw them yesterday.", "i", "It was I who saw them yesterday."),
]

MODAL = [
    ("A man is riding a bike.", "modal(may)", "A man may be riding a bike."),
    (
        "The dogs chased a cat.",
        "modal(may)",
        "The dogs may have chased a cat.",
    ),  # the past reading is kept
    ("The kids will finish the cake.", "modal(might)", "The kids might finish the cake."),
    ("She has left.", "modal(must)", "She must have left."),
    ("He swims.", "modal(can)", "He can swim."),
    ("They are happy.", "modal(could)", "They could be happy."),
    ("The board approves the plan.", "modal(should)", "The board should approve the plan."),
    ("A woman doesn't sing.", "modal(would)", "A woman wouldn't sing."),
    ("The cake was eaten.", "modal(may)", "The cake may have been eaten."),
    ("I go home.", "modal(will)", "I will go home."),
    ("He can swim.", "modal(might)", "He might be able to swim."),
    ("We play chess.", "m", "We may play chess."),
]

NEGATION = [
    ("A man is riding a bike.", "negate", "A man is not riding a bike."),
    ("The dogs chased a cat.", "negate", "The dogs did not chase a cat."),
    ("She likes him.", "negate", "She does not like him."),
    ("Two boys play soccer.", "negate", "Two boys do not play soccer."),
    ("The man is a doctor.", "negate", "The man is not a doctor."),
    ("They have finished.", "negate", "They have not finished."),
    ("He will come.", "negate", "He will not come."),
    ("We can swim.", "negate", "We cannot swim."),
    ("The cake was eaten by the children.", "negate", "The cake was not eaten by the children."),
    ("I am tired.", "negate", "I am not tired."),
    ("She doesn't like him.", "affirm", "She likes him."),
    ("The man isn't sleeping.", "affirm", "The man is sleeping."),
    ("They did not go.", "affirm", "They went."),
    ("He never paid the money.", "affirm", "He paid the money."),
]

QUESTION = [
    ("A man is riding a bike.", "Is a man riding a bike?"),
    ("The dogs chased a cat.", "Did the dogs chase a cat?"),
    ("She likes him.", "Does she like him?"),
    ("Two boys play soccer.", "Do two boys play soccer?"),
    ("The man is a doctor.", "Is the man a doctor?"),
    ("They have finished the work.", "Have they finished the work?"),
    ("He will come tomorrow.", "Will he come tomorrow?"),
    ("We can swim.", "Can we swim?"),
    ("The cake was eaten by the children.", "Was the cake eaten by the children?"),
    ("I am tired.", "Am I tired?"),
    ("She doesn't like him.", "Doesn't she like him?"),
    ("The children went home.", "Did the children go home?"),
]

SWAP = [
    ("The dogs chased a cat.", "A cat chased the dogs."),
    ("She likes him.", "He likes her."),
    ("I saw them.", "They saw me."),
    ("The boy kicks the girls.", "The girls kick the boy."),
    ("A man is hugging a woman.", "A woman is hugging a man."),
    ("The girls were watching the boy.", "The boy was watching the girls."),
    ("The cat was chased by the dogs.", "The dogs were chased by the cat."),
    ("We will meet them.", "They will meet us."),
    ("He has hit me.", "I have hit him."),
    ("The teacher doesn't know the students.", "The students don't know the teacher."),
    ("A woman hugs two children.", "Two children hug a woman."),
    ("They love you.", "You love them."),
]


@pytest.mark.parametrize("source,expr,expected", TENSE)
def test_tense(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize("source,expr,expected", ASPECT)
def test_aspect(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize("source,expected", PASSIVE)
def test_passive(realize, source, expected):
    assert realize(source, "passive").best == expected


@pytest.mark.parametrize("source,expected", ACTIVE)
def test_active(realize, source, expected):
    assert realize(source, "active").best == expected


@pytest.mark.parametrize("source,expr,expected", CLEFT)
def test_cleft(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize("source,expr,expected", MODAL)
def test_modal(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize("source,expr,expected", NEGATION)
def test_negation(realize, source, expr, expected):
    assert realize(source, expr).best == expected


@pytest.mark.parametrize("source,expected", QUESTION)
def test_question(realize, source, expected):
    assert realize(source, "question").best == expected


@pytest.mark.parametrize("source,expected", SWAP)
def test_swap(realize, source, expected):
    assert realize(source, "swap").best == expected
