"""OpenSpiel's games in gamelab, and gamelab's games in OpenSpiel (``pip install
'gamelab[openspiel]'``).

:func:`game` wraps one of OpenSpiel's two-player, deterministic, perfect-information,
sequential games as a :class:`gamelab.LoadedGame`: solved, analysed, drawn, played and stepped
through like any gamelab game::

    ttt = gamelab.openspiel.game("tic_tac_toe")
    ttt.solve().winner                       # 'tie'
    gamelab.openspiel.game("nim", pile_sizes="1;2;3", is_misere=False)

Positions are merged by their board, ``str(state)``, together with the player to move and the
returns so far, so that two states a game prints alike are never taken for one
(``key="observation"`` uses the observation string, ``key="history"`` keeps every line apart:
the full game tree), the payoff is OpenSpiel's returns, and moves are named by
``action_to_string``.

:func:`register` does the reverse: every built-in game becomes an OpenSpiel game
(``pyspiel.load_game("gamelab_stone_game", {"piles": "4;6;2;3"})``), zero-sum in the margin
(a win/lose game's returns are +1 and -1), so OpenSpiel's algorithms run on it;
:class:`OptimalBot` is gamelab's optimal play as an OpenSpiel bot.
"""

from __future__ import annotations

import difflib
import itertools
import weakref
from itertools import repeat
from typing import Any, Callable, Dict, Iterator, Optional, Union

from . import _gamelab
from .custom import Game
from .kinds import NotAGame, load_game, loaded
from .positions import LoadedGame

_PLAYERS = ("first", "second")

#: How :func:`game` tells positions apart, by name.
KEYS = ("str", "observation", "history")


def _pyspiel():
    try:
        import pyspiel
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "gamelab.openspiel needs OpenSpiel: pip install 'gamelab[openspiel]' "
            "(or pip install open_spiel)"
        ) from error
    return pyspiel


def _observation(state: Any) -> tuple:
    """The observation string, checked as :func:`_board` checks the board."""
    return (state.observation_string(max(state.current_player(), 0)), state.current_player(),
            tuple(state.returns()))


def _history(state: Any) -> str:
    return state.history_str()


def _board(state: Any) -> tuple:
    """The board, ``str(state)``, with what a board need not show: the player to move and, at
    the end, the returns. Two states merged by it differ in nothing the solve reads (who moves,
    what each player is paid), whatever a game prints. For games whose returns are paid at the
    end only: the returns of a state not over are zeros, so only the end's are read."""
    player = state.current_player()
    if player < 0:
        return (str(state), player, tuple(state.returns()))
    return (str(state), player)


def _board_with_rewards(state: Any) -> tuple:
    """:func:`_board` for games that pay rewards along the way: the returns so far too."""
    return (str(state), state.current_player(), tuple(state.returns()))


def _refusal(spiel_game: Any) -> Optional[str]:
    """Why gamelab cannot solve ``spiel_game``, naming the property, or None."""
    pyspiel = _pyspiel()
    kind = spiel_game.get_type()
    name = kind.short_name
    if spiel_game.num_players() != 2:
        players = spiel_game.num_players()
        plural = "" if players == 1 else "s"
        return f"OpenSpiel's {name} has {players} player{plural}; gamelab solves two-player games"
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        return f"OpenSpiel's {name} is not sequential (its players move at the same time); " \
               "gamelab solves games where one player moves at a time"
    if kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return f"OpenSpiel's {name} is not deterministic (it has chance nodes); gamelab " \
               "solves games without chance"
    if kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        return f"OpenSpiel's {name} does not have perfect information; gamelab solves games " \
               "where both players see everything"
    return None


class OpenSpielGame(Game):
    """An OpenSpiel game seen through the :class:`gamelab.Game` protocol: positions are
    pyspiel states, told apart by ``key`` (by default ``str(state)`` with the player to move
    and the returns so far), moves are OpenSpiel's
    action numbers (named by ``action_to_string``), and the payoff at the end is OpenSpiel's
    returns. Made by :func:`game`; usable wherever a game defined in Python is."""

    #: pyspiel states are heavy: the engine keeps only their keys and replays a position's
    #: line from the start when it must describe it.
    keep_states = False

    def __init__(self, spiel_game: Any, key: Union[str, Callable[[Any], Any]] = "str"):
        refusal = _refusal(spiel_game)
        if refusal:
            raise _gamelab.InputError(refusal)
        self.spiel_game = spiel_game
        #: How outputs name the instance, e.g. ``tic_tac_toe()``.
        self.title = str(spiel_game)
        if callable(key):
            self.key = key
        elif key == "str":
            paid_at_end = spiel_game.get_type().reward_model == \
                _pyspiel().GameType.RewardModel.TERMINAL
            self.key = _board if paid_at_end else _board_with_rewards
        elif key == "observation":
            if not spiel_game.get_type().provides_observation_string:
                raise _gamelab.InputError(
                    f"OpenSpiel's {spiel_game.get_type().short_name} has no observation "
                    "string; use key='str'")
            self.key = _observation
        elif key == "history":
            self.key = _history
        else:
            raise _gamelab.InputError(
                f"key must be one of {', '.join(KEYS)} or a function of the state, got {key!r}")

    def initial(self) -> Any:
        return self.spiel_game.new_initial_state()

    def to_move(self, state: Any) -> str:
        player = state.current_player()
        if player < 0:
            # The game is over: the player who would move next, by alternation.
            player = state.move_number() % 2
        return _PLAYERS[player]

    def children(self, state: Any) -> Iterator[tuple]:
        # zip and map build the (action, child, 0) triples in C, without a Python loop: the
        # engine calls this once per position of games with millions of them.
        actions = state.legal_actions()
        return zip(actions, map(state.child, actions), repeat(0))

    def moves(self, state: Any) -> list:
        return state.legal_actions()

    def play(self, state: Any, action: int) -> tuple:
        return state.child(action), 0

    def final_payoff(self, state: Any) -> tuple:
        returns = state.returns()
        whole = tuple(int(value) for value in returns)
        if any(value != int(value) for value in returns):
            raise _gamelab.InputError(
                f"OpenSpiel's {self.spiel_game.get_type().short_name} ends with returns "
                f"{list(returns)}; gamelab's payoffs are whole numbers")
        return whole

    def describe_state(self, state: Any) -> str:
        return str(state)

    def describe_move(self, state: Any, action: int) -> str:
        return state.action_to_string(state.current_player(), action)


def game(name: Any, *, key: Union[str, Callable[[Any], Any]] = "str",
         max_states: Optional[int] = None, **params: Any) -> LoadedGame:
    """One of OpenSpiel's games as a gamelab game: ``game("tic_tac_toe")``,
    ``game("nim", pile_sizes="1;2;3", is_misere=False)``, ``game("mnk", m=3, n=4, k=3)``,
    ``game("hex", board_size=3)`` (``params`` are the game's OpenSpiel parameters), or a
    ``pyspiel.Game`` already loaded.

    Refused with :class:`gamelab.InputError` naming the property: games with other than two
    players, chance, hidden information or simultaneous moves. Exploring stops with an error
    beyond ``max_states`` distinct positions (default 2,000,000). ``key`` tells positions
    apart: ``"str"`` (the board, OpenSpiel's ``str(state)``), ``"observation"``,
    ``"history"`` (every line apart: the full tree) or a function of the state. The board is
    checked against the player to move and the returns so far, so two states that print alike
    but differ in either are kept apart."""
    pyspiel = _pyspiel()
    if isinstance(name, pyspiel.Game):
        spiel_game = name
    else:
        # Checked first: OpenSpiel's own error for an unknown name lists all of its games, a
        # hundred lines, and prints them on stderr as well.
        known = pyspiel.registered_names()
        if str(name) not in known:
            close = difflib.get_close_matches(str(name), known, n=3, cutoff=0.75)
            hint = f"did you mean {', '.join(close)}? " if close else ""
            raise _gamelab.InputError(
                f"OpenSpiel has no game {str(name)!r} ({hint}pyspiel.registered_names() lists "
                f"its {len(known)} games)"
            )
        if params:
            # Checked here too, against the parameters the game's type declares: OpenSpiel's
            # own error names none when the game has none, and prints itself on stderr too.
            accepted = next((game_type.parameter_specification
                             for game_type in pyspiel.registered_games()
                             if game_type.short_name == str(name)), {})
            unknown = [key for key in params if key not in accepted]
            if unknown:
                raise _gamelab.InputError(
                    f"OpenSpiel's {str(name)!r} has no parameter {unknown[0]!r} (its parameters: "
                    f"{', '.join(sorted(accepted)) or 'none'})")
        try:
            spiel_game = pyspiel.load_game(str(name), params)
        except pyspiel.SpielError as error:
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else "no reason"
            raise _gamelab.InputError(f"OpenSpiel cannot load {name!r}: {first_line}") from None
    rules = OpenSpielGame(spiel_game, key)
    return LoadedGame(str(spiel_game), rules=rules, max_states=max_states)


# --- gamelab's games in OpenSpiel ------------------------------------------------------------

#: The OpenSpiel name of every built-in game: ``gamelab_`` and the name with underscores.
PREFIX = "gamelab_"

#: The instance each registered game loads without parameters.
DEFAULT_PARAMETERS = {
    "piles": "4;6;2;3",
    "n": 10,
    "subtract": "1;3;4",
    # A sum of heaps (``"7;11;30"``) in place of ``n``, an octal game's code: empty when not
    # given (OpenSpiel's parameters always have a value).
    "heaps": "",
    "code": "",
}


def spiel_name(game_name: str) -> str:
    """The OpenSpiel name of a built-in game: ``stone-game`` is ``gamelab_stone_game``."""
    return PREFIX + game_name.replace("-", "_")


def _numbers(text: Any, what: str) -> list:
    try:
        return [int(part) for part in str(text).split(";") if part.strip()]
    except ValueError:
        raise _gamelab.InputError(
            f"{what} must be numbers separated by ';' (e.g. \"4;6;2;3\"), got {text!r}"
        ) from None


def _builtin_instance(settings: Dict[str, Any]) -> Dict[str, Any]:
    """A built-in game's keywords from its OpenSpiel parameters (the defaults filled in)."""
    instance: Dict[str, Any] = {}
    if "piles" in settings:
        instance["piles"] = _numbers(settings["piles"], "piles")
    if settings.get("heaps"):
        instance["heaps"] = _numbers(settings["heaps"], "heaps")
    # Heaps take the place of n: OpenSpiel hands every parameter over, the defaults filled in,
    # so n is left out whenever heaps are given (unless it differs from its default).
    if "n" in settings and ("heaps" not in instance or settings["n"] != DEFAULT_PARAMETERS["n"]):
        instance["n"] = int(settings["n"])
    if "subtract" in settings:
        instance["subtract"] = _numbers(settings["subtract"], "subtract")
    if settings.get("code"):
        instance["code"] = str(settings["code"])
    return instance


class _Table:
    """A gamelab game's explored table as an OpenSpiel game sees it: per position, the player
    to move and action -> (next position, points its mover gains); the action numbers are the
    instance's distinct move names in order of first appearance (so "left" is 0 and "right" 1
    wherever they are legal)."""

    def __init__(self, loaded_game: LoadedGame):
        table = loaded_game.explore()
        self.table = table
        self.action_names: list = []
        numbers: Dict[str, int] = {}
        self.move_actions = []
        for mv in range(table.move_count):
            move_name = table.move_name(mv)
            if move_name not in numbers:
                numbers[move_name] = len(self.action_names)
                self.action_names.append(move_name)
            self.move_actions.append(numbers[move_name])
        self.children: list = []
        for position in range(table.position_count):
            actions: Dict[int, tuple] = {}
            for mv, child, gain in table.moves(position):
                action = self.move_actions[mv]
                if action in actions:
                    raise _gamelab.InputError(
                        f"two moves at {table.label(position)} are both named "
                        f"{self.action_names[action]!r}; OpenSpiel tells moves apart by name "
                        "(give them distinct names with describe_move)")
                actions[action] = (child, gain)
            self.children.append(actions)
        self.movers = [table.to_move(p) for p in range(table.position_count)]


def _game_info(pyspiel: Any, table: _Table) -> Any:
    """OpenSpiel's facts of a registered instance: its actions, the bounds of its returns (the
    margin) and its longest line."""
    least, most, longest = table.table.extremes()
    bound = max(abs(least), abs(most), 1)
    return pyspiel.GameInfo(
        num_distinct_actions=max(len(table.action_names), 1),
        max_chance_outcomes=0,
        num_players=2,
        min_utility=float(-bound),
        max_utility=float(bound),
        utility_sum=0.0,
        max_game_length=max(longest, 1),
    )


def _make_classes(short_name: str, long_name: str, defaults: Dict[str, Any],
                  load: Callable[[Dict[str, Any]], LoadedGame]):
    """The pyspiel game type and game class of a gamelab game: ``load(settings)`` gives the
    instance for a set of OpenSpiel parameters (the defaults filled in)."""
    pyspiel = _pyspiel()
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=defaults,
    )

    class SpielGame(pyspiel.Game):
        """A gamelab game as an OpenSpiel game (one instance per set of parameters)."""

        def __init__(self, params: Optional[Dict[str, Any]] = None):
            settings = dict(defaults, **(params or {}))
            self.gamelab_game = load(settings)
            self.spiel_table = _Table(self.gamelab_game)
            super().__init__(game_type, _game_info(pyspiel, self.spiel_table), settings)
            self.handle = next(_HANDLES)
            _GAMES[self.handle] = self

        # The table's parts by the names OptimalBot and optimal_value read.
        @property
        def table(self) -> Any:
            return self.spiel_table.table

        @property
        def move_actions(self) -> list:
            return self.spiel_table.move_actions

        def new_initial_state(self):
            return _SpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _StringObserver()

    class _SpielState(_State, pyspiel.State):
        __doc__ = _State.__doc__

        def __init__(self, spiel_game: SpielGame):
            pyspiel.State.__init__(self, spiel_game)
            self.start(spiel_game)

    name = short_name[len(PREFIX):] if short_name.startswith(PREFIX) else short_name
    SpielGame.__name__ = SpielGame.__qualname__ = "Gamelab" + "".join(
        part.title() for part in name.replace("-", "_").split("_"))
    return game_type, SpielGame


class _State:
    """A position of a gamelab game, as an OpenSpiel state: ``str(state)`` is the position with
    the player to move and both players' points so far (two states that differ never print
    alike), returns are ``[margin, -margin]`` at the end. The methods here are the pyspiel
    state class's (one class per registered game, made by :func:`_make_classes`)."""

    def start(self, spiel_game: Any) -> None:
        # OpenSpiel clones a Python state with copy.deepcopy, which would copy the game too:
        # the state holds only numbers, the game is found by its handle.
        self.handle = spiel_game.handle
        self.position = 0
        self.scores = (0, 0)  # the points each player has taken so far

    def _table(self) -> _Table:
        return _GAMES[self.handle].spiel_table

    def current_player(self):
        table = self._table()
        if not table.children[self.position]:
            return _pyspiel().PlayerId.TERMINAL
        return table.movers[self.position]

    def _legal_actions(self, player):
        return sorted(self._table().children[self.position])

    def _apply_action(self, action):
        table = self._table()
        moves = table.children[self.position]
        if action not in moves:
            legal = ", ".join(f"{a} ({table.action_names[a]})" for a in sorted(moves))
            raise _gamelab.InputError(
                f"action {action!r} is not legal at {table.table.label(self.position)}; the "
                f"legal actions are: {legal or 'none (the game is over)'}")
        child, gain = moves[action]
        first, second = self.scores
        mover = table.movers[self.position]
        self.scores = (first + gain, second) if mover == 0 else (first, second + gain)
        self.position = child

    def _action_to_string(self, player, action):
        return self._table().action_names[action]

    def is_terminal(self):
        return not self._table().children[self.position]

    def _final_scores(self) -> tuple:
        """The points so far, with the payoff at the end once the game is over."""
        first, second = self.scores
        if self.is_terminal():
            paid_first, paid_second = self._table().table.payoff(self.position)
            first, second = first + paid_first, second + paid_second
        return first, second

    @property
    def margin(self) -> int:
        """The first player's points minus the second's so far."""
        return self.scores[0] - self.scores[1]

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        first, second = self._final_scores()
        return [float(first - second), float(second - first)]

    def __str__(self):
        table = self._table()
        first, second = self._final_scores()
        if self.is_terminal():
            turn = "game over"
        else:
            turn = f"{_PLAYERS[table.movers[self.position]]} to move"
        return f"{table.table.label(self.position)} ({turn}; first {first}, second {second})"


class _StringObserver:
    """OpenSpiel's observer for a perfect-information game: the position's text."""

    def __init__(self):
        import numpy as np

        self.tensor = np.zeros(0)
        self.dict: dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return str(state)


_REGISTERED: Dict[str, Any] = {}
#: The games defined in Python registered, by OpenSpiel name (registering a name again
#: replaces its game).
_CUSTOM: Dict[str, LoadedGame] = {}
#: The registered games' instances alive, by handle (see ``_State``).
_GAMES: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_HANDLES = itertools.count()


def _register_builtin(entry: Dict[str, Any]) -> str:
    short_name = spiel_name(entry["name"])
    if short_name not in _REGISTERED:
        name = entry["name"]
        defaults = {key: DEFAULT_PARAMETERS[key] for key in entry["input"]}

        def load(settings: Dict[str, Any]) -> LoadedGame:
            return load_game(name, **_builtin_instance(settings))

        game_type, game_class = _make_classes(
            short_name, f"gamelab {name}: {entry['title']}", defaults, load)
        _pyspiel().register_game(game_type, game_class)
        _REGISTERED[short_name] = game_class
    return short_name


def _snake_case(text: str) -> str:
    """``TakeOneOrTwo`` as ``take_one_or_two``: a class name as an OpenSpiel name."""
    out = []
    for index, char in enumerate(text):
        if char.isupper() and index and (text[index - 1].islower() or text[index - 1].isdigit()):
            out.append("_")
        out.append(char.lower() if char.isalnum() else "_")
    return "".join(out).strip("_") or "game"


def _register_custom(game: Any, name: Optional[str], max_states: Optional[int]) -> str:
    game_loaded = loaded(game, max_states)
    if game_loaded is None:
        raise NotAGame(game)
    if name is None:
        rules = game_loaded.rules
        name = PREFIX + _snake_case(type(rules).__name__ if rules is not None
                                    else game_loaded.name)
    if not isinstance(name, str) or not name or any(c in name for c in "()=,; "):
        raise _gamelab.InputError(
            f"name must be a non-empty OpenSpiel game name without spaces or ()=,;, got {name!r}")
    if name in _REGISTERED and name not in _CUSTOM:
        raise _gamelab.InputError(f"{name} is a built-in game's OpenSpiel name; choose another")
    if name not in _REGISTERED and name in _pyspiel().registered_names():
        raise _gamelab.InputError(
            f"{name} is one of OpenSpiel's own games, which registering would replace for the "
            "whole process; choose another name")
    _Table(game_loaded)  # explored now, so that a game OpenSpiel cannot take fails here
    _CUSTOM[name] = game_loaded
    if name not in _REGISTERED:
        def load(settings: Dict[str, Any]) -> LoadedGame:
            return _CUSTOM[name]

        game_type, game_class = _make_classes(name, f"gamelab: {game_loaded.name}", {}, load)
        _pyspiel().register_game(game_type, game_class)
        _REGISTERED[name] = game_class
    return name


def register(game: Any = None, *, name: Optional[str] = None,
             max_states: Optional[int] = None) -> Union[list, str]:
    """Registers gamelab's games with OpenSpiel.

    Without ``game``: every built-in game (once per process); returns their OpenSpiel names,
    ``pyspiel.load_game("gamelab_stone_game", {"piles": "4;6;2;3"})``. Pile games take
    ``piles`` (``"4;6;2;3"``), heap games ``n`` or ``heaps`` (``"7;11;30"``), nim also
    ``subtract`` (``"1;3;4"``), the octal games ``code``.

    With ``game``, a built-in game's name or any other game gamelab takes (a game defined in
    Python, a :class:`gamelab.LoadedGame`, a wrapped OpenSpiel game): that one game, explored
    now (at most ``max_states`` positions), under ``name`` (default ``gamelab_`` and its class
    name in snake case: ``TakeOneOrTwo`` is ``gamelab_take_one_or_two``); returns the name,
    which ``pyspiel.load_game`` then takes without parameters. Registering a name again
    replaces its game; a name of one of OpenSpiel's own games is refused.

    Returns are zero-sum in the margin: ``[margin, -margin]`` for the first player's points
    minus the second's (+1 and -1 in a win/lose game); ``str(state)`` is the position with
    the player to move and both players' points so far."""
    _pyspiel()
    entries = {entry["name"]: entry for entry in _gamelab.games()}
    if game is None:
        for entry in entries.values():
            _register_builtin(entry)
        return sorted(key for key in _REGISTERED if key not in _CUSTOM)
    if isinstance(game, str):
        if game not in entries:
            load_game(game)  # raises the library's message for an unknown name
        return _register_builtin(entries[game])
    return _register_custom(game, name, max_states)


class OptimalBot:
    """gamelab's optimal play as an OpenSpiel bot (``pyspiel.Bot``): at every position it
    makes the move ``gamelab.solve`` makes (the first best in legal order), for a game
    :func:`register` added or any game :func:`game` accepts. Made with the pyspiel game it
    plays: ``OptimalBot(pyspiel.load_game("gamelab_stone_game", {"piles": "4;6;2;3"}))``."""

    def __new__(cls, spiel_game: Any, player_id: Optional[int] = None):
        pyspiel = _pyspiel()

        class _Bot(pyspiel.Bot):
            __doc__ = OptimalBot.__doc__

            def __init__(self):
                pyspiel.Bot.__init__(self)
                self.player_id = player_id
                self._gamelab = getattr(spiel_game, "gamelab_game", None)
                self._wrapped: Optional[LoadedGame] = None
                self._positions: Dict[Any, int] = {}

            def _position(self, state) -> int:
                if self._gamelab is not None:
                    return state.position
                if self._wrapped is None:
                    self._wrapped = game(spiel_game)
                    table = self._wrapped.explore()
                    key = self._wrapped.rules.key
                    self._positions = {key(table.state_object(p)): p
                                       for p in range(table.position_count)}
                return self._positions[self._wrapped.rules.key(state)]

            def step(self, state):
                position = self._position(state)
                table = (self._gamelab or self._wrapped).explore()
                best = table.best_move(position)
                if self._gamelab is not None:
                    return spiel_game.move_actions[best]
                return table.move_object(best)

            def restart_at(self, state):
                pass

            def inform_action(self, state, player_id, action):
                pass

            def provides_policy(self):
                return False

        return _Bot()


def optimal_value(state: Any) -> float:
    """The first player's return under optimal play from a state of a game :func:`register`
    added (its margin, both sides optimal from here, with the points taken so far)."""
    spiel_game = _GAMES.get(getattr(state, "handle", None))
    if spiel_game is None or not hasattr(spiel_game, "gamelab_game"):
        raise _gamelab.InputError("optimal_value takes a state of a game gamelab registered")
    table = spiel_game.table
    value = table.value(state.position)
    first_margin = value if table.to_move(state.position) == 0 else -value
    return float(state.margin + first_margin)


__all__ = ["OpenSpielGame", "OptimalBot", "game", "optimal_value", "register", "spiel_name"]

