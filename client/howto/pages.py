"""How to play each game, in our own words: one page per part of a turn, with pictures of the real
cards (asset ids under assets/), and a page explaining the game's options."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Picture:
    asset: str          # e.g. "too_many_cooks/cards/carrot-red" (assets/<asset>.svg)
    caption: str
    wide: bool = False  # a taste strip rather than a card


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    pictures: tuple[Picture, ...] = field(default_factory=tuple)


TMC = "too_many_cooks"
TOO_MANY_COOKS = (
    Page("The idea", "Two to six chefs share one soup: a 4 by 4 grid of vegetable cards. Together you change it, "
         "one card or one row at a time, until it satisfies every taste before the timer runs out. Some tastes "
         "are shared and face up; each chef also holds secret tastes that only they can read. Survive three "
         "rounds to win.",
         (Picture(f"{TMC}/cards/carrot-red", "a red carrot"), Picture(f"{TMC}/cards/pea-green", "a green pea"),
          Picture(f"{TMC}/cards/onion-blue", "a blue onion"))),
    Page("Your tastes", "On the left are the shared tastes and your own. Each taste is a short sentence with a "
         "picture: which cards, where, and how many. A taste with a smile is satisfied by the soup right now. "
         "Everyone sees a face for each of your secret tastes, never the words: talk about what you need "
         "without reading your card out. Press Ready when you have read them.",
         (Picture(f"{TMC}/tastes/E02", "A red card in the top row", wide=True),
          Picture(f"{TMC}/tastes/E05", "A carrot in a corner", wide=True),
          Picture(f"{TMC}/taste-back-happy", "a happy face"), Picture(f"{TMC}/taste-back-unhappy", "an unhappy face"))),
    Page("Change a card", "On your turn, one move. The first kind: swap one soup card for a spare card with the "
         "same vegetable in another colour, or the same colour on another vegetable, never both. Click the soup "
         "card, then one of the spares offered. Every card exists twice, so a spare can run out.",
         (Picture(f"{TMC}/cards/tomato-red", "in the soup"), Picture(f"{TMC}/cards/tomato-yellow", "same vegetable"),
          Picture(f"{TMC}/cards/pepper-red", "same colour"))),
    Page("Rotate a row", "The second kind of move: slide a whole row or column one place. Click an arrow on the rim "
         "of the pot (or press Q and E on the focused line). The card pushed out at one end comes back in at the "
         "other, so nothing leaves the soup.",
         (Picture(f"{TMC}/arrow", "an arrow on the rim"), Picture(f"{TMC}/pot", "the pot"))),
    Page("Passing", "When your own tastes and every shared taste are satisfied you may pass, and then passing is "
         "all you may do: your turn is skipped until the round ends. The round ends when the timer runs out or "
         "every chef has passed. A chef whose taste is broken again by someone else comes back into play.",
         (Picture(f"{TMC}/timer", "the round timer"),)),
    Page("Stars", "The kitchen starts with 2 stars (an all-day soup with none). At the end of a round every taste "
         "is turned over. All satisfied: the kitchen gains a star (five at most). One unsatisfied: nothing "
         "changes. Two or more: you lose a star, and with none left to lose the game is lost. Five or more "
         "unsatisfied loses at once. Keep five stars to the end and you are ready for the next difficulty.",
         (Picture(f"{TMC}/star", "a star"), Picture(f"{TMC}/star-empty", "a star still to earn"))),
)

PS = "pink_soup"
PINK_SOUP = (
    Page("The idea", "Two to five chefs each hold a secret recipe. Ingredients with your recipe's symbol score in "
         "your own pot and on top of the shared kitchen piles. Your pot lies face down: remembering what is in "
         "it, and in the others' pots, is the game. The most points wins.",
         (Picture(f"{PS}/beetroot", "beetroot"), Picture(f"{PS}/dill", "dill"), Picture(f"{PS}/back", "a pot card"))),
    Page("Option A: draw two", "Draw the top two cards; only you see them. Put one face up in the kitchen, on a new "
         "pile while there are fewer than five, else on top of any pile. Put the other face down into your pot "
         "or into another chef's open pot. A full pot gives up a card picked blindly to make room.",
         (Picture(f"{PS}/potato", "potato"), Picture(f"{PS}/milk", "milk"))),
    Page("A full pot", "A pot holds five cards. To put a card into your own full pot, pick one of its cards without "
         "looking (rely on your memory): it is turned face up and goes into the kitchen, and your card takes its "
         "place. Into another chef's full pot, the card you pick is turned up and removed from the game.",
         (Picture(f"{PS}/back", "picked blindly"), Picture(f"{PS}/sour_cream", "revealed"))),
    Page("Option B: take one", "When the kitchen has five piles you may instead take the top card of any pile into "
         "your own pot. Everyone saw that card, so everyone can remember where it went.",
         (Picture(f"{PS}/eggs", "eggs"), Picture(f"{PS}/onion", "onion"))),
    Page("The mouse", "A mouse may be played instead of placed. It gives one power: search any kitchen pile, "
         "shuffle an open pot, swap two cards between open pots, or look at an open pot. Then it leaves the game.",
         (Picture(f"{PS}/mouse", "the mouse"),)),
    Page("The end", "When the deck runs out, or a chef with a full pot declares the last round, everyone plays one "
         "final turn and closes their pot. Score your symbol's ingredients in your pot and on the kitchen tops, "
         "15 more for five different ones, 6 per dessert, and minus 3 per chili (exactly three chilis: plus 15).",
         (Picture(f"{PS}/dessert", "dessert: +6"), Picture(f"{PS}/chili", "chili: -3"), Picture(f"{PS}/salt", "salt"))),
)

SS = "stone_soup"
STONE_SOUP = (
    Page("The idea", "Two to five players add food to one pot, face down, in the order of the sequence: potato, "
         "tomato, sausage, onion, carrot, cabbage, peas, then potato again. Saying is not proving: you may bluff. "
         "The first to get rid of all their cards wins.",
         (Picture(f"{SS}/potato", "1st: potato"), Picture(f"{SS}/tomato", "2nd: tomato"),
          Picture(f"{SS}/sausage", "3rd: sausage"), Picture(f"{SS}/peas", "7th: peas"))),
    Page("Your turn", "Pick cards from your hand and say how many of the due food you add: \"two tomatoes\". The "
         "cards go face down into the pot. They may be what you said, something else, or a stone: stones are "
         "never food, so a stone is always a bluff.",
         (Picture(f"{SS}/stone", "a stone"), Picture(f"{SS}/back", "face down in the pot"))),
    Page("Stone soup!", "After each play the others have a few seconds to call \"stone soup!\". The cards are turned "
         "over. A stone: the player takes the whole pot. Honest: the caller takes the whole pot. Wrong food or "
         "count: the player takes back twice the cards they added.",
         (Picture(f"{SS}/stone", "caught!"), Picture(f"{SS}/onion", "honest onion"))),
    Page("After a call", "Whatever the call finds, the sequence moves on: the next player owes the next food, even "
         "when a bluff was caught (caught bluffing on tomatoes, the next player adds sausages). The cards taken "
         "go into the hand that takes the penalty.",
         (Picture(f"{SS}/tomato", "caught on tomatoes"), Picture(f"{SS}/sausage", "next: sausages"))),
    Page("A dash of salt", "Instead of adding food you may show a dash of salt. It goes under the pot, nobody can "
         "challenge it, and the next player owes the same food you did.",
         (Picture(f"{SS}/salt", "a dash of salt"),)),
)

PP = "pot_pourri"
POT_POURRI = (
    Page("The idea", "Three to five chefs cook into three shared saucepans. One pan is always under the lid, hidden "
         "from everybody. Whoever fills a pan must serve it with one of their recipes; the others may join in. "
         "Recipes score for how well they match what is really in the pan.",
         (Picture(f"{PP}/fish", "fish"), Picture(f"{PP}/rice", "rice"), Picture(f"{PP}/back", "the draw pile"))),
    Page("Take two", "On your turn do one thing. The first: take two ingredients, one at a time, from the four in the "
         "pantry or the top of the pile. Before that you may once refresh the pantry by discarding a card.",
         (Picture(f"{PP}/tomatoes", "tomatoes"), Picture(f"{PP}/onions", "onions"))),
    Page("Cook", "Or put one or two ingredients from your hand into pans without the lid. Then move the lid onto "
         "another pan, unless a pan is now full (six cards): then it is served at once.",
         (Picture(f"{PP}/potatoes", "potatoes"), Picture(f"{PP}/peppers", "peppers"))),
    Page("Serve", "The cook must redeem a recipe for the full pan; every other chef may redeem one with at least two "
         "matches. Matches move your counter along the gourmet pathway; reaching a star square lets you swap two "
         "menu tiles. Or, on your turn, swap recipes: draw two and keep two of the four.",
         (Picture(f"{PP}/cuisine-french", "French"), Picture(f"{PP}/cuisine-slavic", "Slavic"))),
    Page("Matches and squares", "A recipe served counts the ingredients it shares with the full pan, and your counter "
         "walks that many squares along the gourmet pathway:\n6 matches: 9 squares\n5 matches: 7 squares\n"
         "4 matches: 5 squares\n3 matches: 3 squares\n2 matches: 1 square\nThe cook also walks 1 square for "
         "each full pan. The table is printed on the board, beside the pathway.",
         (Picture(f"{PP}/cuisine-american-tex-mex", "a recipe's cuisine"),)),
    Page("The end", "The game ends when a chef redeems a sixth recipe. Each redeemed recipe then earns the stars of "
         "the menu square its cuisine's tile sits on. Most stars wins.",
         (Picture(f"{PP}/cuisine-mediterranean", "Mediterranean"),
          Picture(f"{PP}/cuisine-middle-eastern", "Middle Eastern"))),
)

PAGES = {"too-many-cooks": TOO_MANY_COOKS, "pink-soup": PINK_SOUP, "stone-soup": STONE_SOUP,
         "pot-pourri": POT_POURRI}

# What each table option does, in a sentence (the option page lists the game's options with these).
OPTION_WORDS = {
    "difficulty": "Easy, moderate or hard tastes and soup bases.",
    "mode": "Standard is three rounds; all-day is nine rounds that get harder; unreasonable is one hard round "
            "with 12 to 15 tastes that must all be satisfied.",
    "tastes": "How many tastes the unreasonable round deals.",
    "round_seconds": "How long each round's timer runs (five minutes is the printed rule).",
    "challenge_seconds": "How long the others have to call \"stone soup!\" after each play.",
    "cooking_pros": "The menu tiles lie face down; reaching a star square lets you peek at two and swap them.",
}


def pages_for(game_id: str, options: list[dict]) -> tuple[Page, ...]:
    """The pages of ``game_id``, ending with its options (from the game's option list)."""
    pages = PAGES.get(game_id, ())
    if options:
        lines = [f"{spec['label']}: {OPTION_WORDS.get(spec['key'], '')}".rstrip(": ") for spec in options]
        pages += (Page("Options", "Chosen when the table is set up.\n" + "\n".join(lines)),)
    else:
        pages += (Page("Options", "This game has no options: it is played as printed."),)
    return pages
