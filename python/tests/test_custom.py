"""Games defined in Python (gamelab.custom): a Python re-implementation of stone-game answers
as the Rust game does; Grundy's game (not built in) matches the literature; tree, play and check
work on them; the rules' errors, cycles, unhashable states, bad return values and oversize state
spaces are clear errors, never a hang or a crash."""

import json
import random
import sys
from pathlib import Path

import pytest

import gamelab

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "python"))
from custom_games import GrundyGame, StoneGame  # noqa: E402


def test_python_stone_game_matches_the_rust_game_on_random_instances():
    rng = random.Random(7)
    for _ in range(200):
        piles = [rng.randint(1, 60) for _ in range(rng.randint(1, 12))]
        mine = gamelab.solve(StoneGame(piles))
        built_in = gamelab.solve("stone-game", piles=piles)
        assert (mine.first_score, mine.second_score, mine.winner) == (
            built_in.first_score, built_in.second_score, built_in.winner), piles
        # Same optimal line, move for move (same tie-breaking: left before right).
        assert [m["move"] for m in mine.moves] == [m["side"] for m in built_in.moves], piles
        assert [m["gain"] for m in mine.moves] == [m["gain"] for m in built_in.moves]


def test_gold_pots_from_python():
    # The seeds' gold pots: [4, 6, 2, 3], the first player collects 9 of 15.
    solution = gamelab.solve(StoneGame([4, 6, 2, 3]))
    assert (solution.first_score, solution.second_score) == (9, 6)
    assert solution.winner == "first"


def test_grundys_game_single_heap_losses_match_winning_ways():
    # The first player loses a single heap exactly for n in 1, 2, 4, 7, 10, 20, 23, 26 (n <= 30):
    # the zeros of the Grundy values of Grundy's game (OEIS A002188).
    losing = [n for n in range(1, 31) if gamelab.solve(GrundyGame(n)).winner == "second"]
    assert losing == [1, 2, 4, 7, 10, 20, 23, 26]


def test_explored_game_counts_positions_and_moves():
    explored = gamelab.custom.explore(StoneGame([1, 2, 3]))
    # Rows left of a row of 3: 3 + 2 + 1 non-empty and the empty one (shared by every line).
    assert explored.position_count == 7
    assert "positions=7" in repr(explored)


def test_tree_of_a_python_game_has_the_rust_games_nodes():
    piles = [3, 1, 4, 1, 5]
    for dag in (False, True):
        mine = gamelab.tree(StoneGame(piles), dag=dag)
        built_in = gamelab.tree("stone-game", piles=piles, dag=dag)
        assert (mine.node_count, mine.edge_count) == (built_in.node_count, built_in.edge_count)
        assert mine.to_dot().startswith("digraph")
        assert "image/svg+xml" in mine._repr_mimebundle_()
    efg = gamelab.tree(GrundyGame(7)).to_efg()
    assert efg.startswith("EFG 2 R")
    nodes = json.loads(gamelab.tree(GrundyGame(7), dag=True).to_json())
    assert nodes["nodes"]


def test_optimal_play_of_a_python_game_equals_its_value():
    record = gamelab.play(StoneGame([4, 6, 2, 3]), "optimal", "optimal")
    assert (record["first_score"], record["second_score"]) == (9, 6)
    greedy = gamelab.play(GrundyGame(10), "greedy", "optimal")
    assert greedy["winner"] == "second"  # 10 is a first-player loss whatever it does
    assert gamelab.play(GrundyGame(9), "random", "random", seed=3) == gamelab.play(
        GrundyGame(9), "random", "random", seed=3)


def test_check_refutes_a_claim_with_the_smallest_counterexample():
    verdict = gamelab.check((GrundyGame(n) for n in range(30, 0, -1)), "first-wins")
    assert not verdict.holds
    assert verdict.checked == 30
    # Heaps 2 and 1 are the losses with the fewest positions (one each); 2 comes first.
    assert isinstance(verdict, gamelab.Verdict) and not verdict
    assert verdict.counterexample["game"].heap == 2
    assert verdict.counterexample["positions"] == 1 and verdict.counterexample["winner"] == "second"
    assert verdict.solution.winner == "second"
    assert json.loads(verdict.to_json())["counterexample"]["instance"] == verdict.solution.instance
    held = gamelab.check(lambda i: StoneGame([1] * (2 * i + 2)), "first-never-loses", samples=6)
    assert held.holds and held.checked == 6
    with pytest.raises(gamelab.InputError, match="unknown expectation 'first-wins-big'"):
        gamelab.check([GrundyGame(3)], "first-wins-big")
    # A built-in game's name among the instances is named, with how to check it.
    with pytest.raises(TypeError, match=r"gamelab.check\('stone-game', 'first-wins', ...\)"):
        gamelab.check([GrundyGame(3), "stone-game"], "first-wins")


class Cycling(gamelab.Game):
    def initial(self):
        return 0

    def to_move(self, state):
        return "first" if state % 2 == 0 else "second"

    def moves(self, state):
        return ["step"]

    def play(self, state, move):
        return (state + 1) % 3, 0


def test_a_cycle_is_an_error_naming_the_line():
    with pytest.raises(gamelab.InputError, match=r"the position 0 repeats along a line of play \(0 -> 1 -> 2 -> 0\)"):
        gamelab.solve(Cycling())


class Endless(gamelab.Game):
    def initial(self):
        return 0

    def to_move(self, state):
        return "first"

    def moves(self, state):
        return [1]

    def play(self, state, move):
        return state + 1, 0


def test_an_unbounded_state_space_is_refused_at_max_states():
    with pytest.raises(gamelab.InputError, match="more than 1000 distinct positions"):
        gamelab.solve(Endless(), max_states=1000)


class Broken(StoneGame):
    def play(self, state, move):
        if state == (1, 3):
            raise ZeroDivisionError("bad rules")
        return super().play(state, move)


def test_the_users_exception_comes_back_with_the_state_and_move():
    with pytest.raises(ZeroDivisionError, match="bad rules") as caught:
        gamelab.solve(Broken([1, 2, 3]))
    if sys.version_info >= (3, 11):
        assert any("play((1, 3), 'left')" in note for note in caught.value.__notes__)


class Position:
    """A heap and the player to move, whose every instance hashes alike and whose `==` raises:
    positions can only be told apart by calling it."""

    def __init__(self, heap, player):
        self.heap, self.player = heap, player

    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise ValueError("cannot compare")


class TakeWithBrokenEquality:
    def initial(self):
        return Position(5, "first")

    def to_move(self, state):
        return state.player

    def moves(self, state):
        return [take for take in (1, 2) if take <= state.heap]

    def play(self, state, take):
        return Position(state.heap - take, "second" if state.player == "first" else "first"), 0


def test_an_exception_from_a_states_equality_comes_back():
    # Positions left apart would give a wrong table (20 positions for 10): the exception, as
    # any other the rules raise.
    with pytest.raises(ValueError, match="cannot compare") as caught:
        gamelab.solve(TakeWithBrokenEquality())
    if sys.version_info >= (3, 11):
        assert "raised by the game's Position.__eq__" in caught.value.__notes__


class Cycle:
    """Every move leads back to a board of two lines."""

    def initial(self):
        return "x.\n.o"

    def to_move(self, state):
        return "first"

    def moves(self, state):
        return ["stay"]

    def play(self, state, move):
        return state, 0

    def describe_state(self, state):
        return state


def test_a_board_of_several_lines_is_named_on_one_line_in_a_message():
    with pytest.raises(gamelab.InputError) as caught:
        gamelab.solve(Cycle())
    assert "\n" not in str(caught.value) and "x. / .o" in str(caught.value)


class Unhashable(StoneGame):
    def initial(self):
        return [0, len(self.piles)]


class BadPlayer(StoneGame):
    def to_move(self, state):
        return 1


class BadPlay(StoneGame):
    def play(self, state, move):
        return None


def test_bad_rules_are_clear_errors():
    with pytest.raises(TypeError, match=r"the position \[0, 2\] cannot be hashed"):
        gamelab.solve(Unhashable([1, 2]))
    with pytest.raises(gamelab.InputError, match=r"to_move\(\(0, 2\)\) returned 1; it must return 'first' or 'second'"):
        gamelab.solve(BadPlayer([1, 2]))
    with pytest.raises(gamelab.InputError, match=r"must return \(next_state, points\)"):
        gamelab.solve(BadPlay([1, 2]))
    with pytest.raises(gamelab.InputError, match="pass an instance of the game"):
        gamelab.solve(StoneGame)
    with pytest.raises(gamelab.InputError, match="max_states must be a positive integer"):
        gamelab.solve(StoneGame([1]), max_states=0)


def test_settings_that_do_not_apply_to_a_python_game_are_refused_not_ignored():
    game = StoneGame([4, 6, 2, 3])
    refusals = [
        (lambda: gamelab.solve(game, solver="peaks"), "solver 'peaks' does not apply to"),
        (lambda: gamelab.check([game], "first-wins", n_parity="even"),
         "n_parity draws a built-in game's instances"),
        (lambda: gamelab.check(lambda i: StoneGame([i + 1]), "first-wins"),
         "needs samples=, the number of instances"),
        (lambda: gamelab.check(lambda i: StoneGame([i + 1]), "first-wins", samples=-1),
         "samples must be a positive integer, got -1"),
        (lambda: gamelab.play(game, "random", "optimal", seed=-1),
         "seed must be an integer from 0 to 18446744073709551615, got -1"),
        (lambda: gamelab.tree(game, max_nodes=-1), "max_nodes must be an integer from 0"),
        (lambda: gamelab.tree(game, dag="no"), "dag must be True or False, got 'no'"),
        (lambda: gamelab.solve(game, max_states=2**64), "max_states must be an integer from 0"),
    ]
    for call, message in refusals:
        with pytest.raises(gamelab.InputError, match=message.replace("(", r"\(")):
            call()
    assert gamelab.solve(game, solver="memo").margin == gamelab.solve(game).margin
    import pickle
    assert pickle.loads(pickle.dumps(gamelab.solve(game))) == gamelab.solve(game)
    assert gamelab.check(lambda i: StoneGame([i + 1]), "first-wins", samples=3).holds
    # NumPy's integers count as integers, as everywhere else.
    import numpy as np
    assert gamelab.check(lambda i: StoneGame([i + 1]), "first-wins", samples=np.int64(3)).holds
    assert gamelab.solve(game, max_states=np.int64(10**6)) == gamelab.solve(game)


class Bare(gamelab.Game):
    pass


def test_a_game_class_that_defines_nothing_names_the_method_it_lacks():
    with pytest.raises(NotImplementedError, match=r"Bare does not define initial\(\)"):
        gamelab.solve(Bare())


class Missing:
    def initial(self):
        return 0

    def moves(self, state):
        return []

    def play(self, state, move):
        return state, 0


def test_a_game_without_to_move_is_a_type_error():
    with pytest.raises(TypeError, match=r"needs the method to_move\(\)"):
        gamelab.solve(Missing())


class Countdown(gamelab.Game):
    """A line of n positions, one point per move: deep enough to need no recursion."""

    def __init__(self, n):
        self.n = n

    def initial(self):
        return self.n

    def to_move(self, state):
        return "first" if (self.n - state) % 2 == 0 else "second"

    def moves(self, state):
        return [1] if state else []

    def play(self, state, move):
        return state - 1, 1


def test_a_long_line_is_solved_and_played_without_overflowing_the_stack():
    solution = gamelab.solve(Countdown(100_000))
    assert (solution.first_score, solution.second_score) == (50_000, 50_000)
    # The optimal strategy's memo is costed against the memory budget (positions x line);
    # a line of 5,000 positions is within it and deep enough for a recursive search.
    record = gamelab.play(Countdown(5_000), "optimal", "greedy")
    assert record["first_score"] == 2_500


class BatchStoneGame(StoneGame):
    """The example game through the batch hook alone (no moves/play), keeping no states: the
    engine rebuilds a position's state by replay when it names it."""

    keep_states = False
    moves = None
    play = None

    def children(self, state):
        return [(move, *StoneGame.play(self, state, move)) for move in StoneGame.moves(self, state)]


def test_the_batch_hook_and_dropped_states_give_the_same_game():
    rng = random.Random(3)
    for _ in range(20):
        piles = [rng.randint(1, 30) for _ in range(rng.randint(1, 9))]
        plain, batch = gamelab.solve(StoneGame(piles)), gamelab.solve(BatchStoneGame(piles))
        assert (batch.margin, batch.moves) == (plain.margin, plain.moves)
        assert gamelab.tree(BatchStoneGame(piles), dag=True).to_dot().replace(
            "BatchStoneGame", "StoneGame") == gamelab.tree(StoneGame(piles), dag=True).to_dot()
    assert gamelab.analyze(BatchStoneGame([4, 6, 2, 3]), moves=["right"]) == gamelab.analyze(
        StoneGame([4, 6, 2, 3]), moves=["right"])


class BadLabels(StoneGame):
    def describe_state(self, state):
        raise KeyError("no name")


def test_an_exception_raised_naming_a_position_comes_back_from_the_call_that_showed_it():
    game = BadLabels([1, 2, 3])
    assert gamelab.custom.explore(game).first_margin() == gamelab.solve(
        "stone-game", piles=[1, 2, 3]).margin  # nothing named: nothing raised
    with pytest.raises(KeyError, match="no name"):
        gamelab.solve(game)
    with pytest.raises(KeyError, match="no name"):
        gamelab.tree(game)
    # The explorer page too: no page with "<error>" labels.
    with pytest.raises(KeyError, match="no name"):
        gamelab.explorer(game)


class SameNames(StoneGame):
    def describe_move(self, state, move):
        return "take"


def test_two_moves_with_one_name_are_refused_when_a_move_is_named():
    game = SameNames([1, 2, 3])
    with pytest.raises(gamelab.InputError, match="move 1 'take' is ambiguous at"):
        gamelab.analyze(game, moves=["take"])
    state = gamelab.load_game(game).new_initial_state()
    with pytest.raises(gamelab.InputError, match="move 'take' is ambiguous"):
        state.apply_move("take")
    state.apply_move(1)  # by index it is clear
    assert state.history() == ["take"]


def test_a_refuted_claim_about_python_games_names_the_instance():
    verdict = gamelab.check([StoneGame([1, 1]), StoneGame([3, 9, 1, 2])], "first-wins")
    assert not verdict
    assert "counterexample='StoneGame (0, 2)'" in repr(verdict) or \
        f"counterexample={verdict.counterexample['instance']!r}" in repr(verdict)
    assert "counterexample={}" not in repr(verdict)


def test_a_graph_of_a_python_game_prints_its_instance_quoted_as_python_does():
    graph = gamelab.tree(SameNames([6]), dag=True)
    assert repr(graph).startswith("Graph(game=")
    instance = repr(graph).split("instance=")[1].split(", kind=")[0]
    assert eval(instance) == graph.instance  # a valid Python string literal
