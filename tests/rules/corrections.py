"""A correction as the app makes one, for the rules' properties ("corrections equal a
fresh replay"): the games' and Skat's property tests share it."""

from matches.rules import play_hand, replay


def correct(ruleset, players, hands, first_dealer, index, new):
    """Correct hand ``index`` as the app does: replay the hands before it, play the
    corrected one, then play the later hands' stored inputs on top."""
    before = replay(ruleset, players, hands[:index], first_dealer)
    stored = [h.input for h in replay(ruleset, players, hands, first_dealer).hands]
    state = play_hand(ruleset, before, new)
    for number, later in enumerate(stored[index + 1 :], start=index + 2):
        state = play_hand(ruleset, state, later, where=f"hands.{number}.")
    return state
