"""Playing games: a match with bidding, the exchange and play, the players
(random, heuristic, Monte Carlo) and the arena that pits them against each other."""
