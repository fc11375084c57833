"""The OpenSpiel bridge both ways (gamelab.openspiel), against facts known independently of
gamelab: tic-tac-toe is a draw with 5,478 distinct positions; nim is won by the first player
exactly when the XOR of the piles is non-zero (Bouton, 1901), misère nim by its own rule; hex
is a first-player win (Nash's strategy-stealing argument); OpenSpiel's own alpha-beta search
agrees with gamelab's solvers; gamelab's optimal play never gets less than the game's value
against OpenSpiel's MCTS."""

import itertools
from functools import reduce
from operator import xor

import numpy as np
import pytest

import gamelab
from conftest import TakeOneOrTwo, require

pyspiel = require("pyspiel", "pip install 'gamelab[openspiel]'")
import gamelab.openspiel as gos  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax  # noqa: E402


def test_tic_tac_toe_is_a_draw_with_5478_positions_and_every_opening_a_draw():
    ttt = gos.game("tic_tac_toe")
    solution = ttt.solve()
    assert (solution.winner, solution.first_score, solution.second_score) == ("tie", 0, 0)
    assert solution.instance == "tic_tac_toe()" and len(solution.moves) == 9
    assert ttt.explore().position_count == 5478
    assert ttt.tree(dag=True).dag_nodes == 5478
    openings = ttt.analyze()["moves"]
    assert sorted(move["move"] for move in openings) == [
        f"x({row},{col})" for row in range(3) for col in range(3)]
    assert all(move["value"] == "tie" and move["margin"] == 0 for move in openings)
    # OpenSpiel's own search agrees.
    assert minimax.alpha_beta_search(pyspiel.load_game("tic_tac_toe"))[0] == 0
    # Its page has no rules of gamelab's making (the adapter's docstring is not the game's).
    page = gamelab.explorer(ttt).html
    assert '"rules":""' in page and "Game protocol" not in page


def test_a_wrapped_game_steps_with_openspiel_action_numbers():
    state = gos.game("tic_tac_toe").new_initial_state()
    center = state.legal_moves()[4]
    assert center.action == 4 and center.name == "x(1,1)"
    state.apply_move(center)
    assert state.current_player() == 1 and str(state) == "...\n.x.\n..."
    assert [move.action for move in state.legal_moves()] == [0, 1, 2, 3, 5, 6, 7, 8]
    for name in ["o(0,0)", "x(0,2)", "o(2,0)", "x(1,0)", "o(1,2)", "x(0,1)", "o(2,1)"]:
        state.apply_move(name)
    assert not state.is_terminal() and state.analyze()["value"] == "tie"
    state.apply_move("x(2,2)")
    assert state.is_terminal() and state.current_player() == gamelab.TERMINAL
    assert state.returns() == [0, 0]


def test_normal_play_nim_is_a_first_player_win_exactly_when_the_xor_is_not_zero():
    checked = 0
    for count in (1, 2, 3):
        for piles in itertools.product(range(1, 5), repeat=count):
            nim = gos.game("nim", pile_sizes=";".join(map(str, piles)), is_misere=False)
            winner = nim.solve().winner
            assert winner == ("first" if reduce(xor, piles) else "second"), piles
            checked += 1
    for piles in [(1, 2, 3, 4), (2, 3, 5, 6), (1, 1, 2, 2), (3, 3, 3, 1)]:
        nim = gos.game("nim", pile_sizes=";".join(map(str, piles)), is_misere=False)
        assert nim.solve().winner == ("first" if reduce(xor, piles) else "second"), piles
    assert checked == 4 + 16 + 64


def test_misere_nim_follows_its_own_rule():
    # Misère: with every pile of size 1 the first player wins when their count is even;
    # otherwise the normal rule (win when the XOR is not zero).
    for count in (1, 2, 3):
        for piles in itertools.product(range(1, 4), repeat=count):
            nim = gos.game("nim", pile_sizes=";".join(map(str, piles)))  # misère by default
            if max(piles) <= 1:
                first_wins = len(piles) % 2 == 0
            else:
                first_wins = reduce(xor, piles) != 0
            assert nim.solve().winner == ("first" if first_wins else "second"), piles


def test_small_hex_boards_and_mnk_are_first_player_wins():
    for size in (2, 3):
        assert gos.game("hex", board_size=size).solve().winner == "first", size
    mnk = gos.game("mnk", m=3, n=4, k=3)
    assert mnk.solve().winner == "first"
    assert mnk.solve().first_score == 1 and mnk.solve().second_score == -1


def test_merging_by_the_board_keeps_the_game_tree_of_the_history():
    nim = gos.game("nim", pile_sizes="2;3", is_misere=False)
    by_history = gos.game("nim", pile_sizes="2;3", is_misere=False, key="history")
    # Every line apart is the full tree: as many positions as the merged DAG's tree has nodes.
    assert by_history.explore().position_count == nim.tree().node_count
    assert by_history.explore().position_count > nim.explore().position_count
    assert by_history.solve().margin == nim.solve().margin


def test_gamelab_strategies_play_an_openspiel_game():
    ttt = gos.game("tic_tac_toe")
    for seed in range(5):
        record = ttt.play("optimal", "random", seed=seed)
        assert record["winner"] in ("first", "tie")
    assert gamelab.play(ttt, "random", "optimal", seed=2)["winner"] in ("second", "tie")


def test_games_gamelab_cannot_solve_are_refused_naming_the_property():
    with pytest.raises(gamelab.InputError, match="kuhn_poker is not deterministic"):
        gos.game("kuhn_poker")
    with pytest.raises(gamelab.InputError, match="goofspiel is not sequential"):
        gos.game("goofspiel")
    with pytest.raises(gamelab.InputError, match="phantom_ttt does not have perfect information"):
        gos.game("phantom_ttt")
    with pytest.raises(gamelab.InputError, match="catch has 1 player; gamelab solves"):
        gos.game("catch")
    # One line, with the names it may have meant, not OpenSpiel's list of every game.
    with pytest.raises(gamelab.InputError) as unknown:
        gos.game("tic_tac_to")
    assert str(unknown.value) == (
        "OpenSpiel has no game 'tic_tac_to' (did you mean tic_tac_toe? "
        f"pyspiel.registered_names() lists its {len(pyspiel.registered_names())} games)"
    )
    # An unknown parameter is named with the game's own, not OpenSpiel's empty list.
    with pytest.raises(gamelab.InputError) as bad:
        gos.game("tic_tac_toe", bogus=3)
    assert str(bad.value) == "OpenSpiel's 'tic_tac_toe' has no parameter 'bogus' (its parameters: none)"
    with pytest.raises(gamelab.InputError, match=r"its parameters: is_misere, pile_sizes\)$"):
        gos.game("nim", pile_size="1;2")
    with pytest.raises(gamelab.InputError, match="key must be one of"):
        gos.game("tic_tac_toe", key="serialize")


def test_a_game_beyond_max_states_is_refused_before_it_is_explored():
    connect_four = gos.game("connect_four", max_states=2000)
    with pytest.raises(gamelab.InputError, match="more than 2000 distinct positions"):
        connect_four.solve()


def test_registered_games_load_in_openspiel_with_parameters():
    names = gos.register()
    assert "gamelab_stone_game" in names and len(names) == len(gamelab.games())
    assert gos.register() == names  # once per process
    game = pyspiel.load_game("gamelab_stone_game", {"piles": "4;6;2;3"})
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1]
    assert [state.action_to_string(0, a) for a in (0, 1)] == ["left", "right"]
    assert str(state) == "[4, 6, 2, 3] (first to move; first 0, second 0)"
    assert game.num_distinct_actions() == 2
    state.apply_action(1)
    assert str(state) == "[4, 6, 2] (second to move; first 3, second 0)"
    assert state.current_player() == 1
    copy = state.clone()
    copy.apply_action(0)
    assert str(state) == "[4, 6, 2] (second to move; first 3, second 0)"
    assert str(copy) == "[6, 2] (first to move; first 3, second 4)"
    nim = pyspiel.load_game("gamelab_nim", {"n": 10, "subtract": "1;3;4"})
    assert nim.new_initial_state().legal_actions() == [0, 1, 2]


def test_openspiel_alpha_beta_equals_gamelab_on_random_rows():
    gos.register()
    rng = np.random.default_rng(5)
    for _ in range(25):
        piles = [int(x) for x in rng.integers(1, 30, size=rng.integers(1, 9))]
        game = pyspiel.load_game("gamelab_stone_game", {"piles": ";".join(map(str, piles))})
        value, _ = minimax.alpha_beta_search(game)
        assert value == gamelab.solve("stone-game", piles=piles).margin, piles
    for name, n in [("divisor-game", 12), ("stone-game-iv", 17), ("nim", 9)]:
        game = pyspiel.load_game(gos.spiel_name(name), {"n": n})
        value, _ = minimax.alpha_beta_search(game)
        solved = gamelab.solve(name, n=n, subtract=[1, 3, 4] if name == "nim" else None)
        assert value == solved.margin and abs(value) == 1, name  # win/lose: +1 or -1
    for name in ("stone-game-ii", "stone-game-iii", "stone-game-vii", "coins-in-a-circle"):
        piles = [5, 1, 7, 3, 9, 2]
        game = pyspiel.load_game(gos.spiel_name(name), {"piles": "5;1;7;3;9;2"})
        assert minimax.alpha_beta_search(game)[0] == gamelab.solve(name, piles=piles).margin


def test_optimal_play_gets_at_least_the_game_value_against_mcts_in_1000_games():
    gos.register()
    rng = np.random.RandomState(11)
    shortfalls = played = 0
    for index in range(1000):
        piles = [int(x) for x in rng.randint(1, 20, size=rng.randint(2, 7))]
        game = pyspiel.load_game("gamelab_stone_game", {"piles": ";".join(map(str, piles))})
        value = gamelab.solve("stone-game", piles=piles).margin
        optimal_side = index % 2
        bots = [None, None]
        bots[optimal_side] = gos.OptimalBot(game)
        bots[1 - optimal_side] = mcts.MCTSBot(
            game, 2, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        guaranteed = value if optimal_side == 0 else -value
        shortfalls += returns[optimal_side] < guaranteed
        assert returns[0] == -returns[1]
        played += 1
    assert (played, shortfalls) == (1000, 0)


def test_the_optimal_bot_plays_openspiel_own_games_too():
    game = pyspiel.load_game("tic_tac_toe")
    rng = np.random.RandomState(3)
    for seed in range(6):
        random_bot = pyspiel.make_uniform_random_bot(1, seed)
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), [gos.OptimalBot(game), random_bot], rng)
        assert returns[0] >= 0


def _instance_of(entry: dict) -> tuple[dict, dict]:
    """A small instance of a built-in game: its gamelab keywords and OpenSpiel parameters."""
    if "piles" in entry["input"]:
        return {"piles": [5, 1, 7, 3, 9, 2]}, {"piles": "5;1;7;3;9;2"}
    if "subtract" in entry["input"]:
        return {"n": 12, "subtract": [1, 3, 4]}, {"n": 12, "subtract": "1;3;4"}
    if "code" in entry["input"]:
        return {"n": 8, "code": "0.6"}, {"n": 8, "code": "0.6"}
    if entry["name"] in SPLITTING:
        # A heap that splits has as many positions as partitions: alpha-beta's tree stays small.
        return {"n": 8}, {"n": 8}
    return {"n": 12}, {"n": 12}


# The octal games: a move may split a heap in two.
SPLITTING = {"octal", "kayles", "dawsons-kayles", "dawsons-chess"}


@pytest.mark.parametrize("entry", gamelab.games(), ids=lambda entry: entry["name"])
def test_every_builtin_game_round_trips_through_openspiel_with_its_winner_and_margin(entry):
    gos.register()
    keywords, params = _instance_of(entry)
    direct = gamelab.solve(entry["name"], **keywords)
    spiel_game = pyspiel.load_game(gos.spiel_name(entry["name"]), params)
    wrapped = gos.game(spiel_game).solve()
    # Returns are [margin, -margin]: the first player's return is the direct margin.
    assert (wrapped.winner, wrapped.first_score) == (direct.winner, direct.margin)
    assert minimax.alpha_beta_search(spiel_game)[0] == direct.margin


def test_the_divisor_game_keeps_its_winner_through_openspiel():
    # Positions that print alike (N=1, whoever is to move) once merged into one, and the
    # registered game came back with the wrong winner.
    gos.register()
    spiel_game = pyspiel.load_game("gamelab_divisor_game", {"n": 12})
    assert gos.game(spiel_game).solve().winner == "first" == gamelab.solve(
        "divisor-game", n=12).winner
    assert gos.game(spiel_game, key="history").solve().winner == "first"


def test_a_sum_of_heaps_registers_with_openspiel():
    gos.register()
    spiel_game = pyspiel.load_game("gamelab_nim", {"heaps": "3;5;6", "subtract": "1;2;3"})
    direct = gamelab.solve("nim", heaps=[3, 5, 6])
    assert minimax.alpha_beta_search(spiel_game)[0] == direct.margin



def test_a_game_defined_in_python_registers_and_passes_openspiels_checks():
    name = gos.register(TakeOneOrTwo(10))
    assert name == "gamelab_take_one_or_two"
    spiel_game = pyspiel.load_game(name)
    pyspiel.random_sim_test(spiel_game, num_sims=20, serialize=True, verbose=False)
    state = spiel_game.new_initial_state()
    state.apply_action(0)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel_game, state))
    assert str(again[1]) == str(state) == "9 stones (second to move; first 0, second 0)"
    assert minimax.alpha_beta_search(spiel_game)[0] == gamelab.solve(TakeOneOrTwo(10)).margin
    # A name registered again takes the new game.
    assert gos.register(TakeOneOrTwo(9), name=name) == name
    assert minimax.alpha_beta_search(pyspiel.load_game(name))[0] == -1


def test_every_kind_of_game_registers():
    nim = gos.game("nim", pile_sizes="1;2", is_misere=False)
    name = gos.register(nim, name="gamelab_openspiel_nim")
    assert minimax.alpha_beta_search(pyspiel.load_game(name))[0] == 2 * nim.solve().margin // 2
    loaded = gamelab.load_game("stone-game", piles=[3, 1, 4])
    name = gos.register(loaded, name="gamelab_loaded_stone")
    assert minimax.alpha_beta_search(pyspiel.load_game(name))[0] == loaded.solve().margin
    assert gos.register("nim") == "gamelab_nim"


def test_registration_refuses_what_openspiel_cannot_tell_apart():
    class SameNames(TakeOneOrTwo):
        def describe_move(self, state, move):
            return "take"

    with pytest.raises(gamelab.InputError, match="both named 'take'"):
        gos.register(SameNames(3))
    with pytest.raises(gamelab.InputError, match="built-in game's OpenSpiel name"):
        gos.register(TakeOneOrTwo(3), name="gamelab_stone_game")
    # OpenSpiel's own games stay theirs: registering would replace one for the whole process.
    with pytest.raises(gamelab.InputError, match="one of OpenSpiel's own games"):
        gos.register(TakeOneOrTwo(3), name="tic_tac_toe")
    assert "tic_tac_toe()" == str(pyspiel.load_game("tic_tac_toe"))
    with pytest.raises(TypeError):
        gos.register(3.5)


def test_an_illegal_action_names_the_legal_ones():
    gos.register()
    state = pyspiel.load_game("gamelab_divisor_game", {"n": 12}).new_initial_state()
    with pytest.raises(gamelab.InputError) as illegal:
        state.apply_action(7)
    assert str(illegal.value) == (
        "action 7 is not legal at N=12; the legal actions are: 0 (1), 1 (2), 2 (3), 3 (4), 4 (6)")
