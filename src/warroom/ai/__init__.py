"""Game-agnostic bots: they use only the core protocol.

``make_bot(spec, seed)`` builds one from a *bot spec*: a name from :data:`BOTS`
(``random``, ``greedy``, ``ismcts``...), optionally followed by ``:`` and parameters,
``ismcts:seconds=0.5,c=0.7``. A bot is any object with ``choose(state) -> Action``; bots
draw their own randomness from a seeded :class:`warroom.core.Rng`, never from the game
state (whose RNG decides the dice). A bot class lists the parameters a spec may set in
``params`` (name -> int, float, str or bool); a factory without ``params`` takes none.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Protocol

from warroom.ai.aggressive import AggressiveBot, script_for
from warroom.ai.bots import GreedyBot, RandomBot, decision_seed, reseed
from warroom.ai.ismcts import ISMCTSBot
from warroom.ai.models import bundled_models, model_card, model_path
from warroom.ai.rollout import RolloutBot
from warroom.core.actions import Action
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import Game
from warroom.core.rng import Rng
from warroom.core.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State[Any]) -> Action: ...


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
    "aggressive": AggressiveBot,
    "rollout": RolloutBot,
}


BOT_NOTES: dict[str, str] = {
    "random": "any legal move, at random: the weakest",
    "greedy": "the move the hand evaluation likes best, one step ahead",
    "ismcts": "a search of 1,000 playouts a move (about 0.15 s): strong",
    "aggressive": "a script that attacks when the odds favour it (sfe, eit2; elsewhere as "
                  "greedy)",
    "rollout": "the script's plans played out to the end (sfe, eit2; elsewhere as greedy)",
    "ismcts:plans=script": "a search over the script's plans, each played to the end",
    "net": "the search guided by a trained network",
}
"""What each bot a seat can be given is, in a few words, for a menu of them (the web
lobby): the name alone says nothing to a new player (a usability audit)."""

PRESETS: dict[str, tuple[str, ...]] = {"sfe": ("ismcts:plans=script",)}
"""Specs with parameters offered by name where a game is better served by them than by a
bare bot: in sfe the search over plans, the strongest bot of a tournament (README, "The
strongest bot, designated by a tournament")."""

STRONGEST: dict[str, str] = {"sfe": "ismcts:plans=script", "eaw1940": "net:eaw1940"}
"""The strongest bot measured in a game, where one was (README): sfe's by a tournament,
eaw1940's network by its Axis VP over the plain search at equal time."""


def bot_note(spec: str, game_id: str | None = None) -> str:
    """A bot spec in a few words (:data:`BOT_NOTES`), "; the strongest measured" added where
    it is ``game_id``'s (:data:`STRONGEST`)."""
    note = BOT_NOTES.get(spec) or BOT_NOTES.get(spec.partition(":")[0], "")
    if game_id is not None and STRONGEST.get(game_id) == spec:
        note += "; the strongest measured"
    return note


def bot_params(name: str) -> dict[str, type]:
    """The parameters a spec of bot ``name`` may set, with their types."""
    params: dict[str, type] = getattr(BOTS[name], "params", {})
    return params


TYPE_WORDS = {int: "a whole number", float: "a number", bool: "yes or no (1/0, true/false)",
              str: "a word"}
"""A parameter's type in words, for messages."""


def _convert(bot: str, key: str, text: str, kind: type) -> Any:
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        return kind(text)
    except ValueError:
        raise UnknownGameError(f"bot {bot}: parameter {key} needs {TYPE_WORDS[kind]}, not "
                               f"{text[:40]!r}") from None


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:seconds=0.5,c=0.7"`` -> ``("ismcts", {"seconds": 0.5, "c": 0.7})``, checked
    against :data:`BOTS` and each bot's ``params``; a clear error names what is allowed."""
    if not isinstance(spec, str):
        raise UnknownGameError(f"a bot spec is a string such as 'ismcts:seconds=1', not "
                               f"{type(spec).__name__}")
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        raise UnknownGameError(f"unknown bot {name[:40]!r}; bots: {', '.join(BOTS)} "
                               "(with parameters: NAME:key=value,key=value), or net:MODEL "
                               "(a trained model: a shipped name such as net:eaw1940, or a "
                               ".pt file)")
    allowed = bot_params(name)
    kwargs: dict[str, Any] = {}
    for part in (p.strip() for p in rest.split(",")) if rest.strip() else ():
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq and key in allowed:
            raise UnknownGameError(f"bot {name}: parameter {key} needs a value: "
                                   f"{key}=VALUE ({allowed[key].__name__})")
        if not part:
            raise UnknownGameError(f"bot {name}: an empty parameter in {spec.strip()[:60]!r};"
                                   f" write {name}:key=value,key=value")
        if not eq or key not in allowed:
            what = (f"parameters: {', '.join(f'{k} ({t.__name__})' for k, t in allowed.items())}"
                    if allowed else "no parameters")
            raise UnknownGameError(f"bot {name} has no parameter {(key if eq else part)[:40]!r}"
                                   f"; {name} takes "
                                   f"{what}, written {name}:key=value,key=value")
        if key in kwargs:
            raise UnknownGameError(f"bot {name}: parameter {key} given twice")
        kwargs[key] = _convert(name, key, value.strip(), allowed[key])
    return name, kwargs


def _net_spec(spec: str) -> str:
    """``net:PATH[,key=value...]`` is ``ismcts:algo=puct,model=PATH[,key=value...]``."""
    rest = spec.strip()[len("net:"):]
    path, _, params = rest.partition(",")
    if not path.strip():
        raise UnknownGameError("bot net needs a model file: net:PATH (train one with "
                               "`warroom train`)")
    return "ismcts:algo=puct,model=" + path.strip() + ("," + params if params else "")


SCRIPTED = ("aggressive", "rollout")
"""Bots that play a game's script, and play as ``greedy`` in a game without one."""


def fallback_note(spec: str, game_id: str) -> str:
    """What bot ``spec`` plays as in ``game_id`` when that is not what it names (a scripted
    bot in a game without a script plays as ``greedy``), or "": said before a batch runs
    (the bots' own ``note`` reached only the web lobby: an audit)."""
    name = spec.strip().partition(":")[0]
    if name in SCRIPTED and script_for(game_id, Rng(0)) is None:
        return (f"{name} has no script for {game_id!r}: it plays as greedy (one ply on the "
                "game's evaluation)")
    return ""


def bot_identity(spec: str, game_id: str | None = None
                 ) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """What makes two specs the same bot: its name and the parameters it is given other
    than their defaults, in any order and spacing (``net:PATH`` read as the search it
    names, :func:`_net_spec`; ``greedy:samples=6`` is ``greedy``: an audit). With
    ``game_id``, a scripted bot in a game without a script is ``greedy``
    (:func:`fallback_note`)."""
    if spec.strip().startswith("net:"):
        spec = _net_spec(spec)
    name, params = parse_bot_spec(spec)
    if game_id is not None and fallback_note(spec, game_id):
        return "greedy", ()
    effective = getattr(BOTS[name], "effective_params", None)
    if effective is not None:
        params = effective(params)
    try:
        defaults = {k: p.default for k, p in inspect.signature(BOTS[name]).parameters.items()
                    if p.default is not inspect.Parameter.empty}
    except (TypeError, ValueError):     # a factory without a signature: as given
        defaults = {}
    given = {k: v for k, v in params.items() if k not in defaults or defaults[k] != v}
    return name, tuple(sorted(given.items()))


def make_bot(spec: str, seed: int = 0, game: Game | None = None) -> Bot:
    """A bot from a spec (``"greedy"``, ``"ismcts:iterations=400"``) with ``seed``; with
    ``game``, a model the spec names must have been trained for that game and content
    (:class:`ContentError` otherwise), so callers can refuse it before any game is played.

    ``ismcts:model=PATH`` (or ``net:PATH``; ``net:GAME`` names a model shipped in
    ``warroom/ai/models``) guides the search with a trained network
    (PUCT with its policy prior and its value at the leaves, issue 16); PyTorch is then
    needed (``pip install -e '.[learn]'``) and is loaded only for such a bot. A shipped
    model plays with the settings its card (``models/NAME.json``) lists under ``play``
    (``net:eit2-1920``: ``prior_depth=1``, as it was measured) unless the spec sets them.
    """
    if isinstance(spec, str) and spec.strip().startswith("net:"):
        spec = _net_spec(spec)
    name, kwargs = parse_bot_spec(spec)
    model = kwargs.pop("model", None)
    if model is None and "mix" in kwargs:
        raise UnknownGameError(f"bot {spec[:80]!r}: mix blends a network's value with the "
                               "hand evaluation, so it needs model=PATH (or net:PATH)")
    if model is not None:
        try:
            from warroom.ai.net import guided_params, load_model  # optional: needs torch
        except ImportError:
            raise UnknownGameError(f"bot {spec[:80]!r} needs PyTorch: pip install -e "
                                   "'.[learn]'") from None
        if model in bundled_models():
            # a shipped model plays with the search settings its card measured it with
            # (``"play"``, e.g. prior_depth); the spec's own parameters win
            allowed = bot_params(name)
            for key, value in model_card(model).get("play", {}).items():
                if key not in allowed or key in ("model", "mix"):
                    raise UnknownGameError(f"the card of shipped model {model} names "
                                           f"{key!r}, not a parameter of {name}")
                if key not in kwargs:
                    kwargs[key] = _convert(name, key, str(value), allowed[key])
        net = load_model(model_path(model), game, by_name=True)
        try:
            guided = guided_params(net, kwargs.pop("mix", None), kwargs.get("scale", 10.0))
        except ValueError as exc:
            raise UnknownGameError(f"bot {spec[:80]!r}: {exc}") from None
        kwargs = {**guided, **kwargs}       # an algo the spec names wins
    try:
        return BOTS[name](seed, **kwargs)
    except (TypeError, ValueError) as exc:
        raise UnknownGameError(f"bot {spec[:80]!r}: {exc}") from None


def split_bot_specs(text: str) -> list[str]:
    """A comma-separated list of bot specs, whose parameters are comma-separated too:
    ``"ismcts:seconds=1,c=0.5,greedy"`` -> ``["ismcts:seconds=1,c=0.5", "greedy"]`` (a
    part with ``=`` and no ``:`` belongs to the spec before it)."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


__all__ = ["BOTS", "BOT_NOTES", "PRESETS", "STRONGEST", "Bot", "GreedyBot", "ISMCTSBot",
           "RandomBot", "RolloutBot", "bot_note", "bot_params", "decision_seed", "make_bot",
           "parse_bot_spec", "reseed", "split_bot_specs"]
