// What a game is worth under each scoring (R9.2), in words for the home page and the game's end.

import { t } from "./i18n.js";

// One sentence on a scoring; `long` adds what it means for choosing a match length.
export function describeScoring(scoring, long) {
  if (!["checker-count", "single", "gammon-backgammon"].includes(scoring)) return "";
  return t(`scoring-${scoring}${long ? "-long" : ""}`);
}

// "11 points: 11 of Black's checkers were not borne off." for a finished game's phase; `loser`
// is the loser as a message's subject ({who: "you"} or {who: "other", name}).
export function pointsText(info, ph, v, loser) {
  const points = ph.points;
  const cube = v.cube?.value || 1;
  if (ph.how === "dropped") return t("over-dropped", { points });
  const how = ph.how === "resigned" ? "resigned" : "played";
  const base = Math.round(points / cube);
  switch (info.scoring) {
    case "checker-count":
      return t("over-checkers", { points, how, cube, base, loser: loser.who, name: loser.name });
    case "gammon-backgammon": {
      const kind = base >= 3 ? "backgammon" : base === 2 ? "gammon" : "single";
      return t("over-gammon", { kind, how, points, cube });
    }
    default:
      return t("over-single", { points, how, cube, base });
  }
}
