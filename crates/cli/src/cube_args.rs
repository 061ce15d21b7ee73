//! The cube's arguments of `acey eval` and `acey hint`: its value and who owns it.

use acey_ai::cube::CubeOwner;

use crate::UsageError;

/// Who owns the cube, seen from the player on turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Owner {
    /// In the middle.
    Centred,
    /// The player on turn's.
    Mine,
    /// The opponent's.
    Theirs,
}

impl From<Owner> for CubeOwner {
    fn from(o: Owner) -> CubeOwner {
        match o {
            Owner::Centred => CubeOwner::Centred,
            Owner::Mine => CubeOwner::Mine,
            Owner::Theirs => CubeOwner::Theirs,
        }
    }
}

/// `--cube N` and `--cube-owner`, for cubeful equities in a money game.
#[derive(Debug, Clone, clap::Args)]
pub struct CubeArgs {
    /// The cube's value, for cubeful equities in a money game (rules with the doubling cube;
    /// default 1).
    #[arg(long = "cube", value_name = "N")]
    pub asked: Option<u32>,
    /// Who owns the cube, seen from the player on turn.
    #[arg(long = "cube-owner", value_enum, default_value = "centred")]
    pub owner: Owner,
}

impl CubeArgs {
    /// The cube value asked for, 1 when not asked under rules with the cube, `None` without
    /// the cube; refused when the rules have no cube or the value is no power of two.
    pub fn value(&self, rules: &acey_rules::Rules) -> Result<Option<u32>, UsageError> {
        match self.asked {
            Some(_) if !rules.doubling_cube => Err(UsageError(format!(
                "--cube: the rules {rules} have no doubling cube (add doubling_cube=true)"
            ))),
            Some(n) if n == 0 || !n.is_power_of_two() => {
                Err(UsageError(format!("--cube {n}: a cube is 1, 2, 4, 8...")))
            }
            Some(n) => Ok(Some(n)),
            None => Ok(rules.doubling_cube.then_some(1)),
        }
    }
}
