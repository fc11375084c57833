"""The parity study of reports/ from Python: how often the first player of the gold-pots game
(stone-game, LeetCode 877 / 486) wins as the number of piles n grows, odd n against even n.

Run it after ``pip install ./python``, in a notebook or as a script:

    python examples/python/parity_study.py [OUT_DIR]

It writes parity-uniform.csv and parity-uniform-win-rate.svg, byte for byte the report's
files (the report runs ``gamelab sweep stone-game --n-min 1 --n-max 60 --trials 10000``)."""

import sys
from pathlib import Path

import gamelab
import gamelab.plot

out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
out.mkdir(parents=True, exist_ok=True)

# 10,000 random rows of piles (values 1..100) for every n = 1..60, solved exactly in parallel.
frame = gamelab.sweep("stone-game", n_min=1, n_max=60, min_value=1, max_value=100,
                      trials=10_000, seed=1)

# The headline: even n never loses (but ties), odd n loses more and more often.
frame["parity"] = frame["n"].map(lambda n: "even" if n % 2 == 0 else "odd")
summary = frame.groupby("parity")[["trials", "first_wins", "ties", "second_wins"]].sum()
print(summary)
print(frame.loc[frame["n"].isin([3, 9, 31, 59]), ["n", "first_win_rate"]].to_string(index=False))

frame = frame.drop(columns="parity")
gamelab.to_csv(frame, out / "parity-uniform.csv")
gamelab.plot.win_rate(frame, out / "parity-uniform-win-rate.svg")
print(f"wrote {out / 'parity-uniform.csv'} and {out / 'parity-uniform-win-rate.svg'}")
