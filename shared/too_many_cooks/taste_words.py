"""The 60 taste cards in words, one whole sentence a card (the catalogue in ``tastes`` makes the
English ones from each taste's grammar; these are the same sentences, marked for the catalog so a
translator words each card whole). ``taste_words`` gives a card's sentence in the reader's language."""

from __future__ import annotations

from soupkitchen.shared.words import N_, _

TASTE_WORDS = {
    "E01": N_("No blue card in a corner"),
    "E02": N_("A red card in the top row"),
    "E03": N_("At least 2 green cards in the third column"),
    "E04": N_("No mushroom in a corner"),
    "E05": N_("A carrot in a corner"),
    "E06": N_("No blue card in the top row"),
    "E07": N_("At least 3 red cards in the soup"),
    "E08": N_("No potato in the left column"),
    "E09": N_("An aubergine in the right column"),
    "E10": N_("At least 2 yellow cards in the right column"),
    "E11": N_("No onion in the bottom row"),
    "E12": N_("A pepper in the second row"),
    "E13": N_("No green card in the left column"),
    "E14": N_("At least 2 blue cards in the second row"),
    "E15": N_("A yellow card in a corner"),
    "E16": N_("No pea in the second column"),
    "E17": N_("A mushroom in the third row"),
    "E18": N_("At least 4 green cards in the soup"),
    "E19": N_("No red card in the third column"),
    "E20": N_("A potato in the bottom row"),
    "H01": N_("Every red card is next to another red card"),
    "H02": N_("Two identical carrots next to each other"),
    "H03": N_("Exactly 1 blue card in every row"),
    "H04": N_("Exactly 1 green card in every column"),
    "H05": N_("Every pepper is next to a tomato"),
    "H06": N_("No yellow card next to a red card"),
    "H07": N_("At least 3 yellow cards in the corners"),
    "H08": N_("Exactly 2 mushrooms in the second row"),
    "H09": N_("Every onion is next to a blue card"),
    "H10": N_("No mushroom next to another mushroom"),
    "H11": N_("Two identical blue cards next to each other"),
    "H12": N_("Only carrots in the top row"),
    "H13": N_("Every aubergine is next to a yellow card"),
    "H14": N_("Exactly 2 red cards in the third row"),
    "H15": N_("Every potato is next to a pea"),
    "H16": N_("No onion next to a carrot"),
    "H17": N_("A tomato in every column"),
    "H18": N_("No green card next to another green card"),
    "H19": N_("Every tomato is next to a red card"),
    "H20": N_("Exactly 4 red cards in the soup"),
    "M01": N_("Two identical cards next to each other"),
    "M02": N_("Exactly 2 red cards in the top row"),
    "M03": N_("A blue card in every row"),
    "M04": N_("A carrot next to a potato"),
    "M05": N_("No pepper next to a tomato"),
    "M06": N_("Exactly 1 potato in the bottom row"),
    "M07": N_("No two identical yellow cards"),
    "M08": N_("Exactly 2 red cards in the corners"),
    "M09": N_("A mushroom next to a green card"),
    "M10": N_("A red card in every column"),
    "M11": N_("Exactly 4 yellow cards in the soup"),
    "M12": N_("An aubergine next to a pepper"),
    "M13": N_("No potato next to a red card"),
    "M14": N_("Exactly 2 onions in the third column"),
    "M15": N_("Two identical green cards"),
    "M16": N_("Exactly 2 peas in the right column"),
    "M17": N_("A yellow card next to a blue card"),
    "M18": N_("Exactly 2 green cards in the second column"),
    "M19": N_("Exactly 1 green card in the right column"),
    "M20": N_("Two identical blue cards"),
}


def taste_words(taste_id: str, english: str = "") -> str:
    """A taste card's sentence in the reader's words (``english``, or the id, for a card not listed)."""
    return _(TASTE_WORDS[taste_id]) if taste_id in TASTE_WORDS else english or taste_id
