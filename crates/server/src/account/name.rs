//! Player names: 2 to 20 letters of one script, digits, `_` or `-`, normalised (NFKC), with
//! nothing invisible; unique among accounts ignoring case, and never one that looks like
//! another's (UTS #39 skeletons: [`skeleton`]).

use std::fmt;

use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// A name that passed the rules: construct it with [`PlayerName::parse`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

/// Why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing visible: empty, spaces, or only invisible characters.
    #[error("a name needs letters or digits that show: this one is blank")]
    Blank,
    /// A character that does not show (a zero-width space or joiner, a Hangul filler, any
    /// default-ignorable code point): two names that look the same must be the same name.
    #[error("a name cannot hold invisible characters, such as U+{:04X}", u32::from(*.0))]
    Invisible(char),
    /// Shorter than [`PlayerName::MIN`] or longer than [`PlayerName::MAX`] characters.
    #[error("a name is {min} to {max} characters long, not {0}", min = PlayerName::MIN, max = PlayerName::MAX)]
    Length(usize),
    /// A character other than a letter, a digit, `_` or `-`, or a letter that Unicode restricts
    /// from names (UTS #39's identifier profile: obsolete scripts, symbols that pass for
    /// letters).
    #[error("a name holds only letters, digits, '_' and '-', not {0:?}")]
    Character(char),
    /// Letters of several scripts (Latin with a Cyrillic letter that looks Latin, say).
    #[error("the letters of a name are of one script: '{0}' mixes several")]
    MixedScripts(String),
}

/// Whether a character does not show: a default-ignorable code point (UTS #39's skeleton drops
/// exactly these, so a character whose skeleton is empty is one).
fn invisible(c: char) -> bool {
    let mut buf = [0u8; 4];
    let shown = unicode_security::skeleton(c.encode_utf8(&mut buf)).count();
    shown == 0
}

/// The form of a name that look-alike names share: its UTS #39 skeleton, case folded first
/// (`victim`, `Victim`, `vіctim` with a Cyrillic і and `vlctim` all have one). Used for any
/// text, also names stored before the rules of [`PlayerName::parse`].
pub fn skeleton(name: &str) -> String {
    let folded: String = name.nfkc().collect::<String>().to_lowercase();
    unicode_security::skeleton(&folded).collect()
}

impl PlayerName {
    /// The fewest characters of a name.
    pub const MIN: usize = 2;
    /// The most characters of a name.
    pub const MAX: usize = 20;

    /// Checks a name as typed: normalised to NFKC (so that a full-width `Ｂｏｂ` is `Bob`),
    /// surrounding spaces dropped.
    pub fn parse(text: &str) -> Result<PlayerName, NameError> {
        let normal: String = text.nfkc().collect();
        let text = normal.trim();
        if text.chars().all(|c| invisible(c) || c.is_whitespace()) {
            return Err(NameError::Blank);
        }
        if let Some(c) = text.chars().find(|&c| invisible(c)) {
            return Err(NameError::Invisible(c));
        }
        let len = text.chars().count();
        if !(Self::MIN..=Self::MAX).contains(&len) {
            return Err(NameError::Length(len));
        }
        // Letters of any script (players write their names in their own), but nothing that
        // renders as space or could pass for punctuation.
        if let Some(bad) = text.chars().find(|&c| {
            !(c.is_alphanumeric() || c == '_' || c == '-')
                || (!c.is_ascii() && !c.identifier_allowed())
        }) {
            return Err(NameError::Character(bad));
        }
        if !text.is_single_script() {
            return Err(NameError::MixedScripts(text.to_string()));
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

    /// The form look-alike names share ([`skeleton`]).
    pub fn skeleton(&self) -> String {
        skeleton(&self.0)
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
        for n in [
            "ab",
            "Bob_the-2nd",
            "Ærlig",
            "Иван",
            "x1234567890123456789",
            "東京タワー",
            "김민준",
        ] {
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
    fn names_are_normalised() {
        // Full-width letters and a decomposed é become their usual forms.
        assert_eq!(PlayerName::parse("Ｂｏｂ").unwrap().as_str(), "Bob");
        assert_eq!(
            PlayerName::parse("Rene\u{301}").unwrap().as_str(),
            "Ren\u{e9}"
        );
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(PlayerName::parse("a"), Err(NameError::Length(1)));
        assert_eq!(PlayerName::parse(""), Err(NameError::Blank));
        assert_eq!(PlayerName::parse("   "), Err(NameError::Blank));
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
            Err(NameError::Invisible('\u{200b}'))
        );
    }

    #[test]
    fn invisible_names_and_letters_are_refused() {
        // Hangul fillers are letters to Unicode, but show nothing. NFKC makes the half-width
        // filler U+FFA0 the jungseong filler U+1160.
        assert_eq!(
            PlayerName::parse("\u{ffa0}\u{ffa0}\u{ffa0}"),
            Err(NameError::Blank)
        );
        assert_eq!(PlayerName::parse("\u{1160}\u{1160}"), Err(NameError::Blank));
        assert_eq!(
            PlayerName::parse("bob\u{ffa0}"),
            Err(NameError::Invisible('\u{1160}'))
        );
        assert_eq!(
            PlayerName::parse("bo\u{1160}b"),
            Err(NameError::Invisible('\u{1160}'))
        );
        assert_eq!(
            PlayerName::parse("bo\u{200d}b"),
            Err(NameError::Invisible('\u{200d}'))
        );
        assert_eq!(PlayerName::parse("\u{200d}\u{200c}"), Err(NameError::Blank));
        assert_eq!(
            PlayerName::parse("ab\u{2060}"),
            Err(NameError::Invisible('\u{2060}'))
        );
        // Every message names the reason.
        for bad in ["\u{ffa0}\u{ffa0}", "bo\u{200d}b", "v\u{456}ctim"] {
            assert!(!PlayerName::parse(bad).unwrap_err().to_string().is_empty());
        }
    }

    #[test]
    fn a_name_is_written_in_one_script() {
        // `vіctim` with a Cyrillic і.
        assert_eq!(
            PlayerName::parse("v\u{456}ctim"),
            Err(NameError::MixedScripts("v\u{456}ctim".into()))
        );
        assert!(PlayerName::parse("Anna_2000").is_ok());
    }

    #[test]
    fn look_alike_names_share_a_skeleton() {
        let victim = skeleton("victim");
        assert_eq!(skeleton("Victim"), victim);
        assert_eq!(skeleton("v\u{456}ctim"), victim);
        assert_eq!(skeleton("vict\u{131}m"), skeleton("victim"));
        // All Cyrillic, and the Latin `cop` to the eye.
        assert_eq!(
            PlayerName::parse("\u{441}\u{43e}\u{440}")
                .unwrap()
                .skeleton(),
            skeleton("cop")
        );
        assert_ne!(skeleton("victor"), victim);
    }
}
