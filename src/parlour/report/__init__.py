"""Balance reports (`parlour report`): copies of one bot play a game's set-ups, and one HTML
page shows the scores per seat, the first player's edge, the length and the comparisons the
game declares (`GameInfo.balance`)."""
