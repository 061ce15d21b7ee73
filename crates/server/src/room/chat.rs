//! The chat of a room: the players' channel and the spectators'.

use super::{refuse, Refusal, Room};
use crate::chat::{Channel, ChatLine, ChatText};
use crate::clock::now_ms;
use crate::cluster::nodes::Note;
use crate::protocol::{ErrorCode, Role, ServerMsg};
use crate::storage::Seated;

impl Room {
    /// Writes a chat line from `who` with `role`.
    pub async fn chat(
        &self,
        role: Role,
        who: &Seated,
        channel: Option<Channel>,
        text: &str,
    ) -> Result<(), Refusal> {
        let channel = match (role, channel) {
            (Role::Seat(_), None | Some(Channel::Players)) => Channel::Players,
            (Role::Spectator, None | Some(Channel::Spectators)) => Channel::Spectators,
            (Role::Both, _) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "a game on one screen has no chat",
                ))
            }
            (Role::Seat(_), Some(Channel::Spectators)) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "players write to each other, not in the spectators' chat",
                ))
            }
            (Role::Spectator, Some(Channel::Players)) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "the players' chat is for the players: spectators have their own",
                ))
            }
        };
        if self.bot.is_some() && channel == Channel::Players {
            return Err(refuse(
                ErrorCode::Forbidden,
                "the computer does not read the chat",
            ));
        }
        let text =
            ChatText::parse(text).map_err(|e| refuse(ErrorCode::Malformed, e.to_string()))?;
        let line = ChatLine {
            channel,
            from: who.name.clone(),
            seat: match role {
                Role::Seat(s) => Some(s),
                _ => None,
            },
            text: text.as_str().to_string(),
            at: now_ms(),
        };
        self.services
            .store
            .add_chat(&self.id, &line)
            .await
            .map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()))?;
        self.services.bus.tell(|node| Note::Chat {
            node: node.to_string(),
            game: self.id.clone(),
            line: line.clone(),
        });
        self.send(&ServerMsg::Chat { line }, channel == Channel::Players);
        Ok(())
    }

    /// A chat line written on another node.
    pub fn relay_chat(&self, line: ChatLine) {
        let players_only = line.channel == Channel::Players;
        self.send(&ServerMsg::Chat { line }, players_only);
    }
}
