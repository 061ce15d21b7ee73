//! The line mode's input when standard input is a terminal: rustyline's line editing (arrows,
//! Home/End, Ctrl-W...) and the history of what was typed this session (Up/Down), so a person
//! at a terminal can fix a typo or repeat a play. Pipes and files are read line by line as they
//! are, without any of it.

use std::io;

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

/// Lines typed at a terminal, through a line editor with history.
pub struct EditedLines {
    editor: DefaultEditor,
}

impl EditedLines {
    /// A line editor on the terminal; `None` when the terminal cannot be set up for one (the
    /// caller then reads standard input as it is).
    pub fn new() -> Option<EditedLines> {
        DefaultEditor::new()
            .ok()
            .map(|editor| EditedLines { editor })
    }
}

impl Iterator for EditedLines {
    type Item = io::Result<String>;

    /// The next line, kept in the history when not blank; `None` at the end of input (Ctrl-D)
    /// and on Ctrl-C, which the editor reads as a key: both end the game as `quit` does.
    fn next(&mut self) -> Option<io::Result<String>> {
        match self.editor.readline("") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    // A history that cannot take the line is no reason to stop the game.
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Some(Ok(line))
            }
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => None,
            Err(ReadlineError::Io(e)) => Some(Err(e)),
            Err(e) => Some(Err(io::Error::other(e.to_string()))),
        }
    }
}
