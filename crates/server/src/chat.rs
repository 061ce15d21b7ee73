//! Chat in a game: who may write where, and what a line may hold.
//!
//! Text is kept and sent as plain text; clients insert it as text, never as HTML, so markup in
//! a message shows as typed.

/// The most characters of one chat line.
pub const MAX_CHARS: usize = 300;

/// Lines kept per game and sent to someone who joins.
pub const HISTORY: usize = 100;

pub use acey_protocol::chat::{Channel, ChatLine};

/// A chat line that passed the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatText(String);

/// Why a line was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Nothing but spaces.
    #[error("the message is empty")]
    Empty,
    /// Over [`MAX_CHARS`].
    #[error("a message is at most {MAX_CHARS} characters, not {0}")]
    TooLong(usize),
}

impl ChatText {
    /// Checks a line: trimmed, control characters (line breaks included) turned into spaces,
    /// at most [`MAX_CHARS`] characters.
    pub fn parse(text: &str) -> Result<ChatText, ChatError> {
        let clean: String = text
            .trim()
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let n = clean.chars().count();
        if n == 0 {
            return Err(ChatError::Empty);
        }
        if n > MAX_CHARS {
            return Err(ChatError::TooLong(n));
        }
        Ok(ChatText(clean))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_flattened_and_limited() {
        assert_eq!(
            ChatText::parse("  hi\nthere ").unwrap().as_str(),
            "hi there"
        );
        assert_eq!(ChatText::parse("<b>x</b>").unwrap().as_str(), "<b>x</b>");
        assert_eq!(ChatText::parse(" \n "), Err(ChatError::Empty));
        assert_eq!(
            ChatText::parse(&"é".repeat(301)),
            Err(ChatError::TooLong(301))
        );
        assert!(ChatText::parse(&"é".repeat(300)).is_ok());
        for c in [Channel::Players, Channel::Spectators] {
            assert_eq!(Channel::parse(c.as_str()), Some(c));
        }
    }
}
