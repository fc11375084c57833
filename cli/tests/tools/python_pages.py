"""Explorer pages made from Python, for the browser tests (tests/tools/browser_python.rs).

    python python_pages.py pages OUTDIR
        writes OUTDIR/kayles.html (Kayles, a game defined here that gamelab does not have) and
        OUTDIR/stone-game-iii.html (a built-in game), both with gamelab.explorer(...).save().
    python python_pages.py expect LINE_JSON
        prints what the Kayles page must show along a line of moves: gamelab.analyze's JSON at
        every position of the line and of optimal play, gamelab.solve's JSON, and the value
        of every position on the line by a plain recursion written here, independently of
        gamelab.
"""

import json
import sys
from functools import lru_cache

import gamelab

PINS = 8


class Kayles(gamelab.Game):
    """Kayles: a row of pins; a turn knocks down one pin or two neighbours; whoever knocks down
    the last pin wins."""

    def __init__(self, pins):
        self.pins = pins

    def initial(self):
        return ((self.pins,), "first")

    def to_move(self, state):
        return state[1]

    def moves(self, state):
        rows, _ = state
        found = []
        for row, length in enumerate(rows):
            if row > 0 and rows[row - 1] == length:
                continue  # the same as knocking pins of the equal row before it
            for count in (1, 2):
                # Knocking pins at `at` or at the mirror place leaves the same rows.
                for at in range(0, (length - count) // 2 + 1):
                    found.append((row, at, count))
        return found

    def play(self, state, move):
        rows, player = state
        row, at, count = move
        left = list(rows[:row]) + list(rows[row + 1:]) + [at, rows[row] - at - count]
        after = tuple(sorted((length for length in left if length > 0), reverse=True))
        return (after, "second" if player == "first" else "first"), 0

    def final_payoff(self, state):
        # No pin left: the player to move cannot, and loses.
        return (0, 1) if state[1] == "first" else (1, 0)

    def describe_state(self, state):
        rows = state[0]
        return "  ".join("|" * length for length in rows) if rows else "no pins left"

    def describe_move(self, state, move):
        row, at, count = move
        pins = f"pin {at + 1}" if count == 1 else f"pins {at + 1}-{at + 2}"
        return f"row {row + 1}: {pins}"


@lru_cache(maxsize=None)
def mover_wins(rows):
    """Whether the player to move wins Kayles on `rows` (a sorted tuple), by plain recursion."""
    for row, length in enumerate(rows):
        for count in (1, 2):
            for at in range(0, length - count + 1):
                left = list(rows[:row]) + list(rows[row + 1:]) + [at, length - at - count]
                after = tuple(sorted((n for n in left if n > 0), reverse=True))
                if not mover_wins(after):
                    return True
    return False


def follow(game, line):
    """The state reached from the start by the moves named in `line`."""
    state = game.initial()
    for name in line:
        state = next(game.play(state, m)[0] for m in game.moves(state)
                     if game.describe_move(state, m) == name)
    return state


def main():
    command = sys.argv[1]
    game = Kayles(PINS)
    if command == "pages":
        out = sys.argv[2]
        gamelab.explorer(game).save(f"{out}/kayles.html")
        gamelab.explorer("stone-game-iii", piles=[3, -1, 4, 1, -5, 9, 2]).save(
            f"{out}/stone-game-iii.html")
        return
    line = json.loads(sys.argv[2])
    analyses = [json.loads(gamelab.analyze(game, moves=line[:k])["json"])
                for k in range(len(line) + 1)]
    # The player to move wins the rest of the game (+1) or loses it (-1).
    reference = [1 if mover_wins(follow(game, line[:k])[0]) else -1 for k in range(len(line) + 1)]
    solution = json.loads(gamelab.solve(game).to_json())
    best_line = [m["move"] for m in solution["moves"]]
    best = [json.loads(gamelab.analyze(game, moves=best_line[:k])["json"])
            for k in range(len(best_line) + 1)]
    print(json.dumps({"analyses": analyses, "reference": reference, "solution": solution,
                      "best": best}))


if __name__ == "__main__":
    main()
