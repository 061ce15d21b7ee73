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

use crate::eval::Eval;
use crate::features::INPUTS;

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

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// A network with small random weights from `seed` (deterministic).
    pub fn random(hidden: usize, seed: u64) -> Network {
        let mut rng = acey_rules::Dice::new(seed);
        let mut uniform = |scale: f32| {
            let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (u * 2.0 - 1.0) * scale
        };
        let s1 = 1.0 / (INPUTS as f32).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        Network {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| uniform(s1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| uniform(s2)).collect(),
            b2: [0.0; OUTPUTS],
            meta: BTreeMap::new(),
        }
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
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
        for &(i, v) in x {
            let row = &self.w1[i as usize * h..(i as usize + 1) * h];
            for (a, w) in act.hidden.iter_mut().zip(row) {
                *a += v * w;
            }
        }
        for a in act.hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        for k in 0..OUTPUTS {
            let row = &self.w2[k * h..(k + 1) * h];
            let z: f32 = self.b2[k] + row.iter().zip(&act.hidden).map(|(w, a)| w * a).sum::<f32>();
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
        meta.insert("inputs".into(), INPUTS.to_string());
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
        if inputs != INPUTS || outputs != OUTPUTS || hidden == 0 || hidden > 4096 {
            return Err(NetworkError::Format(format!(
                "shape {inputs}x{hidden}x{outputs} does not fit this program ({INPUTS}xNx{OUTPUTS})"
            )));
        }
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
            for (i, j) in probes {
                let idx = i * net.hidden + j;
                let analytic = (trained.w1[idx] - net.w1[idx]) / rate;
                let eps = 1e-2;
                let (mut plus, mut minus) = (net.clone(), net.clone());
                plus.w1[idx] += eps;
                minus.w1[idx] -= eps;
                let (mut ap, mut am) = (Activations::default(), Activations::default());
                plus.forward(&x, &mut ap);
                minus.forward(&x, &mut am);
                let numeric = (ap.out[k] - am.out[k]) / (2.0 * eps);
                assert!(
                    (analytic - numeric).abs() < 1e-3 + 1e-2 * numeric.abs(),
                    "w1[{i},{j}] output {k}: analytic {analytic} numeric {numeric}"
                );
            }
            for j in [0usize, 9] {
                let idx = k * net.hidden + j;
                let analytic = (trained.w2[idx] - net.w2[idx]) / rate;
                let eps = 1e-2;
                let (mut plus, mut minus) = (net.clone(), net.clone());
                plus.w2[idx] += eps;
                minus.w2[idx] -= eps;
                let (mut ap, mut am) = (Activations::default(), Activations::default());
                plus.forward(&x, &mut ap);
                minus.forward(&x, &mut am);
                let numeric = (ap.out[k] - am.out[k]) / (2.0 * eps);
                assert!(
                    (analytic - numeric).abs() < 1e-3 + 1e-2 * numeric.abs(),
                    "w2[{k},{j}]: analytic {analytic} numeric {numeric}"
                );
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
}
