//! Player names: 2 to 20 letters, digits, `_` or `-`, unique among accounts ignoring case.

use std::fmt;

/// A name that passed the rules: construct it with [`PlayerName::parse`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

/// Why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Shorter than [`PlayerName::MIN`] or longer than [`PlayerName::MAX`] characters.
    #[error("a name is {min} to {max} characters long, not {0}", min = PlayerName::MIN, max = PlayerName::MAX)]
    Length(usize),
    /// A character other than a letter, a digit, `_` or `-`.
    #[error("a name holds only letters, digits, '_' and '-', not {0:?}")]
    Character(char),
}

impl PlayerName {
    /// The fewest characters of a name.
    pub const MIN: usize = 2;
    /// The most characters of a name.
    pub const MAX: usize = 20;

    /// Checks a name as typed (surrounding spaces are dropped).
    pub fn parse(text: &str) -> Result<PlayerName, NameError> {
        let text = text.trim();
        let len = text.chars().count();
        if !(Self::MIN..=Self::MAX).contains(&len) {
            return Err(NameError::Length(len));
        }
        // Letters of any script (players write their names in their own), but nothing that
        // renders as space or could pass for punctuation.
        if let Some(bad) = text
            .chars()
            .find(|c| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
        {
            return Err(NameError::Character(bad));
        }
        Ok(PlayerName(text.to_string()))
    }

    /// The name as chosen.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that makes names unique ignoring case (`Bob` and `bob` are one name).
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_names_pass_and_keep_their_case() {
        for n in ["ab", "Bob_the-2nd", "Ærlig", "Иван", "x1234567890123456789"] {
            let name = PlayerName::parse(n).unwrap();
            assert_eq!(name.as_str(), n);
        }
        assert_eq!(PlayerName::parse("  Bob ").unwrap().as_str(), "Bob");
        assert_eq!(
            PlayerName::parse("Bob").unwrap().key(),
            PlayerName::parse("bOB").unwrap().key()
        );
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(PlayerName::parse("a"), Err(NameError::Length(1)));
        assert_eq!(PlayerName::parse(""), Err(NameError::Length(0)));
        assert_eq!(
            PlayerName::parse("abcdefghijklmnopqrstu"),
            Err(NameError::Length(21))
        );
        assert_eq!(PlayerName::parse("a b"), Err(NameError::Character(' ')));
        assert_eq!(
            PlayerName::parse("<script>"),
            Err(NameError::Character('<'))
        );
        assert_eq!(
            PlayerName::parse("bob\u{200b}x"),
            Err(NameError::Character('\u{200b}'))
        );
    }
}
