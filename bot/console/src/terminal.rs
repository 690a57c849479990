//! The console typed at a terminal: a prompt with line editing and history (rustyline, the
//! ecosystem's readline), read on a thread of its own so that notices due meanwhile are
//! printed above the prompt instead of through it. Piped input and scripts do without it.

use std::io::IsTerminal;

use rustyline::error::ReadlineError;
use rustyline::{DefaultEditor, ExternalPrinter};
use tokio::sync::mpsc;

/// What the terminal gives: a line typed, or why reading stopped.
pub(crate) enum Typed {
    /// A line, without its end.
    Line(String),
    /// Ctrl-D, or the terminal gone.
    End,
    /// The terminal failed; the message says how.
    Failed(String),
}

/// Where printed text goes while a prompt may be showing.
pub(crate) type Printer = Box<dyn ExternalPrinter + Send>;

/// An open terminal: the lines typed, and the printer that writes above the prompt.
pub(crate) struct Terminal {
    /// The lines typed, in order.
    pub(crate) lines: mpsc::Receiver<Typed>,
    /// Prints above the prompt.
    pub(crate) printer: Printer,
    /// Asks for the next line once the last one is answered, offering this text (the last
    /// speaker's `NAME> `) to edit.
    pub(crate) next: std::sync::mpsc::Sender<String>,
}

/// The terminal, when standard input and output are one; `None` for pipes and files.
pub(crate) fn open() -> Option<Terminal> {
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return None;
    }
    let mut editor = DefaultEditor::new().ok()?;
    let printer: Printer = Box::new(editor.create_external_printer().ok()?);
    let (send, lines) = mpsc::channel(1);
    let (next, offered) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        let mut initial = String::new();
        loop {
            let typed = match editor.readline_with_initial("> ", (&initial, "")) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        // A history that cannot take the line only loses the recall.
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Typed::Line(line)
                }
                // Ctrl-C drops the line being typed, as a shell does.
                Err(ReadlineError::Interrupted) => continue,
                Err(ReadlineError::Eof) => Typed::End,
                Err(e) => Typed::Failed(e.to_string()),
            };
            let last = !matches!(typed, Typed::Line(_));
            if send.blocking_send(typed).is_err() || last {
                return;
            }
            // The next prompt waits for the answer to this line.
            match offered.recv() {
                Ok(text) => initial = text,
                Err(_) => return,
            }
        }
    });
    Some(Terminal {
        lines,
        printer,
        next,
    })
}
