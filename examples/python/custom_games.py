"""Two games defined in Python for gamelab's engine (see gamelab.custom).

``StoneGame`` re-implements a built-in game (LeetCode 877: take the pile at either end of the
row), so its answers can be compared with the Rust game's. ``GrundyGame`` is one gamelab does
not have: split any heap into two unequal non-empty heaps; who cannot move loses (Grundy's game,
Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).
"""

import gamelab


def other(player):
    return "second" if player == "first" else "first"


class StoneGame(gamelab.Game):
    """A row of piles; each turn the mover takes the pile at the left or right end and scores
    its stones. Positions are (left, right) index pairs of the piles still in the row."""

    def __init__(self, piles):
        self.piles = list(piles)

    def initial(self):
        return (0, len(self.piles))

    def to_move(self, state):
        left, right = state
        taken = len(self.piles) - (right - left)
        return "first" if taken % 2 == 0 else "second"

    def moves(self, state):
        left, right = state
        if left == right:
            return []
        return ["left", "right"] if right - left > 1 else ["left"]

    def play(self, state, move):
        left, right = state
        if move == "left":
            after, gain = (left + 1, right), self.piles[left]
        else:
            after, gain = (left, right - 1), self.piles[right - 1]
        # Every empty row is the same position (the end), as in the built-in game.
        return ((0, 0) if after[0] == after[1] else after), gain

    def describe_state(self, state):
        left, right = state
        return str(self.piles[left:right])


class GrundyGame(gamelab.Game):
    """Heaps of counters; a move splits one heap into two unequal non-empty heaps. The player
    who cannot move loses. A position is the sorted tuple of heaps that can still be split
    (heaps of 1 and 2 never can) with the player to move."""

    def __init__(self, heap):
        self.heap = heap

    def initial(self):
        return (self._splittable((self.heap,)), "first")

    @staticmethod
    def _splittable(heaps):
        return tuple(sorted(h for h in heaps if h > 2))

    def to_move(self, state):
        return state[1]

    def moves(self, state):
        heaps, _ = state
        found = []
        for index, heap in enumerate(heaps):
            if heap in heaps[:index]:
                continue  # splitting equal heaps gives the same position
            for smaller in range(1, (heap + 1) // 2):
                found.append((heap, smaller))
        return found

    def play(self, state, move):
        heaps, player = state
        heap, smaller = move
        rest = list(heaps)
        rest.remove(heap)
        return (self._splittable(rest + [smaller, heap - smaller]), other(player)), 0

    def final_payoff(self, state):
        # The player to move cannot move: the other one wins.
        return (0, 1) if state[1] == "first" else (1, 0)

    def describe_state(self, state):
        return "heaps " + ",".join(map(str, state[0])) if state[0] else "no splittable heap"

    def describe_move(self, state, move):
        heap, smaller = move
        return f"{heap}->{smaller}+{heap - smaller}"
