// What a game is worth under each scoring (R9.2), in words for the home page and the game's end.

// One sentence on a scoring; `long` adds what it means for choosing a match length.
export function describeScoring(scoring, long) {
  switch (scoring) {
    case "checker-count":
      return long
        ? "A game is worth 1 to 15 points: one for each of the loser's checkers not yet borne off. A match to 15 or more points lasts several games."
        : "a game is worth the loser's checkers not borne off";
    case "single":
      return long ? "Every game won is worth 1 point." : "a game is worth 1 point";
    case "gammon-backgammon":
      return long
        ? "A game is worth 1 point, 2 for a gammon (the loser bore off none), 3 for a backgammon (and still has a checker in the winner's home board or on the bar)."
        : "1 point, 2 for a gammon, 3 for a backgammon";
    default:
      return "";
  }
}

// "11 points: 11 of Black's checkers were not borne off." for a finished game's phase; `loserOwns`
// is the loser as an owner ("your", "Black's").
export function pointsText(info, ph, v, loserOwns) {
  const pts = ph.points;
  const cube = v.cube?.value || 1;
  const unit = `${pts} point${pts === 1 ? "" : "s"}`;
  if (ph.how === "dropped") return `${unit}: the cube was dropped.`;
  const how = ph.how === "resigned" ? " by resignation" : "";
  const base = Math.round(pts / cube);
  const times = cube > 1 ? ` (${base} × cube ${cube})` : "";
  switch (info.scoring) {
    case "checker-count":
      return `${unit}${how}${times}: ${base} of ${loserOwns} checkers ${base === 1 ? "was" : "were"} not borne off.`;
    case "gammon-backgammon": {
      const kind = base >= 3 ? "a backgammon" : base === 2 ? "a gammon" : "a single game";
      return `${kind}${how}, ${unit}${cube > 1 ? ` (cube ${cube})` : ""}.`;
    }
    default:
      return `${unit}${how}${times}.`;
  }
}
