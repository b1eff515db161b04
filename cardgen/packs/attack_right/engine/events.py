"""Attack Right's events, as the rules record them (the engine kit's form, no conversion):
``(type, *fields)`` tuples with card ids, zone names and seats, ``None`` for no card or no
winner.  A hidden card's play is a ``play_hidden`` its owner alone sees whole; the Battle Phase
turns face up (``reveal``) the hidden cards still face down (:attr:`~.state.State.face_down`).
:class:`~.definition.AttackRight` makes its :class:`~cardgen.engine.EventSchema` of them."""

from __future__ import annotations

_ZONE_WORDS = "left|middle|right"
#: each event: fields (``name:domain``), its readable text, its role and the field only its
#: ``seat`` sees (None: everyone sees it whole)
KIT_EVENTS: tuple[tuple, ...] = (
    ("round", "round:int season:text", "=== Round {round} ({season}) ===", "period", None),
    ("phase", "phase:play|battle|income|age", "--- {phase} ---", None, None),
    ("deal", "seat:seat cards:card", "{seat} is dealt {cards}", "dealt", "cards"),
    ("pick", "seat:seat card:card", "{seat} keeps {card}", "drawn", "card"),
    ("draft_discard", "seat:seat card:card", "{seat} discards {card} (draft)", None, "card"),
    ("save", "seat:seat card:card", "{seat} saves {card} face down", None, "card"),
    (
        "end_turn",
        "seat:seat discarded:int step:int",
        "{seat} ends the turn at step {step}, discarding {discarded}",
        None,
        None,
    ),
    (
        "play",
        f"seat:seat card:card zone:{_ZONE_WORDS} price:int removes:card step:int",
        "{seat} plays {card} {zone} for {price} coin(s) (step {step})",
        "played",
        None,
    ),
    (
        "play_hidden",
        f"seat:seat card:card zone:{_ZONE_WORDS} price:int removes:card step:int",
        "{seat} plays {card} face down {zone} for {price} coin(s) (step {step})",
        "played",
        "card",
    ),
    (
        "reveal",
        f"seat:seat card:card zone:{_ZONE_WORDS}",
        "{seat}'s face-down card in the {zone} zone is {card}",
        None,
        None,
    ),
    (
        "remove",
        "seat:seat card:card reason:replaced|upkeep coins:int",
        "{seat}'s {card} is removed ({reason})",
        None,
        None,
    ),
    (
        "coins",
        "seat:seat amount:int source:text",
        "{seat}: {amount:+d} coins ({source})",
        None,
        None,
    ),
    (
        "glory",
        "seat:seat amount:int source:text",
        "{seat}: {amount:+d} glory ({source})",
        None,
        None,
    ),
    (
        "store",
        "seat:seat card:card amount:int",
        "{seat} puts {amount} coin(s) on {card}",
        None,
        None,
    ),
    (
        "tokens",
        "seat:seat card:card amount:int",
        "{seat}'s {card} age tokens {amount:+d}",
        None,
        None,
    ),
    (
        "steal",
        "seat:seat from:seat amount:int source:text",
        "{seat} takes {amount} coin(s) from {from} ({source})",
        None,
        None,
    ),
    (
        "hand_discard",
        "seat:seat card:card source:text",
        "{seat} discards {card} from hand ({source})",
        None,
        "card",
    ),
    ("peek", "seat:seat target:seat cards:card", "{seat} looks at {target}'s hand", None, "cards"),
    (
        "battle",
        "attacker:seat defender:seat attack:int defence:int winner:seat",
        "{attacker} attacks {defender}: {attack} vs {defence}, winner {winner}",
        None,
        None,
    ),
    ("upkeep", "seat:seat due:int paid:bool", "{seat} upkeep {due} (paid: {paid})", None, None),
    (
        "die",
        "seat:seat card:card coins:int returns:bool",
        "{seat}'s {card} dies (back to hand: {returns})",
        None,
        None,
    ),
    (
        "game_end",
        "glory:int coins:int winners:seat",
        "=== Game over: glory {glory}, coins {coins}; winner(s) {winners}",
        None,
        None,
    ),
    # a simulation's figures only (metrics.events: the log has none): a seat at a round's end
    # (coins left and tableau cards when it ended the Play Phase), a drafted copy that never
    # had a legal play
    (
        "round_end",
        "seat:seat coins:int glory:int coins_left:int filled:int slots:int",
        "{seat} ends round with {coins} coins, {glory} glory, {filled} of {slots} slots filled",
        "sample",
        None,
    ),
    (
        "never_affordable",
        "seat:seat card:card",
        "{seat}'s {card} never had a legal play",
        "unplayable",
        None,
    ),
    (
        "look",
        "seat:seat target:seat card:card step:int",
        "{seat} uses {card} to look at the card {target} is about to play",
        None,
        None,
    ),
    (
        "intercept",
        "seat:seat target:seat card:card step:int",
        "{seat} discards {card}, which {target} was about to play",
        None,
        "card",
    ),
    (
        "glimpse",
        "seat:seat target:seat card:card step:int",
        "{seat} looks at the card {target} is about to play: {card}",
        None,
        "card",
    ),
    (
        "move",
        f"seat:seat card:card from_zone:{_ZONE_WORDS} zone:{_ZONE_WORDS}",
        "{seat} moves {card} from {from_zone} to {zone}",
        None,
        None,
    ),
)
