//! The training log of `acey train` (a CSV file next to the network) and the training curve drawn
//! from it.
//!
//! Each line is `kind,games,a,b,c,d`: `round,<games>,<td error>` after every round, and
//! `duel,<games>,<mean>,<low>,<high>,<win rate>` after every duel against the heuristic bot
//! (points per game of the network, its 95% interval, the share of games won). Appending keeps
//! the log of an interrupted and resumed run whole.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use plotters::prelude::*;

/// One line of the log.
#[derive(Debug, Clone, PartialEq)]
pub enum TrainLogLine {
    /// A training round ended.
    Round {
        /// Games trained so far.
        games: u64,
        /// The round's mean squared TD error.
        td_error: f64,
    },
    /// A duel against the heuristic bot.
    Duel {
        /// Games trained so far.
        games: u64,
        /// Points per game of the network.
        mean: f64,
        /// Lower end of the 95% interval.
        low: f64,
        /// Upper end of the 95% interval.
        high: f64,
        /// Share of games won.
        win_rate: f64,
    },
}

impl TrainLogLine {
    fn to_csv(&self) -> String {
        match self {
            TrainLogLine::Round { games, td_error } => format!("round,{games},{td_error:.6}"),
            TrainLogLine::Duel {
                games,
                mean,
                low,
                high,
                win_rate,
            } => format!("duel,{games},{mean:.4},{low:.4},{high:.4},{win_rate:.4}"),
        }
    }

    fn from_csv(line: &str) -> Option<TrainLogLine> {
        let fields: Vec<&str> = line.trim().split(',').collect();
        let num = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
        let games = fields.get(1)?.parse().ok()?;
        match *fields.first()? {
            "round" => Some(TrainLogLine::Round {
                games,
                td_error: num(2)?,
            }),
            "duel" => Some(TrainLogLine::Duel {
                games,
                mean: num(2)?,
                low: num(3)?,
                high: num(4)?,
                win_rate: num(5)?,
            }),
            _ => None,
        }
    }
}

/// The log file.
pub struct TrainLog {
    path: PathBuf,
}

impl TrainLog {
    /// The log at `path` (created on the first append).
    pub fn new(path: PathBuf) -> TrainLog {
        TrainLog { path }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one line.
    pub fn append(&self, line: &TrainLogLine) -> anyhow::Result<()> {
        let mut file = crate::output::append(&self.path)?;
        writeln!(file, "{}", line.to_csv())?;
        Ok(())
    }

    /// Every readable line (unreadable ones, such as a line cut by a crash, are skipped).
    pub fn read(&self) -> anyhow::Result<Vec<TrainLogLine>> {
        if !self.path.exists() {
            return Ok(Vec::new());
        }
        let text = std::fs::read_to_string(&self.path)
            .with_context(|| format!("cannot read {}", self.path.display()))?;
        Ok(text.lines().filter_map(TrainLogLine::from_csv).collect())
    }

    /// Draws the training curve to `<stem>.svg` and `<stem>.png`:
    /// points per game against the heuristic (with its interval) and the TD error, against games
    /// trained. Returns the files written.
    pub fn plot(&self, stem: &Path) -> anyhow::Result<Vec<PathBuf>> {
        // plotters measures text with a font file even for SVG.
        if !register_font() {
            anyhow::bail!("no font file found (install fonts-dejavu-core) to draw the curve");
        }
        let lines = self.read()?;
        // Each picture is drawn to a temporary file beside its target, then put in its place.
        let drawing = |e: String| std::io::Error::other(format!("cannot draw: {e}"));
        let svg = crate::output::write_with(&with_suffix(stem, "svg"), |tmp| {
            draw(SVGBackend::new(tmp, (900, 600)).into_drawing_area(), &lines)
                .map_err(|e| drawing(e.to_string()))
        })?;
        let png = crate::output::write_with(&with_suffix(stem, "png"), |tmp| {
            draw(
                BitMapBackend::new(tmp, (900, 600)).into_drawing_area(),
                &lines,
            )
            .map_err(|e| drawing(e.to_string()))
        })?;
        Ok(vec![svg, png])
    }
}

/// `stem` with `.suffix` appended (not replacing an extension: `a.curve` gives `a.curve.svg`).
fn with_suffix(stem: &Path, suffix: &str) -> PathBuf {
    let mut name = stem.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// Bitmaps need a font file (SVG leaves text to the viewer). Looks for common system fonts once.
fn register_font() -> bool {
    use std::sync::OnceLock;
    static FOUND: OnceLock<bool> = OnceLock::new();
    *FOUND.get_or_init(|| {
        const CANDIDATES: [&str; 4] = [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
            "/Library/Fonts/Arial.ttf",
        ];
        for path in CANDIDATES {
            if let Ok(bytes) = std::fs::read(path) {
                // plotters keeps registered fonts for the life of the program.
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

type DrawResult<E> = Result<(), DrawingAreaErrorKind<E>>;

fn draw<DB: DrawingBackend>(
    area: DrawingArea<DB, plotters::coord::Shift>,
    lines: &[TrainLogLine],
) -> DrawResult<DB::ErrorType> {
    area.fill(&WHITE)?;
    let (top, bottom) = area.split_vertically(360);
    let duels: Vec<(u64, f64, f64, f64)> = lines
        .iter()
        .filter_map(|l| match *l {
            TrainLogLine::Duel {
                games,
                mean,
                low,
                high,
                ..
            } => Some((games, mean, low, high)),
            _ => None,
        })
        .collect();
    let rounds: Vec<(u64, f64)> = lines
        .iter()
        .filter_map(|l| match *l {
            TrainLogLine::Round { games, td_error } => Some((games, td_error)),
            _ => None,
        })
        .collect();
    let max_games = lines
        .iter()
        .map(|l| match *l {
            TrainLogLine::Round { games, .. } | TrainLogLine::Duel { games, .. } => games,
        })
        .max()
        .unwrap_or(1)
        .max(1) as f64;

    let (lo, hi) = duels
        .iter()
        .fold((-0.5f64, 0.5f64), |(lo, hi), d| (lo.min(d.2), hi.max(d.3)));
    let mut chart = ChartBuilder::on(&top)
        .caption(
            "Strength: points per game against the heuristic bot",
            ("sans-serif", 20),
        )
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..max_games, (lo - 0.1)..(hi + 0.1))?;
    chart
        .configure_mesh()
        .x_desc("games trained")
        .y_desc("points/game")
        .draw()?;
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (max_games, 0.0)],
        BLACK.mix(0.4),
    ))?;
    chart.draw_series(duels.iter().map(|&(g, _, low, high)| {
        PathElement::new(vec![(g as f64, low), (g as f64, high)], BLUE.mix(0.5))
    }))?;
    chart.draw_series(LineSeries::new(
        duels.iter().map(|&(g, m, _, _)| (g as f64, m)),
        BLUE.stroke_width(2),
    ))?;

    // Rounds are many and noisy: plot the mean over windows of ~200 points.
    let window = (rounds.len() / 200).max(1);
    let smoothed: Vec<(f64, f64)> = rounds
        .chunks(window)
        .map(|c| {
            let g = c.last().map_or(0, |r| r.0) as f64;
            (g, c.iter().map(|r| r.1).sum::<f64>() / c.len() as f64)
        })
        .collect();
    let max_err = smoothed.iter().map(|s| s.1).fold(0.001f64, f64::max);
    let mut chart = ChartBuilder::on(&bottom)
        .caption("Mean squared TD error per round", ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..max_games, 0f64..max_err * 1.1)?;
    chart.configure_mesh().x_desc("games trained").draw()?;
    chart.draw_series(LineSeries::new(smoothed, RED.stroke_width(1)))?;
    area.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_skipped() {
        let dir = std::env::temp_dir().join(format!("acey-train-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = TrainLog::new(dir.join("net.log.csv"));
        let _ = std::fs::remove_file(log.path());
        let a = TrainLogLine::Round {
            games: 32,
            td_error: 0.0125,
        };
        let b = TrainLogLine::Duel {
            games: 64,
            mean: 0.25,
            low: 0.125,
            high: 0.375,
            win_rate: 0.625,
        };
        log.append(&a).unwrap();
        log.append(&b).unwrap();
        // A line cut short by a crash.
        std::fs::OpenOptions::new()
            .append(true)
            .open(log.path())
            .unwrap()
            .write_all(b"duel,96,0.1\n")
            .unwrap();
        assert_eq!(log.read().unwrap(), vec![a, b]);
        let files = log.plot(&dir.join("net.curve")).unwrap();
        let svg = std::fs::read_to_string(&files[0]).unwrap();
        assert!(svg.contains("<svg") && svg.contains("games trained"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
