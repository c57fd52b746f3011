"""Invite codes: every table's short code that a person can read out, "PEAS-4821-7730": one of 256
kitchen words and eight digits in two groups of four.

There are 256 x 10^8 = 2.56 x 10^10 codes (about 34.6 bits). The server lets one address give 5
wrong codes at once and one more a minute after that (``ServerConfig.code_free_tries`` and
``code_try_interval``), so at its largest (2,000 open tables) one guess in 12.8 million finds a
table: about 24 years of guessing for one address (docs/protocol.md, Invite codes).

The words are plain to say and to spell, none a homophone of another English word a listener
might write instead (no THYME, LEEK or PEAR), at most seven letters.
"""

from __future__ import annotations

import re
import secrets

WORDS = tuple(
    """
    ACORN ALMOND ANISE APPLE APRICOT APRON AVOCADO BAGEL BAKER BANANA BARLEY BASIL BEAN BISCUIT
    BISQUE BOIL BOWL BRAN BRINE BROTH BRUNCH BULGUR BUN BURRITO BUTTER CABBAGE CAPER CARAMEL
    CARAWAY CARROT CASHEW CASSAVA CELERY CHEDDAR CHEESE CHEF CHERRY CHICORY CHIVE CHOP CHOWDER
    CHUTNEY CIDER CLOVE COCOA COCONUT COFFEE COOK COOKIE CORN CRACKER CREAM CREPE CRESS CROCK
    CRUMB CRUMBLE CUMIN CUP CURD CURRY CUSTARD DASH DATE DICE DILL DINER DINNER EGG ENDIVE FARRO
    FEAST FENNEL FETA FIG FLAN FONDUE FORK FRITTER FRY FUDGE GARLIC GARNISH GELATO GINGER GLAZE
    GOUDA GOULASH GRAPE GRAVY GRILL GUAVA GUMBO HAZEL HERB HONEY JAM JAR JELLY JUG JUICE KALE
    KELP KETCHUP KETTLE KIWI KNIFE LADLE LASAGNA LEAF LEMON LENTIL LETTUCE LID LIME LOAF LUNCH
    MACE MAIZE MANGO MARROW MELON MENU MILLET MINT MISO MIXER MOREL MORTAR MUFFIN MUG MUSTARD
    NACHO NETTLE NOODLE NORI NUTMEG OATS OKRA OLIVE ONION ORANGE OREGANO OVEN PAN PANCAKE PAPAYA
    PAPRIKA PARSLEY PARSNIP PASTA PASTRY PEACH PEANUT PEAS PECAN PEELER PEPPER PESTLE PESTO
    PICKLE PICNIC PINCH PIZZA PLATE POACH POLENTA POPCORN POPPY POT POTATO PRETZEL PRUNE PUDDING
    PUMPKIN QUICHE QUINCE QUINOA RADISH RAISIN RAMEN RAVIOLI RECIPE RELISH RHUBARB RICE RICOTTA
    RISOTTO ROAST ROCKET SAFFRON SAGE SALSA SALT SATSUMA SAUCE SAUCER SCONE SESAME SHALLOT SIEVE
    SIMMER SKILLET SLICE SNACK SORBET SORREL SOUP SPATULA SPELT SPICE SPINACH SPOON SPRIG SPROUT
    SQUASH STEAM STEW STIR STOCK STOVE STRUDEL SUGAR SUPPER SYRUP TACO TAHINI TARO TART TEAPOT
    TIMER TIN TOAST TOFFEE TOFU TOMATO TONGS TOWEL TRAY TREAT TRIFLE TRUFFLE TUREEN TURNIP UDON
    VANILLA VINEGAR WAFER WAFFLE WALNUT WASABI WHEAT WHISK YAM YOGURT ZEST
""".split()
)
DIGITS = 8  # after the word, written in two groups of four
SPACE = len(WORDS) * 10**DIGITS  # how many codes there are
EXAMPLE = "PEAS-4821-7730"
LINK_SCHEME = "soupkitchen"  # soupkitchen://HOST:PORT/PEAS-4821-7730 (client/net/links.py)
# ASCII letters and digits only: Python's \d takes every script's digits ("٤٨٢١"), which no code has
TYPED = re.compile(r"^\s*([A-Za-z]+)[\s\-_.]*([0-9]{4})[\s\-_.]*([0-9]{4})\s*$")


def new_code() -> str:
    """A fresh random code."""
    number = f"{secrets.randbelow(10**DIGITS):0{DIGITS}d}"
    return f"{secrets.choice(WORDS)}-{number[:4]}-{number[4:]}"


def normalise(text: str) -> str | None:
    """The code a person typed, written as the server keeps it ("peas 4821 7730" and "PEAS48217730"
    are "PEAS-4821-7730"); None if it is not a word of the list and eight digits."""
    match = TYPED.match(text)
    if match is None or match.group(1).upper() not in WORDS:
        return None
    return f"{match.group(1).upper()}-{match.group(2)}-{match.group(3)}"
