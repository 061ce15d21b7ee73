//! `acey analyse --html OUT`: the analysis as one self-contained HTML page (docs/analysis.md):
//! the summary table, an inline SVG graph of player 0's winning chances over the game with the
//! marked decisions on it (each a link to its row), and every decision with the played and the
//! best choice. No scripts, fonts or images from elsewhere; every text from the game is escaped.

use std::fmt::Write as _;

use acey_ai::analysis::{Analysis, Decision, Mark};
use acey_rules::Player;

/// What the page says about where the analysis came from.
pub struct Meta<'a> {
    /// Player 0's and player 1's names.
    pub names: [String; 2],
    /// The rule string.
    pub rules: String,
    /// The judging level's name.
    pub level: &'a str,
    /// The file analysed.
    pub file: String,
}

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn mark_class(d: &Decision) -> &'static str {
    match (d.forced, d.mark) {
        (true, _) => "forced",
        (false, Some(Mark::Doubtful)) => "doubtful",
        (false, Some(Mark::Bad)) => "bad",
        (false, Some(Mark::VeryBad)) => "very-bad",
        (false, None) => "",
    }
}

fn mark_text(d: &Decision) -> &'static str {
    match (d.forced, d.mark) {
        (true, _) => "forced",
        (false, Some(m)) => m.as_str(),
        (false, None) => "",
    }
}

fn dice(d: &Decision) -> String {
    d.dice.map_or_else(String::new, |(a, b)| format!("{a}-{b}"))
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:72em;padding:0 1em;color:#222;background:#fff}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}\
table{border-collapse:collapse;font-size:.9em}th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}\
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\
tr.doubtful td.m{background:#fff3b0}tr.bad td.m{background:#ffc680}tr.very-bad td.m{background:#ff8a80}\
tr:target{outline:2px solid #1565c0}td.p{font-family:ui-monospace,monospace}.forced{color:#888}\
svg{max-width:100%;height:auto;border:1px solid #ddd;background:#fafafa}\
.legend span{display:inline-block;margin-right:1.2em}.dot{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.3em;vertical-align:-.05em}";

/// The page.
pub fn report(
    a: &Analysis,
    meta: &Meta,
    rollouts: Option<acey_ai::analysis::RolloutRun>,
) -> String {
    let mut h = String::new();
    let title = format!(
        "Analysis: {} against {}",
        escape(&meta.names[0]),
        escape(&meta.names[1])
    );
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );
    let _ = writeln!(
        h,
        "<p>{} &middot; rules <code>{}</code> &middot; judged at {}-ply by the {} level &middot; {} decisions{}</p>",
        escape(&meta.file),
        escape(&meta.rules),
        a.plies,
        escape(meta.level),
        a.decisions.len(),
        if a.complete {
            ""
        } else {
            " &middot; <strong>interrupted: the decisions analysed so far</strong>"
        }
    );
    if let Some(r) = rollouts {
        let _ = writeln!(
            h,
            "<p>{} of {} marked checker plays judged again by rollouts ({}); their loss carries the rollout's standard error.</p>",
            r.done,
            r.marked,
            r.settings.summary()
        );
    }
    summary(&mut h, a, meta);
    graph(&mut h, a, meta);
    decisions(&mut h, a, meta);
    h.push_str("</body>\n</html>\n");
    h
}

fn summary(h: &mut String, a: &Analysis, meta: &Meta) {
    h.push_str("<h2>Summary</h2>\n<table>\n<tr><th>player</th><th class=\"n\">decisions</th><th class=\"n\">unforced</th><th class=\"n\">doubtful</th><th class=\"n\">bad</th><th class=\"n\">very bad</th><th class=\"n\">error rate</th><th class=\"n\">luck</th><th class=\"n\">rating</th></tr>\n");
    for p in &a.players {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.3}</td><td class=\"n\">{:+.2}</td><td class=\"n\">{:.1}</td></tr>",
            escape(&meta.names[p.player.index()]),
            p.decisions,
            p.unforced,
            p.doubtful,
            p.bad,
            p.very_bad,
            p.error_rate,
            p.luck,
            p.rating
        );
    }
    h.push_str("</table>\n<p>Error rate: mean points lost per unforced decision. Luck: points the dice gave over an average roll. Rating: 500 &times; mean loss per unforced decision in games' worth (0 is perfect play).</p>\n");
}

/// Player 0's winning chances before each roll, decision by decision, with the marks on it.
fn graph(h: &mut String, a: &Analysis, meta: &Meta) {
    const W: f32 = 960.0;
    const H: f32 = 300.0;
    const L: f32 = 48.0;
    const R: f32 = 12.0;
    const T: f32 = 14.0;
    const B: f32 = 30.0;
    let n = a.decisions.len().max(2);
    let x = |i: usize| L + (W - L - R) * i as f32 / (n - 1) as f32;
    let y = |p: f32| T + (H - T - B) * (1.0 - p.clamp(0.0, 1.0));
    let _ = writeln!(
        h,
        "<h2>Winning chances of {} over the game</h2>",
        escape(&meta.names[0])
    );
    let _ = writeln!(
        h,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" aria-label=\"winning chances of {} before each roll, with the marked decisions\">",
        escape(&meta.names[0])
    );
    // The grid: 0, 25, 50, 75, 100 %.
    for k in 0..=4 {
        let p = k as f32 / 4.0;
        let _ = writeln!(
            h,
            "<line x1=\"{L}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"{2}\" stroke-width=\"1\"/><text x=\"{3}\" y=\"{4:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{5}%</text>",
            y(p),
            W - R,
            if k == 2 { "#999" } else { "#e3e3e3" },
            L - 6.0,
            y(p) + 4.0,
            k * 25
        );
    }
    // A dashed line where each game after the first starts.
    for (i, d) in a.decisions.iter().enumerate().skip(1) {
        if d.game != a.decisions[i - 1].game {
            let _ = writeln!(
                h,
                "<line x1=\"{0:.1}\" y1=\"{T}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"#90a4ae\" stroke-dasharray=\"4 3\"/><text x=\"{2:.1}\" y=\"{3}\" font-size=\"11\" fill=\"#607d8b\">game {4}</text>",
                x(i),
                H - B,
                x(i) + 3.0,
                T + 10.0,
                d.game
            );
        }
    }
    // The curve: one point per checker decision, player 0's chance before the roll.
    let mut points: Vec<(usize, f32)> = Vec::new();
    for (i, d) in a.decisions.iter().enumerate() {
        if let Some(w) = d.win_before {
            let p0 = match d.player {
                Player::Zero => w,
                Player::One => 1.0 - w,
            };
            points.push((i, p0));
        }
    }
    if !points.is_empty() {
        let path: Vec<String> = points
            .iter()
            .map(|&(i, p)| format!("{:.1},{:.1}", x(i), y(p)))
            .collect();
        let _ = writeln!(
            h,
            "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"1.6\" points=\"{}\"/>",
            path.join(" ")
        );
    }
    // The marks, each on the curve at its decision (a cube decision takes the last point).
    let mut last = 0.5;
    let mut next_point = points.iter().peekable();
    for (i, d) in a.decisions.iter().enumerate() {
        while let Some(&&(j, p)) = next_point.peek() {
            if j > i {
                break;
            }
            last = p;
            next_point.next();
        }
        let Some(m) = d.mark.filter(|_| !d.forced) else {
            continue;
        };
        let (colour, r) = match m {
            Mark::Doubtful => ("#f9a825", 3.5),
            Mark::Bad => ("#ef6c00", 4.5),
            Mark::VeryBad => ("#c62828", 5.5),
        };
        let _ = writeln!(
            h,
            "<a href=\"#d{i}\"><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r}\" fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"1\"><title>{}</title></circle></a>",
            x(i),
            y(last),
            escape(&format!(
                "{i}: {} {} {} {}: {} (best {}, lost {:.3})",
                meta.names[d.player.index()],
                d.kind.as_str(),
                dice(d),
                m.as_str(),
                d.played,
                d.best,
                d.equity_lost
            ))
        );
    }
    let _ = writeln!(
        h,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">decision</text>\n</svg>",
        (L + W - R) / 2.0,
        H - 8.0
    );
    h.push_str("<p class=\"legend\"><span><i class=\"dot\" style=\"background:#f9a825\"></i>doubtful</span><span><i class=\"dot\" style=\"background:#ef6c00\"></i>bad</span><span><i class=\"dot\" style=\"background:#c62828\"></i>very bad</span>A mark links to its decision below.</p>\n");
}

fn decisions(h: &mut String, a: &Analysis, meta: &Meta) {
    h.push_str("<h2>Decisions</h2>\n<table>\n<tr><th class=\"n\">#</th><th class=\"n\">game</th><th>player</th><th>kind</th><th>dice</th><th>mark</th><th>played</th><th>best</th><th class=\"n\">lost</th><th class=\"n\">luck</th></tr>\n");
    for (i, d) in a.decisions.iter().enumerate() {
        let class = mark_class(d);
        let best = if d.played_best() {
            String::new()
        } else {
            escape(&d.best)
        };
        let _ = writeln!(
            h,
            "<tr id=\"d{i}\"{}><td class=\"n\">{i}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"m\">{}</td><td class=\"p\">{}</td><td class=\"p\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            if class.is_empty() {
                String::new()
            } else {
                format!(" class=\"{class}\"")
            },
            d.game,
            escape(&meta.names[d.player.index()]),
            d.kind.as_str(),
            dice(d),
            mark_text(d),
            escape(&d.played),
            best,
            match (d.forced, d.rollout) {
                (true, _) => String::new(),
                (false, Some(r)) => format!(
                    "{:.3} &plusmn;{:.3} (rollout)",
                    d.equity_lost,
                    r.played_std_error.max(r.best_std_error)
                ),
                (false, None) => format!("{:.3}", d.equity_lost),
            },
            d.luck.map_or_else(String::new, |l| format!("{l:+.3}"))
        );
    }
    h.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(
            escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
        );
    }
}
