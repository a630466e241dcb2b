"""A policy/value network over a game's observation and action catalogue (issue 16).

The network reads what the acting role may see — ``game.observation(state, role)``, the
same fixed-length vector the PettingZoo and OpenSpiel adapters give, which holds no hidden
information — plus a one-hot of that role, and answers two things:

- a **policy**: one logit per action of the game's catalogue; the legal-action mask keeps
  only the legal ones before the softmax (``prior``);
- a **value** per role in (-1, 1), the expected game return of each role (``value``).

Its shape follows the small residual MLPs of OpenSpiel's ``alpha_zero`` ("mlp"/"resnet"
models): a linear stem, ``blocks`` residual blocks of two linear layers, and two heads.
It is sized for these games (a few hundred thousand weights; a saved model is a few MB
at most, stored in float16) so that it runs thousands of times per second on one CPU core
inside the search.

A saved model is one ``torch.save`` file holding plain data only (loaded with
``weights_only=True``, so a model file cannot run code): the weights and a
:class:`ModelInfo` naming the game, its catalogue size, observation size and roles, and
the exact command and seed that trained it.
"""

from __future__ import annotations

import hashlib
import math
from array import array
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from warroom.ai.models import bundled_models
from warroom.core.errors import ContentError
from warroom.core.files import path_problem
from warroom.core.protocol import Game
from warroom.core.state import State

FORMAT = "warroom-model/1"
#: how many trunks a guide keeps by input before it starts afresh (about 1 KB each)
SEEN_CAP = 8192


@dataclass
class ModelInfo:
    """What a model file says about itself; a model refuses a game it was not built for."""

    game: str
    obs_size: int
    n_actions: int
    roles: list[str]
    hidden: int = 256
    blocks: int = 2
    scenario: str | None = None
    command: str = ""
    seed: int = 0
    steps: int = 0
    games: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    catalogue: str = ""
    """A digest of the action catalogue's keys in order (:func:`catalogue_digest`), which
    also follows the content's order of spaces, locations and cards; "" in a model saved
    before 6 December 2026 (checked against the bundled pack's then)."""

    def check(self, game: Game) -> None:
        """Raise :class:`ContentError` unless ``game`` has this model's shapes and actions
        in the same order."""
        if game.id != self.game:
            raise ContentError(f"this model was trained for {self.game}, not {game.id}")
        want = (game.observation_size(), len(game.catalogue), list(game.roles))
        have = (self.obs_size, self.n_actions, list(self.roles))
        if want != have:
            raise ContentError(
                f"this {self.game} model expects observations of {self.obs_size} numbers, "
                f"{self.n_actions} actions and roles {self.roles}, but the loaded content "
                f"gives {want[0]}, {want[1]} and {want[2]}: {_way_on(game)}")
        # the same sizes in another order: the policy's outputs would name other moves (an
        # audit swapped two spaces of eit2's map and the shipped model played on, silently)
        digest = catalogue_digest(game)
        trained = self.catalogue or (
            digest if getattr(game, "content_dir", None) is None       # the bundled pack
            else catalogue_digest(type(game)(None)))   # type: ignore[call-arg]
        if digest != trained:
            raise ContentError(
                f"this {self.game} model was trained with its actions (spaces, cards...) in "
                "another order than the loaded content gives them: its policy would name "
                f"other moves: {_way_on(game)}")


def _way_on(game: Game) -> str:
    """What to do with a model ``game`` refuses: under a content pack, play it without
    (it said "retrain it for this content", which ``warroom train`` cannot: an audit); with
    warroom's own content, a model of an earlier version, train it again."""
    if getattr(game, "content_dir", None) is not None:
        return ("play it without --content (warroom train learns with warroom's own content "
                "only, so no model fits this pack)")
    return "train it again for this version (warroom train)"


def catalogue_digest(game: Game) -> str:
    """A short digest of ``game``'s action keys in catalogue order."""
    keys = "\n".join(a.key for a in game.catalogue)
    return hashlib.sha256(keys.encode()).hexdigest()[:16]


class _Block(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.a = nn.Linear(width, width)
        self.b = nn.Linear(width, width)
        self.norm = nn.LayerNorm(width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.norm(x + self.b(torch.relu(self.a(x)))))


class PolicyValueNet(nn.Module):
    """Observation (+ acting role one-hot) -> (policy logits over the catalogue, values)."""

    def __init__(self, info: ModelInfo) -> None:
        super().__init__()
        self.info = info
        width = info.hidden
        self.stem = nn.Sequential(nn.Linear(info.obs_size + len(info.roles), width), nn.ReLU())
        self.body = nn.Sequential(*[_Block(width) for _ in range(info.blocks)])
        self.policy = nn.Linear(width, info.n_actions)
        self.value = nn.Sequential(nn.Linear(width, width // 2), nn.ReLU(),
                                   nn.Linear(width // 2, len(info.roles)), nn.Tanh())

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(self.stem(x))
        return self.policy(h), self.value(h)


def encode(game: Game, state: State[Any], role: str) -> list[float]:
    """The network's input for ``role``: its observation and a one-hot of the role."""
    onehot = [1.0 if r == role else 0.0 for r in game.roles]
    return list(game.observation(state, role)) + onehot


def new_model(game: Game, hidden: int = 256, blocks: int = 2, seed: int = 0,
              scenario: str | None = None) -> PolicyValueNet:
    """A freshly initialised network for ``game`` (weights from ``seed``)."""
    info = ModelInfo(game=game.id, obs_size=game.observation_size(),
                     n_actions=len(game.catalogue), roles=list(game.roles),
                     hidden=hidden, blocks=blocks, scenario=scenario, seed=seed,
                     catalogue=catalogue_digest(game))
    gen = torch.random.fork_rng(devices=[])
    with gen:
        torch.manual_seed(seed)
        net = PolicyValueNet(info)
    return net


def save_model(net: PolicyValueNet, path: str | Path) -> Path:
    """Write ``net`` (weights in float16, plain data only); parent folders are created."""
    target = Path(path).expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    weights = {k: v.detach().to("cpu", torch.float16) for k, v in net.state_dict().items()}
    tmp = target.with_name(target.name + ".tmp")
    torch.save({"format": FORMAT, "info": asdict(net.info), "weights": weights}, tmp)
    tmp.replace(target)
    return target


def load_model(path: str | Path, game: Game | None = None, device: str = "cpu",
               by_name: bool = False) -> PolicyValueNet:
    """Read a model file; with ``game`` given, check that it fits that game's content.
    ``by_name``: the caller takes a shipped model's name too (``net:NAME``), and a missing
    file says which there are."""
    source = Path(path).expanduser()
    if not source.is_file():
        problem = path_problem(source)     # a folder, a FIFO: not "no model file"
        shipped = ", ".join(bundled_models()) if by_name else ""
        raise ContentError(f"cannot read model {source}: {problem}" if problem
                           else f"no model file at {source}: train one with `warroom train`"
                           + (f", or name a shipped model ({shipped})" if shipped else ""))
    try:
        blob = torch.load(source, map_location=device, weights_only=True)
    except Exception as exc:     # torch raises many kinds on a corrupt file
        raise ContentError(f"{source} is not a warroom model file ({exc.__class__.__name__})"
                           ) from None
    # (warroom.sim.train.CHECKPOINT, which this layer may not import)
    if isinstance(blob, dict) and str(blob.get("format", "")).startswith("warroom-checkpoint"):
        # a run's checkpoint, not its model (a learning audit was told only that it was
        # no model file)
        raise ContentError(f"{source} is a training run's checkpoint (what --resume reads), "
                           "not a model: give the run's --out file (MODEL.pt)")
    if not isinstance(blob, dict) or blob.get("format") != FORMAT:
        raise ContentError(f"{source} is not a warroom model file (format {FORMAT})")
    try:
        info = ModelInfo(**blob["info"])
        net = PolicyValueNet(info)
        net.load_state_dict({k: v.float() for k, v in blob["weights"].items()})
    except (TypeError, KeyError, RuntimeError, AttributeError, ValueError) as exc:
        # (a crafted file's weights as a list gave a traceback: a learning audit)
        raise ContentError(f"{source} is a damaged warroom model: {exc}") from None
    if game is not None:
        info.check(game)
    net.to(device)
    net.eval()
    return net


class _NumpyNet:
    """The same forward pass as :class:`PolicyValueNet` for one position, in numpy.

    Inside the search the network answers one position at a time; for such a small
    network PyTorch's per-call overhead costs several times the arithmetic, so the guide
    runs a numpy copy of the weights (checked equal to the torch model by a test). The
    pass is split where the search's questions part: :meth:`trunk` once per position, then
    :meth:`logits` at the legal action ids only (the policy head's rows gathered: the
    catalogues run to thousands of actions, of which a position offers a few dozen, so the
    full head cost several times the rest of the pass) and :meth:`value`."""

    def __init__(self, net: PolicyValueNet) -> None:
        def lin(m: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
            return (m.weight.detach().cpu().float().numpy().T.copy(),
                    m.bias.detach().cpu().float().numpy().copy())

        stem = net.stem[0]
        assert isinstance(stem, nn.Linear)
        self.stem = lin(stem)
        self.blocks = []
        for block in net.body:
            assert isinstance(block, _Block)
            self.blocks.append((lin(block.a), lin(block.b),
                                block.norm.weight.detach().cpu().float().numpy().copy(),
                                block.norm.bias.detach().cpu().float().numpy().copy(),
                                float(block.norm.eps)))
        # the policy head by rows (one per action id), so that a few rows are gathered
        self.policy_rows = net.policy.weight.detach().cpu().float().numpy().copy()
        self.policy_bias = net.policy.bias.detach().cpu().float().numpy().copy()
        v1, v2 = net.value[0], net.value[2]
        assert isinstance(v1, nn.Linear) and isinstance(v2, nn.Linear)
        self.value1, self.value2 = lin(v1), lin(v2)

    def trunk(self, x: list[float] | np.ndarray) -> np.ndarray:
        """The shared body's output for the encoded position ``x``."""
        h = np.asarray(x, dtype=np.float32) @ self.stem[0] + self.stem[1]
        np.maximum(h, 0, out=h)
        width = float(h.shape[-1])
        for (aw, ab), (bw, bb), nw, nb, eps in self.blocks:
            y = np.maximum(h @ aw + ab, 0) @ bw + bb + h
            # LayerNorm written out: ndarray.mean()/.var() cost ten times the arithmetic
            d = y - float(y.sum()) / width
            y = d * (1.0 / math.sqrt(float(d @ d) / width + eps)) * nw + nb
            h = np.maximum(y, 0)
        out: np.ndarray = h
        return out

    def logits(self, h: np.ndarray, ids: Sequence[int] | None = None) -> np.ndarray:
        """The policy logits at ``ids`` (every action id when ``None``)."""
        out: np.ndarray
        if ids is None:
            out = self.policy_rows @ h + self.policy_bias
        else:
            rows = np.asarray(ids, dtype=np.intp)
            out = self.policy_rows[rows] @ h + self.policy_bias[rows]
        return out

    def value(self, h: np.ndarray) -> np.ndarray:
        """The value per role."""
        v = np.maximum(h @ self.value1[0] + self.value1[1], 0)
        result: np.ndarray = np.tanh(v @ self.value2[0] + self.value2[1])
        return result

    def __call__(self, x: list[float]) -> tuple[np.ndarray, np.ndarray]:
        h = self.trunk(x)
        return self.logits(h), self.value(h)


class NetGuide:
    """The network as the search's prior and leaf value (PUCT, AlphaZero style).

    ``prior(state, legal_ids)`` is the softmax of the acting role's logits over the legal
    action ids; ``value(state)`` the network's value per role. Both read only
    ``game.observation(state, role)`` of the acting role. The first state a guide sees is
    checked against the model's game, so a model trained for other content is refused with
    a clear error rather than misread. ``mix`` blends the value with the game's hand
    evaluation (see :meth:`value`); at ``mix`` 1 the network is a prior only and its value
    head is not run. The last position's trunk is kept, so a search that asks for the prior
    and the value of one position runs the shared body once.
    """

    def __init__(self, net: PolicyValueNet, mix: float = 0.0, scale: float = 10.0) -> None:
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"mix must be in [0, 1], not {mix}")
        self.mix = mix
        self.scale = scale
        self.net = net.eval()
        self.roles = list(net.info.roles)
        self._fast = _NumpyNet(net)
        self._checked: Game | None = None
        # the last position asked (its data object, kept alive so that its identity
        # cannot be reused, and its decision count) and the network's trunk there
        self._last: tuple[dict[str, Any], int, np.ndarray] | None = None
        # trunks by encoded input: the worlds of one search share the acting role's
        # observation wherever only the other role's hidden cards differ, so the same
        # input comes back (measured in eit2: 5-65% of a decision's questions repeat one)
        self._seen: dict[bytes, np.ndarray] = {}

    def _trunk(self, state: State[Any]) -> np.ndarray:
        game = state.game
        if game is not self._checked:
            self.net.info.check(game)
            self._checked = game
        data, count = state.data, state.data.get("decisions", -1)
        last = self._last
        if last is not None and last[0] is data and last[1] == count:
            return last[2]
        role = state.active if state.active is not None else self.roles[0]
        # the input as float32 (array() converts a list several times faster than numpy
        # does), keyed by its digest
        x = array("f", encode(game, state, role))
        key = hashlib.blake2b(x, digest_size=16).digest()
        h = self._seen.get(key)
        if h is None:
            if len(self._seen) >= SEEN_CAP:
                self._seen.clear()
            h = self._seen[key] = self._fast.trunk(np.frombuffer(x, dtype=np.float32))
        self._last = (data, count, h)
        return h

    def evaluate(self, state: State[Any], legal_ids: Sequence[int]) -> tuple[list[float],
                                                                          dict[str, float]]:
        """Prior over ``legal_ids`` and the network's value per role (unmixed)."""
        h = self._trunk(state)
        values = self._fast.value(h)
        return self.prior(state, legal_ids), dict(zip(self.roles, values.tolist(),
                                                      strict=True))

    def prior(self, state: State[Any], legal_ids: Sequence[int]) -> list[float]:
        """The softmax of the acting role's logits over ``legal_ids``."""
        if not len(legal_ids):
            return []
        picked = self._fast.logits(self._trunk(state), legal_ids).astype(np.float64)
        exps = np.exp(picked - picked.max())
        total = float(exps.sum()) or 1.0
        result: list[float] = (exps / total).tolist()
        return result

    def value(self, state: State[Any], me: str | None = None) -> dict[str, float]:
        """The network's value per role; with ``mix`` > 0, blended with the game's hand
        evaluation ``tanh(evaluate / scale)`` (AlphaGo's mixing of a value network with
        another judge): ``(1 - mix) * network + mix * hand``. The hand evaluation judges as
        the plain search does: from the searching role ``me``'s side, the other role's the
        negation in a two-role game (eit2's evaluation is not zero-sum: judging each role by
        its own, as this once did, made the guided search another search)."""
        hand = self._hand(state, me) if self.mix else {}
        if self.mix >= 1.0:
            return hand
        values = dict(zip(self.roles, self._fast.value(self._trunk(state)).tolist(),
                          strict=True))
        if self.mix:
            for role in self.roles:
                values[role] = (1 - self.mix) * values[role] + self.mix * hand[role]
        return values

    def _hand(self, state: State[Any], me: str | None) -> dict[str, float]:
        game = state.game
        roles = self.roles
        if me is not None and me in roles and len(roles) <= 2:
            v = math.tanh(game.evaluate(state, me) / self.scale)
            return {r: v if r == me else -v for r in roles}
        return {r: math.tanh(game.evaluate(state, r) / self.scale) for r in roles}


def guided_params(net: PolicyValueNet, mix: float | None = None,
                  scale: float = 10.0) -> dict[str, Any]:
    """The ``ISMCTSBot`` keyword arguments that let ``net`` guide the search: PUCT with
    the network's prior, and its value blended with the hand evaluation by ``mix`` (by
    default the mix the model was trained with). At ``mix`` 1 the network is a prior only
    and no value hook is given: the search judges its leaves itself, exactly as the hand
    evaluation's search does (one evaluation a leaf in a two-role game, the other role's
    value its negation, where a hook would evaluate once per role). A bad ``mix`` raises
    ``ValueError``."""
    blend = float(net.info.extra.get("mix", 0.0)) if mix is None else mix
    guide = NetGuide(net, mix=blend, scale=scale)
    if blend >= 1.0:
        return {"algo": "puct", "prior": guide.prior}
    return {"algo": "puct", "prior": guide.prior, "value": guide.value}
