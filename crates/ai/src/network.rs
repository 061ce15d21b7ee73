//! A small multilayer perceptron, forward and backward written out in f32.
//!
//! One hidden layer of sigmoid units and three sigmoid outputs (the fields of [`Eval`]). The
//! first layer is stored input-major, so a forward pass adds one contiguous row of weights per
//! nonzero input: the inputs are sparse (see [`crate::features`]) and this is what makes an
//! evaluation cost a few thousand multiply-adds instead of tens of thousands.
//!
//! The file format (version 1) is: the line `acey-net 1`, a line of `key=value` metadata
//! (`inputs`, `hidden`, `outputs`, and free text such as `rules`, `games`), then the weights as
//! little-endian f32: first layer (inputs x hidden), hidden biases, second layer (outputs x
//! hidden), output biases.

use std::collections::BTreeMap;
use std::path::Path;

use multiversion::multiversion;

use crate::eval::Eval;
use crate::features::FeatureSet;

/// Outputs: win, win points, loss points.
pub const OUTPUTS: usize = 3;

/// Why a network file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is not a network of this version and shape.
    #[error("not an acey network file: {0}")]
    Format(String),
}

/// The network.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The inputs it reads.
    features: FeatureSet,
    hidden: usize,
    /// `w1[i * hidden + j]`: input `i` to hidden unit `j`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `w2[k * hidden + j]`: hidden unit `j` to output `k`.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// Free-form metadata kept in the file (training games, rules, ...).
    pub meta: BTreeMap<String, String>,
}

/// The intermediate values of one forward pass, kept for the backward pass.
#[derive(Clone, Debug, Default)]
pub struct Activations {
    hidden: Vec<f32>,
    out: [f32; OUTPUTS],
}

impl Activations {
    /// The outputs as an evaluation.
    pub fn eval(&self) -> Eval {
        Eval {
            win: self.out[0],
            win_points: self.out[1],
            loss_points: self.out[2],
        }
    }
}

/// `e^x` to about 2e-7 relative error near 0 (growing to ~5e-6 at |x| = 80), written so that a loop of it vectorises (the library
/// `exp` is a call per element, and the 64 hidden units' sigmoids were a third of an evaluation).
///
/// `e^x = 2^t` with `t = x log2(e)` split into an integer `i` (rounded with the 1.5 * 2^23 trick,
/// no branch) and `f` in [-0.5, 0.5]; `2^f` by its Taylor series to degree 6 (error below
/// `(0.5 ln 2)^7 / 7!`, about 1.2e-7), and `2^i` built in the exponent bits.
#[inline]
fn fast_exp(x: f32) -> f32 {
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23
    const LN2: f32 = std::f32::consts::LN_2;
    // Beyond these e^x over- or underflows f32; sigmoid saturates long before.
    let t = x.clamp(-87.0, 88.0) * std::f32::consts::LOG2_E;
    let rounded = t + ROUND;
    let i = rounded - ROUND;
    let y = (t - i) * LN2;
    let p = 1.0
        + y * (1.0
            + y * (1.0 / 2.0
                + y * (1.0 / 6.0 + y * (1.0 / 24.0 + y * (1.0 / 120.0 + y * (1.0 / 720.0))))));
    // `rounded`'s low mantissa bits hold i (its bits are ROUND's plus i), so 2^i's exponent field
    // i + 127 comes from integer arithmetic that vectorises, unlike a saturating `as i32`.
    let biased = rounded
        .to_bits()
        .wrapping_sub(ROUND.to_bits())
        .wrapping_add(127);
    p * f32::from_bits(biased << 23)
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + fast_exp(-x))
}

/// The hidden layer: adds the weight rows of the nonzero inputs to `hidden` (which holds the
/// biases) and applies the sigmoid.
///
/// Most of an evaluation's time is spent here. The loops vectorise; `multiversion` compiles them
/// again for the wider vector units most x86-64 machines have (AVX2: 8 lanes instead of SSE2's 4)
/// and picks the best at run time. The arithmetic is the same plain multiply and add in every
/// version (no fused multiply-add), so results do not depend on the machine.
#[multiversion(targets = "simd")]
fn hidden_layer(hidden: &mut [f32], w1: &[f32], x: &[(u16, f32)]) {
    let h = hidden.len();
    for &(i, v) in x {
        let row = &w1[i as usize * h..(i as usize + 1) * h];
        for (a, w) in hidden.iter_mut().zip(row) {
            *a += v * w;
        }
    }
    for a in hidden.iter_mut() {
        *a = sigmoid(*a);
    }
}

/// `a . b` in eight interleaved partial sums, which vectorise (one running sum cannot: float
/// addition is not reassociated for us). Each partial sum runs in the same order on every
/// machine, so the result does too.
#[multiversion(targets = "simd")]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    const LANES: usize = 8;
    let mut sums = [0f32; LANES];
    let (a_body, a_tail) = a.split_at(a.len() - a.len() % LANES);
    let b_body = &b[..a_body.len()];
    for (x, y) in a_body.chunks_exact(LANES).zip(b_body.chunks_exact(LANES)) {
        for l in 0..LANES {
            sums[l] += x[l] * y[l];
        }
    }
    let tail: f32 = a_tail
        .iter()
        .zip(&b[a_body.len()..])
        .map(|(x, y)| x * y)
        .sum();
    sums.iter().sum::<f32>() + tail
}

impl Network {
    /// A network of the basic inputs with small random weights from `seed` (deterministic).
    pub fn random(hidden: usize, seed: u64) -> Network {
        Network::random_with(FeatureSet::Basic, hidden, seed)
    }

    /// A network of the inputs `features` with small random weights from `seed`.
    pub fn random_with(features: FeatureSet, hidden: usize, seed: u64) -> Network {
        let inputs = features.inputs();
        let mut rng = acey_rules::SeededRng::new(seed);
        let mut uniform = |scale: f32| {
            let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (u * 2.0 - 1.0) * scale
        };
        let s1 = 1.0 / (inputs as f32).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        Network {
            features,
            hidden,
            w1: (0..inputs * hidden).map(|_| uniform(s1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| uniform(s2)).collect(),
            b2: [0.0; OUTPUTS],
            meta: BTreeMap::new(),
        }
    }

    /// This network with `hidden` hidden units (at least as many as it has): the new units get
    /// small random input weights (as [`Network::random`]'s, from `seed`) and zero output
    /// weights, so the widened network computes exactly what this one does, and training can
    /// put the new units to use. The way to measure whether a larger hidden layer pays: widen a
    /// trained net and train both on for the same games (models/MODEL.md).
    pub fn widened(&self, hidden: usize, seed: u64) -> Network {
        let (old, new) = (self.hidden, hidden.max(self.hidden));
        let fresh = Network::random_with(self.features, new, seed);
        let inputs = self.features.inputs();
        let mut w1 = Vec::with_capacity(inputs * new);
        for i in 0..inputs {
            w1.extend_from_slice(&self.w1[i * old..(i + 1) * old]);
            w1.extend_from_slice(&fresh.w1[i * new + old..(i + 1) * new]);
        }
        let mut b1 = self.b1.clone();
        b1.resize(new, 0.0);
        let mut w2 = Vec::with_capacity(OUTPUTS * new);
        for k in 0..OUTPUTS {
            w2.extend_from_slice(&self.w2[k * old..(k + 1) * old]);
            w2.resize((k + 1) * new, 0.0);
        }
        Network {
            features: self.features,
            hidden: new,
            w1,
            b1,
            w2,
            b2: self.b2,
            meta: self.meta.clone(),
        }
    }

    /// This network reading the inputs `features`, which must extend its own (the rich set
    /// extends the basic one): the new inputs get zero weights, so it computes exactly what this
    /// one does until training puts them to use.
    pub fn with_features(&self, features: FeatureSet) -> Result<Network, NetworkError> {
        let (old, new) = (self.features.inputs(), features.inputs());
        if new < old {
            return Err(NetworkError::Format(format!(
                "cannot read the {} inputs with a network of the {} inputs",
                features.name(),
                self.features.name()
            )));
        }
        let mut w1 = self.w1.clone();
        w1.resize(new * self.hidden, 0.0);
        Ok(Network {
            features,
            w1,
            ..self.clone()
        })
    }

    /// The inputs it reads.
    pub fn features(&self) -> FeatureSet {
        self.features
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// A name for logs and duels: `name` (what the network is: a file, "built-in bgammon"),
    /// with the self-play games its file records, so that two checkpoints of one family are
    /// told apart wherever a result is printed.
    pub fn label(&self, name: &str) -> String {
        match self.meta.get("games") {
            Some(games) => format!("{name}, {games} games"),
            None => name.to_string(),
        }
    }

    /// Number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS
    }

    /// Forward pass over sparse inputs `(index, value)`.
    pub fn forward(&self, x: &[(u16, f32)], act: &mut Activations) {
        let h = self.hidden;
        act.hidden.clear();
        act.hidden.extend_from_slice(&self.b1);
        hidden_layer(&mut act.hidden, &self.w1, x);
        for k in 0..OUTPUTS {
            let z = self.b2[k] + dot(&self.w2[k * h..(k + 1) * h], &act.hidden);
            act.out[k] = sigmoid(z);
        }
    }

    /// One gradient step on the squared error between the outputs and `target`, for the outputs
    /// whose target is `Some`: weights move by `rate * (target - output) * d output / d weight`.
    /// `act` must come from `forward(x)` with the current weights.
    pub fn train(
        &mut self,
        x: &[(u16, f32)],
        act: &Activations,
        target: [Option<f32>; OUTPUTS],
        rate: f32,
    ) {
        let h = self.hidden;
        // delta_k = (t_k - o_k) * o_k (1 - o_k): error times the output sigmoid's slope.
        let mut delta = [0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            if let Some(t) = target[k] {
                let o = act.out[k];
                delta[k] = (t - o) * o * (1.0 - o);
            }
        }
        // Hidden deltas use the second layer before it is updated.
        let mut hidden_delta = vec![0f32; h];
        for (j, hd) in hidden_delta.iter_mut().enumerate() {
            let a = act.hidden[j];
            let back: f32 = (0..OUTPUTS).map(|k| delta[k] * self.w2[k * h + j]).sum();
            *hd = back * a * (1.0 - a);
        }
        for k in 0..OUTPUTS {
            if delta[k] == 0.0 {
                continue;
            }
            let step = rate * delta[k];
            for (w, a) in self.w2[k * h..(k + 1) * h].iter_mut().zip(&act.hidden) {
                *w += step * a;
            }
            self.b2[k] += step;
        }
        for (b, d) in self.b1.iter_mut().zip(&hidden_delta) {
            *b += rate * d;
        }
        for &(i, v) in x {
            let row = &mut self.w1[i as usize * h..(i as usize + 1) * h];
            for (w, d) in row.iter_mut().zip(&hidden_delta) {
                *w += rate * v * d;
            }
        }
    }

    /// Writes the network file.
    pub fn save(&self, path: &Path) -> Result<(), NetworkError> {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, self.to_bytes())?;
        // Rename so that an interrupted save never leaves a half-written file behind.
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"acey-net 1\n".to_vec();
        let mut meta = self.meta.clone();
        meta.insert("inputs".into(), self.features.inputs().to_string());
        meta.insert("hidden".into(), self.hidden.to_string());
        meta.insert("outputs".into(), OUTPUTS.to_string());
        let line: Vec<String> = meta
            .iter()
            .map(|(k, v)| format!("{k}={}", v.replace([' ', '\n'], "_")))
            .collect();
        out.extend_from_slice(line.join(" ").as_bytes());
        out.push(b'\n');
        for v in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads a network file.
    pub fn load(path: &Path) -> Result<Network, NetworkError> {
        Network::from_bytes(&std::fs::read(path)?)
    }

    /// Reads a network from the file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let bad = |m: &str| NetworkError::Format(m.to_string());
        let header_end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("no header"))?;
        if &bytes[..header_end] != b"acey-net 1" {
            return Err(bad("unknown header (expected 'acey-net 1')"));
        }
        let rest = &bytes[header_end + 1..];
        let meta_end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("no metadata line"))?;
        let meta_text =
            std::str::from_utf8(&rest[..meta_end]).map_err(|_| bad("metadata is not UTF-8"))?;
        let meta: BTreeMap<String, String> = meta_text
            .split_whitespace()
            .filter_map(|kv| {
                kv.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
            })
            .collect();
        let get = |k: &str| -> Result<usize, NetworkError> {
            meta.get(k)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| NetworkError::Format(format!("metadata lacks a number for '{k}'")))
        };
        let (inputs, hidden, outputs) = (get("inputs")?, get("hidden")?, get("outputs")?);
        let features = FeatureSet::with_inputs(inputs);
        let Some(features) =
            features.filter(|_| outputs == OUTPUTS && hidden > 0 && hidden <= 4096)
        else {
            return Err(NetworkError::Format(format!(
                "shape {inputs}x{hidden}x{outputs} does not fit this program ({} or {} inputs, \
                 1 to 4096 hidden units, {OUTPUTS} outputs)",
                FeatureSet::Basic.inputs(),
                FeatureSet::Rich.inputs()
            )));
        };
        let data = &rest[meta_end + 1..];
        let n = inputs * hidden + hidden + outputs * hidden + outputs;
        if data.len() != n * 4 {
            return Err(NetworkError::Format(format!(
                "expected {} bytes of weights, found {}",
                n * 4,
                data.len()
            )));
        }
        let floats: Vec<f32> = data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if floats.iter().any(|v| !v.is_finite()) {
            return Err(bad("weights contain NaN or infinity"));
        }
        let (w1, rest) = floats.split_at(inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, b2) = rest.split_at(outputs * hidden);
        let mut meta = meta;
        for k in ["inputs", "hidden", "outputs"] {
            meta.remove(k);
        }
        Ok(Network {
            features,
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: [b2[0], b2[1], b2[2]],
            meta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{INPUTS, RICH_INPUTS};

    fn sample_input() -> Vec<(u16, f32)> {
        vec![
            (0, 1.0),
            (5, 0.5),
            (17, 1.0),
            (100, 2.0),
            (INPUTS as u16 - 1, 0.25),
        ]
    }

    #[test]
    fn the_fast_exponential_is_accurate() {
        // (Below about -80 e^x nears the smallest normal f32 and loses digits anyway.)
        let mut x = -80.0f32;
        while x < 88.0 {
            let (fast, exact) = (fast_exp(x), x.exp());
            assert!(
                // x * log2(e) rounded to f32 costs up to ~|x| * 6e-8 relatively.
                ((fast - exact) / exact).abs() < 3e-7 + x.abs() * 1e-7,
                "e^{x}: {fast} vs {exact}"
            );
            x += 0.013;
        }
        assert!(sigmoid(-200.0) < 1e-37 && sigmoid(-200.0) >= 0.0);
        assert_eq!(sigmoid(200.0), 1.0);
        assert!((sigmoid(0.0) - 0.5).abs() < 1e-7);
    }

    /// The derivative of output `k` at `x` by the weight `weight` picks, as a central
    /// difference.
    fn central_difference(
        net: &Network,
        x: &[(u16, f32)],
        k: usize,
        weight: &dyn Fn(&mut Network) -> &mut f32,
    ) -> f32 {
        let eps = 1e-2;
        let (mut plus, mut minus) = (net.clone(), net.clone());
        *weight(&mut plus) += eps;
        *weight(&mut minus) -= eps;
        let (mut ap, mut am) = (Activations::default(), Activations::default());
        plus.forward(x, &mut ap);
        minus.forward(x, &mut am);
        (ap.out[k] - am.out[k]) / (2.0 * eps)
    }

    #[test]
    fn gradient_matches_finite_differences() {
        // train() moves each weight by rate * (t - o) * do/dw; with target o + 1 on one output the
        // step is rate * do/dw * 1 ... compare that analytic derivative against a central
        // difference of the output for a few weights.
        let net = Network::random(16, 3);
        let x = sample_input();
        let mut act = Activations::default();
        net.forward(&x, &mut act);
        for k in 0..OUTPUTS {
            // Analytic: train with rate r and target o_k + 1 (error 1) gives dw = r * do_k/dw.
            let mut trained = net.clone();
            let mut target = [None; OUTPUTS];
            target[k] = Some(act.out[k] + 1.0);
            let rate = 1e-3;
            trained.train(&x, &act, target, rate);
            let probes = [(0usize, 0usize), (5, 3), (100, 15), (INPUTS - 1, 7)];
            let agrees = |what: String, weight: &dyn Fn(&mut Network) -> &mut f32| {
                let analytic = (*weight(&mut trained.clone()) - *weight(&mut net.clone())) / rate;
                let numeric = central_difference(&net, &x, k, weight);
                assert!(
                    (analytic - numeric).abs() < 1e-3 + 1e-2 * numeric.abs(),
                    "{what} output {k}: analytic {analytic} numeric {numeric}"
                );
            };
            for (i, j) in probes {
                agrees(format!("w1[{i},{j}]"), &|n| &mut n.w1[i * n.hidden + j]);
            }
            for j in [0usize, 9] {
                agrees(format!("w2[{k},{j}]"), &|n| &mut n.w2[k * n.hidden + j]);
            }
        }
    }

    #[test]
    fn training_moves_the_output_towards_the_target() {
        let mut net = Network::random(16, 5);
        let x = sample_input();
        let mut act = Activations::default();
        net.forward(&x, &mut act);
        let before = act.out[0];
        for _ in 0..200 {
            net.forward(&x, &mut act);
            net.train(&x, &act, [Some(0.9), None, None], 0.5);
        }
        net.forward(&x, &mut act);
        assert!(
            (act.out[0] - 0.9).abs() < (before - 0.9).abs() / 4.0,
            "{before} -> {}",
            act.out[0]
        );
    }

    #[test]
    fn a_label_says_the_games_the_file_records() {
        let mut net = Network::random(8, 1);
        net.meta.remove("games");
        assert_eq!(net.label("a.acey-net"), "a.acey-net");
        net.meta.insert("games".into(), "1938272".into());
        assert_eq!(net.label("a.acey-net"), "a.acey-net, 1938272 games");
    }

    #[test]
    fn files_round_trip_and_bad_files_are_refused() {
        let mut net = Network::random(8, 1);
        net.meta.insert("games".into(), "12".into());
        let back = Network::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(back, net);
        assert!(Network::from_bytes(b"hello\n").is_err());
        let mut truncated = net.to_bytes();
        truncated.truncate(truncated.len() - 3);
        assert!(Network::from_bytes(&truncated)
            .unwrap_err()
            .to_string()
            .contains("bytes of weights"));
    }

    #[test]
    fn a_widened_network_plays_as_before_and_then_learns_with_its_new_units() {
        let net = Network::random(16, 3);
        let wide = net.widened(40, 9);
        assert_eq!(wide.hidden(), 40);
        let x = sample_input();
        let (mut a, mut b) = (Activations::default(), Activations::default());
        net.forward(&x, &mut a);
        wide.forward(&x, &mut b);
        assert_eq!(a.out, b.out, "the new units are silent");
        // Narrowing is not widening: the same network back.
        assert_eq!(net.widened(8, 1), net);
        // A training step reaches the new units' output weights.
        let mut trained = wide.clone();
        trained.train(&x, &b, [Some(b.out[0] + 0.5), None, None], 0.1);
        assert!(trained.w2[16..40].iter().any(|&w| w != 0.0));
        // And the file keeps the width.
        let path =
            std::env::temp_dir().join(format!("acey-wide-net-{}.acey-net", std::process::id()));
        wide.save(&path).unwrap();
        let back = Network::load(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            (back.hidden(), &back.w1, &back.w2),
            (40, &wide.w1, &wide.w2)
        );
    }

    #[test]
    fn a_network_made_rich_plays_as_before_and_then_learns_from_the_new_inputs() {
        let net = Network::random(16, 3);
        let rich = net.with_features(FeatureSet::Rich).unwrap();
        assert_eq!(rich.features(), FeatureSet::Rich);
        let mut x = sample_input();
        x.push((RICH_INPUTS as u16 - 1, 0.5));
        let (mut a, mut b) = (Activations::default(), Activations::default());
        net.forward(&sample_input(), &mut a);
        rich.forward(&x, &mut b);
        assert_eq!(a.out, b.out, "the new inputs start with zero weights");
        let mut trained = rich.clone();
        trained.train(&x, &b, [Some(b.out[0] + 0.5), None, None], 0.1);
        assert!(trained.w1[(RICH_INPUTS - 1) * 16..]
            .iter()
            .any(|&w| w != 0.0));
        // The file says which inputs it reads; a rich network cannot be made basic.
        let back = Network::from_bytes(&trained.to_bytes()).unwrap();
        assert_eq!(back, trained);
        assert!(rich.with_features(FeatureSet::Basic).is_err());
        let mut odd = trained.to_bytes();
        let at = odd.windows(10).position(|w| w == b"inputs=224").unwrap();
        odd[at + 7..at + 10].copy_from_slice(b"223");
        assert!(Network::from_bytes(&odd)
            .unwrap_err()
            .to_string()
            .contains("does not fit"));
    }
}
