"""The game model: cards, deals, rules, seats, tricks, declarations, positions,
scoring, bidding and the seven exchange. Pure Python; it imports no other layer."""
