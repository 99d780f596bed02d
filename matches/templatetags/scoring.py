"""Display helpers for figures the rules derived; nothing here computes a score."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

from ..views.match_routes import routes_of

register = template.Library()


@register.filter
def signed(value):
    """+2, −1 (a real minus sign), 0."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "0"


@register.filter
def updown(value):
    """The CSS class for an up, down or even figure."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return "up" if number > 0 else "down" if number < 0 else "even"


# A seat tile's name keeps its words whole (app.css ".seat .name"): a name whose longest
# word has more letters than FITS_A_TILE gets a smaller type (.w9 to .w24), and a table
# with a word longer than LONG_WORD seats fewer tiles across (.seats.long).
FITS_A_TILE = 8
LONG_WORD = 10
TILE_LETTERS_MAX = 24


def _longest_word(name) -> int:
    return max((len(word) for word in str(name).split()), default=0)


@register.filter
def fit_letters(name):
    """The class that sizes a seat tile's name by its longest word, so that the word
    fits the tile whole instead of breaking between two letters; beyond 24 letters it
    breaks as a last resort."""
    longest = _longest_word(name)
    if longest <= FITS_A_TILE:
        return ""
    return f"w{min(longest, TILE_LETTERS_MAX)}"


@register.filter
def long_names(seats):
    """The class ``long`` when a seat's name has a word too long for a phone's narrow tiles."""
    return "long" if any(_longest_word(seat.name) > LONG_WORD for seat in seats) else ""


@register.filter
def index(sequence, position):
    try:
        return sequence[position]
    except (IndexError, KeyError, TypeError):
        return ""


@register.filter
def field(form, name):
    """The bound field ``name`` of ``form`` (templates cannot index by a variable)."""
    return form[name]


@register.simple_tag(takes_context=True)
def door_url(context, page, *args):
    """The address of one of the match's pages through the door it was opened by (the
    match page, or a table link): ``{% door_url "correct" row.number %}``."""
    return routes_of(context).url(page, *args)


@register.filter
def minus(value):
    """A figure as printed in a list: −1 with a real minus sign, 0 and 2 as they are; a
    figure already formatted ("-11.3", ``floatformat``'s) gets the minus sign too."""
    if isinstance(value, str) and value.startswith("-"):
        return f"−{value[1:]}"
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    return f"−{-number}" if number < 0 else str(number)


@register.simple_tag
def list_figures(match):
    """What the home list shows of ``match`` instead of its seats' totals, when its game
    keeps a tally of its own (a tally per side, "4 : 1"); None otherwise. From what the
    match stores, never a replay: the list has a row per match."""
    from ..games import registry as games

    return games.of(match).list_figures(match)


def _page_game(context):
    """The page's game: ``game`` in the context, or the game of its ``match`` (the pages
    with a hand form); None on a page of no game."""
    from ..games import registry as games

    game = context.get("game")
    if not isinstance(game, games.Game):
        match = context.get("match")
        game = games.GAMES.get(getattr(match, "game", None))
    return game


@register.simple_tag(takes_context=True)
def game_styles(context):
    """The style sheet links of the page's game, after the shared ``css/app.css``."""
    game = _page_game(context)
    if game is None:
        return ""
    return format_html_join(
        "\n  ", '<link rel="stylesheet" href="{}">', ((static(path),) for path in game.styles)
    )


@register.simple_tag(takes_context=True)
def game_scripts(context):
    """The script tags of the page's game, after the shared ``js/table.js``."""
    game = _page_game(context)
    if game is None:
        return ""
    return format_html_join(
        "\n  ", '<script src="{}" defer></script>', ((static(path),) for path in game.scripts)
    )
