//! Game analysis on the server (docs/analysis.md, "In the browser"): an ended game judged by
//! [`acey_ai::analysis`] one decision at a time on the bot pool, the progress kept in memory and
//! the result stored ([`AnalysisStore`](crate::store::AnalysisStore)) so that a second visit is instant.
//!
//! Why one decision at a time: the bot pool is first come, first served. A whole analysis as one
//! job would hold a bot thread for seconds while the bots of games being played wait; one job per
//! decision (a few milliseconds at 1-ply) lets their moves in between. At most
//! [`Limits::analyses_at_once`](crate::Limits) games are analysed at once, each with one job in the
//! pool at a time, so analyses never take more than that many threads from the games.
//!
//! Only a game that has ended can be analysed (its current game over, as the replay viewer
//! needs): an analysis of a game in progress would be a hint machine for the players. An open
//! session that goes on is analysed again after its next game ends; the stored analysis says
//! how many actions it judged, and one that covers fewer than the game now holds is stale.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use acey_ai::analysis::{json, Analyser, AnalysisError, Undecided, GAME_LEVEL, GAME_PLIES};
use acey_rules::Phase;

use crate::room::rebuild;
use crate::services::Services;
use crate::storage::StoreError;
use crate::store::StoredAnalysis;

/// Failures remembered for [`Analyses::status`]; older ones are forgotten.
const FAILURES_KEPT: usize = 256;

/// Where a game's analysis stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Never analysed, or analysed before the game went on.
    None,
    /// Being analysed: decisions judged so far, and in all.
    Running {
        /// Decisions judged.
        done: usize,
        /// Decisions in all.
        total: usize,
    },
    /// Analysed: the stored analysis.
    Done(StoredAnalysis),
    /// The last attempt failed (why); asking again tries again.
    Failed(String),
}

/// Why an analysis cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// No game has this id.
    #[error("there is no game '{0}'")]
    NoGame(String),
    /// The game has not ended.
    #[error("game '{0}' is still being played: it can be analysed once it has ended")]
    NotOver(String),
    /// As many games as allowed are being analysed.
    #[error("the server is analysing as many games as it can at once: try again in a minute")]
    Busy,
    /// The asker is past its rate.
    #[error("too many analyses asked for from your address: wait a while")]
    TooMany,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored game cannot be replayed or analysed (a server fault, logged).
    #[error("the game cannot be analysed: {0}")]
    Broken(String),
}

/// One analysis under way.
struct Job {
    done: AtomicUsize,
    total: usize,
}

/// The analyses under way on this node, and the recent failures.
pub struct Analyses {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    failed: Mutex<HashMap<String, String>>,
    at_once: usize,
}

impl Analyses {
    /// No analysis under way; at most `at_once` at a time.
    pub fn new(at_once: usize) -> Arc<Analyses> {
        Arc::new(Analyses {
            jobs: Mutex::new(HashMap::new()),
            failed: Mutex::new(HashMap::new()),
            at_once: at_once.max(1),
        })
    }

    /// Whether as many games as allowed are being analysed now.
    fn is_full(&self) -> bool {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner()).len() >= self.at_once
    }

    fn running(&self, id: &str) -> Option<Status> {
        let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.get(id).map(|j| Status::Running {
            done: j.done.load(Ordering::Relaxed),
            total: j.total,
        })
    }

    fn failure(&self, id: &str) -> Option<String> {
        let failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        failed.get(id).cloned()
    }

    /// Where the analysis of game `id` stands.
    pub async fn status(&self, services: &Services, id: &str) -> Result<Status, Refusal> {
        if let Some(s) = self.running(id) {
            return Ok(s);
        }
        if let Some(why) = self.failure(id) {
            return Ok(Status::Failed(why));
        }
        let Some(stored) = services.store.analysis(id).await? else {
            return match services.store.load_game(id).await? {
                Some(_) => Ok(Status::None),
                None => Err(Refusal::NoGame(id.to_string())),
            };
        };
        let game = services
            .store
            .load_game(id)
            .await?
            .ok_or_else(|| Refusal::NoGame(id.to_string()))?;
        Ok(if stored.actions == game.actions.len() {
            Status::Done(stored)
        } else {
            Status::None
        })
    }

    /// Starts analysing game `id` (or says it is done or under way): the game is replayed and
    /// its decisions listed on the bot pool, then judged one by one there by a task of its own.
    /// `admit` is asked only when a new analysis would start (the asker's rate: a done or
    /// running analysis, or a busy server, costs the asker nothing).
    pub async fn start(
        self: &Arc<Self>,
        services: &Arc<Services>,
        id: &str,
        admit: impl FnOnce() -> Result<(), Refusal>,
    ) -> Result<Status, Refusal> {
        if let Some(s) = self.running(id) {
            return Ok(s);
        }
        let stored = services
            .store
            .load_game(id)
            .await?
            .ok_or_else(|| Refusal::NoGame(id.to_string()))?;
        let actions = stored.actions.len();
        if let Some(a) = services.store.analysis(id).await? {
            if a.actions == actions {
                return Ok(Status::Done(a));
            }
        }
        if self.is_full() {
            return Err(Refusal::Busy);
        }
        admit()?;
        let names = stored.meta.seat_names().map(Some);
        let game_id = id.to_string();
        let listed = services
            .pool
            .run(move || -> Result<(Analyser, Vec<Undecided>), Refusal> {
                let game = rebuild(&stored.meta, &stored.actions).map_err(Refusal::Broken)?;
                if !matches!(game.phase(), Phase::GameOver { .. }) {
                    return Err(Refusal::NotOver(game_id));
                }
                let broken = |e: AnalysisError| Refusal::Broken(e.to_string());
                let analyser =
                    Analyser::new(GAME_LEVEL, *game.rules(), GAME_PLIES).map_err(broken)?;
                let listed = analyser.list(&game).map_err(broken)?;
                Ok((analyser, listed))
            })
            .await
            .ok_or_else(|| Refusal::Broken("listing the decisions failed".into()))??;
        let (analyser, undecided) = listed;
        let job = Arc::new(Job {
            done: AtomicUsize::new(0),
            total: undecided.len(),
        });
        {
            let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(j) = jobs.get(id) {
                // Another request started it while this one listed.
                return Ok(Status::Running {
                    done: j.done.load(Ordering::Relaxed),
                    total: j.total,
                });
            }
            if jobs.len() >= self.at_once {
                return Err(Refusal::Busy);
            }
            jobs.insert(id.to_string(), Arc::clone(&job));
        }
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        let status = Status::Running {
            done: 0,
            total: job.total,
        };
        let this = Arc::clone(self);
        let services = Arc::clone(services);
        let id = id.to_string();
        tokio::spawn(async move {
            let result = judge_all(&services, analyser, undecided, &job, &names, actions).await;
            let result = match result {
                Ok(stored) => services
                    .store
                    .put_analysis(&id, &stored, crate::clock::now_secs())
                    .await
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e),
            };
            match result {
                Ok(()) => crate::metrics::Metrics::count(&services.metrics.analyses),
                Err(why) => {
                    tracing::error!(game = %id, error = %why, "analysis failed");
                    let mut failed = this.failed.lock().unwrap_or_else(|e| e.into_inner());
                    if failed.len() >= FAILURES_KEPT {
                        failed.clear();
                    }
                    failed.insert(id.clone(), why);
                }
            }
            this.jobs
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
        });
        Ok(status)
    }
}

/// Judges every decision, one bot-pool job each, and writes the analysis as stored.
async fn judge_all(
    services: &Services,
    analyser: Analyser,
    undecided: Vec<Undecided>,
    job: &Job,
    names: &[Option<String>; 2],
    actions: usize,
) -> Result<StoredAnalysis, String> {
    let analyser = Arc::new(analyser);
    let mut decisions = Vec::with_capacity(undecided.len());
    for u in undecided {
        let a = Arc::clone(&analyser);
        let d = services
            .pool
            .run(move || a.judge(u))
            .await
            .ok_or("judging a decision failed")?;
        decisions.push(d);
        job.done.fetch_add(1, Ordering::Relaxed);
    }
    let analysis = analyser.assemble(decisions, true);
    Ok(StoredAnalysis {
        actions,
        plies: analysis.plies,
        level: GAME_LEVEL.as_str().to_string(),
        body: json::to_json(&analysis, names, None).to_string(),
    })
}
